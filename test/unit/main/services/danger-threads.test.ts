import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Worker } from 'node:worker_threads'
import { createDangerService } from '../../../../src-main/services/danger-service'
import { spawnDangerWorker } from '../../../../src-main/services/danger-threads'
import { createPlayServices, type PlayServices } from '../../../../src-main/services/play-services'
import { chunksOf, CHUNK_RUNS } from '../../../../src-main/services/danger-simulate'
import { prep } from './fixtures'
import { harness, type Harness } from './helpers'

// Issue 13: the danger check runs in worker threads, never on the main thread. Worker start-up loads the rules
// through tsx here (the built app loads plain JavaScript), which is slow on a loaded machine: these tests wait for
// events, never for a guessed time, and allow a minute.
describe('danger check in worker threads (issue 13)', () => {
  let h: Harness
  let play: PlayServices
  let ids: Awaited<ReturnType<typeof prep>>
  beforeEach(async () => {
    h = await harness('saga')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
    ids = await prep(play.library, h.campaignId, { troopers: 2, sniper: false })
  })
  afterEach(async () => h.cleanup())

  it('splits the runs into seeded chunks, so a report depends only on the seed and the run count', () => {
    const c = chunksOf(2 * CHUNK_RUNS + 7, 'abc')
    expect(c.map((x) => x.runs)).toEqual([CHUNK_RUNS, CHUNK_RUNS, 7])
    expect(c.map((x) => x.seed)).toEqual(['abc#0', 'abc#1', 'abc#2'])
    expect(chunksOf(0, 'abc')).toEqual([])
  })

  it('gives the same report with 2 threads, 1 thread and none (in this thread)', async () => {
    const spawned: Worker[] = []
    const spawn: typeof spawnDangerWorker = (init) => {
      const w = spawnDangerWorker(init)
      spawned.push(w)
      return w
    }
    const req = { campaignId: h.campaignId, planId: ids.planId, runs: CHUNK_RUNS + 30, seed: 'threads' }
    const two = await createDangerService(h.env, { count: 2, spawn }).run(req)
    expect(spawned).toHaveLength(2)
    const one = await createDangerService(h.env, { count: 1, spawn }).run(req)
    expect(spawned).toHaveLength(3)
    const none = await createDangerService(h.env, { count: 0, spawn }).run(req)
    expect(spawned).toHaveLength(3)
    if (!two.ok || !one.ok || !none.ok) throw new Error('a danger check failed')
    expect(two.value.runs).toBe(CHUNK_RUNS + 30)
    expect(two.value).toEqual(none.value)
    expect(one.value).toEqual(none.value)
    // fights actually happened in the threads
    expect(two.value.undecided).toBeLessThan(two.value.runs)
  }, 120_000)

  it('is cancelled through the shared flag while the threads are mid-chunk, with a partial report', async () => {
    const running = play.danger.run({ campaignId: h.campaignId, planId: ids.planId, runs: 20_000, seed: 'cancel' })
    await vi.waitFor(() => expect(h.published.some((p) => p.topic === 'danger:progress')).toBe(true), { timeout: 90_000, interval: 5 })
    expect(play.danger.cancel(h.campaignId, ids.planId)).toEqual({ cancelled: true })
    const r = await running
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.cancelled).toBe(true)
    expect(r.value.runs).toBeGreaterThan(0)
    expect(r.value.runs).toBeLessThan(20_000)
    const progress = h.published.filter((p) => p.topic === 'danger:progress').map((p) => p.payload as { done: number; total: number })
    expect(progress.at(-1)?.done).toBe(r.value.runs)
    expect(progress.every((p) => p.total === 20_000)).toBe(true)
  }, 120_000)

  it('falls back to this thread when a thread cannot start', async () => {
    const broken: typeof spawnDangerWorker = () => { throw new Error('no threads here') }
    const r = await createDangerService(h.env, { count: 2, spawn: broken }).run({ campaignId: h.campaignId, planId: ids.planId, runs: 12, seed: 'fallback' })
    expect(r.ok && r.value.runs).toBe(12)
  })
})
