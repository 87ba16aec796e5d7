/**
 * The bundled Storyteller sample (samples/campaign.ts, issue 12): its numbers follow seed 004 and T1–T7 as the engine builds pools, and
 * its checkpoint plan fights through the real store, services and engine (the generic sample checks — valid file,
 * up to date, every plan launches — run for it in test/unit/main/scripts/make-samples.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import type { EncounterState } from '@shared/domain/encounter'
import { createCampaignStore, type CampaignStore } from '../../../../../../../src-main/campaign/campaign-store'
import { createPlayServices, type PlayServices } from '../../../../../../../src-main/services/play-services'
import { accuracyPool, damagePool, joinBattlePool, soakAgainst } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/combat'
import { medicinePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/recovery'
import { statBlock } from '../../../../../../../src-main/rules/systems/storyteller/schema'
import { DEFAULT_SETTINGS } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'
import { socialPool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/social'

const ROOT = resolve(import.meta.dirname, '../../../../../../..')
const file = async (): Promise<CampaignFile> => JSON.parse(await readFile(join(ROOT, 'resources/campaigns/sample-storyteller/campaign.json'), 'utf8')) as CampaignFile

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string; field?: string } }
async function must<T>(p: Promise<R<T>> | R<T>): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(`${r.error.message}${r.error.field ? ` (${r.error.field})` : ''}`)
  return r.value
}

describe('sample-storyteller: the numbers follow 004 and T1–T7', () => {
  it('pools: Kael’s blaster 8 dice +1 (Epic Dex 1, T2), damage Wits 3 + 4 (T4), Ilsa’s Presence 7 +1 and Persuasion 6, 2-1B “worth 6 dice”', async () => {
    const l = new Map((await file()).library.map((r) => [r.id, statBlock.parse(r.data)]))
    const kael = l.get('pc-kael-vorn')!
    const s = DEFAULT_SETTINGS
    // 004 accuracy: Dexterity 4 + Marksmanship 3 + Accuracy 1; T2: Epic 1 = 1 autosuccess
    expect(accuracyPool(kael, kael.weapons[0], s)).toMatchObject({ dice: 8, auto: 1 })
    // 004: ranged damage uses Wits (3) + the weapon's damage 4 (T4) + net successes (here 2)
    expect(damagePool(kael, kael.weapons[0], 2, s)).toMatchObject({ dice: 9 })
    const ilsa = l.get('pc-ilsa-dorne')!
    // 004 Presence: Charisma 4 + Presence 3 (Epic Charisma 1: +1); Persuasion: Manipulation 3 + Persuasion 3
    expect(socialPool(ilsa, 'presence', s)).toMatchObject({ dice: 7, auto: 1 })
    expect(socialPool(ilsa, 'persuasion', s)).toMatchObject({ dice: 6, auto: 0 })
    // 004 "a medical droid worth 6 dice of Science: Medicine": Intelligence 3 + Medicine 3
    expect(medicinePool(l.get('ally-2-1b')!).dice).toBe(6)
    // 004 "Defender's Soak + Defender's relevant Armor": the stormtrooper against lethal = 1 + 2
    expect(soakAgainst(l.get('npc-stormtrooper')!, 'lethal')).toEqual({ soak: 1, armor: 2 })
    // Vesk joins battle with Perception 4 + Awareness 3
    expect(joinBattlePool(l.get('ally-vesk')!, s).dice).toBe(7)
  })
})

describe('sample-storyteller: the played session (src-main/rules/systems/storyteller/samples/session.ts)', () => {
  // issue 27: once ties acted together (004) and Join Battle was rolled once, the dice fell otherwise and the sample
  // fight stopped at tick 25 with nobody out; the sample is there to show a fight to its end, a combatant taken out
  it('shows a combatant taken out (004 Incapacitated), and the fight ends there (issue 27)', async () => {
    const lines = (await readFile(join(ROOT, 'resources/campaigns/sample-storyteller/sessions/session-2.ndjson'), 'utf8')).trim().split('\n')
    const events = lines.map((l) => JSON.parse(l) as { kind: string; record?: { event: { type: string; combatantId?: string; attackerId?: string; name?: string } } })
      .flatMap((r) => (r.kind === 'encounter.event' && r.record ? [r.record.event] : []))
    const out = events.filter((e) => e.type === 'storyteller.incapacitated' || e.type === 'storyteller.died')
    expect(out.map((e) => e.name)).not.toEqual([])
    const first = events.indexOf(out[0])
    const fallen = out[0].combatantId
    // the GM ends the fight there: the fallen attacks no more, and the encounter's end follows
    expect(events.slice(first + 1).filter((e) => e.type === 'storyteller.attacked' && e.attackerId === fallen)).toEqual([])
    expect(events.slice(first + 1).map((e) => e.type)).toContain('core.encounterEnded')
  })
})

describe('sample-storyteller: the checkpoint fights through the real services and engine', () => {
  let dir: string
  let store: CampaignStore
  let play: PlayServices
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmc-st-sample-'))
    let t = Date.parse('2026-12-01T18:00:00.000Z')
    const now = () => new Date((t += 1000)).toISOString()
    let n = 0
    store = createCampaignStore({ dataDir: dir, resourcesDir: join(ROOT, 'resources', 'campaigns'), syncAppends: false, now })
    await must(store.init())
    play = createPlayServices({ store, publish: () => {}, now, newId: () => `id-${++n}`, newSeed: () => `st-seed-${++n}` })
  })
  afterEach(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('Join Battle puts the best roll on tick 0 and nobody beyond the cap (004, T3); an attack moves its attacker its weapon’s Speed', async () => {
    const v0 = await must(play.encounters.launch('sample-storyteller', 'enc-pelgo-checkpoint'))
    expect(v0.encounter.combatants.map((c) => c.name)).toEqual(['Kael Vorn', 'Ilsa Dorne', '2-1B', 'Stormtrooper 1', 'Stormtrooper 2', 'Stormtrooper 3', 'Scout sniper'])
    expect(v0.encounter.combatants.filter((c) => c.hidden).map((c) => c.name)).toEqual(['Scout sniper'])
    const eid = v0.encounter.id
    let v = await must(play.encounters.command(eid, { type: 'startCombat' }))
    const st: () => EncounterState = () => v.encounter
    const ticks = st().combatants.map((c) => c.initiative.value!)
    expect(Math.min(...ticks)).toBe(0)
    expect(Math.max(...ticks)).toBeLessThanOrEqual(5)
    expect(st().turn.tick).toBe(0)
    // the one acting is on the lowest tick; Kael's turn comes, a typed-in shot at Stormtrooper 1:
    for (let i = 0; i < 10 && st().turn.order[st().turn.index] !== 'kael-vorn'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    const kael = st().combatants.find((c) => c.name === 'Kael Vorn')!
    expect(st().turn.order[st().turn.index]).toBe(kael.id)
    const from = Math.max(kael.initiative.value!, st().turn.tick ?? 0)
    const trooper = st().combatants.find((c) => c.name === 'Stormtrooper 1')!
    // accuracy 8 dice: 10 9 8 7 3 2 1 1 = 4 + 1 (Epic) = 5 vs Dodge DV 2 → net 3;
    // damage Wits 3 + 4 + 3 = 10 dice: 9 8 7 7 2 2 1 1 1 1 = 4 − (soak 1 + armor 2) = 1 lethal
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: kael.id, targetId: trooper.id, weapon: 0, dice: [10, 9, 8, 7, 3, 2, 1, 1, 9, 8, 7, 7, 2, 2, 1, 1, 1, 1] }))
    const after = st().combatants.find((c) => c.id === kael.id)!
    expect(after.initiative.value).toBe(from + 5)
    expect((st().combatants.find((c) => c.id === trooper.id)!.state as { wounds: { lethal: number } }).wounds.lethal).toBe(1)
    expect(v.log.filter((e) => e.key === 'log.storyteller.attack.hit').map((e) => [e.params.successes, e.params.net, e.params.dealt])).toEqual([[5, 3, 1]])
  })

  it('the danger check plays the Storyteller checkpoint to an end', async () => {
    const report = await must(play.danger.run({ campaignId: 'sample-storyteller', planId: 'enc-pelgo-checkpoint', runs: 20, seed: 'st-danger' }))
    expect(report.runs).toBe(20)
    expect(report.undecided).toBeLessThan(20)
  }, 30_000)
})
