/**
 * Tune an encounter (issue 13 "Beyond") end to end in Chromium against the real core in browser mode: the sample
 * Saga campaign's first plan, a target typed and submitted from the keyboard, suggestions with their simulated
 * figures and a chart, and one key press (Enter on the focused Apply) that makes the first one the plan.
 * Screenshot: docs/screenshots/ui-prep-tune.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-tune-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('tune an encounter', () => {
  it('suggests the smallest changes toward a target, with figures and a chart, applied with one key press', async () => {
    const page = await browser.open(server.consoleUrl)
    // a first start opens the sample Saga campaign
    await page.getByTestId('campaign-overview').waitFor()
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('tune').waitFor()
    const before = await page.getByTestId('plan-entries').textContent()
    // the keyboard flow: target, range, Enter submits
    await page.getByTestId('tune-metric').selectOption('partyWins')
    await page.getByTestId('tune-min').fill('30')
    await page.getByTestId('tune-max').fill('60')
    await page.getByTestId('tune-max').press('Enter')
    await page.getByTestId('tune-result').waitFor({ timeout: 600_000 })
    const suggestions = page.getByTestId('tune-suggestion')
    expect(await suggestions.count()).toBeGreaterThan(0)
    expect(await page.getByTestId('tune-figure').first().textContent()).toMatch(/^\d+% \(\d+% now\)$/)
    await page.getByTestId('tune-chart-0').waitFor()
    // the outcome has the focus: the first Apply
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid'))).toBe('tune-apply')
    await page.getByTestId('tune').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, 'ui-prep-tune.png'), fullPage: false })
    await page.keyboard.press('Enter')
    // applied and saved: the plan's entries changed, the out-of-date suggestions are gone
    await page.getByTestId('tune-result').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('plan-entries').textContent()).not.toBe(before)
    expect(await page.getByTestId('plan-save').isDisabled()).toBe(true)
  }, 900_000)
})
