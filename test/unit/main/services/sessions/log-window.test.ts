/**
 * Issue 13, push size: `encounter:changed` carries the newest LOG_WINDOW entries of the encounter's log, its total and
 * the older entries whose status the change set; `encounter:log` pages the older entries (GM only, validated).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LogEntry } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import { wireCore, type Core } from '../../../../../src-main/wiring/create-core'
import { LOG_WINDOW, logPage, logWindow } from '../../../../../src-main/projections/to-gm-view'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { recordingLogger } from '../../../../support/recording-logger'
import { prep } from '../fixtures'
import { harness, type Harness } from '../helpers'

async function must<T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> | { ok: true; value: T } | { ok: false; error: { message: string } }): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

const entry = (seq: number, status?: LogEntry['status']): LogEntry => ({ seq, key: 'log.core.turnStarted', params: { n: seq }, ...(status ? { status } : {}) })

describe('log window and pages (pure)', () => {
  const log = Array.from({ length: 450 }, (_, i) => entry(i * 2 + 1))

  it('a view holds the newest LOG_WINDOW entries and the total; older changed entries come once, in order', () => {
    const w = logWindow(log, [log[10].seq, log[449].seq, log[3].seq, log[10].seq, 9999])
    expect(w.log).toEqual(log.slice(450 - LOG_WINDOW))
    expect(w.logTotal).toBe(450)
    // inside the window: already in `log`; unknown seqs: ignored
    expect(w.logChanged).toEqual([log[3], log[10]])
    expect(logWindow(log.slice(0, 5))).toEqual({ log: log.slice(0, 5), logTotal: 5 })
  })

  it('pages end before an index and are clamped to the log', () => {
    expect(logPage(log, 250, 100)).toEqual({ entries: log.slice(150, 250), start: 150, total: 450 })
    expect(logPage(log, 30, 100)).toEqual({ entries: log.slice(0, 30), start: 0, total: 450 })
    expect(logPage(log, 9999, 10)).toEqual({ entries: log.slice(440), start: 440, total: 450 })
    expect(logPage(log, 0, 10)).toEqual({ entries: [], start: 0, total: 450 })
  })
})

describe('encounter service: the pushed log window (issue 13)', () => {
  let h: Harness
  let play: PlayServices
  let eid: string
  beforeEach(async () => {
    h = await harness('saga')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
    const ids = await prep(play.library, h.campaignId)
    eid = (await must(play.encounters.launch(h.campaignId, ids.planId))).encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
  })
  afterEach(async () => h.cleanup())

  const pushes = () => h.published.filter((p) => p.topic === 'encounter:changed').map((p) => p.payload as GmEncounterView)
  /** the whole log, paged back from the newest page as the log pane does */
  async function pagedLog(v: GmEncounterView, size = 77): Promise<LogEntry[]> {
    let all = v.log
    let before = v.logTotal - v.log.length
    while (before > 0) {
      const page = await must(play.encounters.logPage(eid, before, size))
      expect(page.start + page.entries.length).toBe(before)
      all = [...page.entries, ...all]
      before = page.start
    }
    return all
  }
  async function playUntil(total: number): Promise<GmEncounterView> {
    let v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    while (v.logTotal < total) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    return v
  }

  it('a push carries the newest window and the total; paging back rebuilds the whole log the service keeps', async () => {
    const small = await playUntil(20)
    const v = await playUntil(LOG_WINDOW * 2 + 30)
    const pushed = pushes().at(-1)!
    expect(pushed.log).toHaveLength(LOG_WINDOW)
    expect(pushed.logTotal).toBe(v.logTotal)
    expect(pushed.logChanged).toBeUndefined()
    const whole = play.encounters.live(eid)!.log.slice()
    expect(pushed.log).toEqual(whole.slice(-LOG_WINDOW))
    expect(await pagedLog(pushed)).toEqual(whole)
    // the same size whatever the log's length: a longer log adds nothing (only the round number and the like differ)
    const bytes = (x: GmEncounterView) => JSON.stringify(x).length
    const windowBytes = (x: GmEncounterView) => JSON.stringify(x.log).length
    expect(Math.abs(bytes(pushed) - windowBytes(pushed) - (bytes(small) - windowBytes(small)))).toBeLessThan(200)
    expect(windowBytes(pushed)).toBeLessThan(LOG_WINDOW * 200)
  })

  it('undo and redo beyond the window, and a command discarding the redo branch, push the older entries they changed', async () => {
    const start = (await playUntil(40)).logTotal
    // undo enough steps that the first of them falls out of the newest window
    await playUntil(start + LOG_WINDOW + 40)
    // the whole log as lines (made from the records when read: issue 14, memory)
    const whole = () => play.encounters.live(eid)!.log.slice()
    const olderHasUndone = () => whole().slice(0, -LOG_WINDOW).some((e) => e.status === 'undone')
    for (let v = await must(play.encounters.undo(eid)); !olderHasUndone(); ) {
      expect(v.undo, 'ran out of steps to undo').not.toBeNull()
      v = await must(play.encounters.undo(eid))
    }
    const undone = whole().filter((e) => e.status === 'undone')
    const olderUndone = whole().slice(0, -LOG_WINDOW).filter((e) => e.status === 'undone')
    expect(olderUndone.length).toBeGreaterThan(0)
    // each undo pushed the entries of its step outside the window: together every older undone entry, as undone
    const changed = pushes().flatMap((p) => p.logChanged ?? [])
    expect(new Set(changed.filter((e) => e.status === 'undone').map((e) => e.seq))).toEqual(new Set(olderUndone.map((e) => e.seq)))
    // redo: the oldest undone step comes back active, outside the window
    const before = pushes().length
    const redone = await must(play.encounters.redo(eid))
    const all = whole()
    const back = all.filter((e) => undone.some((u) => u.seq === e.seq) && e.status === 'active')
    expect(back.length).toBeGreaterThan(0)
    expect(redone.logChanged).toEqual(back.filter((e) => all.indexOf(e) < all.length - LOG_WINDOW))
    expect(pushes()[before].logChanged).toEqual(redone.logChanged)
    // a new command: the rest of the redo branch is discarded, older entries included
    const other = await must(play.encounters.command(eid, { type: 'adjustPool', pool: 'destiny', delta: 1 }))
    const discarded = whole().slice(0, other.logTotal - LOG_WINDOW).filter((e) => e.status === 'discarded')
    expect(discarded.length).toBeGreaterThan(0)
    expect(other.logChanged).toEqual(discarded)
    // a pane that paged everything in and patched it from pushes holds what the service holds
    expect(await pagedLog(other)).toEqual(whole())
  })

  it('encounter:log through the real dispatch: GM only, validated, naming the field', async () => {
    const core: Core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
    const gm = { role: 'gm' as const, callerId: 'gm-1' }
    const player = { role: 'player' as const, callerId: 'p-1' }
    await must(core.dispatch('campaign:open', { campaignId: h.campaignId }, gm) as never)
    const live = (await must(core.dispatch('encounter:list', { campaignId: h.campaignId }, gm) as never)) as Array<{ id: string }>
    const id = live[0].id
    const page = (await must(core.dispatch('encounter:log', { encounterId: id, before: 3 }, gm) as never)) as { entries: LogEntry[]; start: number; total: number }
    expect(page.start).toBe(0)
    expect(page.entries).toHaveLength(3)
    const forbidden = await core.dispatch('encounter:log', { encounterId: id, before: 3 }, player)
    expect(!forbidden.ok && forbidden.error.code).toBe('forbidden')
    const bad = await core.dispatch('encounter:log', { encounterId: id, before: -1 }, gm)
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid', field: 'before' })
    const tooMany = await core.dispatch('encounter:log', { encounterId: id, before: 10, limit: 100_000 }, gm)
    expect(!tooMany.ok && tooMany.error).toMatchObject({ code: 'invalid', field: 'limit' })
    const missing = await core.dispatch('encounter:log', { encounterId: 'nope', before: 1 }, gm)
    expect(!missing.ok && missing.error).toMatchObject({ code: 'not-found', field: 'encounterId' })
  })
})
