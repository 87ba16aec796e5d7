import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Worker } from 'node:worker_threads'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { EventEmitter } from 'node:events'
import { createDangerService, runDanger } from '../../../../../src-main/services/danger/danger-service'
import { getSystem } from '../../../../../src-main/rules/index'
import type { EngineCommand } from '@shared/domain/encounter'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'
import { dangerWorkerFrom, SOURCES_TSCONFIG, spawnDangerWorker, withoutLoaders } from '../../../../../src-main/services/danger/danger-threads'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { chunksOf, CHUNK_RUNS } from '../../../../../src-main/rules/danger/danger-simulate'
import { createDangerPool, DANGER_IDLE_MS } from '../../../../../src-main/services/danger/danger-pool'
import { prep } from '../fixtures'
import { harness, type Harness } from '../helpers'

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
    const spawn: typeof spawnDangerWorker = () => {
      const w = spawnDangerWorker()
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

  it('issue 28: threads of the sources find the project\'s tsconfig (its @shared paths) from services/danger/, one folder deeper than before', () => {
    // it pointed at src-main/tsconfig.node.json after the move: every source thread died loading the rules and the
    // pool started new ones (4 spawned where 2 start once)
    expect(SOURCES_TSCONFIG).toBe(join(import.meta.dirname, '..', '..', '..', '..', '..', 'tsconfig.node.json'))
    expect(existsSync(SOURCES_TSCONFIG)).toBe(true)
  })

  it('falls back to this thread when a thread cannot start', async () => {
    const broken: typeof spawnDangerWorker = () => { throw new Error('no threads here') }
    const r = await createDangerService(h.env, { count: 2, spawn: broken }).run({ campaignId: h.campaignId, planId: ids.planId, runs: 12, seed: 'fallback' })
    expect(r.ok && r.value.runs).toBe(12)
  })

  // danger-pool.ts: a thread costs a few hundred ms to start, so they stay between checks
  describe('the threads, kept between checks', () => {
    const counting = () => {
      const spawned: Worker[] = []
      const spawn: typeof spawnDangerWorker = () => {
        const w = spawnDangerWorker()
        spawned.push(w)
        return w
      }
      return { spawned, spawn }
    }

    it('start once: a second check, and a tuning run, reuse them and report what this thread reports', async () => {
      const { spawned, spawn } = counting()
      const danger = createDangerService(h.env, { count: 2, spawn })
      const here = createDangerService(h.env, { count: 0, spawn })
      try {
        const req = { campaignId: h.campaignId, planId: ids.planId, runs: CHUNK_RUNS + 30, seed: 'pool' }
        const first = await danger.run(req)
        const second = await danger.run({ ...req, seed: 'pool-2' })
        expect(spawned).toHaveLength(2)
        const target = { metric: 'partyWins' as const, min: 0.97, max: 1 }
        const tuned = await danger.tune({ campaignId: h.campaignId, planId: ids.planId, target, runs: 60, seed: 'pool-tune' })
        expect(spawned).toHaveLength(2)
        expect(first).toEqual(await here.run(req))
        expect(second).toEqual(await here.run({ ...req, seed: 'pool-2' }))
        expect(tuned).toEqual(await here.tune({ campaignId: h.campaignId, planId: ids.planId, target, runs: 60, seed: 'pool-tune' }))
      } finally {
        await danger.close()
      }
    }, 180_000)

    /** the plan as a danger job */
    const planJob = async () => {
      const file = await h.env.store.read(h.campaignId)
      if (!file.ok) throw new Error(file.error.message)
      const setup = launchCommands(file.value, ids.planId, saga())
      if (!setup.ok) throw new Error(setup.error.message)
      return { systemId: 'saga', setup: setup.value, settings: file.value.systemSettings }
    }
    const saga = () => {
      const sys = getSystem('saga')
      if (!sys.ok) throw new Error('no saga')
      return sys.value
    }

    it('share the threads between two checks at once, each with its own report', async () => {
      const { spawned, spawn } = counting()
      const pool = createDangerPool({ count: 2, spawn })
      const danger = createDangerService(h.env, { count: 0, spawn })
      try {
        const a = { campaignId: h.campaignId, planId: ids.planId, runs: 2 * CHUNK_RUNS, seed: 'a' }
        const b = { ...a, seed: 'b', runs: CHUNK_RUNS + 1 }
        const sys = { value: saga() }
        const job = await planJob()
        const [ra, rb] = await Promise.all([runDanger(sys.value, job, a.runs, a.seed, pool), runDanger(sys.value, job, b.runs, b.seed, pool)])
        expect(spawned).toHaveLength(2)
        const [ea, eb] = [await danger.run(a), await danger.run(b)]
        if (!ea.ok || !eb.ok) throw new Error('the check in this thread failed')
        expect(ra).toEqual(ea)
        expect(rb).toEqual(eb)
      } finally {
        await pool.close()
      }
    }, 180_000)

    it('end once idle, and start again for the next check', async () => {
      const { spawned, spawn } = counting()
      const pool = createDangerPool({ count: 1, spawn, idleMs: 50 })
      pool.warm()
      expect(pool.alive).toBe(1)
      await vi.waitFor(() => expect(pool.alive).toBe(0), { timeout: 10_000, interval: 10 })
      const r = await runDanger(saga(), await planJob(), 5, 'idle', pool)
      expect(r.ok && r.value.runs).toBe(5)
      expect(spawned).toHaveLength(2)
      await pool.close()
      expect(pool.alive).toBe(0)
    }, 120_000)

    it('fall back to this thread when their only thread dies before any result, and start a new one next time', async () => {
      let n = 0
      const spawn: typeof spawnDangerWorker = () => (n++ === 0 ? new Worker('process.exit(3)', { eval: true }) : spawnDangerWorker())
      const danger = createDangerService(h.env, { count: 1, spawn })
      try {
        const req = { campaignId: h.campaignId, planId: ids.planId, runs: 30, seed: 'dies' }
        const r = await danger.run(req)
        const again = await danger.run(req)
        expect(n).toBe(2)
        expect(r.ok && r.value.runs).toBe(30)
        expect(again).toEqual(r)
      } finally {
        await danger.close()
      }
    }, 120_000)
  })
})

describe('the danger threads run below the main thread (Linux)', () => {
  it.runIf(process.platform === 'linux')('the pool lowers each thread to nice 10 as it starts it, before it loads anything; the main thread is never lowered', async () => {
    const { lowerThisThread } = await import('../../../../../src-main/services/danger/thread-priority')
    const { getPriority } = await import('node:os')
    // the test may run niced already (nice -n 5 npx vitest …)
    const before = getPriority()
    // on the main thread it does nothing (the thread id is the process id: it would lower the whole app)
    expect(lowerThisThread()).toBe(false)
    expect(getPriority()).toBe(before)
    // the pool's thread is lowered as it is started, before it loads anything (it has not run a line yet when the
    // spawn returns), and lowering itself again as the worker loads changes nothing
    const { threadIds } = await import('../../../../../src-main/services/danger/thread-priority')
    const ids = threadIds()
    const w = spawnDangerWorker()
    const added = [...threadIds()].filter((t) => !ids.has(t))
    expect(added).toHaveLength(1)
    expect(getPriority(added[0])).toBe(Math.max(before, 10))
    await new Promise<void>((resolve, reject) => {
      w.once('online', resolve)
      w.once('error', reject)
    })
    await w.terminate()
    expect(getPriority()).toBe(before)
  }, 60_000)
})

describe('the helper threads that compile and collect for the danger threads (Linux, Node)', () => {
  it.runIf(process.platform === 'linux')('are lowered with them, never the main thread; in Electron none are', async () => {
    const { lowerHelperThreads, threadIds } = await import('../../../../../src-main/services/danger/thread-priority')
    const { getPriority, setPriority } = await import('node:os')
    const before = getPriority()
    const was = new Map([...threadIds()].map((t) => [t, getPriority(t)]))
    try {
      // Electron's main process is Chromium's browser process: its threads are left alone
      expect(lowerHelperThreads(true)).toBe(0)
      for (const [t, p] of was) expect(getPriority(t)).toBe(p)
      const w = spawnDangerWorker()
      await new Promise<void>((resolve, reject) => {
        w.once('online', resolve)
        w.once('error', reject)
      })
      const others = [...threadIds()].filter((t) => t !== process.pid)
      expect(others.length).toBeGreaterThan(1)
      for (const t of others) expect(getPriority(t)).toBeGreaterThanOrEqual(10)
      expect(getPriority()).toBe(before)
      expect(lowerHelperThreads(false)).toBe(0) // already lowered
      await w.terminate()
    } finally {
      // put this test process's threads back where they were (allowed as root, as CI runs; else they stay lowered)
      for (const [t, p] of was) {
        try {
          setPriority(t, p)
        } catch {
          // not allowed: this process ends with its file
        }
      }
    }
  }, 60_000)
})

describe('warming the threads (danger-pool.ts warm → danger-worker.ts warmUp)', () => {
  it('a warmed thread fights each system’s template blocks, two a side, so the first check finds the rules compiled', async () => {
    const { warmUp } = await import('../../../../../src-main/services/danger/danger-worker')
    const { listSystems } = await import('../../../../../src-main/rules/index')
    // every registered system's templates make a fight that runs (a system whose templates could not fight would
    // warm nothing, silently)
    expect(listSystems().length).toBeGreaterThanOrEqual(4)
    expect(warmUp({}, 2)).toBe(listSystems().length * 2)
  })

  it('warmed for the campaign’s system (prep opened), a thread fights that system only', async () => {
    const { warmUp } = await import('../../../../../src-main/services/danger/danger-worker')
    const { listSystems } = await import('../../../../../src-main/rules/index')
    for (const id of listSystems()) expect(warmUp({ systemId: id }, 3)).toBe(3)
    expect(warmUp({ systemId: 'no-such-system' }, 3)).toBe(0)
  })

  it('warmed on a plan, a thread fights that plan; a plan that cannot fight falls back to its system’s templates', async () => {
    const { warmUp } = await import('../../../../../src-main/services/danger/danger-worker')
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const t = sys.value.statBlockTemplates
    const plan = { systemId: 'saga', setup: [{ type: 'addCombatant', statBlock: t.pc('A'), side: 'party', role: 'pc' }, { type: 'addCombatant', statBlock: t.npc('B'), side: 'enemies', role: 'npc', count: 3 }] as EngineCommand[] }
    expect(warmUp({ plan }, 4)).toBe(4)
    expect(warmUp({ plan: { systemId: 'saga', setup: [{ type: 'noSuchCommand' } as unknown as EngineCommand] } }, 4)).toBe(4)
  })
})

describe('the threads and the process (danger-pool.ts)', () => {
  const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..')
  /** danger-exit-run.ts in a process of its own, where nothing else keeps it alive; its output, or a timeout */
  const script = (mode: 'warm' | 'check') =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'danger-exit-run.ts'), mode], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
      timeout: 60_000,
    })

  it('idle threads do not keep a process alive: a script that warmed them ends at once, not after the idle time', async () => {
    const { stdout } = await script('warm')
    expect(stdout.trim()).toBe('warmed')
  }, 90_000)

  it('a running check does: a script awaiting one gets its report from the threads, then ends', async () => {
    const { stdout } = await script('check')
    expect(JSON.parse(stdout.trim())).toEqual({ ok: true, runs: 400, inThreads: 2 })
  }, 90_000)
})

describe('prep opened: the threads warm on the campaign’s system (danger-service.ts warm)', () => {
  /** a thread that only notes what it is sent */
  const fakeThread = (sent: unknown[]) =>
    Object.assign(new EventEmitter(), { postMessage: (m: unknown) => void sent.push(m), unref: () => undefined, terminate: async () => 0 }) as unknown as Worker

  it('warmed threads stay 20 idle minutes by default (a GM reads a plan a while before checking it), then end', async () => {
    vi.useFakeTimers()
    try {
      const sent: unknown[] = []
      const pool = createDangerPool({ count: 2, spawn: () => fakeThread(sent) })
      pool.warm()
      expect(pool.alive).toBe(2)
      expect(DANGER_IDLE_MS).toBe(20 * 60_000)
      await vi.advanceTimersByTimeAsync(DANGER_IDLE_MS - 1000)
      expect(pool.alive).toBe(2)
      // another warm-up (prep listed or a plan saved) starts the wait again
      pool.warm()
      await vi.advanceTimersByTimeAsync(DANGER_IDLE_MS - 1000)
      expect(pool.alive).toBe(2)
      await vi.advanceTimersByTimeAsync(1000)
      expect(pool.alive).toBe(0)
      await pool.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends each new thread a warm-up of the plan (else the first plan, else the system), and of each system when the campaign cannot be read', async () => {
    const h = await harness('saga')
    try {
      const sent: Array<{ type: string; systemId?: string; plan?: { systemId: string; setup: unknown[] } }> = []
      const danger = createDangerService(h.env, { count: 2, spawn: () => fakeThread(sent) })
      // no plan yet: the system's templates
      await danger.warm(h.campaignId)
      expect(sent).toEqual([{ type: 'warmUp', systemId: 'saga' }, { type: 'warmUp', systemId: 'saga' }])
      await danger.close()
      sent.length = 0
      // a plan: its fights, the same commands its check runs
      const play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
      const { planId } = await prep(play.library, h.campaignId, { troopers: 2, sniper: false })
      const file = await h.env.store.read(h.campaignId)
      if (!file.ok) throw new Error(file.error.message)
      const sagaSystem = getSystem('saga')
      if (!sagaSystem.ok) throw new Error(sagaSystem.error.message)
      const setup = launchCommands(file.value, planId, sagaSystem.value)
      if (!setup.ok) throw new Error(setup.error.message)
      await danger.warm(h.campaignId, planId)
      expect(sent).toHaveLength(2)
      for (const m of sent) expect(m).toEqual({ type: 'warmUp', systemId: 'saga', plan: { systemId: 'saga', setup: setup.value, settings: file.value.systemSettings } })
      await danger.close()
      // an unknown plan id: the campaign's first plan
      sent.length = 0
      await danger.warm(h.campaignId, 'no-such-plan')
      expect(sent.map((m) => m.plan?.setup)).toEqual([setup.value, setup.value])
      await danger.close()
      sent.length = 0
      await danger.warm('no-such-campaign')
      expect(sent).toEqual([{ type: 'warmUp', systemId: undefined }, { type: 'warmUp', systemId: undefined }])
      await danger.close()
    } finally {
      await h.cleanup()
    }
  })
})

describe('where the threads come from (danger-threads.ts dangerWorkerFrom)', () => {
  /** the first message of a thread */
  const first = (w: Worker) =>
    new Promise<unknown>((resolve, reject) => {
      w.once('message', resolve)
      w.once('error', reject)
    }).finally(() => void w.terminate())

  it('starts the built worker the entry points hand in, when it is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-worker-'))
    const file = join(dir, 'danger-worker.js')
    writeFileSync(file, "require('node:worker_threads').parentPort.postMessage('built')")
    expect(await first(dangerWorkerFrom(file)())).toBe('built')
  })

  it('starts the built worker without the module loaders this process runs with (tsx: 0.5 s of CPU per thread)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-worker-'))
    const file = join(dir, 'danger-worker.js')
    writeFileSync(file, "require('node:worker_threads').parentPort.postMessage(process.execArgv)")
    // a loader that would fail the thread if it were inherited, as tsx's hooks are when the app runs through tsx
    const was = process.execArgv
    process.execArgv = ['--require', join(dir, 'no-such-loader.cjs'), '--import=file:///no-such-hooks.mjs', '--trace-warnings']
    try {
      expect(await first(dangerWorkerFrom(file)())).toEqual(['--trace-warnings'])
    } finally {
      process.execArgv = was
    }
  })

  it('still starts the built worker when a flag left could be inherited but not given (a V8 flag)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-worker-'))
    const file = join(dir, 'danger-worker.js')
    writeFileSync(file, "require('node:worker_threads').parentPort.postMessage('built')")
    const was = process.execArgv
    process.execArgv = ['--import=data:text/javascript,', '--max-old-space-size=512']
    try {
      expect(await first(dangerWorkerFrom(file)())).toBe('built')
    } finally {
      process.execArgv = was
    }
  })

  it('drops loader flags and their values, in both spellings, and keeps the rest', () => {
    expect(withoutLoaders(['--require', 'a.cjs', '-r', 'b.cjs', '--import', 'c.mjs', '--loader=d.mjs', '--experimental-loader', 'e.mjs', '--max-old-space-size=512', '--import=f.mjs']))
      .toEqual(['--max-old-space-size=512'])
    expect(withoutLoaders([])).toEqual([])
  })

  it('starts the TypeScript sources when there is no built worker (run from the sources)', async () => {
    // the sources' worker answers a chunk of a job it was never told with an error message naming the job
    const w = dangerWorkerFrom(join(tmpdir(), 'no-such-dir', 'danger-worker.js'))()
    w.postMessage({ type: 'chunk', job: 7, index: 0, runs: 1, seed: 's' })
    expect(await first(w)).toMatchObject({ type: 'error', job: 7, message: 'no job 7 in this thread' })
  }, 60_000)
})
