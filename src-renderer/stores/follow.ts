/**
 * A topic followed while someone looks (issue 29: the player links, the players' requests): the first follower
 * subscribes and loads what is there now, the last one to leave unsubscribes; `refresh` loads again what is
 * followed (after a lost connection), nothing when nobody looks.
 */
import type { PushContract, PushTopic } from '@shared/ipc/contract'
import { listen } from '../bridge/call'

export function followTopic<T extends PushTopic>(topic: T, onPush: (payload: PushContract[T]) => void, load: () => unknown) {
  let unsub: (() => void) | null = null
  let followers = 0
  /** follow while the returned function is not called */
  function follow(): () => void {
    if (followers++ === 0) {
      unsub = listen(topic, onPush)
      void load()
    }
    let left = false
    return () => {
      if (left) return
      left = true
      if (--followers === 0) {
        unsub?.()
        unsub = null
      }
    }
  }
  function refresh() {
    if (unsub) void load()
  }
  return { follow, refresh }
}
