/**
 * The GM console end to end (issue 5) against the real core in browser mode: stat blocks from the system
 * templates, an encounter plan with numbered mooks, launch, initiative, an attack with the exact odds shown
 * first, undo naming the step, the player display following live (redacted), Polish at run time; Saga and
 * Starchasers. Screenshots go to docs/screenshots/ui-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
async function shot(page: Page, name: string) {
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0))
  await page.screenshot({ path: join(SHOTS, `ui-${name}.png`), fullPage: false })
}

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-ui-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function newCampaign(page: Page, name: string, systemId: 'saga' | 'starchasers') {
  // a first start opens the sample campaign: go back to the list
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
  await page.getByTestId('campaign-home').waitFor()
  await page.getByTestId('campaign-new').click()
  await page.getByTestId('campaign-name').fill(name)
  await page.getByTestId('campaign-system').selectOption(systemId)
  await page.getByTestId('campaign-create-submit').click()
  await page.getByTestId('campaign-overview').waitFor()
}

async function newStatBlock(page: Page, name: string, kind: 'pc' | 'npc') {
  await page.getByTestId('library-new').click()
  await page.getByTestId('sb-name').fill(name)
  await page.getByTestId('sb-kind').selectOption(kind)
  await page.getByTestId('sb-save').click()
  await page.getByTestId('statblock-editor').waitFor({ state: 'detached' })
}

/** library → plan (the party + `mooks` numbered NPCs) → launch → roll initiative → start */
async function prepareAndLaunch(page: Page, pc: string, npc: string, mooks: number) {
  await page.getByTestId('nav-library').click()
  await newStatBlock(page, pc, 'pc')
  await newStatBlock(page, npc, 'npc')
  await page.getByTestId('nav-prep').click()
  await page.getByTestId('plan-new').click()
  await page.getByTestId('plan-name').fill('Ambush')
  await page.getByTestId('plan-add-party').click()
  const pick = page.getByTestId('plan-add-pick')
  const value = await pick.locator('option', { hasText: npc }).getAttribute('value')
  await pick.selectOption(value!)
  await page.getByTestId('plan-add').click()
  await page.getByTestId('plan-entry-count-1').fill(String(mooks))
  await page.getByTestId('plan-save').click()
  await expect.poll(() => page.getByTestId('plan-entry-1').textContent()).toContain(`1–${mooks}`)
  await page.getByTestId('plan-launch').click()
  await page.getByTestId('encounter-board').waitFor()
  await page.getByTestId('track-roll-initiative').click()
  await page.getByTestId('track-start').click()
  await expect.poll(() => page.getByTestId('track-round').textContent()).toBe('Round 1')
}

describe('GM console end to end', () => {
  it('Saga: prep, launch, exact odds before the roll, attack, undo, player display live', async () => {
    const page = await browser.open(server.consoleUrl)
    await newCampaign(page, 'Saga table', 'saga')
    await prepareAndLaunch(page, 'Kira', 'Trooper', 3)
    // numbered mooks on the track
    for (const n of [1, 2, 3]) await page.getByTestId('turn-track').getByText(`Trooper ${n}`).waitFor()
    // the odds come before rolling
    await page.getByTestId('odds-hit').waitFor()
    expect(await page.getByTestId('odds-hit').textContent()).toMatch(/^\d+\.\d%$/)
    await shot(page, 'board-saga')
    const logBefore = await page.locator('[data-testid^="log-entry-"]').count()
    await page.getByTestId('action-submit').click()
    await expect.poll(() => page.locator('[data-testid^="log-entry-"]').count()).toBeGreaterThan(logBefore)
    const undoText = (await page.getByTestId('board-undo').textContent()) ?? ''
    expect(undoText).toContain('Undo:')
    await page.getByTestId('board-undo').click()
    await expect.poll(() => page.locator('[data-testid^="log-entry-"].undone').count()).toBeGreaterThan(0)
    await page.keyboard.press('Control+Shift+Z')
    await expect.poll(() => page.locator('[data-testid^="log-entry-"].undone').count()).toBe(0)

    // show to players: the player page and the GM preview follow, NPC health as a descriptor
    await page.getByTestId('display-mode-enemies').selectOption('descriptor')
    await page.getByTestId('show-to-players').click()
    const player = await browser.open(server.playerUrl)
    await player.getByTestId('player-order').waitFor()
    expect(await player.getByTestId('player-turn').textContent()).toMatch(/’s turn$/)
    const enemyHealth = await player.locator('[data-testid^="player-health-"]').allTextContents()
    expect(enemyHealth.some((t) => /Unhurt|Wounded|Bloodied|Down/.test(t))).toBe(true)
    await player.getByTestId('font-larger').click()
    await shot(player, 'player-board')
    // the preview follows the player view while it is in sight: scrolled to, as the GM would look at it
    await page.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await page.getByTestId('player-preview').getByTestId('player-order').waitFor()
    await page.getByTestId('board-next').click()
    await expect.poll(async () => (await player.getByTestId('player-turn').textContent()) ?? '').not.toBe('')
    // Polish at run time
    await page.getByTestId('lang-switch').selectOption('pl')
    await expect.poll(() => page.getByTestId('track-round').textContent()).toMatch(/^Runda \d+$/)
    await page.getByTestId('help-open').click()
    await shot(page, 'board-help-pl')
    await page.keyboard.press('Escape')
    await page.getByTestId('lang-switch').selectOption('en')
    // the session log holds the fight; a GM note lands in it
    await page.getByTestId('nav-sessions').click()
    await page.locator('[data-testid^="sessions-entry-"]').first().waitFor()
    await page.getByTestId('sessions-note').fill('The troopers retreat')
    await page.getByTestId('sessions-note-add').click()
    await page.getByTestId('sessions-log').getByText('The troopers retreat').waitFor()
    await shot(page, 'sessions')
    await player.close()
    await page.close()
  })

  it('Starchasers: dice-pool attack with odds, duels and the ally resolver offered', async () => {
    const page = await browser.open(server.consoleUrl)
    await newCampaign(page, 'Starchasers table', 'starchasers')
    await prepareAndLaunch(page, 'Juno', 'Raider', 2)
    await page.getByTestId('odds-hit').waitFor()
    await page.getByTestId('action-tab-duelStart').waitFor()
    await page.getByTestId('action-tab-allyAttack').waitFor()
    await page.getByTestId('action-submit').click()
    await expect.poll(() => page.getByTestId('board-undo').isDisabled()).toBe(false)
    await shot(page, 'board-starchasers')
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('danger-runs').fill('50')
    await page.getByTestId('danger-run').click()
    await page.getByTestId('danger-win').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('danger-win').textContent()).toMatch(/^\d+\.\d%$/)
    // the GM is told how the fights were played (a guide, not a forecast)
    expect(await page.getByTestId('danger-how').textContent()).toContain('first weapon')
    await shot(page, 'prep-danger')
    await page.getByTestId('nav-library').click()
    await page.locator('[data-testid^="library-view-"]').first().click()
    await shot(page, 'library')
    await page.close()
  })

  it('had no page errors in any window', () => {
    expect(browser.errors).toEqual([])
  })
})
