/** Denies every navigation away from the loaded page, every window.open and every <webview>. */
import type { Logger } from '../ipc/log'
import type { WebContentsLike } from './electron-like'

export function guardNavigation(contents: WebContentsLike, log: Logger): void {
  const deny = (what: string) => (event: { preventDefault(): void }, url: string) => {
    event.preventDefault()
    log.warn(`windows: denied ${what} to ${String(url).slice(0, 120)}`)
  }
  contents.on('will-navigate', deny('navigation'))
  contents.on('will-redirect', deny('redirect'))
  contents.on('will-attach-webview', (event: { preventDefault(): void }) => {
    event.preventDefault()
    log.warn('windows: denied a <webview>')
  })
  contents.setWindowOpenHandler(({ url }) => {
    log.warn(`windows: denied window.open of ${String(url).slice(0, 120)}`)
    return { action: 'deny' }
  })
}
