/**
 * Which URLs are the app's own pages: the dev server's origin, or pages of the built renderer served by the
 * privileged `app://gm/` protocol (src-main/windows/app-protocol.ts). Never `file://`.
 */
import { APP_ORIGIN, APP_SCHEME } from './app-protocol'

export type PageName = 'console' | 'player' | 'board'

export interface AppPages {
  url(page: PageName, query?: Record<string, string>): string
  isAppUrl(url: string): boolean
}

export function appPages(opts: { devServerUrl?: string }): AppPages {
  const devOrigin = opts.devServerUrl ? new URL(opts.devServerUrl).origin : null
  return {
    url(page, query = {}) {
      const u = new URL(`/${page}.html`, devOrigin ?? APP_ORIGIN)
      for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
      return u.toString()
    },
    isAppUrl(url) {
      let u: URL
      try {
        u = new URL(url)
      } catch {
        return false
      }
      if (devOrigin) return u.origin === devOrigin
      return u.protocol === `${APP_SCHEME}:` && u.host === new URL(APP_ORIGIN).host && /^\/[a-z]+\.html$/.test(u.pathname)
    },
  }
}
