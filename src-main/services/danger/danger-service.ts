/**
 * `plan:danger`: how dangerous an encounter plan is, by running it many times through the real engine.
 * Each run: the plan's combatants (party included), initiative, then every combatant on its turn makes the rule
 * system's default attack (`RuleSystem.dangerAttack`) on a random enemy still in the fight (`isOut`), until the
 * system's win condition (`winner`, default: one team all out) or 20 rounds have passed (danger-simulate.ts).
 * Reports the party-win chance and histograms of rounds and of PCs down.
 *
 * The fights run in worker threads (danger-worker.ts, issue 13), never on the main thread; the threads stay started
 * between checks (danger-pool.ts), and a tuning run's many small checks use them too. The runs are split into
 * chunks with seeds derived from the request's, shared out among the threads, and summed, so the report depends
 * only on the seed and the run count. Progress goes out as `danger:progress` pushes (at most every 50 ms);
 * `plan:dangerCancel` stops it (the partial report says cancelled). A system the workers do not know (one
 * registered at run time, such as a test fixture) or a thread that cannot start falls back to running in this
 * thread, in slices of at most 15 ms between which the event loop gets its turn.
 */
import { performance } from 'node:perf_hooks'
import type { DangerReport, TuneReport, TuneTarget } from '@shared/views/encounter-views'
import type { CampaignFile } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { getSystem } from '../../rules/index'
import type { RuleSystem } from '../../rules/kit/system'
import type { ServiceEnv } from '../ports'
import { launchCommands } from '../../rules/plan-commands'
import { addTally, chunkRunner, chunksOf, emptyTally, prepareFight, reportOf, type DangerJob, type DangerTally } from '../../rules/danger/danger-simulate'
import { createDangerPool, type DangerPool, type PoolOutcome } from './danger-pool'
import { tunePlan } from '../../rules/danger/danger-tune'
import { defaultDangerThreads, spawnDangerWorker, type SpawnDangerWorker } from './danger-threads'

export { MAX_ROUNDS, simulateOnce, winnerOf, type RunOutcome } from '../../rules/danger/danger-simulate'

/** longest stretch of in-thread simulation between two yields to the event loop (the fallback only) */
const SLICE_MS = 15
/** at most one progress push per this many ms */
const PROGRESS_MS = 50

/** The worker threads of the danger check: how many, and how one is started. `count: 0` runs in this thread. */
export interface DangerThreads {
  count: number
  spawn: SpawnDangerWorker
  /** how long idle threads stay (danger-pool.ts DANGER_IDLE_MS) */
  idleMs?: number
}

type Chunk = ReturnType<typeof chunksOf>[number]
export interface Cancel { cancelled: boolean; shared: Int32Array }

async function runInThread(system: RuleSystem, job: DangerJob, chunks: Chunk[], cancel: Cancel, onDone: (index: number, done: number) => void): Promise<Result<DangerTally>> {
  const total = emptyTally()
  const prepared = prepareFight(system, job.setup, job.settings)
  if (!prepared.ok) return prepared
  for (const chunk of chunks) {
    const runner = chunkRunner(prepared.value, chunk)
    for (let more = chunk.runs > 0; more && !cancel.cancelled; ) {
      const sliceStart = performance.now()
      while (more && performance.now() - sliceStart < SLICE_MS) {
        const r = runner.next()
        if (!r.ok) return r
        more = r.value
      }
      onDone(chunk.index, runner.tally.runs)
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
    addTally(total, runner.tally)
    if (cancel.cancelled) break
  }
  return ok(total)
}

export const newCancel = (): Cancel => ({ cancelled: false, shared: new Int32Array(new SharedArrayBuffer(4)) })

/**
 * Run `runs` fights of a job in the threads (or in this thread when they can't), reporting the total done at most
 * every PROGRESS_MS and once at the end. Also what `npm run bench` measures.
 */
export async function runDanger(
  system: RuleSystem,
  job: DangerJob,
  runs: number,
  seed: string,
  pool: DangerPool | null,
  cancel: Cancel = newCancel(),
  progress: (done: number) => void = () => {},
): Promise<Result<DangerReport>> {
  const chunks = chunksOf(runs, seed)
  const doneOf = new Map<number, number>()
  let lastPush = 0
  const publish = () => {
    let done = 0
    for (const d of doneOf.values()) done += d
    progress(done)
    lastPush = performance.now()
  }
  const onDone = (index: number, done: number) => {
    doneOf.set(index, done)
    if (performance.now() - lastPush >= PROGRESS_MS) publish()
  }
  let outcome: PoolOutcome = pool ? await pool.run({ job, chunks, cancel, onDone }) : null
  if (outcome === null) {
    doneOf.clear()
    outcome = await runInThread(system, job, chunks, cancel, onDone)
  }
  if (!outcome.ok) return outcome
  publish()
  return ok(reportOf(outcome.value, cancel.cancelled))
}

export interface DangerService {
  run(req: { campaignId: string; planId: string; runs: number; seed?: string }): Promise<Result<DangerReport>>
  /** Tune an encounter (danger-tune.ts): the smallest plan edits that reach the target, each simulated `runs` times
   * with the one seed. Progress: plans simulated (`danger:progress`); `plan:dangerCancel` stops it. */
  tune(req: { campaignId: string; planId: string; target: TuneTarget; runs?: number; seed?: string }): Promise<Result<TuneReport>>
  cancel(campaignId: string, planId: string): { cancelled: boolean }
  /** start the threads ahead of a check (the GM is in this campaign's prep: danger-pool.ts), warmed on the plan
   *  (else the campaign's first plan, else its system) */
  warm(campaignId?: string, planId?: string): Promise<void>
  /** end the threads now (they also end by themselves once idle) */
  close(): Promise<void>
}

/** a plan of the campaign as the threads' job: its launch commands and the campaign's system settings */
function planJob(file: CampaignFile, sys: RuleSystem, planId: string): Result<DangerJob> {
  const setup = launchCommands(file, planId, sys)
  return setup.ok ? ok({ systemId: sys.id, setup: setup.value, settings: file.systemSettings }) : setup
}

export function createDangerService(env: ServiceEnv, threads: DangerThreads = { count: defaultDangerThreads(), spawn: spawnDangerWorker }): DangerService {
  const running = new Map<string, Cancel>()
  const pool = createDangerPool(threads)
  const key = (c: string, p: string) => `${c}/${p}`

  const service: DangerService = {
    async run({ campaignId, planId, runs, seed }) {
      const file = await env.store.read(campaignId)
      if (!file.ok) return file
      const sys = getSystem(file.value.systemId)
      if (!sys.ok) return err(sys.error.code, sys.error.message, 'systemId', sys.error.details)
      const job = planJob(file.value, sys.value, planId)
      if (!job.ok) return job
      const k = key(campaignId, planId)
      if (running.has(k)) return refuse('conflict', core.en, 'refusal.core.dangerRunning', {}, { field: 'planId' })
      const cancel = newCancel()
      running.set(k, cancel)
      try {
        return await runDanger(sys.value, job.value, runs, seed ?? env.newSeed(), pool, cancel, (done) => env.publish('danger:progress', { planId, done, total: runs }))
      } finally {
        running.delete(k)
      }
    },

    async tune({ campaignId, planId, target, runs = 300, seed }) {
      const file = await env.store.read(campaignId)
      if (!file.ok) return file
      const sys = getSystem(file.value.systemId)
      if (!sys.ok) return err(sys.error.code, sys.error.message, 'systemId', sys.error.details)
      const plan = file.value.encounters.find((p) => p.id === planId)
      if (!plan) return refuse('not-found', core.en, 'refusal.core.noPlan', {}, { field: 'planId', details: { planId } })
      const k = key(campaignId, planId)
      if (running.has(k)) return refuse('conflict', core.en, 'refusal.core.dangerRunning', {}, { field: 'planId' })
      const cancel = newCancel()
      running.set(k, cancel)
      const s = seed ?? env.newSeed()
      const names = new Map(file.value.library.map((r) => [r.id, r.name]))
      try {
        return await tunePlan(plan.entries, target, {
          // each edited plan in the threads too: they stay started between the small checks (danger-pool.ts)
          evaluate: async (entries) => {
            const edited: CampaignFile = { ...file.value, encounters: file.value.encounters.map((p) => (p.id === planId ? { ...p, entries } : p)) }
            const job = planJob(edited, sys.value, planId)
            return job.ok ? runDanger(sys.value, job.value, runs, s, pool, cancel) : job
          },
          npcs: file.value.library.filter((r) => r.kind === 'npc' && sys.value.createCombatant(r.data).ok).map((r) => ({ id: r.id, name: r.name })),
          nameOf: (id) => names.get(id) ?? id,
          cancelled: () => cancel.cancelled,
          progress: (done, total) => env.publish('danger:progress', { planId, done, total }),
        })
      } finally {
        running.delete(k)
      }
    },

    cancel(campaignId, planId) {
      const c = running.get(key(campaignId, planId))
      if (c) {
        c.cancelled = true
        Atomics.store(c.shared, 0, 1)
      }
      return { cancelled: c !== undefined }
    },

    async warm(campaignId, planId) {
      // a campaign that cannot be read now warms each system a little (its check will say what is wrong)
      const file = campaignId ? await env.store.read(campaignId).catch(() => null) : null
      if (!file?.ok) return pool.warm()
      const sys = getSystem(file.value.systemId)
      const plan = file.value.encounters.find((p) => p.id === planId) ?? file.value.encounters[0]
      const job = sys.ok && plan ? planJob(file.value, sys.value, plan.id) : null
      pool.warm({ systemId: file.value.systemId, plan: job?.ok ? job.value : undefined })
    },
    close: () => pool.close(),
  }
  return service
}
