/**
 * The encounter log a renderer holds (issue 13): a pushed view carries only the newest window of the log, its total
 * and the older entries whose status the change set; the log pane pages older entries in through `encounter:log`.
 * What is held is one run of entries ending at the newest: `entries[i]` is the log's entry at index
 * `total - entries.length + i` (a log only grows, so an index names one entry for the encounter's life).
 */
import type { LogEntry } from '@shared/domain/encounter'
import type { GmEncounterView, LogPage } from '@shared/views/encounter-views'
import { reconcile } from './reconcile'

export interface HeldLog {
  entries: LogEntry[]
  total: number
}

/** entries pushes alone leave held (paged-in ones are kept whatever their number) */
export const LOG_KEEP = 1000
const LOG_TRIM = 200

const startOf = (h: HeldLog) => h.total - h.entries.length

/** index of the entry with this seq in a seq-ordered run, or -1 */
function indexOfSeq(log: readonly LogEntry[], seq: number): number {
  let lo = 0
  let hi = log.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (log[mid].seq === seq) return mid
    if (log[mid].seq < seq) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/**
 * `held` after the view `v` (pushed, or the answer to a command): the held entries before its window (their statuses
 * patched from `logChanged`), then the window. An entry equal to the one held at its index stays the same object
 * (the pane skips its row). A window that does not reach the held run (more new entries than a window) starts over
 * from the window. `floor`: the lowest index the GM paged in (kept); older pushed-in entries beyond `LOG_KEEP` go.
 */
export function mergeWindow(held: HeldLog | undefined, v: Pick<GmEncounterView, 'log' | 'logTotal' | 'logChanged'>, floor = Infinity): HeldLog {
  const total = v.logTotal ?? v.log.length
  const start = total - v.log.length
  if (!held || start > held.total || total < held.total) return { entries: v.log, total }
  const hStart = startOf(held)
  let same = total === held.total && start >= hStart && !v.logChanged?.length
  const window = v.log.map((e, i) => {
    const at = start + i - hStart
    const r = at >= 0 && at < held.entries.length ? reconcile(held.entries[at], e) : e
    if (r !== held.entries[at]) same = false
    return r
  })
  if (same) return held
  // trimmed in steps (LOG_TRIM at a time), so most pushes keep the held run's start and its rows line up
  const from = total - hStart > LOG_KEEP + LOG_TRIM ? Math.max(hStart, Math.min(floor, total - LOG_KEEP)) : hStart
  const kept = held.entries.slice(Math.min(from, start) - hStart, Math.max(0, start - hStart))
  for (const c of v.logChanged ?? []) {
    const i = indexOfSeq(kept, c.seq)
    if (i >= 0) kept[i] = c
  }
  return { entries: kept.length ? kept.concat(window) : window, total }
}

/** `held` with an older page put in front (ignored unless it ends where the held run starts) */
export function prependPage(held: HeldLog, page: LogPage): HeldLog {
  const hStart = startOf(held)
  if (page.start + page.entries.length !== hStart || page.entries.length === 0) return held
  return { entries: page.entries.concat(held.entries), total: held.total }
}

/** the index the next older page ends before (0: nothing older) */
export const olderBefore = (held: HeldLog): number => startOf(held)
