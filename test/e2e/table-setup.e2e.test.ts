/**
 * Issue 10, as a GM sets up the table and reads stat blocks, in Chromium against the real core in browser mode:
 * the Saga stat card in the book's layout (no property dump), the whole-block editor with a refused value said in
 * a sentence, Overview at the full width of a 1600 px screen, the player link with its QR code, the light/dark
 * switch remembered, both windows noticing a lost connection and coming back by themselves after a restart, and a
 * new player link disconnecting the old one. Screenshots: docs/screenshots/ui-setup-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
/** in the page (this file is type-checked without the DOM library) */
type PageGlobals = { document: { documentElement: { dataset: Record<string, string | undefined> }; body: unknown }; getComputedStyle(e: unknown): { backgroundColor: string } }
const themeOf = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.dataset.theme)
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `ui-setup-${name}.png`), fullPage: false })

let browser: Browser
let server: ServeProcess
const dataDir = mkdtempSync(join(tmpdir(), 'gmc-setup-e2e-'))
let gm: Page

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dataDir, 120_000)])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize({ width: 1600, height: 900 })
  await gm.getByTestId('campaign-overview').waitFor()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('setting up the table (issue 10)', () => {
  it('Overview uses the full width of a 1600 px screen', async () => {
    const box = await gm.getByTestId('campaign-overview').boundingBox()
    expect(box!.width).toBeGreaterThan(1500)
    await shot(gm, 'overview-1600')
  })

  it('the Saga stat card reads like the book, and the editor covers the whole block', async () => {
    await gm.getByTestId('nav-library').click()
    await gm.locator('[data-testid^="library-view-"]').first().click()
    const card = gm.locator('[data-testid^="statblock-card-"]').first()
    await card.getByTestId('statblock-subtitle').waitFor()
    const text = (await card.textContent()) ?? ''
    expect(text).toMatch(/CL \d+/)
    for (const label of ['Defense', 'Ref', 'Fort', 'Will', 'Threshold', 'Offense', 'Speed', 'Base Atk', 'Grp', 'Abilities']) expect(text).toContain(label)
    for (const raw of ['Bab', 'Role pc', 'Heroic Level', 'Other Levels']) expect(text).not.toContain(raw)
    await shot(gm, 'library-card')

    await gm.locator('[data-testid^="library-edit-"]').first().click()
    await gm.getByTestId('saga-editor').waitFor()
    await gm.getByTestId('sb-weapon-add').click()
    await gm.getByTestId('sb-field-hp').fill('0')
    await expect.poll(() => gm.getByTestId('sb-field-hp-error').textContent()).toBe("Hit points can't be below 1")
    expect(await gm.getByTestId('sb-field-hp').inputValue()).toBe('0')
    expect(await gm.getByTestId('sb-save').isDisabled()).toBe(true)
    await shot(gm, 'editor')
    await gm.getByTestId('lang-switch').selectOption('pl')
    await gm.getByTestId('sb-field-hp').fill('-1')
    await expect.poll(() => gm.getByTestId('sb-field-hp-error').textContent()).toBe('Punkty wytrzymałości: wartość nie może być mniejsza niż 1')
    await gm.getByTestId('sb-tab-json').click()
    await gm.getByTestId('sb-json').waitFor()
    await gm.getByTestId('lang-switch').selectOption('en')
    await gm.getByTestId('dialog-close').click()
  })

  it('the player link: on a server for this computer only, no QR code but how to offer the LAN address (issue 27); a light/dark switch that is remembered', async () => {
    await gm.getByTestId('player-link-open-dialog').click()
    await gm.getByTestId('player-link-local').waitFor()
    expect(await gm.getByTestId('player-link-url').inputValue()).toBe(server.playerUrl)
    expect(await gm.getByTestId('player-link-qr').count()).toBe(0)
    expect(await gm.getByTestId('player-link-local').textContent()).toContain('npm run serve -- --host')
    await shot(gm, 'player-link')
    await gm.getByTestId('dialog-close').click()

    await gm.getByTestId('theme-switch').selectOption('dark')
    expect(await themeOf(gm)).toBe('dark')
    const bg = () =>
      gm.evaluate(() => {
        const g = globalThis as unknown as PageGlobals
        return g.getComputedStyle(g.document.body).backgroundColor
      })
    expect(await bg()).toBe('rgb(18, 20, 24)')
    await gm.reload({ waitUntil: 'networkidle' })
    expect(await themeOf(gm)).toBe('dark')
    expect(await gm.getByTestId('theme-switch').inputValue()).toBe('dark')
    await shot(gm, 'dark')
    await gm.getByTestId('theme-switch').selectOption('light')
    expect(await bg()).toBe('rgb(244, 245, 247)')
  })

  it('both windows notice a lost connection and come back by themselves after a restart', async () => {
    const player = await browser.open(server.playerUrl)
    await player.getByTestId('player-board').waitFor()
    const port = Number(new URL(server.consoleUrl).port)
    await server.stop()
    await gm.getByTestId('connection-lost').waitFor()
    await player.getByTestId('connection-lost').waitFor()
    await shot(gm, 'reconnecting')
    await player.screenshot({ path: join(SHOTS, 'ui-setup-player-reconnecting.png') })
    server = await startServe(dataDir, 120_000, undefined, port)
    // the same URLs after the restart (tokens kept in the data folder), and no click needed
    await gm.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: 30_000 })
    await player.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: 30_000 })
    await player.getByTestId('player-board').waitFor()
    expect(player.url().split('?')[1]).toBe(server.playerUrl.split('?')[1])

    // a new player link: the old page is told, the new URL works
    gm.once('dialog', (d) => void d.accept())
    await gm.getByTestId('player-link-open-dialog').click()
    await gm.getByTestId('player-link-new').click()
    await gm.getByTestId('player-link-renewed').waitFor()
    const newUrl = await gm.getByTestId('player-link-url').inputValue()
    expect(newUrl).not.toBe(player.url())
    await player.getByTestId('connection-revoked').waitFor()
    await player.screenshot({ path: join(SHOTS, 'ui-setup-player-revoked.png') })
    const fresh = await browser.open(newUrl)
    await fresh.getByTestId('player-board').waitFor()
    await gm.getByTestId('dialog-close').click()
  }, 240_000)
})
