/**
 * Worker-thread entry of the danger check (issue 13: the simulation never runs on the main thread). A thread of
 * the pool (danger-pool.ts) lives across checks: it is told a job (the plan as engine commands, validated and set
 * up once here), then chunks of that job's fights as messages, and answers each with its tallies, with progress
 * messages in between. A cancel is a shared flag of the job the parent sets: the thread sees it between two
 * fights, without waiting for a message. The rules are the same functions as play (rules/index.ts). The pool lowers
 * each thread's priority as it starts it, before this module (and the rules) load (danger-threads.ts).
 */
import { parentPort } from 'node:worker_threads'
import { lowerThisThread } from './thread-priority'
import type { Result } from '@shared/result'
import { getSystem, listSystems } from '../../rules/index'
import type { EngineCommand } from '@shared/domain/encounter'
import { prepareFight, runChunk, type DangerJob, type DangerTally, type PreparedFight } from '../../rules/danger/danger-simulate'

export type ToWorker =
  /** a new job: its plan, and an Int32Array's SharedArrayBuffer whose [0] is 1 once the job is cancelled */
  | { type: 'job'; job: number; plan: DangerJob; cancel: SharedArrayBuffer }
  | { type: 'chunk'; job: number; index: number; runs: number; seed: string }
  /** the job is over: forget its prepared plan */
  | { type: 'end'; job: number }
  /** fight a little before any job, so the rules' hot paths are compiled by the GM's first check */
  | { type: 'warmUp'; systemId?: string; plan?: DangerJob }
export type FromWorker =
  | { type: 'progress'; job: number; index: number; done: number }
  | { type: 'done'; job: number; index: number; tally: DangerTally }
  | { type: 'error'; job: number; index: number; code: string; message: string; field?: string }

interface JobHere {
  prepared: Result<PreparedFight> | { ok: false; error: { code: 'unknown-system'; message: string; field?: undefined } }
  flag: Int32Array
}

/**
 * Fights nothing is kept of: V8 compiles the engine's and the system's hot paths during them, which otherwise costs
 * the GM's first check about a second. Sent by the pool when it is warmed (the GM is in prep), not before a check
 * (its own fights warm it then). With a plan of the campaign: that plan's fights (250, about 0.3 s of one thread),
 * the very code its check runs. With the campaign's system only: that system's template blocks, two against four.
 * Else each system a little, two a side.
 */
export function warmUp({ plan, systemId = plan?.systemId }: { systemId?: string; plan?: DangerJob } = {}, runs = systemId ? WARM_RUNS_ONE : WARM_RUNS_EACH): number {
  if (plan) {
    const sys = getSystem(plan.systemId)
    const p = sys.ok ? prepareFight(sys.value, plan.setup, plan.settings) : null
    if (p?.ok) {
      const r = runChunk(p.value, { runs, seed: 'warm-up' })
      return r.ok ? r.value.runs : 0
    }
    // a plan that cannot fight (its check will say why): its system's templates instead
  }
  let fought = 0
  const ids = systemId ? [systemId] : listSystems()
  for (const id of ids) {
    const sys = getSystem(id)
    if (!sys.ok) continue
    const t = sys.value.statBlockTemplates
    const setup = [
      { type: 'addCombatant', statBlock: t.pc('Warm-up A'), side: 'party', role: 'pc', count: 2 },
      { type: 'addCombatant', statBlock: t.npc('Warm-up B'), side: 'enemies', role: 'npc', count: systemId ? 4 : 2 },
    ] as EngineCommand[]
    const p = prepareFight(sys.value, setup)
    if (!p.ok) continue
    const r = runChunk(p.value, { runs, seed: 'warm-up' })
    if (r.ok) fought += r.value.runs
  }
  return fought
}
const WARM_RUNS_ONE = 250
const WARM_RUNS_EACH = 25

const port = parentPort
if (port) {
  lowerThisThread()
  const jobs = new Map<number, JobHere>()
  port.on('message', (m: ToWorker) => {
    if (m.type === 'warmUp') {
      warmUp(m)
      return
    }
    if (m.type === 'job') {
      const sys = getSystem(m.plan.systemId)
      // the plan is validated and set up once per thread and job, then every chunk fights from it
      jobs.set(m.job, {
        prepared: sys.ok ? prepareFight(sys.value, m.plan.setup, m.plan.settings) : { ok: false, error: { code: 'unknown-system', message: sys.error.message } },
        flag: new Int32Array(m.cancel),
      })
      return
    }
    if (m.type === 'end') {
      jobs.delete(m.job)
      return
    }
    const here = jobs.get(m.job)
    if (!here || !here.prepared.ok) {
      const e = here && !here.prepared.ok ? here.prepared.error : { code: 'internal', message: `no job ${m.job} in this thread`, field: undefined }
      port.postMessage({ type: 'error', job: m.job, index: m.index, code: e.code, message: e.message, field: e.field } satisfies FromWorker)
      return
    }
    const r = runChunk(here.prepared.value, m, {
      stop: () => Atomics.load(here.flag, 0) === 1,
      progress: (done) => port.postMessage({ type: 'progress', job: m.job, index: m.index, done } satisfies FromWorker),
    })
    port.postMessage(
      (r.ok
        ? { type: 'done', job: m.job, index: m.index, tally: r.value }
        : { type: 'error', job: m.job, index: m.index, code: r.error.code, message: r.error.message, field: r.error.field }) satisfies FromWorker,
    )
  })
}
