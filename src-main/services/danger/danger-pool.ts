/**
 * The danger check's threads, kept between checks (issue 13). Starting a thread costs a few hundred ms here (it
 * loads the rules and their schemas), about a sixth of a 10,000-fight check on two cores, and a tuning run asks
 * for dozens of small checks in a row: so the threads start once, on the first check or when warmed, and stay
 * until the checks have been idle for a while (then they end, giving their memory back).
 *
 * Several checks may run at once (two plans): their chunks share the threads, first come first served, and each
 * thread holds the prepared plan of each job it has worked on until the job ends. Idle threads never keep the
 * process alive; a running check does. A thread that cannot start, or dies before a job has any result, leaves that
 * job to the caller's fallback (`null`: run it in this thread); after results, the job fails with a clear error.
 */
import type { Worker } from 'node:worker_threads'
import { err, ok, type Result } from '@shared/result'
import { addTally, emptyTally, type chunksOf, type DangerJob, type DangerTally } from '../../rules/danger/danger-simulate'
import type { SpawnDangerWorker } from './danger-threads'
import type { FromWorker, ToWorker } from './danger-worker'

type Chunk = ReturnType<typeof chunksOf>[number]
/** the outcome of the threads: the tallies, or null when they could not do the job (fall back to this thread) */
export type PoolOutcome = Result<DangerTally> | null

export interface PoolRun {
  job: DangerJob
  chunks: Chunk[]
  /** the job's cancel flag ([0] = 1 once cancelled) and its plain mirror */
  cancel: { cancelled: boolean; shared: Int32Array }
  /** a chunk's fights done so far */
  onDone(index: number, done: number): void
}

export interface DangerPool {
  run(r: PoolRun): Promise<PoolOutcome>
  /** start the threads now, so the next check does not wait for them; meanwhile they fight a little of `plan` (else
   *  of `systemId`'s templates, else of each system), so the check finds the rules compiled (danger-worker.ts) */
  warm(what?: { systemId?: string; plan?: DangerJob }): void
  /** end the threads (a running job falls back or fails as when a thread dies) */
  close(): Promise<void>
  /** threads started over the pool's life (tests and the bench) */
  readonly started: number
  /** threads alive now */
  readonly alive: number
}

interface Live {
  id: number
  r: PoolRun
  queue: Chunk[]
  busy: number
  total: DangerTally
  anyDone: boolean
  resolve(o: PoolOutcome): void
}

interface Slot {
  w: Worker
  /** the job of the chunk it works on now, or null when free */
  on: number | null
  /** the jobs whose plan it holds */
  knows: Set<number>
}

/**
 * How long the threads stay without a check or a warm-up (ms). A GM reads and edits a plan for many minutes between
 * two checks, and a check that has to start its threads again takes about a second longer (3.2–3.5 s against 2.2 s
 * for 10,000 Saga fights here: bench/danger.bench.ts). Two warmed threads hold about 90 MB (measured here).
 */
export const DANGER_IDLE_MS = 20 * 60_000

const post = (s: Slot, m: ToWorker) => s.w.postMessage(m)

/** keep the process alive while a check runs, not while the threads wait for one */
function holdProcess(slots: readonly Slot[], hold: boolean): void {
  for (const s of slots) {
    if (hold) s.w.ref()
    else s.w.unref()
  }
}

export function createDangerPool(opts: { count: number; spawn: SpawnDangerWorker; idleMs?: number }): DangerPool {
  const idleMs = opts.idleMs ?? DANGER_IDLE_MS
  const slots: Slot[] = []
  const live = new Map<number, Live>()
  let nextId = 1
  let started = 0
  let idleTimer: ReturnType<typeof setTimeout> | null = null

  function finish(l: Live, outcome: PoolOutcome): void {
    if (!live.delete(l.id)) return
    if (live.size === 0) holdProcess(slots, false)
    for (const s of slots) {
      if (s.knows.delete(l.id)) post(s, { type: 'end', job: l.id })
    }
    l.resolve(outcome)
    scheduleIdle()
  }

  function scheduleIdle(): void {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    if (live.size > 0 || slots.length === 0) return
    idleTimer = setTimeout(() => void closeAll(), idleMs)
    idleTimer.unref?.()
  }

  function dispatch(): void {
    for (const s of slots) {
      if (s.on !== null) continue
      const l = [...live.values()].find((x) => x.queue.length > 0 && !x.r.cancel.cancelled)
      if (!l) break
      const c = l.queue.shift()!
      if (!s.knows.has(l.id)) {
        s.knows.add(l.id)
        post(s, { type: 'job', job: l.id, plan: l.r.job, cancel: l.r.cancel.shared.buffer as SharedArrayBuffer })
      }
      s.on = l.id
      l.busy++
      post(s, { type: 'chunk', job: l.id, index: c.index, runs: c.runs, seed: c.seed })
    }
    // a job with nothing queued (or cancelled) and nothing in flight is done
    for (const l of [...live.values()]) {
      if ((l.queue.length === 0 || l.r.cancel.cancelled) && l.busy === 0) finish(l, ok(l.total))
    }
  }

  function lose(s: Slot, why: string): void {
    const at = slots.indexOf(s)
    if (at < 0) return
    slots.splice(at, 1)
    void s.w.terminate()
    const l = s.on !== null ? live.get(s.on) : undefined
    if (l) finish(l, l.anyDone ? err('internal', `a danger check thread failed: ${why}`) : null)
    // the other jobs go on in the threads left; with none left, they fall back or fail the same way
    if (slots.length === 0) for (const other of [...live.values()]) finish(other, other.anyDone ? err('internal', `a danger check thread failed: ${why}`) : null)
    else dispatch()
  }

  function spawnOne(): boolean {
    let w: Worker
    try {
      w = opts.spawn()
    } catch {
      return false
    }
    started++
    const s: Slot = { w, on: null, knows: new Set() }
    slots.push(s)
    w.on('message', (m: FromWorker) => {
      const l = live.get(m.job)
      if (m.type === 'progress') {
        l?.r.onDone(m.index, m.done)
        return
      }
      if (s.on === m.job) s.on = null
      if (!l) {
        // a chunk of a job already over (failed, or a thread of it died): the thread is free again
        dispatch()
        return
      }
      l.busy--
      if (m.type === 'done') {
        l.anyDone = true
        addTally(l.total, m.tally)
        l.r.onDone(m.index, m.tally.runs)
      } else finish(l, m.code === 'unknown-system' && !l.anyDone ? null : err(m.code as 'internal', m.message, m.field))
      dispatch()
    })
    // a thread that fails to load, or dies
    w.on('error', (e) => lose(s, e.message))
    w.on('exit', (code) => lose(s, `it stopped (exit code ${code})`))
    // idle threads never keep the process alive (a server shutting down, a script that warmed them just ends); a
    // running check does (a script awaiting it gets its report). After the listeners: a 'message' listener refs the
    // thread's port again (Node), and an unref before it kept every process that had warmed the threads (the memory
    // harness, a script) running until the pool's idle timer closed them
    if (live.size === 0) w.unref()
    return true
  }

  /** start threads up to the count; false when none could start */
  function fill(): boolean {
    while (slots.length < opts.count) if (!spawnOne()) break
    return slots.length > 0
  }

  async function closeAll(): Promise<void> {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    const all = slots.splice(0)
    for (const l of [...live.values()]) finish(l, l.anyDone ? err('internal', 'the danger check threads were closed') : null)
    await Promise.all(all.map((s) => s.w.terminate()))
  }

  return {
    run(r) {
      if (idleTimer) clearTimeout(idleTimer)
      idleTimer = null
      if (opts.count <= 0 || !fill()) return Promise.resolve(null)
      return new Promise<PoolOutcome>((resolve) => {
        const l: Live = { id: nextId++, r, queue: [...r.chunks], busy: 0, total: emptyTally(), anyDone: false, resolve }
        live.set(l.id, l)
        holdProcess(slots, true)
        dispatch()
      })
    },
    warm(what = {}) {
      if (opts.count <= 0) return
      const before = slots.length
      if (!fill()) return
      // the threads just started fight a little, so the first check finds the rules compiled (danger-worker.ts)
      for (const s of slots.slice(before)) post(s, { type: 'warmUp', ...what })
      scheduleIdle()
    },
    close: closeAll,
    get started() {
      return started
    },
    get alive() {
      return slots.length
    },
  }
}
