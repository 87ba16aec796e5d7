/**
 * Light or dark, picked by the GM beside the language (or `auto`: the OS's, the Electron View > Theme menu's),
 * remembered per device. Applied as `data-theme` on <html>; tokens.css turns it into `color-scheme`.
 */
import { ref } from 'vue'

export const THEMES = ['auto', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
const KEY = 'gmc.theme'

function read(): Theme {
  try {
    const v = globalThis.localStorage?.getItem(KEY)
    return v === 'light' || v === 'dark' ? v : 'auto'
  } catch {
    return 'auto'
  }
}

export const theme = ref<Theme>(read())

export function applyTheme(next: Theme = theme.value): void {
  theme.value = next
  const root = globalThis.document?.documentElement
  if (!root) return
  if (next === 'auto') delete root.dataset.theme
  else root.dataset.theme = next
}

export function setTheme(next: Theme): void {
  applyTheme(next)
  try {
    if (next === 'auto') globalThis.localStorage?.removeItem(KEY)
    else globalThis.localStorage?.setItem(KEY, next)
  } catch {
    /* storage may be unavailable */
  }
}
