/**
 * The redacted player board view, as main pushes it (`player:view`). Used by the player window (`start`, always)
 * and the GM preview, which `follow`s it only while it is in sight: a preview scrolled away under a long turn track
 * takes no pushes, so a next turn on a big board renders nothing for it (issue 13).
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { PlayerBoardView } from '@shared/views/campaign-views'
import type { AppError } from '@shared/result'
import { call, listen } from '../bridge/call'
import { reconcile } from './reconcile'
import { immediate, type PushSchedule } from './push-schedule'

const SCALE_KEY = 'gmc.playerFontScale'

export const usePlayerStore = defineStore('player', () => {
  // replaced on every push, unchanged rows keep their identity (see reconcile)
  const view = shallowRef<PlayerBoardView | null>(null)
  const error = ref<AppError | null>(null)
  const fontScale = ref(readScale())
  let unsub: (() => void) | null = null
  // the pushes' schedule: at once, or in the page's next frame (the phone, with its character store; push-schedule.ts)
  let schedule: PushSchedule = immediate
  let subs = 0

  function start(when: PushSchedule = immediate) {
    unsub?.()
    schedule = when
    const sub = ++subs
    unsub = listen('player:view', (v) => when(() => {
      if (sub === subs) view.value = reconcile(view.value, v)
    }), () => {
      // a push of the board was lost (a dropped delta): asked for again, the next change may be long
      if (sub === subs) void load()
    })
  }
  function stop() {
    unsub?.()
    unsub = null
    subs++
  }
  let followers = 0
  /** follow the view while the returned function is not called: the first follower subscribes and loads the view
   *  as it is now, the last one to leave unsubscribes (the view kept, stale, until the next follow loads it) */
  function follow(): () => void {
    if (followers++ === 0) {
      start()
      void load()
    }
    let left = false
    return () => {
      if (left) return
      left = true
      if (--followers === 0) stop()
    }
  }
  /** after a lost connection: load again what is followed (nothing when nobody looks) */
  function refresh() {
    if (unsub) void load()
  }
  async function load() {
    const r = await call('player:view', {})
    // pushes that came before this answer are older than it
    schedule.flush()
    if (r.ok) view.value = reconcile(view.value, r.value)
    else error.value = r.error
    return r
  }
  function setScale(s: number) {
    fontScale.value = Math.min(2.5, Math.max(0.75, Math.round(s * 100) / 100))
    try {
      globalThis.localStorage?.setItem(SCALE_KEY, String(fontScale.value))
    } catch {
      /* ignore */
    }
  }
  return { view, error, fontScale, start, stop, follow, refresh, load, setScale }
})

function readScale(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(SCALE_KEY))
    return v >= 0.75 && v <= 2.5 ? v : 1
  } catch {
    return 1
  }
}
