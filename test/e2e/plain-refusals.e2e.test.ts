/**
 * Issue 27, defects 8, 9 and 10 in Chromium against the real core in browser mode:
 * - a Saga stat block with damage "3x6" is refused at its field, in words (defect 8);
 * - the danger figure is marked stale after a plan edit, and the disabled Simulate says to save first (defect 10);
 * - the Starchasers duel form asks for the opponents and starts the duel with the acting fighter (defect 9).
 * Screenshots: docs/screenshots/issue27-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
const CODE = /command\.|\bexpected\b|Too small|Invalid input|\d{3}:\d+|undefined|NaN|\[object Object\]/
let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-refusals-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openSample(page: Page, campaignId: string) {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
  await page.getByTestId(`campaign-open-${campaignId}`).click()
  await page.getByTestId('campaign-overview').waitFor()
}

describe('plain refusals and honest checks (issue 27)', () => {
  it('bad dice are refused at the field; the danger figure goes stale after an edit and Simulate says why it is off', async () => {
    const page = await browser.open(server.consoleUrl)
    await openSample(page, 'sample-saga')
    await page.getByTestId('nav-library').click()
    const edit = page.locator('[data-testid^="library-edit-"]').first()
    await edit.click()
    await page.getByTestId('statblock-editor').waitFor()
    const damage = page.getByTestId('sb-field-weapons.0.damage')
    await damage.fill('3x6')
    await page.getByTestId('sb-save').click()
    const err = page.getByTestId('sb-field-weapons.0.damage-error')
    await err.waitFor()
    expect(await err.textContent()).toBe('Damage dice must be dice notation, such as 3d6 or 2d8+2')
    await page.screenshot({ path: join(SHOTS, 'issue27-bad-dice.png'), fullPage: false })
    await page.getByTestId('statblock-editor').getByRole('button', { name: 'Cancel' }).click()

    await page.getByTestId('nav-prep').click()
    await page.getByTestId('danger-runs').fill('60')
    await page.getByTestId('danger-run').click()
    await page.getByTestId('danger-win').waitFor({ timeout: 300_000 })
    expect(await page.getByTestId('danger-stale').count()).toBe(0)
    await page.getByTestId('plan-entry-count-0').fill('2')
    await page.getByTestId('danger-save-first').waitFor()
    expect(await page.getByTestId('danger-run').isDisabled()).toBe(true)
    expect(await page.getByTestId('danger-save-first').textContent()).toBe('Save the plan to simulate it as it is now.')
    await page.getByTestId('danger-stale').waitFor()
    await page.getByTestId('danger-check').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, 'issue27-danger-stale.png'), fullPage: false })
    expect(await page.locator('body').innerText()).not.toMatch(CODE)
  }, 600_000)

  it('the Starchasers duel form asks for the opponents and starts the duel with the acting fighter', async () => {
    const page = await browser.open(server.consoleUrl)
    await openSample(page, 'sample-starchasers')
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('plan-item-enc-ember-gate').click()
    await page.getByTestId('plan-launch').click()
    await page.getByTestId('encounter-board').waitFor()
    await page.getByTestId('track-roll-initiative').click()
    await page.getByTestId('track-start').click()
    await page.getByTestId('track-start').waitFor({ state: 'detached' })
    await page.getByTestId('action-tab-duelStart').click()
    const form = page.getByTestId('action-form-duelStart')
    await form.waitFor()
    expect(await form.innerText()).toContain('Opponents (pick one or more)')
    const picked = await page.getByTestId('action-field-fighters').evaluate((el) => [...(el as unknown as { selectedOptions: Array<{ value: string }> }).selectedOptions].map((o) => o.value))
    expect(picked.length).toBe(1)
    expect(await page.getByTestId('action-field-activeId').inputValue()).not.toBe('')
    await page.screenshot({ path: join(SHOTS, 'issue27-duel-form.png'), fullPage: false })
    await page.getByTestId('action-submit').click()
    await page.getByTestId('duel-panel').waitFor()
    expect(await page.getByTestId('error-banner').count()).toBe(0)
    expect(await page.locator('body').innerText()).not.toMatch(CODE)
    await page.screenshot({ path: join(SHOTS, 'issue27-duel-started.png'), fullPage: false })
  }, 600_000)
})
