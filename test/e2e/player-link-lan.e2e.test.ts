/**
 * The player link of a server started with `--host` (issue 27, defect 11): the console (opened here, at 127.0.0.1)
 * shows the player link with this computer's LAN address and its QR code, and tells the GM to scan it. The LAN
 * address is only shown, never connected to: the test opens the console at 127.0.0.1 only.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS } from './flow-steps'

const root = join(import.meta.dirname, '..', '..')
let browser: Browser
let server: ServeProcess
let gm: Page

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-lan-e2e-')), 120_000, [join(root, 'scripts', 'serve.mjs'), '--host'])])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('player link on a --host server', () => {
  it('shows the LAN address and its QR code to scan; the console itself stays on 127.0.0.1', async () => {
    const lan = new URL(server.playerUrl).hostname
    expect(new URL(server.consoleUrl).hostname).toBe('127.0.0.1')
    // a machine without a network interface prints 127.0.0.1 for the player too: nothing to scan there
    if (lan === '127.0.0.1') return void expect(server.output()).toContain('Player display: http://127.0.0.1')
    gm = await browser.open(server.consoleUrl)
    await gm.setViewportSize({ width: 1366, height: 768 })
    await gm.getByTestId('player-link-open-dialog').click()
    await gm.getByTestId('player-link-qr').waitFor()
    expect(await gm.getByTestId('player-link-url').inputValue()).toBe(server.playerUrl)
    expect(await gm.getByTestId('player-link-qr').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100)
    expect(await gm.getByTestId('player-link-local').count()).toBe(0)
    expect(await gm.getByTestId('player-link-dialog').textContent()).toMatch(/scan the code/)
    await gm.screenshot({ path: join(SHOTS, 'ui-setup-player-link-lan.png') })
    expect(browser.errors).toEqual([])
  })
})
