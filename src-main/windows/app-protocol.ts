/**
 * The renderer's own scheme: `app://gm/<file>` serves the built renderer folder instead of `file://` (Electron
 * security checklist #18). Registered privileged (standard, secure) before `ready`, answered by `protocol.handle`:
 * GET/HEAD only, files inside the renderer folder only (traversal and encoded tricks refused), a MIME type per
 * extension, and the pages' CSP and nosniff as response headers.
 */
import { readFile, stat } from 'node:fs/promises'
import { pageCsp } from '../web/csp'
import { contentType, resolveStatic } from '../web/static-files'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://gm`

/** for `protocol.registerSchemesAsPrivileged`, which must run before the app is ready */
export const APP_SCHEME_PRIVILEGES = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
] as const

export interface ProtocolRequestLike {
  url: string
  method: string
}

const answer = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })

/** The `protocol.handle(APP_SCHEME, …)` handler for the built renderer in `rendererDir`. */
export function appProtocolHandler(rendererDir: string): (request: ProtocolRequestLike) => Promise<Response> {
  const host = new URL(APP_ORIGIN).host
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method not allowed')
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return answer(400, 'bad url')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== host) return answer(404, 'not found')
    const file = resolveStatic(rendererDir, url.pathname)
    if (!file) return answer(404, 'not found')
    try {
      const info = await stat(file)
      if (!info.isFile()) return answer(404, 'not found')
      const body = request.method === 'HEAD' ? null : await readFile(file)
      const headers: Record<string, string> = { 'Content-Type': contentType(file), 'X-Content-Type-Options': 'nosniff', 'Content-Length': String(info.size) }
      if (file.endsWith('.html')) headers['Content-Security-Policy'] = pageCsp()
      return new Response(body, { status: 200, headers })
    } catch {
      return answer(404, 'not found')
    }
  }
}
