/**
 * Issue 27 (the screen sweep): the board of an ended encounter, in Chromium at 1366×768, en and pl, console and
 * pop-out. A Saga sample is launched, a damage marked by hand (a result and a log line), then End encounter: the
 * board says the fight is over (in sight, without scrolling), offers no action form and no actor badge, Next turn
 * is disabled, N does nothing, the last result and the log stay; the console's board shows the next steps.
 * Screenshots: docs/screenshots/board-ended-saga-1366x768-<lang>.png and board-ended-popout-saga-1366x768-<lang>.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { blur, sampleFight, SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-board-ended-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const SIZE = { width: 1366, height: 768 }
const TITLE = { en: 'The fight is over', pl: 'Walka zakończona' } as const

async function setLang(page: Page, lang: string) {
  const sw = page.getByTestId('lang-switch')
  if ((await sw.inputValue()) !== lang) await sw.selectOption(lang)
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang)
}

/** the ended board as a GM sees it: the banner wholly in the window, nothing to act with, the result and log kept */
async function checkEnded(page: Page, lang: 'en' | 'pl', popOut: boolean) {
  const over = page.getByTestId('board-ended')
  await expect.poll(() => over.textContent()).toContain(TITLE[lang])
  const box = (await over.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(SIZE.height)
  expect(box.x + box.width).toBeLessThanOrEqual(SIZE.width)
  expect(await page.locator('form[data-testid^="action-form-"]').count()).toBe(0)
  expect(await page.locator('[data-testid^="combatant-actor-"]').count()).toBe(0)
  expect(await page.locator('[data-testid^="combatant-act-"]').count()).toBe(0)
  expect(await page.locator('[data-testid^="combatant-card-"].current').count()).toBe(0)
  expect(await page.getByTestId('board-next').isDisabled()).toBe(true)
  expect(await page.getByTestId('result-card').isVisible()).toBe(true)
  expect(await page.locator('[data-testid="log-pane"] [data-testid^="log-entry-"]').count()).toBeGreaterThan(0)
  expect(await page.getByTestId('board-ended-sessions').count()).toBe(popOut ? 0 : 1)
}

describe('issue 27: the board of an ended encounter', () => {
  it('says the fight is over, offers nothing to act with, keeps the result and the log, en and pl, console and pop-out', { timeout: 120_000 }, async () => {
    const page = await browser.open(server.consoleUrl)
    await page.setViewportSize(SIZE)
    await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"], [data-testid="encounter-board"]').first().waitFor()
    await setLang(page, 'en')
    if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
    await sampleFight(page, 'sample-saga', 'enc-breach-gate')
    await page.getByTestId('action-tab-applyDamage').click()
    await page.getByTestId('action-field-amount').fill('3')
    await page.getByTestId('action-submit').click()
    await page.getByTestId('result-card').waitFor()
    page.once('dialog', (d) => void d.accept())
    await page.getByTestId('board-end').click()
    await page.getByTestId('board-ended').waitFor()
    const entries = await page.locator('[data-testid="log-pane"] [data-testid^="log-entry-"]').count()
    // N on an ended board: nothing happens (no refusal, no new log line)
    await blur(page)
    await page.keyboard.press('n')
    await page.waitForTimeout(300)
    expect(await page.locator('[data-testid="log-pane"] [data-testid^="log-entry-"]').count()).toBe(entries)
    for (const lang of ['en', 'pl'] as const) {
      await setLang(page, lang)
      await checkEnded(page, lang, false)
      await page.screenshot({ path: join(SHOTS, `board-ended-saga-1366x768-${lang}.png`) })
    }
    await setLang(page, 'en')
    const [popout] = await Promise.all([browser.context.waitForEvent('page'), page.getByTestId('board-popout').click()])
    await popout.setViewportSize(SIZE)
    await popout.getByTestId('board-ended').waitFor()
    for (const lang of ['en', 'pl'] as const) {
      await setLang(popout, lang)
      await checkEnded(popout, lang, true)
      await popout.screenshot({ path: join(SHOTS, `board-ended-popout-saga-1366x768-${lang}.png`) })
    }
    await popout.close()
    await page.close()
  })
})
