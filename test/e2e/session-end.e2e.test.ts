/**
 * Issue 10, "a running encounter survives its session's end", played as a GM in Chromium against browser mode:
 * launch the hangar ambush (a session starts by itself), start the fight, end the session on the Overview. The
 * console asks what becomes of the running encounter (en and pl); the GM carries it into the next session. After
 * a server restart the encounter is still there, exactly where it stood; the next turn opens a new session, and
 * nothing was written to the ended session's log after its `session.ended` line.
 * Screenshots: docs/screenshots/session-end-dialog.png (en) and session-end-dialog-pl.png.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { nextTurnKey, SHOTS } from './flow-steps'

const dataDir = mkdtempSync(join(tmpdir(), 'gmc-session-end-e2e-'))
let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dataDir)])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openSample(page: Page) {
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId('campaign-open-sample-saga').click()
  await page.getByTestId('campaign-overview').waitFor()
}

const turnOf = async (page: Page) => `${await page.getByTestId('track-round').textContent().catch(() => '')}|${await page.locator('[data-testid^="combatant-card-"].current .cname').textContent()}`
const logsDir = join(dataDir, 'sample-saga', 'sessions')

describe('ending a session while an encounter runs', () => {
  it('asks the GM, carries the encounter into the next session, and it survives a restart exactly as it was', async () => {
    const page = await browser.open(server.consoleUrl)
    await openSample(page)

    // launch from prep; the fight starts
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('plan-item-enc-hangar-ambush').click()
    await page.getByTestId('plan-launch').click()
    await page.getByTestId('encounter-board').waitFor()
    await page.getByTestId('track-start').click()
    await page.locator('[data-testid^="combatant-card-"].current').first().waitFor()
    await nextTurnKey(page)
    const before = await turnOf(page)
    const hpBefore = await page.locator('[data-testid^="combatant-card-"]').allTextContents()

    // end the session on the Overview: the console asks
    await page.getByTestId('nav-overview').click()
    await page.getByTestId('session-open').waitFor()
    const sessionsBefore = readdirSync(logsDir)
    await page.getByTestId('session-end').click()
    const dialog = page.getByTestId('end-session-dialog')
    await dialog.waitFor()
    await expect.poll(() => page.getByTestId('end-session-text').textContent()).toContain('Ambush in the hangar')
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(SHOTS, 'session-end-dialog.png') })
    // the same question in Polish
    await page.getByTestId('lang-switch').selectOption('pl')
    await expect.poll(() => page.getByTestId('end-session-text').textContent()).toContain('wciąż trwa')
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(SHOTS, 'session-end-dialog-pl.png') })
    await page.getByTestId('lang-switch').selectOption('en')

    // cancel leaves the session open; then carry
    await page.getByTestId('end-session-cancel').click()
    await expect.poll(() => dialog.count()).toBe(0)
    await page.getByTestId('session-open').waitFor()
    await page.getByTestId('session-end').click()
    await page.getByTestId('end-session-carry').click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => page.getByTestId('session-open').count()).toBe(0)
    // the ended log ends with session.ended
    const endedLog = sessionsBefore.find((f) => f.startsWith('s-'))!
    const endedLines = readFileSync(join(logsDir, endedLog), 'utf8').trim().split('\n')
    expect(JSON.parse(endedLines.at(-1)!).kind).toBe('session.ended')
    expect(endedLines.some((l) => l.includes('"kind":"encounter.carried"'))).toBe(true)

    // restart the server: the encounter is still there, as it was
    await page.close()
    await server.stop()
    server = await startServe(dataDir)
    const again = await browser.open(server.consoleUrl)
    await openSample(again)
    const open = again.locator('[data-testid^="encounter-open-"]')
    await expect.poll(() => open.count()).toBe(1)
    await open.first().click()
    await again.getByTestId('encounter-board').waitFor()
    await expect.poll(() => turnOf(again)).toBe(before)
    expect(await again.locator('[data-testid^="combatant-card-"]').allTextContents()).toEqual(hpBefore)

    // another turn: a new session opens by itself; the ended log is untouched
    await nextTurnKey(again)
    await again.getByTestId('nav-overview').click()
    await again.getByTestId('session-open').waitFor()
    expect(readFileSync(join(logsDir, endedLog), 'utf8').trim().split('\n')).toEqual(endedLines)
    const newLog = readdirSync(logsDir).find((f) => f.startsWith('s-') && f !== endedLog)!
    const kinds = readFileSync(join(logsDir, newLog), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l).kind)
    expect(kinds.slice(0, 3)).toEqual(['session.started', 'encounter.resumed', 'encounter.command'])
    // (a page that was open while the server was down may log a refused reconnect; nothing else)
    expect(browser.errors.filter((e) => !e.includes('ERR_CONNECTION_REFUSED'))).toEqual([])
  })
})
