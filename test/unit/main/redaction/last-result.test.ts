/**
 * Issue 29: the TV's "last result" panel (`PlayerEncounterView.lastResult`) is the newest log line players may read,
 * by the exports' player-safe rule (src-main/export/player-safe.ts `playerLine`), never a second one: not GM-only,
 * naming only combatants the board shows by the names it gives them, no NPC number the side's display mode withholds,
 * no GM text (a readied action's trigger). Driven through the wired core and the real Saga engine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PlayerEncounterView } from '@shared/views/encounter-views'
import { formatLog } from '@shared/i18n/format-log'
import { wireCore } from '../../../../src-main/wiring/create-core'
import { createLibraryService } from '../../../../src-main/services/campaigns/library-service'
import { PUBLIC_NUMBERS } from '../../../../src-main/export/player-safe'
import { recordingLogger } from '../../../support/recording-logger'
import { prep } from '../services/fixtures'
import { harness, type Harness } from '../services/helpers'
import { must, playerView } from '../wiring/core-calls'

interface Combatant { id: string; name: string; side: string; hidden?: boolean }
interface View { encounter: { id: string; combatants: Combatant[]; turn: { index: number; order: string[] } } }

let h: Harness
let planId: string
beforeEach(async () => {
  h = await harness('saga')
  planId = (await prep(createLibraryService(h.env), h.campaignId)).planId
})
afterEach(async () => h.cleanup())

/** the last result as a sentence, in both languages */
const said = (r: PlayerEncounterView['lastResult']) => (r ? `${formatLog(r, 'en')} | ${formatLog(r, 'pl')}` : '')

async function fight() {
  const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
  await must(core, 'campaign:open', { campaignId: h.campaignId })
  const launched = await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })
  const eid = launched.encounter.id
  const cs = launched.encounter.combatants
  const vela = cs.find((c) => c.side === 'party')!
  const sniper = cs.find((c) => c.hidden)!
  const troopers = cs.filter((c) => c.side === 'enemies' && !c.hidden)
  const run = (command: Record<string, unknown>) => must<View>(core, 'encounter:command', { encounterId: eid, command })
  await run({ type: 'startCombat' })
  await must(core, 'encounter:showToPlayers', { encounterId: eid })
  const board = async () => (await playerView(core)).encounter!
  return { core, eid, vela, sniper, troopers, run, board }
}

/** every number the line carries is a public one, or the side shows exact numbers */
const onlyPublicNumbers = (r: PlayerEncounterView['lastResult']) =>
  Object.entries(r?.params ?? {}).filter(([k, v]) => typeof v === 'number' && !PUBLIC_NUMBERS.has(k)).map(([k]) => k)

describe('the last result on the player board (issue 29)', () => {
  it('names the attacker and the target by the names the board gives them; a hidden combatant\'s action never shows', async () => {
    const f = await fight()
    const target = f.troopers[1]
    await f.run({ type: 'attack', attackerId: f.vela.id, targetId: target.id, weapon: 0, override: true })
    const b = await f.board()
    expect(b.lastResult).toBeDefined()
    const shownTarget = b.order.find((c) => c.name === target.name || c.id === target.id)
    expect(shownTarget).toBeDefined()
    // a line of this attack (the roll, the hit or miss, the damage rolled; the HP left is withheld)
    expect(b.lastResult!.key).toMatch(/^log\.saga\.(attack|damage)/)
    for (const name of Object.values(b.lastResult!.params).filter((v): v is string => typeof v === 'string' && /trooper|sniper/i.test(v))) {
      expect(b.order.map((c) => c.name)).toContain(name)
    }
    // no GM-side id, no number the enemies' descriptor display withholds (HP left)
    expect(JSON.stringify(b.lastResult)).not.toContain(target.id)
    expect(onlyPublicNumbers(b.lastResult)).toEqual([])
    const before = b.lastResult

    // the hidden sniper shoots: GM-only, so the board keeps the line players know, and never names the sniper
    await f.run({ type: 'attack', attackerId: f.sniper.id, targetId: f.vela.id, weapon: 0, override: true })
    const after = await f.board()
    expect(after.lastResult).toEqual(before)
    const text = JSON.stringify(after)
    expect(text).not.toContain(f.sniper.name)
    expect(text).not.toContain(f.sniper.id)
    // the turn moving on is the board's header, not a result: the last one stays
    await f.run({ type: 'nextTurn' })
    expect((await f.board()).lastResult).toEqual(before)
  })

  it('a trooper hidden by the GM is no longer named on it; mooks go by their visible numbers; a GM-only condition never shows', async () => {
    const f = await fight()
    // trooper 1 hidden: trooper 2 is "… 1" on the board, trooper 3 "… 2"
    await f.run({ type: 'setHidden', combatantId: f.troopers[0].id, hidden: true })
    await f.run({ type: 'addCondition', combatantId: f.troopers[1].id, key: 'custom.pinned', name: 'Pinned down' })
    const b = await f.board()
    const shown = b.order.filter((c) => c.side === 'enemies')
    expect(shown.map((c) => c.name).sort()).toEqual([f.troopers[0].name, f.troopers[1].name].sort())
    expect(b.lastResult?.params).toMatchObject({ name: f.troopers[0].name })
    expect(said(b.lastResult)).toContain('Pinned down')
    // a GM-only condition: the line players knew stays
    await f.run({ type: 'addCondition', combatantId: f.troopers[2].id, key: 'custom.marked', name: 'Marked for the sniper', gmOnly: true })
    expect((await f.board()).lastResult).toEqual(b.lastResult)
    // now hidden too: the line naming it is not the last result any more
    await f.run({ type: 'setHidden', combatantId: f.troopers[1].id, hidden: true })
    const later = await f.board()
    expect(said(later.lastResult)).not.toContain('Pinned down')
    expect(JSON.stringify(later)).not.toContain('Marked for the sniper')
  })

  it('numbers by the side\'s display mode: HP left shown for the party (exact), withheld for enemies (descriptor), nothing of a hidden side', async () => {
    const f = await fight()
    // an enemy's HP left is withheld (descriptor): its damage line is not the last result, nor any number but public ones
    await f.run({ type: 'applyDamage', combatantId: f.troopers[2].id, amount: 3 })
    const npc = (await f.board()).lastResult
    expect(onlyPublicNumbers(npc)).toEqual([])
    expect(npc?.params.hp).toBeUndefined()
    expect(said(npc)).not.toMatch(/\{\w+/)
    // the party's are shown (exact): its line says them
    await f.run({ type: 'applyDamage', combatantId: f.vela.id, amount: 3 })
    const pc = (await f.board()).lastResult
    expect(pc?.params).toMatchObject({ hp: expect.any(Number) })
    expect(said(pc)).toContain(f.vela.name)
    // the GM shows enemies exactly now: a trooper's damage line says its HP left
    await must(f.core, 'encounter:setDisplay', { encounterId: f.eid, side: 'enemies', mode: 'exact' })
    await f.run({ type: 'applyDamage', combatantId: f.troopers[2].id, amount: 2 })
    const exact = (await f.board()).lastResult
    expect(exact?.params).toMatchObject({ hp: expect.any(Number) })
    // and hidden again: no number but public ones, the line names nobody by a number withheld
    await must(f.core, 'encounter:setDisplay', { encounterId: f.eid, side: 'enemies', mode: 'hidden' })
    await f.run({ type: 'applyDamage', combatantId: f.troopers[1].id, amount: 2 })
    const hidden = (await f.board()).lastResult
    const troopersShown = (await f.board()).order.filter((c) => c.side === 'enemies').map((c) => c.name)
    if (troopersShown.some((n) => said(hidden).includes(n))) expect(onlyPublicNumbers(hidden)).toEqual([])
  })

  it('a readied action\'s trigger (the GM\'s text) never reaches it', async () => {
    const f = await fight()
    const trigger = 'when the blast door opens'
    // the one whose turn it is readies an action
    const g = await must<View>(f.core, 'encounter:get', { encounterId: f.eid })
    await f.run({ type: 'ready', combatantId: g.encounter.turn.order[g.encounter.turn.index], trigger })
    const b = await f.board()
    expect(JSON.stringify(b)).not.toContain(trigger)
    expect(b.lastResult === undefined || !said(b.lastResult).includes(trigger)).toBe(true)
  })
})
