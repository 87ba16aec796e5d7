import { describe, expect, it } from 'vitest'
import { appPages } from '../../../../src-main/windows/app-url'
import { hardenedWebPreferences } from '../../../../src-main/windows/web-preferences'

describe('app pages', () => {
  const built = appPages({ rendererDir: '/app/out/renderer' })
  it('accepts only html files inside the built renderer', () => {
    expect(built.isAppUrl('file:///app/out/renderer/console.html')).toBe(true)
    expect(built.isAppUrl('file:///app/out/renderer/player.html?x=1')).toBe(true)
    expect(built.isAppUrl('file:///app/out/renderer/../../etc/passwd.html')).toBe(false)
    expect(built.isAppUrl('file:///app/out/rendererX/console.html')).toBe(false)
    expect(built.isAppUrl('https://evil.example/console.html')).toBe(false)
    expect(built.isAppUrl('not a url')).toBe(false)
  })
  it('accepts only the dev server origin in development', () => {
    const dev = appPages({ devServerUrl: 'http://localhost:5173', rendererDir: '/x' })
    expect(dev.url('player')).toBe('http://localhost:5173/player.html')
    expect(dev.isAppUrl('http://localhost:5173/console.html')).toBe(true)
    expect(dev.isAppUrl('http://localhost:5174/console.html')).toBe(false)
  })
})

describe('hardened web preferences', () => {
  it('never turns off sandbox or isolation, whatever the options', () => {
    for (const opts of [{}, { role: 'gm' as const, preload: '/p.cjs' }, { backgroundThrottling: false }, { javascript: false }]) {
      const p = hardenedWebPreferences(opts)
      expect(p).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, nodeIntegrationInWorker: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false })
    }
  })
})
