/**
 * Issue 29, "A TV the GM arranges": in browser mode (Chromium), the GM opens a sample fight, shows it to players and
 * arranges the TV from the console (zoomed, 2 around the current one, 5 % margins, the plain list, light). The TV
 * page (1920×1080) follows at once; the console's preview draws the same rows as the TV; the arrangement is saved
 * with the campaign (a reload of the TV page keeps it). Screenshots of the TV and of the console's TV panel, in
 * English and Polish: docs/screenshots/tv-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { front, launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { sampleFight, SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-tv-arranged-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** a range input set as a hand sets it: the value, then `change` on release */
async function slide(page: Page, testid: string, value: number) {
  await page.getByTestId(testid).evaluate((el, v) => {
    const input = el as unknown as { value: string; dispatchEvent(e: unknown): boolean }
    input.value = String(v)
    input.dispatchEvent(new (globalThis as unknown as { Event: new (t: string, o: object) => unknown }).Event('change', { bubbles: true }))
  }, value)
}

const rowIds = (page: Page, within = '') =>
  page.locator(`${within} [data-testid^="player-combatant-"]`.trim()).evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(a: string): string }).getAttribute('data-testid')))

describe('the TV as the GM arranges it (issue 29)', () => {
  it('arranged from the console, the TV follows at once, the preview draws the same, saved with the campaign; en and pl', async () => {
    const gm = await browser.open(server.consoleUrl)
    await gm.setViewportSize({ width: 1366, height: 768 })
    await sampleFight(gm, 'sample-saga', 'enc-breach-gate')
    await gm.getByTestId('board-next').click()
    await gm.getByTestId('show-to-players').click()
    const tv = await browser.open(server.playerUrl)
    await tv.setViewportSize({ width: 1920, height: 1080 })
    await tv.getByTestId('player-order').waitFor()
    const all = (await rowIds(tv)).length

    await front(gm)
    await gm.getByTestId('tv-open').click()
    await gm.getByTestId('tv-settings').waitFor()
    await slide(gm, 'tv-zoom', 1.3)
    await expect.poll(() => gm.getByTestId('tv-zoom-value').textContent()).toBe('130%')
    await gm.getByTestId('tv-around').selectOption('2')
    await slide(gm, 'tv-margin', 5)
    await expect.poll(() => gm.getByTestId('tv-margin-value').textContent()).toBe('5%')
    await gm.getByTestId('tv-layout-list').check()
    await gm.getByTestId('tv-theme-light').check()

    // the TV follows: the list, light, the margins of a 1920×1080 screen, 2 each side of the current one
    const board = tv.getByTestId('player-board')
    await expect.poll(() => board.getAttribute('data-layout')).toBe('list')
    await expect.poll(() => board.getAttribute('data-theme')).toBe('light')
    const pad = await board.evaluate((el) => {
      const s = (globalThis as unknown as { getComputedStyle(e: unknown): { paddingTop: string; paddingLeft: string } }).getComputedStyle(el)
      return { top: parseFloat(s.paddingTop), left: parseFloat(s.paddingLeft) }
    })
    expect(pad.top).toBeGreaterThanOrEqual(54)
    expect(pad.left).toBeGreaterThanOrEqual(96)
    const shown = await rowIds(tv)
    expect(shown).toHaveLength(Math.min(all, 5))
    // the console's preview: the same board, the same rows
    await expect.poll(async () => rowIds(gm, '[data-testid="tv-settings"] [data-testid="tv-preview"]')).toEqual(shown)

    for (const lang of ['en', 'pl'] as const) {
      await tv.getByTestId('lang-switch').selectOption(lang)
      await gm.getByTestId('lang-switch').selectOption(lang).catch(() => undefined)
      await tv.waitForTimeout(300)
      await tv.screenshot({ path: join(SHOTS, `tv-arranged-1920x1080-${lang}.png`) })
      await gm.screenshot({ path: join(SHOTS, `tv-console-panel-1366x768-${lang}.png`) })
    }
    await tv.getByTestId('lang-switch').selectOption('en')

    // saved with the campaign: the TV page loaded again keeps the arrangement
    await tv.reload({ waitUntil: 'networkidle' })
    await tv.getByTestId('player-order').waitFor()
    expect(await tv.getByTestId('player-board').getAttribute('data-layout')).toBe('list')
    expect(await tv.getByTestId('player-board').getAttribute('data-theme')).toBe('light')
    await gm.close()
    await tv.close()
    expect(browser.errors).toEqual([])
  })
})
