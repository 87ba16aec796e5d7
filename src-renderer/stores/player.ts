/** The redacted player board view, as main pushes it (`player:view`). Used by the player window and the GM preview. */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { PlayerBoardView } from '@shared/views/campaign-views'
import type { AppError } from '@shared/result'
import { call, listen } from '../core/bridge'
import { reconcile } from './reconcile'

const SCALE_KEY = 'gmc.playerFontScale'

export const usePlayerStore = defineStore('player', () => {
  // replaced on every push, unchanged rows keep their identity (see reconcile)
  const view = shallowRef<PlayerBoardView | null>(null)
  const error = ref<AppError | null>(null)
  const fontScale = ref(readScale())
  let unsub: (() => void) | null = null

  function start() {
    unsub?.()
    unsub = listen('player:view', (v) => (view.value = reconcile(view.value, v)))
  }
  async function load() {
    const r = await call('player:view', {})
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
  return { view, error, fontScale, start, load, setScale }
})

function readScale(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(SCALE_KEY))
    return v >= 0.75 && v <= 2.5 ? v : 1
  } catch {
    return 1
  }
}
