/** Threads' scheduling priority (issue 13: the danger check's threads never stall the main thread). */
import { readdirSync, readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/** this process's thread ids (Linux: /proc/self/task; elsewhere, or unreadable: none) */
export function threadIds(): Set<number> {
  if (process.platform !== 'linux') return new Set()
  try {
    return new Set(readdirSync('/proc/self/task').map(Number).filter((t) => Number.isInteger(t) && t > 0))
  } catch {
    return new Set()
  }
}

/**
 * Linux: lower one thread of this process to nice 10. `setPriority` on a thread id changes that thread alone on
 * Linux; elsewhere it would change the whole process, so it is not done there. Never the main thread (its id is
 * the process id: that would lower the whole app). False when nothing was changed.
 */
export function lowerThread(tid: number): boolean {
  if (process.platform !== 'linux' || !Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false
  try {
    if (getPriority(tid) >= 10) return false
    setPriority(tid, 10)
    return true
  } catch {
    // gone, or not allowed: it runs at the priority it has
    return false
  }
}

/**
 * The danger check's threads run at nice 10. They take every core, so without it the main thread (and the app's
 * windows) wait for a time slice whenever they wake; lowered, they get a core at once and the threads only use what
 * is left (issue 13: the event loop never stalls meanwhile). The pool lowers each thread as it starts it
 * (danger-threads.ts); a thread also lowers itself as the worker loads, in case that could not be done.
 */
export function lowerThisThread(): boolean {
  if (process.platform !== 'linux') return false
  try {
    return lowerThread(Number(readlinkSync('/proc/thread-self').split('/').pop()))
  } catch {
    return false
  }
}

/**
 * Node (browser mode's server; not Electron): the process's other threads lowered to nice 10 as well, all but the
 * main thread. They are V8's platform threads, which compile and collect garbage for every isolate of the process,
 * the danger threads' included, and libuv's pool. At normal priority they ran the danger threads' compiler and
 * collector work ahead of the main thread: measured with the check's threads alone lowered, the main thread stalled
 * 21–28 ms in half the bench's checks, and at most 18 ms with these lowered too (bench/danger.bench.ts). The main
 * isolate's own background compiling and marking then also run at nice 10; its thread does the work itself when
 * they are late. In Electron the main process is Chromium's browser process, whose other threads (IO, compositor)
 * serve every window: left as they are. Not undone: a process may lower a thread, but raising it again needs
 * privileges. Returns how many threads were lowered.
 */
export function lowerHelperThreads(inElectron = !!process.versions.electron): number {
  if (inElectron || process.platform !== 'linux') return 0
  let n = 0
  for (const tid of threadIds()) if (lowerThread(tid)) n++
  return n
}
