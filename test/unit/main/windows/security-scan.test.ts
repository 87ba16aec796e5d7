// A static scan of the Electron configuration in the sources (in the spirit of electronegativity): no window is
// created outside the window manager, no webPreferences weaken the sandbox, no raw ipcRenderer reaches a page.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CSP_DIRECTIVES } from '../../../../src-main/web/csp'

const root = join(import.meta.dirname, '..', '..', '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.(ts|vue|html)$/.test(name) ? [p] : []
  })
}

const files = ['src-main', 'src-renderer', 'src-shared'].flatMap((d) => sources(join(root, d))).map((p) => ({ path: relative(root, p).replaceAll('\\', '/'), text: readFileSync(p, 'utf8') }))

describe('Electron configuration scan', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it.each([
    [/nodeIntegration(InWorker|InSubFrames)?\s*:\s*true/, 'nodeIntegration on'],
    [/contextIsolation\s*:\s*false/, 'contextIsolation off'],
    [/sandbox\s*:\s*false/, 'sandbox off'],
    [/webSecurity\s*:\s*false/, 'webSecurity off'],
    [/allowRunningInsecureContent\s*:\s*true/, 'insecure content allowed'],
    [/webviewTag\s*:\s*true/, '<webview> enabled'],
    [/enableRemoteModule|@electron\/remote/, 'the remote module'],
    [/experimentalFeatures\s*:\s*true/, 'experimental features'],
    [/shell\.openExternal\(/, 'openExternal (needs a vetted URL check first)'],
  ])('no source has %s (%s)', (pattern) => {
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.path)).toEqual([])
  })

  it('creates windows in one place, with the hardened preferences as a literal at the call', () => {
    const creators = files.filter((f) => /new BrowserWindow\(/.test(f.text)).map((f) => f.path)
    expect(creators).toEqual(['src-main/windows/hardened-window.ts'])
    const text = files.find((f) => f.path === 'src-main/windows/hardened-window.ts')!.text
    expect(text.match(/new BrowserWindow\(/g)).toHaveLength(1)
    const prefs = /webPreferences: \{([^}]*)\}/.exec(text)?.[1] ?? ''
    for (const setting of ['sandbox: true', 'contextIsolation: true', 'nodeIntegration: false', 'webSecurity: true', 'webviewTag: false', "disableBlinkFeatures: 'Auxclick'", 'devTools: opts.devTools']) expect(prefs).toContain(setting)
  })

  it('loads pages from app://, never file://', () => {
    expect(files.filter((f) => f.path.startsWith('src-main/') && /pathToFileURL|loadFile\(|['"]file:\/\//.test(f.text)).map((f) => f.path)).toEqual([])
  })

  it('exposes only window.gm from the preload, never ipcRenderer itself', () => {
    const preload = files.find((f) => f.path === 'src-main/preload/index.ts')!.text
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1)
    expect(preload).toMatch(/exposeInMainWorld\('gm', bridge\)/)
    expect(files.filter((f) => /ipcRenderer/.test(f.text) && !f.path.startsWith('src-main/preload/')).map((f) => f.path)).toEqual([])
  })

  it('gives every page a CSP without unsafe-eval, unsafe-inline or remote sources, the same as the served header', () => {
    const pages = files.filter((f) => f.path.endsWith('.html'))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const page of pages) {
      const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page.text)?.[1] ?? ''
      expect(csp, page.path).toMatch(/script-src 'self'(;|$)/)
      expect(csp, page.path).toMatch(/object-src 'none'/)
      expect(csp, page.path).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/)
      // the meta tag and the header (browser mode, app://) carry the same directives
      expect(csp.split('; '), page.path).toEqual([...CSP_DIRECTIVES])
    }
  })
})
