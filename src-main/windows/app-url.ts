/** Which URLs are the app's own pages: the dev server's origin, or files inside the built renderer folder. */
import { resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export type PageName = 'console' | 'player' | 'board'

export interface AppPages {
  url(page: PageName, query?: Record<string, string>): string
  isAppUrl(url: string): boolean
}

export function appPages(opts: { devServerUrl?: string; rendererDir: string }): AppPages {
  const rendererDir = resolve(opts.rendererDir)
  const devOrigin = opts.devServerUrl ? new URL(opts.devServerUrl).origin : null
  return {
    url(page, query = {}) {
      const u = devOrigin ? new URL(`/${page}.html`, opts.devServerUrl) : pathToFileURL(resolve(rendererDir, `${page}.html`))
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
      if (u.protocol !== 'file:') return false
      const file = resolve(fileURLToPath(u))
      return file.startsWith(rendererDir + sep) && file.endsWith('.html')
    },
  }
}
