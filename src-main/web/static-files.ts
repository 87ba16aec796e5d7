/** Resolving and typing files of the built renderer (`out/renderer`) without leaving that folder. */
import { resolve, sep, extname } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
}

export const contentType = (path: string): string => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'

/** The absolute file for a URL path inside `root`, or null when it would escape it or is malformed. */
export function resolveStatic(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const base = resolve(root)
  const file = resolve(base, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded))
  return file.startsWith(base + sep) ? file : null
}
