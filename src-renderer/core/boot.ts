/**
 * Mounts one window: Pinia, vue-i18n, the design tokens and the bridge. Before the first render every rule system's
 * messages are registered (`describeAll`), so a reload of any window (console, pop-out board, player page) draws its
 * log exactly as before, never as raw `Hit (attacker: …)` text (issue 27).
 */
import { createApp, type Component } from 'vue'
import { createPinia } from 'pinia'
import type { GmBridge } from '@shared/ipc/bridge-api'
import { initialLocale, makeI18n, rememberLocale } from '../i18n'
import { useSystemsStore } from '../stores/systems'
import { useBridge } from '../stores/connection'
import { applyTheme } from '../components/theme'
import '../styles/tokens.css'
import '../styles/base.css'

/** how long a window waits for the systems' messages before it renders all the same (main not answering) */
export const BOOT_MESSAGES_MS = 5000

export async function mountWindow(root: Component, bridge: GmBridge | undefined, props: Record<string, unknown> = {}) {
  applyTheme()
  const locale = initialLocale()
  const i18n = makeI18n(locale)
  rememberLocale(locale)
  if (!bridge) {
    const el = document.getElementById('app')
    if (el) el.textContent = 'GM Console: the bridge to the main process is missing (window.gm).'
    return null
  }
  useBridge(bridge)
  const app = createApp(root, props)
  const pinia = createPinia()
  app.use(pinia)
  app.use(i18n)
  let waited: ReturnType<typeof setTimeout> | undefined
  await Promise.race([useSystemsStore(pinia).describeAll(), new Promise<void>((done) => (waited = setTimeout(done, BOOT_MESSAGES_MS)))])
  clearTimeout(waited)
  app.mount('#app')
  return app
}
