/**
 * When a store applies the views main pushes. By default at once (the TV, the console: one push per action). A page
 * that gets several pushes for one action (a player's phone: `player:view`, then its own `character:view`, two
 * socket messages, two tasks) gives its stores one frame schedule: each push is queued and all of them are applied,
 * in the order they came, just before the next frame, so the page renders once per action instead of once per push
 * (issue 29, the phone bench: 1.7–1.8 frames per action before).
 */
export interface PushSchedule {
  /** apply this push now or before the next frame (in arrival order with the others) */
  (apply: () => void): void
  /** apply what is queued now (a store about to set a newer value, e.g. a load's answer, calls it first) */
  flush(): void
}

/** every push at once */
export const immediate: PushSchedule = Object.assign((apply: () => void) => apply(), { flush: () => undefined })

/** fallback when no frame comes (a page hidden: the browser runs no animation frames for it) */
const HIDDEN_MS = 250

export interface FrameSchedule extends PushSchedule {
  /**
   * The same schedule for a push that another one follows (the phone's board: main sends the phones' own views
   * after each board push, player-board.ts `onSend`, a few ms later, often in a later frame): its frame waits for the
   * next push, at most `ms`, so the two are drawn in one frame.
   */
  followedWithin(ms: number): PushSchedule
}

/**
 * Pushes applied together in the page's next animation frame (before its style and layout), none dropped, the
 * newest last. A hidden page (a phone asleep, another tab) draws no frames: its pushes are applied by a timer, so
 * its stores (and the turn alert) still follow.
 */
export function frameSchedule(win: Pick<typeof globalThis, 'requestAnimationFrame' | 'cancelAnimationFrame' | 'setTimeout' | 'clearTimeout'> = globalThis): FrameSchedule {
  let queue: Array<() => void> = []
  let frame: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  /** a push waits for the one that follows it (followedWithin) */
  let holding: ReturnType<typeof setTimeout> | null = null
  const cancel = () => {
    if (frame !== null) win.cancelAnimationFrame(frame)
    if (timer !== null) win.clearTimeout(timer)
    if (holding !== null) win.clearTimeout(holding)
    frame = timer = holding = null
  }
  const flush = () => {
    cancel()
    const todo = queue
    queue = []
    for (const apply of todo) apply()
  }
  const request = () => {
    if (frame !== null || timer !== null) return
    if (typeof win.requestAnimationFrame !== 'function') return flush()
    frame = win.requestAnimationFrame(flush)
    timer = win.setTimeout(flush, HIDDEN_MS)
  }
  const schedule = (apply: () => void) => {
    queue.push(apply)
    if (holding !== null) {
      win.clearTimeout(holding)
      holding = null
    }
    request()
  }
  const followedWithin = (ms: number): PushSchedule =>
    Object.assign(
      (apply: () => void) => {
        queue.push(apply)
        // a wait under way is not made longer (pushes that keep coming are drawn at least every `ms`)
        if (holding !== null) return
        // no frame for it alone: the push that follows asks for one, or the wait ends
        cancel()
        holding = win.setTimeout(() => {
          holding = null
          request()
        }, ms)
      },
      { flush },
    )
  return Object.assign(schedule, { flush, followedWithin })
}
