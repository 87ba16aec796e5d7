/**
 * Issue 10 "results in plain sight", played as a GM in Chromium against the real core (browser mode), on the
 * bundled Saga sample: launch a plan (a session titled with the date starts, renamed at once), initiative, an
 * attack with typed-in dice (a natural 20) whose result card shows the dice, the total against Reflex and what it
 * did; a quick HP entry drops a trooper (dimmed, "out"); a reload returns to the board of the running encounter.
 * A batch of many rolls (initiative for ten) collapses to six under a button and leaves the cards in sight.
 * Screenshots: docs/screenshots/board-result-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-results-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250)
  await page.screenshot({ path: join(SHOTS, `board-result-${name}.png`), fullPage: false })
}

/** a new page: a bundled sample campaign opened from home, one of its plans launched, its initiative rolled */
async function launchAndRoll(campaignId: string, planId: string): Promise<Page> {
  const page = await browser.open(server.consoleUrl)
  await page.setViewportSize({ width: 1600, height: 1000 })
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"], [data-testid="encounter-board"]').first().waitFor()
  if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
  await page.getByTestId(`campaign-open-${campaignId}`).click()
  await page.getByTestId('campaign-overview').waitFor()
  await page.getByTestId('nav-prep').click()
  await page.getByTestId(`plan-item-${planId}`).click()
  await page.getByTestId('plan-launch').click()
  await page.getByTestId('encounter-board').waitFor()
  await page.getByTestId('track-roll-initiative').click()
  return page
}

describe('results in plain sight (Saga sample)', () => {
  it('result card, the defeated dimmed, quick HP, session renamed at once, reload back to the board', async () => {
    const page = await browser.open(server.consoleUrl)
    await page.setViewportSize({ width: 1600, height: 1000 })
    await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId('campaign-open-sample-saga').click()
    await page.getByTestId('campaign-overview').waitFor()
    const sessionsBefore = Number(await page.getByTestId('overview-encounters').locator('strong').textContent())
    expect(sessionsBefore).toBeGreaterThan(0)

    // launch the hangar ambush: the board, with the session a launch starts (titled with the date)
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('plan-item-enc-hangar-ambush').click()
    await page.getByTestId('plan-launch').click()
    await page.getByTestId('encounter-board').waitFor()
    await expect.poll(() => page.getByTestId('session-title-text').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await page.getByTestId('session-rename').click()
    await page.getByTestId('session-rename-input').fill('The hangar')
    await page.getByTestId('session-rename-save').click()
    await expect.poll(() => page.getByTestId('session-title-text').textContent()).toBe('The hangar')

    await page.getByTestId('track-roll-initiative').click()
    await page.getByTestId('track-start').click()
    await expect.poll(() => page.getByTestId('track-phase').textContent()).not.toBe('Setup')

    // an attack with typed-in dice: a natural 20 (a critical hit), the damage dice as they fell
    await page.getByTestId('action-tab-attack').click()
    await page.getByTestId('action-form-attack').waitFor()
    await page.getByTestId('odds').waitFor()
    await page.getByTestId('action-manual-dice').fill('20, 6, 6, 6, 6, 6, 6')
    await page.getByTestId('action-submit').click()
    const card = page.getByTestId('result-card')
    await card.waitFor()
    expect(await card.getByTestId('result-outcome-0').textContent()).toBe('Critical hit')
    expect(await card.getByTestId('result-against-0').textContent()).toMatch(/^vs Reflex \d+$/)
    expect(await card.getByTestId('result-die').first().textContent()).toBe('20')
    expect(await card.getByTestId('result-effects').textContent()).toMatch(/loses \d+ HP/)
    await shot(page, 'saga')

    // the target: drop it with the quick HP field; it is dimmed and marked out, on the card and the track
    const targetId = await page.getByTestId('action-field-targetId').inputValue()
    const hp = page.getByTestId(`combatant-hp-input-${targetId}`)
    await hp.fill('99')
    await hp.press('Enter')
    await expect.poll(() => page.getByTestId(`combatant-card-${targetId}`).getAttribute('class')).toMatch(/\bout\b/)
    await expect.poll(() => page.getByTestId(`track-out-${targetId}`).count()).toBe(1)
    // the next default target is a foe still standing
    await expect.poll(() => page.getByTestId('action-field-targetId').inputValue()).not.toBe(targetId)
    await shot(page, 'defeated')

    // a reload mid-fight: back on this board, same round
    const round = await page.getByTestId('track-round').textContent()
    await page.reload()
    await page.getByTestId('encounter-board').waitFor()
    expect(await page.getByTestId('board-title').textContent()).toBe('Ambush in the hangar')
    expect(await page.getByTestId('track-round').textContent()).toBe(round)
    expect(await page.getByTestId(`combatant-card-${targetId}`).getAttribute('class')).toMatch(/\bout\b/)

    // the overview counts the new session
    await page.getByTestId('nav-overview').click()
    await page.getByTestId('campaign-overview').waitFor()
    await expect.poll(async () => (await page.getByTestId('sessions-card').textContent()) ?? '').toContain('The hangar')
  })

  it('Starchasers: the card shows Hits, Crits, Focus against Evades; the odds panel says which critical is which', async () => {
    const page = await launchAndRoll('sample-starchasers', 'enc-ember-gate')
    await page.getByTestId('track-start').click()
    await expect.poll(() => page.getByTestId('track-phase').textContent()).not.toBe('Setup')
    await page.getByTestId('action-tab-attack').click()
    await page.getByTestId('odds').waitFor()
    const crit = page.getByTestId('odds-crit').locator('xpath=..')
    expect(await crit.textContent()).toContain('A Crit gets through')
    expect(await crit.getAttribute('title')).toMatch(/Not yet a Critical Strike/)
    expect(await page.getByTestId('odds').textContent()).not.toMatch(/Expected damage[\s\S]*Expected damage/)
    // rolled by the engine: the launch's seed (and so the actor and its pool size) differs from run to run, and fixed
    // dice must match the pool exactly (a count that fits one actor is refused for another: this test was flaky)
    await page.getByTestId('action-submit').click()
    const card = page.getByTestId('result-card')
    await card.waitFor()
    expect(await card.getByTestId('result-roll-0').textContent()).toMatch(/Rolled \d+ Hits, \d+ Crits, \d+ Focus · defender \d+ Evades/)
    expect(await card.getByTestId('result-against-0').textContent()).toMatch(/^vs Evades \d+$/)
    await shot(page, 'starchasers')
  })

  it('a batch of many rolls (initiative for ten) shows six and a button, and the cards below it stay in sight', async () => {
    const page = await launchAndRoll('sample-saga', 'enc-breach-gate')
    const card = page.getByTestId('result-card')
    await card.waitFor()
    const n = await page.locator('[data-testid^="combatant-card-"]').count()
    expect(n).toBeGreaterThan(7)
    expect(await card.locator('.roll').count()).toBe(6)
    expect(await card.getByTestId('result-title').textContent()).toBe(`Initiative for ${n} combatants`)
    const more = card.getByTestId('result-more')
    expect(await more.textContent()).toContain(`+ ${n - 6} more rolls (all ${n})`)
    // at most 45% of the window tall (it covered every combatant card below it), and the first card is in sight
    const box = (await card.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(0.45 * 1000 + 1)
    const first = page.locator('[data-testid^="combatant-card-"]').first()
    const fb = (await first.boundingBox())!
    expect(fb.y).toBeLessThan(1000 - 40)
    // the element at the card's top middle is the card itself (or inside it), not the result card over it
    type Doc = { elementFromPoint(x: number, y: number): { closest(s: string): { getAttribute(a: string): string | null } | null } | null }
    const hit = await page.evaluate(
      ([x, y]) => (globalThis as unknown as { document: Doc }).document.elementFromPoint(x, y)?.closest('[data-testid^="combatant-card-"]')?.getAttribute('data-testid') ?? null,
      [fb.x + fb.width / 2, fb.y + 20] as const,
    )
    expect(hit).toBe(await first.getAttribute('data-testid'))
    await shot(page, 'many-rolls')
    await more.click()
    expect(await card.locator('.roll').count()).toBe(n)
    expect(await card.getByTestId('result-more').textContent()).toContain('Show fewer rolls')
  })
})
