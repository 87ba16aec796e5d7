import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PlayerBoardView } from '@shared/views/encounter-views'
import { createPlayServices, type PlayServices } from '../../../../src-main/services/play-services'
import { scanPlayerPayload } from '../projections/scan'
import { prep } from './fixtures'
import { harness, type Harness } from './helpers'

const servicesOf = (h: Pick<Harness, 'env'> & { store: Harness['store'] }) =>
  createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })

async function must<T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> | { ok: true; value: T } | { ok: false; error: { message: string } }): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('encounter service (issue 5): real store, real engine, Saga', () => {
  let h: Harness
  let play: PlayServices
  let ids: Awaited<ReturnType<typeof prep>>
  beforeEach(async () => {
    h = await harness('saga')
    play = servicesOf(h)
    ids = await prep(play.library, h.campaignId)
  })
  afterEach(async () => h.cleanup())

  it('launches a plan: opens a session, numbers the mooks, adds the party, logs every event line by line', async () => {
    const view = await must(play.encounters.launch(h.campaignId, ids.planId))
    const names = view.encounter.combatants.map((c) => c.name)
    expect(names).toEqual(['Vela Ren', 'Stormtrooper 1', 'Stormtrooper 2', 'Stormtrooper 3', 'Hidden Sniper'])
    expect(view.encounter.combatants.find((c) => c.name === 'Hidden Sniper')?.hidden).toBe(true)
    expect(view.encounter.combatants.find((c) => c.name === 'Stormtrooper 2')?.position?.band).toBe('medium')
    const sessions = await must(play.sessions.list(h.campaignId))
    expect(sessions).toHaveLength(1)
    expect(view.sessionId).toBe(sessions[0].id)
    const text = await readFile(join(h.dir, h.campaignId, 'sessions', `${view.sessionId}.ndjson`), 'utf8')
    const kinds = text.trim().split('\n').slice(1).map((l) => JSON.parse(l).kind)
    expect(kinds.slice(0, 3)).toEqual(['session.started', 'encounter.started', 'encounter.event'])
    // one command line per plan entry (party + 2 entries), then its events
    expect(kinds.filter((k) => k === 'encounter.command')).toHaveLength(3)
    expect(kinds.filter((k) => k === 'encounter.event').length).toBeGreaterThanOrEqual(6)
    expect(h.published.some((p) => p.topic === 'encounter:changed')).toBe(true)
  })

  it('runs commands with recorded dice, undo/redo as log records, and validates commands naming the field', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v0.encounter.id
    const started = await must(play.encounters.command(eid, { type: 'startCombat' }))
    expect(started.encounter.turn.phase).toBe('combat')
    expect(started.encounter.turn.order).toHaveLength(5)
    // the step is named for what the command did (combat begins), not for the first initiative roll in it
    expect(started.undo?.key).toBe('log.core.combatStarted')
    const before = JSON.stringify(started.encounter)
    const next = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    expect(next.encounter.turn.index).not.toBe(started.encounter.turn.index)
    const undone = await must(play.encounters.undo(eid))
    expect(JSON.stringify(undone.encounter)).toBe(before)
    expect(undone.redo).not.toBeNull()
    expect(undone.log.some((e) => e.status === 'undone')).toBe(true)
    const redone = await must(play.encounters.redo(eid))
    expect(redone.encounter.turn).toEqual(next.encounter.turn)
    // a new command after an undo discards the redo branch
    await must(play.encounters.undo(eid))
    const other = await must(play.encounters.command(eid, { type: 'adjustPool', pool: 'destiny', delta: 1 }))
    expect(other.log.some((e) => e.status === 'discarded')).toBe(true)
    expect(other.redo).toBeNull()

    const bad = await play.encounters.command(eid, { type: 'nextTurn', ticks: 'many' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'invalid', field: 'command.ticks' })
    const unknownTarget = await play.encounters.command(eid, { type: 'setNote', combatantId: 'nobody', notes: 'x' })
    expect(unknownTarget.ok).toBe(false)
    if (!unknownTarget.ok) expect(unknownTarget.error.field).toBe('command.combatantId')
    const missing = play.encounters.get('no-such-encounter')
    expect(missing.ok).toBe(false)

    const text = await readFile(join(h.dir, h.campaignId, 'sessions', `${v0.sessionId}.ndjson`), 'utf8')
    const kinds = text.trim().split('\n').map((l) => JSON.parse(l).kind)
    expect(kinds.filter((k) => k === 'encounter.undo')).toHaveLength(2)
    expect(kinds.filter((k) => k === 'encounter.redo')).toHaveLength(1)
  })

  it('after a restart rebuilds the live encounter by replaying the log, never re-rolling', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v0.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    const actor = (await must(play.encounters.command(eid, { type: 'nextTurn' }))).encounter
    const attacker = actor.turn.order[actor.turn.index]
    const target = actor.combatants.find((c) => c.side !== actor.combatants.find((x) => x.id === attacker)!.side)!
    await play.encounters.command(eid, { type: 'attack', attacker, targetId: target.id, weapon: 0, override: true })
    await must(play.encounters.undo(eid))
    await must(play.encounters.setDisplay(eid, 'enemies', 'hidden'))
    const live = await must(play.encounters.get(eid))

    await h.store.close()
    const again = await h.reopen()
    const play2 = servicesOf(again)
    const list = await must(play2.encounters.list(h.campaignId))
    expect(list.map((e) => e.id)).toEqual([eid])
    const restored = await must(play2.encounters.get(eid))
    expect(restored.encounter).toEqual(live.encounter)
    expect(restored.log).toEqual(live.log)
    expect(restored.undo).toEqual(live.undo)
    expect(restored.redo).toEqual(live.redo)
    // and it goes on from there
    const more = await must(play2.encounters.command(eid, { type: 'nextTurn' }))
    expect(more.encounter.turn.index).not.toBe(restored.encounter.turn.index)
    // a launch right after a restart keeps the earlier encounter too
    const play3 = servicesOf(await h.reopen())
    const second = await must(play3.encounters.launch(h.campaignId, ids.planId))
    expect((await must(play3.encounters.list(h.campaignId))).map((e) => e.id)).toEqual([eid, second.encounter.id])
  })

  it('a restore builds no log entries: the log asked for after play reads as one read from disk (issue 13)', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v0.encounter.id
    const trooper2 = v0.encounter.combatants.find((c) => c.name === 'Stormtrooper 2')!.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await h.store.close()
    // restarted: undo, redo, undo, a new command discarding the undone one, a note, with no log pane open
    const again = await h.reopen()
    const play2 = servicesOf(again)
    await must(play2.encounters.list(h.campaignId))
    await must(play2.encounters.command(eid, { type: 'addCondition', combatantId: trooper2, key: 'saga.prone' }))
    await must(play2.encounters.undo(eid))
    await must(play2.encounters.redo(eid))
    await must(play2.encounters.undo(eid))
    await must(play2.encounters.command(eid, { type: 'nextTurn' }))
    await must(play2.sessions.note({ campaignId: h.campaignId, sessionId: v0.sessionId, text: 'later' }))
    const pushed = again.published.filter((p) => p.topic === 'session:logAppended').map((p) => p.payload as { entries: Array<{ line: number }>; updated?: unknown[] })
    expect(pushed.at(-1)!.entries).toHaveLength(1)
    const asked = await must(play2.sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId }))
    expect(asked.filter((e) => e.status === 'discarded').map((e) => e.key)).toContain('log.core.conditionAdded')
    expect(asked.at(-1)?.params.text).toBe('later')
    // the same as a fresh read of the whole log
    await again.store.close()
    const fresh = await must(servicesOf(await h.reopen()).sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId }))
    expect(asked).toEqual(fresh)
    // the entries pushed while no pane was open are those entries
    const lines = new Map(fresh.map((e) => [e.line, e]))
    for (const p of pushed.slice(-6)) for (const e of p.entries) expect(lines.get(e.line)?.key).toBe((e as { key?: string }).key)
  })

  it('filters the session log by encounter, combatant and kind, with undone events marked', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v0.encounter.id
    const trooper2 = v0.encounter.combatants.find((c) => c.name === 'Stormtrooper 2')!.id
    const vela = v0.encounter.combatants[0].id
    // a log pane is open: it loaded the log (session:log) and patches it from the pushes
    await must(play.sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId }))
    await must(play.encounters.command(eid, { type: 'addCondition', combatantId: trooper2, key: 'saga.prone' }))
    await must(play.encounters.command(eid, { type: 'setHidden', combatantId: vela, hidden: false }))
    await must(play.encounters.undo(eid))
    // the live log pane learns which earlier entries changed status
    type Pushed = { entries: Array<{ line: number }>; updated?: Array<{ line: number; status?: string }> }
    const lastLogPush = () => h.published.filter((p) => p.topic === 'session:logAppended').at(-1)!.payload as Pushed
    const afterUndo = lastLogPush()
    expect(afterUndo.updated?.length).toBeGreaterThan(0)
    expect(afterUndo.updated!.every((e) => e.status === 'undone')).toBe(true)
    await must(play.encounters.command(eid, { type: 'adjustPool', pool: 'destiny', delta: 1 }))
    const afterNew = h.published.filter((p) => p.topic === 'session:logAppended').map((p) => p.payload as Pushed).find((p) => p.updated?.some((e) => e.status === 'discarded'))
    expect(afterNew?.updated?.map((e) => e.line)).toEqual(afterUndo.updated!.map((e) => e.line))
    await must(play.sessions.note({ campaignId: h.campaignId, sessionId: v0.sessionId, text: 'between fights' }))
    const byCombatant = await must(play.sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId, filter: { combatantId: trooper2 } }))
    expect(byCombatant.length).toBeGreaterThanOrEqual(2)
    expect(byCombatant.every((e) => e.combatantIds?.includes(trooper2))).toBe(true)
    expect(byCombatant.map((e) => e.key)).toContain('log.core.conditionAdded')
    const byEncounter = await must(play.sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId, filter: { encounterId: eid } }))
    expect(byEncounter.every((e) => e.encounterId === eid)).toBe(true)
    expect(byEncounter.some((e) => e.status === 'discarded')).toBe(true)
    const notes = await must(play.sessions.log({ campaignId: h.campaignId, sessionId: v0.sessionId, filter: { kind: 'note' } }))
    expect(notes.map((e) => e.params.text)).toEqual(['between fights'])
  })

  it('the player display gets only the redacted board: no hidden names, NPC numbers, notes or hidden rolls', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v0.encounter.id
    await must(play.encounters.showToPlayers(eid))
    await must(play.encounters.command(eid, { type: 'setNote', combatantId: v0.encounter.combatants[1].id, notes: 'will betray the Empire' }))
    await must(play.encounters.command(eid, { type: 'addCondition', combatantId: v0.encounter.combatants[2].id, key: 'saga.secretlyBribed', gmOnly: true }))
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.sessions.roll({ campaignId: h.campaignId, sessionId: v0.sessionId, notation: '1d20+9', hidden: true, label: 'Sniper spots Vela' }))
    const payloads = h.published.filter((p) => p.topic === 'player:view').map((p) => p.payload as PlayerBoardView)
    payloads.push(await play.encounters.playerView())
    expect(payloads.length).toBeGreaterThan(3)
    for (const p of payloads) {
      expect(scanPlayerPayload(p, { strings: ['Hidden Sniper', 'betray', 'secretlyBribed', 'Sniper spots'], numbers: [37, 58, 17, 13, 11] })).toEqual([])
    }
    const last = payloads[payloads.length - 1]
    expect(last.campaignName).toBe('Test Campaign')
    expect(last.encounter!.order.map((c) => c.name).sort()).toEqual(['Stormtrooper 1', 'Stormtrooper 2', 'Stormtrooper 3', 'Vela Ren'])
    const trooperView = last.encounter!.order.find((c) => c.name === 'Stormtrooper 1')!
    expect(trooperView.health.kind).toBe('descriptor')
    // the GM shows enemy numbers: now they are exact
    await must(play.encounters.setDisplay(eid, 'enemies', 'exact'))
    const exact = await play.encounters.playerView()
    expect(exact.encounter!.order.find((c) => c.name === 'Stormtrooper 1')!.health).toEqual({ kind: 'exact', current: 37, max: 37 })
    // hide the board again: waiting
    await must(play.encounters.showToPlayers(null))
    expect((await play.encounters.playerView()).encounter).toBeNull()
  })

  it('gives exact odds of an attack before it is rolled', async () => {
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const [pc, st] = v0.encounter.combatants
    const odds = await must(play.encounters.odds(v0.encounter.id, { type: 'attack', attackerId: pc.id, targetId: st.id, weapon: 0 }))
    expect(odds.hit).toBeGreaterThan(0)
    expect(odds.hit).toBeLessThanOrEqual(1)
    const total = odds.damage.reduce((a, d) => a + d.p, 0)
    expect(total).toBeGreaterThan(0)
    const bad = await play.encounters.odds(v0.encounter.id, { type: 'attack', attackerId: pc.id })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.field).toMatch(/^command\./)
  })
})
