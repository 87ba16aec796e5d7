/**
 * Worker-thread entry of the danger check (issue 13: the simulation never runs on the main thread). It receives
 * one job (the plan as engine commands) in `workerData`, then chunks of fights as messages, and answers each with
 * its tallies, with progress messages in between. A cancel is a shared flag the parent sets: the worker sees it
 * between two fights, without waiting for a message. The rules are the same functions as play (rules/index.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { getSystem } from '../rules/index'
import { prepareFight, runChunk, type DangerJob } from './danger-simulate'

export interface WorkerInit {
  job: DangerJob
  /** Int32Array over a SharedArrayBuffer: [0] = 1 when the check is cancelled */
  cancel: SharedArrayBuffer
}
export type ToWorker = { type: 'chunk'; index: number; runs: number; seed: string }
export type FromWorker =
  | { type: 'progress'; index: number; done: number }
  | { type: 'done'; index: number; tally: import('./danger-simulate').DangerTally }
  | { type: 'error'; index: number; code: string; message: string; field?: string }

const init = workerData as WorkerInit
const port = parentPort
if (port) {
  const flag = new Int32Array(init.cancel)
  const sys = getSystem(init.job.systemId)
  // the plan is validated and set up once per thread, then every chunk fights from it
  const prepared = sys.ok ? prepareFight(sys.value, init.job.setup, init.job.settings) : null
  port.on('message', (m: ToWorker) => {
    if (!sys.ok || !prepared) {
      port.postMessage({ type: 'error', index: m.index, code: 'unknown-system', message: sys.ok ? 'no system' : sys.error.message } satisfies FromWorker)
      return
    }
    if (!prepared.ok) {
      port.postMessage({ type: 'error', index: m.index, code: prepared.error.code, message: prepared.error.message, field: prepared.error.field } satisfies FromWorker)
      return
    }
    const r = runChunk(prepared.value, m, {
      stop: () => Atomics.load(flag, 0) === 1,
      progress: (done) => port.postMessage({ type: 'progress', index: m.index, done } satisfies FromWorker),
    })
    port.postMessage(
      (r.ok
        ? { type: 'done', index: m.index, tally: r.value }
        : { type: 'error', index: m.index, code: r.error.code, message: r.error.message, field: r.error.field }) satisfies FromWorker,
    )
  })
}
