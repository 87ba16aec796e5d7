/** Mounts one window: Pinia, vue-i18n, the design tokens and the bridge. */
import { createApp, type Component } from 'vue'
import { createPinia } from 'pinia'
import type { GmBridge } from '@shared/ipc/bridge-api'
import { initialLocale, makeI18n, rememberLocale } from '../i18n'
import { setBridge } from './bridge'
import { applyTheme } from './theme'
import '../styles/tokens.css'
import '../styles/base.css'

export function mountWindow(root: Component, bridge: GmBridge | undefined, props: Record<string, unknown> = {}) {
  applyTheme()
  const locale = initialLocale()
  const i18n = makeI18n(locale)
  rememberLocale(locale)
  if (!bridge) {
    const el = document.getElementById('app')
    if (el) el.textContent = 'GM Console: the bridge to the main process is missing (window.gm).'
    return null
  }
  setBridge(bridge)
  const app = createApp(root, props)
  app.use(createPinia())
  app.use(i18n)
  app.mount('#app')
  return app
}
