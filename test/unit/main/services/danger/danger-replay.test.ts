import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { loadSession, renderSession } from '../../../../../src-main/export'
import { prep } from '../fixtures'
import { harness, type Harness } from '../helpers'

describe('danger check and replay (issues 5 and 6)', () => {
  let h: Harness
  let play: PlayServices
  let ids: Awaited<ReturnType<typeof prep>>
  beforeEach(async () => {
    h = await harness('saga')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
    ids = await prep(play.library, h.campaignId, { troopers: 1, sniper: false })
  })
  afterEach(async () => h.cleanup())

  it('simulates the plan through the engine: win chance and histograms, deterministic for a seed, with progress pushes', async () => {
    const a = await play.danger.run({ campaignId: h.campaignId, planId: ids.planId, runs: 40, seed: 'danger-1' })
    if (!a.ok) throw new Error(a.error.message)
    expect(a.value.runs).toBe(40)
    expect(a.value.partyWinChance).toBeGreaterThanOrEqual(0)
    expect(a.value.partyWinChance).toBeLessThanOrEqual(1)
    const sum = (h: Record<string, number>) => Object.values(h).reduce((x, y) => x + y, 0)
    expect(sum(a.value.rounds)).toBe(40)
    expect(sum(a.value.pcsDown)).toBe(40)
    // fights actually happen: someone wins most runs within 20 rounds
    expect(a.value.undecided).toBeLessThan(40)
    const b = await play.danger.run({ campaignId: h.campaignId, planId: ids.planId, runs: 40, seed: 'danger-1' })
    expect(b.ok && b.value).toEqual(a.value)
    const progress = h.published.filter((p) => p.topic === 'danger:progress').map((p) => p.payload as { done: number; total: number })
    expect(progress.at(-1)).toMatchObject({ done: 40, total: 40 })
  }, 120_000) // worker threads load the rules through tsx first: seconds on a busy machine

  it('stops when cancelled', async () => {
    const running = play.danger.run({ campaignId: h.campaignId, planId: ids.planId, runs: 5000, seed: 'danger-2' })
    // cancel once the run is under way (its first progress push), not after a guessed delay: load-proof (the worker
    // threads load the rules through tsx first, which takes seconds on a loaded machine)
    await vi.waitFor(() => expect(h.published.some((p) => p.topic === 'danger:progress')).toBe(true), { timeout: 90_000, interval: 5 })
    expect(play.danger.cancel(h.campaignId, ids.planId)).toEqual({ cancelled: true })
    const r = await running
    expect(r.ok && r.value.cancelled).toBe(true)
    expect(r.ok && r.value.runs).toBeLessThan(5000)
  }, 120_000)

  it('replays the session log read-only, turn by turn, to the same state as the live encounter', async () => {
    const v0 = await play.encounters.launch(h.campaignId, ids.planId)
    if (!v0.ok) throw new Error(v0.error.message)
    const eid = v0.value.encounter.id
    await play.encounters.command(eid, { type: 'startCombat' })
    await play.encounters.command(eid, { type: 'nextTurn' })
    await play.encounters.command(eid, { type: 'nextTurn' })
    await play.encounters.undo(eid)
    const live = play.encounters.get(eid)
    if (!live.ok) throw new Error(live.error.message)
    const text = await readFile(join(h.dir, h.campaignId, 'sessions', `${v0.value.sessionId}.ndjson`), 'utf8')
    const opened = play.replay.open(text)
    if (!opened.ok) throw new Error(opened.error.message)
    // 2 addCombatant batches (party, trooper) + startCombat + nextTurn (the undone one is not replayed)
    expect(opened.value.encounters).toEqual([{ id: eid, name: 'Hangar ambush', batches: 4, turnSteps: [3, 4] }])
    const first = play.replay.step(opened.value.handle, undefined, 0)
    expect(first.ok && first.value.encounter.combatants).toEqual([])
    const end = play.replay.step(opened.value.handle, eid, 99)
    if (!end.ok) throw new Error(end.error.message)
    expect(end.value.replay).toEqual({ handle: opened.value.handle, at: 4, total: 4 })
    expect(end.value.encounter).toEqual(live.value.encounter)
    // the JSON export of the same session replays to the same state
    const loaded = await loadSession(join(h.dir, h.campaignId), v0.value.sessionId)
    if (!loaded.ok) throw new Error(loaded.error.message)
    const json = await renderSession(loaded.value, { format: 'json', playerSafe: false, lang: 'en' })
    if (!json.ok) throw new Error(json.error.message)
    const fromExport = play.replay.open(String(json.value.data))
    if (!fromExport.ok) throw new Error(fromExport.error.message)
    const end2 = play.replay.step(fromExport.value.handle, eid, 4)
    expect(end2.ok && end2.value.encounter).toEqual(live.value.encounter)
    const bad = play.replay.open('not a log')
    expect(!bad.ok && bad.error.field).toBe('text')
    expect(play.replay.step('nope', undefined, 1).ok).toBe(false)
  })
})
