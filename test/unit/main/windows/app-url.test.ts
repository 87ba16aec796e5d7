import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_SCHEME_PRIVILEGES, appProtocolHandler } from '../../../../src-main/windows/app-protocol'
import { appPages } from '../../../../src-main/windows/app-url'
import { createHardenedWindow } from '../../../../src-main/windows/hardened-window'
import { FakeBrowserWindow } from '../../../support/fake-electron'

describe('app pages', () => {
  const built = appPages({})
  it('names the pages on the app:// origin, never file://', () => {
    expect(built.url('console')).toBe('app://gm/console.html')
    expect(built.url('board', { encounter: 'enc 1' })).toBe('app://gm/board.html?encounter=enc+1')
  })
  it('accepts only the pages of the app:// origin', () => {
    expect(built.isAppUrl('app://gm/console.html')).toBe(true)
    expect(built.isAppUrl('app://gm/player.html?x=1')).toBe(true)
    expect(built.isAppUrl('app://gm/assets/x.js')).toBe(false)
    expect(built.isAppUrl('app://other/console.html')).toBe(false)
    expect(built.isAppUrl('file:///app/out/renderer/console.html')).toBe(false)
    expect(built.isAppUrl('https://evil.example/console.html')).toBe(false)
    expect(built.isAppUrl('not a url')).toBe(false)
  })
  it('accepts only the dev server origin in development', () => {
    const dev = appPages({ devServerUrl: 'http://localhost:5173' })
    expect(dev.url('player')).toBe('http://localhost:5173/player.html')
    expect(dev.isAppUrl('http://localhost:5173/console.html')).toBe(true)
    expect(dev.isAppUrl('http://localhost:5174/console.html')).toBe(false)
    expect(dev.isAppUrl('app://gm/console.html')).toBe(false)
  })
})

describe('app:// protocol handler', () => {
  const root = mkdtempSync(join(tmpdir(), 'gmc-app-proto-'))
  const dir = join(root, 'renderer')
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(join(dir, 'console.html'), '<!doctype html><title>c</title>')
  writeFileSync(join(dir, 'assets', 'a.js'), 'export {}')
  writeFileSync(join(dir, 'assets', 'a.css'), 'body{}')
  writeFileSync(join(dir, 'assets', 'i.svg'), '<svg/>')
  writeFileSync(join(root, 'secret.txt'), 'secret')
  const handle = appProtocolHandler(dir)
  const get = (url: string, method = 'GET') => handle({ url, method })

  it('is registered as a standard, secure scheme (so pages get an origin, modules and fetch)', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }])
  })

  it('serves the built files with their MIME type; pages carry the CSP without unsafe-inline', async () => {
    const page = await get('app://gm/console.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'; style-src 'self';/)
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe/)
    expect(await page.text()).toContain('<title>c</title>')
    expect((await get('app://gm/assets/a.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect((await get('app://gm/assets/a.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await get('app://gm/assets/i.svg')).headers.get('content-type')).toBe('image/svg+xml')
    expect((await get('app://gm/assets/a.js')).headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses path traversal, other hosts, folders, missing files and writes', async () => {
    for (const url of ['app://gm/../secret.txt', 'app://gm/%2e%2e/secret.txt', 'app://gm/..%2fsecret.txt', 'app://gm/assets/..%2f..%2fsecret.txt', 'app://gm/%5c..%5csecret.txt', 'app://gm/a%00.js', 'app://gm/%E0%A4%A', 'app://gm/assets', 'app://gm/nope.html', 'app://evil/console.html', 'file:///etc/passwd']) {
      const r = await get(url)
      expect(r.status, url).toBe(404)
      expect(await r.text(), url).not.toContain('secret')
    }
    expect((await get('app://gm/console.html', 'POST')).status).toBe(405)
    expect((await get('app://gm/console.html', 'HEAD')).status).toBe(200)
  })
})

describe('hardened windows', () => {
  it('never turns off sandbox or isolation, whatever the options; DevTools follow the flag', () => {
    for (const opts of [{ devTools: false, bounds: {} }, { devTools: true, bounds: {}, role: 'gm' as const, preload: '/p.cjs' }, { devTools: false, bounds: {}, backgroundThrottling: false }, { devTools: false, bounds: {}, javascript: false }]) {
      const win = createHardenedWindow(FakeBrowserWindow, opts) as FakeBrowserWindow
      expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, nodeIntegrationInWorker: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false, disableBlinkFeatures: 'Auxclick', devTools: opts.devTools })
    }
  })
})
