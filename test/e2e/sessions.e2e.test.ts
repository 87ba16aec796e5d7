/**
 * Sessions end to end (issue 6) in browser mode against the real core: start a session, a public and a GM-only
 * note, a hidden roll outside combat (typed-in die), the log filtered by kind, text, encounter and combatant,
 * export as Markdown and as player-safe HTML (downloads) with the GM-only note and the hidden roll left out of
 * the player-safe file, and a JSON export replayed turn by turn. Screenshots: docs/screenshots/sessions-*.png.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
const OUT = mkdtempSync(join(tmpdir(), 'gmc-sessions-e2e-out-'))
const GM_NOTE = 'GM-ONLY-NOTE the mayor is the smuggler'
const PUBLIC_NOTE = 'The party reaches the docks at dusk'
const HIDDEN_LABEL = 'HIDDEN-ROLL ambush awareness'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-sessions-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250) // let button transitions settle
  await page.screenshot({ path: join(SHOTS, `sessions-${name}.png`), fullPage: false })
}

/** the shown log entries' line numbers */
const shownLines = (page: Page) =>
  page.locator('[data-testid^="sessions-entry-"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('sessions-entry-'.length))))

/** click Export and save the download; returns its text */
async function exportVia(page: Page, format: string, playerSafe: boolean, name: string): Promise<string> {
  await page.getByTestId('sessions-format').selectOption(format)
  await page.getByTestId('sessions-player-safe').setChecked(playerSafe)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sessions-export').click()])
  const file = join(OUT, name)
  await download.saveAs(file)
  return readFileSync(file, 'utf8')
}

describe('sessions end to end', () => {
  it('session, notes, hidden roll, filters, md + player-safe html export, replay turn by turn', async () => {
    const page = await browser.open(server.consoleUrl)
    // the bundled sample campaign (opened on the first start, or from the list)
    await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId('campaign-open-sample-saga').click()
    await page.getByTestId('campaign-overview').waitFor()

    // start a session from the overview
    await page.getByTestId('session-title').fill('Night at the docks')
    await page.getByTestId('session-notes').fill('Smugglers at the docks; the mayor is involved')
    await page.getByTestId('sessions-card').scrollIntoViewIfNeeded()
    await shot(page, 'start')
    await page.getByTestId('session-start').click()
    await page.getByTestId('session-open').waitFor()

    await page.getByTestId('nav-sessions').click()
    const log = page.getByTestId('sessions-log')
    await log.getByText('Night at the docks').waitFor()

    // a public note and a GM-only one
    await page.getByTestId('sessions-note').fill(PUBLIC_NOTE)
    await page.getByTestId('sessions-note-add').click()
    await log.getByText(PUBLIC_NOTE).waitFor()
    await page.getByTestId('sessions-note').fill(GM_NOTE)
    await page.getByTestId('sessions-note-gm').check()
    await page.getByTestId('sessions-note-add').click()
    await log.getByText(GM_NOTE).waitFor()

    // a hidden roll outside combat, the die read from the table
    await page.getByTestId('session-tool-roll').click()
    await page.getByTestId('session-roll-notation').fill('1d20+3')
    await page.getByTestId('session-roll-label').fill(HIDDEN_LABEL)
    await page.getByTestId('session-roll-hidden').check()
    await page.getByTestId('session-roll-dice').fill('14')
    await page.getByTestId('session-roll').click()
    await expect.poll(() => page.getByTestId('session-roll-result').textContent()).toContain('1d20+3 = 17')
    await log.getByText(HIDDEN_LABEL).waitFor()
    // a pool change
    await page.getByTestId('session-tool-pool').click()
    await page.getByTestId('session-pool-name').fill('Destiny')
    await page.getByTestId('session-pool-delta').fill('-1')
    await page.getByTestId('session-pool-reason').fill('spent on the lock')
    await page.getByTestId('session-pool-add').click()
    await log.getByText('spent on the lock').waitFor()
    await shot(page, 'log')

    // filter: by kind, then by text as it reads
    const all = await shownLines(page)
    await page.getByTestId('sessions-kind').selectOption('note')
    await expect.poll(() => shownLines(page).then((l) => l.length)).toBe(2)
    await page.getByTestId('sessions-search').fill('dusk')
    await expect.poll(() => shownLines(page).then((l) => l.length)).toBe(1)
    await log.getByText(PUBLIC_NOTE).waitFor()
    await page.getByTestId('sessions-kind').selectOption('')
    await page.getByTestId('sessions-search').fill('')
    await expect.poll(() => shownLines(page)).toEqual(all)

    // export: the full Markdown has everything; the player-safe HTML leaves the GM-only note and hidden roll out
    const md = await exportVia(page, 'md', false, 'full.md')
    expect(md).toContain('Night at the docks')
    expect(md).toContain(GM_NOTE)
    expect(md).toContain(HIDDEN_LABEL)
    const html = await exportVia(page, 'html', true, 'players.html')
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain(PUBLIC_NOTE)
    expect(html).not.toContain('GM-ONLY-NOTE')
    expect(html).not.toContain('the mayor is the smuggler')
    expect(html).not.toContain('HIDDEN-ROLL')
    // self-contained: no script, nothing fetched from elsewhere
    expect(html).not.toMatch(/<script\b/i)
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i)

    // the PDF: the same HTML printed by Chromium in main (browser mode)
    await page.getByTestId('sessions-format').selectOption('pdf')
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sessions-export').click()])
    expect(pdfDownload.suggestedFilename()).toBe('night-at-the-docks-players.pdf')
    await pdfDownload.saveAs(join(OUT, 'players.pdf'))
    expect(readFileSync(join(OUT, 'players.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    // the finished sample session: filter by encounter and by combatant
    await page.getByTestId('sessions-item-session-2').click()
    await log.getByText('The hangar ambush').first().waitFor()
    const sessionLines = await shownLines(page)
    const encounters = await page.getByTestId('sessions-encounter').locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? '').filter(Boolean))
    expect(encounters.length).toBeGreaterThan(0)
    await page.getByTestId('sessions-encounter').selectOption(encounters[0])
    const inEncounter = await shownLines(page)
    expect(inEncounter.length).toBeGreaterThan(0)
    expect(inEncounter.length).toBeLessThan(sessionLines.length)
    const combatants = await page.getByTestId('sessions-combatant').locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? '').filter(Boolean))
    expect(combatants.length).toBeGreaterThan(1)
    await page.getByTestId('sessions-combatant').selectOption(combatants[0])
    const ofCombatant = await shownLines(page)
    expect(ofCombatant.length).toBeGreaterThan(0)
    expect(ofCombatant.length).toBeLessThan(inEncounter.length)
    expect(ofCombatant.every((l) => inEncounter.includes(l))).toBe(true)
    await shot(page, 'filters')

    // its JSON export, opened read-only and stepped turn by turn
    const json = await exportVia(page, 'json', false, 'hangar.json')
    await page.getByTestId('replay-start').click()
    await page.getByTestId('replay-file').setInputFiles(join(OUT, 'hangar.json'))
    await expect.poll(() => page.getByTestId('replay-text').inputValue().then((v) => v.length)).toBe(json.length)
    await page.getByTestId('replay-open').click()
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toMatch(/^0 \/ \d+$/)
    await page.getByTestId('replay-next-turn').click()
    await expect.poll(() => page.getByTestId('replay-turn').textContent()).toMatch(/^Turn 1 of \d+$/)
    await page.getByTestId('replay-next-turn').click()
    await expect.poll(() => page.getByTestId('replay-turn').textContent()).toMatch(/^Turn 2 of \d+$/)
    const at = Number((await page.getByTestId('replay-position').textContent())!.split(' / ')[0])
    expect(at).toBeGreaterThan(1)
    await page.getByTestId('replay-dialog').getByTestId('turn-track').waitFor()
    await shot(page, 'replay')
    await page.getByTestId('replay-dialog').getByTestId('dialog-close').click()
    // or straight from the session, without a file
    await page.getByTestId('sessions-replay').click()
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toMatch(/^0 \/ \d+$/)
    await page.getByTestId('replay-next-turn').click()
    await expect.poll(() => page.getByTestId('replay-turn').textContent()).toMatch(/^Turn 1 of \d+$/)
    await page.getByTestId('replay-dialog').getByTestId('dialog-close').click()

    // in Polish: the open session with its tools
    await page.getByTestId('lang-switch').selectOption('pl')
    await page.getByTestId('sessions-item-session-2').waitFor()
    await page.locator('[data-testid^="sessions-item-"]').first().click()
    await page.getByTestId('session-tool-roll').click()
    await expect.poll(() => page.getByTestId('sessions-encounter').locator('option').first().textContent()).toBe('Wszystkie starcia')
    await expect.poll(() => page.getByTestId('session-roll').textContent()).toContain('Rzuć')
    await shot(page, 'pl')

    expect(browser.errors).toEqual([])
  })

  it('the session log is live while an encounter runs in another window', async () => {
    const log = await browser.open(server.consoleUrl)
    const board = await browser.open(server.consoleUrl)
    for (const page of [log, board]) {
      await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
      if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId('campaign-open-sample-saga').click()
      await page.getByTestId('campaign-overview').waitFor()
    }
    await log.getByTestId('lang-switch').selectOption('en')
    await log.getByTestId('nav-sessions').click()
    await log.getByTestId('sessions-log').getByText(PUBLIC_NOTE).waitFor() // the open session from the first test
    const before = (await shownLines(log)).length

    await board.getByTestId('nav-prep').click()
    await board.getByTestId('plan-item-enc-breach-gate').click()
    await board.getByTestId('plan-launch').click()
    await board.getByTestId('encounter-board').waitFor()
    await board.getByTestId('track-roll-initiative').click()
    await board.getByTestId('track-start').click()
    await board.getByTestId('board-next').click()

    // the entries arrive on the sessions screen as they happen, and the new encounter becomes a filter
    await log.getByTestId('sessions-log').getByText('Breach the outpost gate').first().waitFor()
    await expect.poll(() => shownLines(log).then((l) => l.length)).toBeGreaterThan(before + 3)
    await expect.poll(() => log.getByTestId('sessions-encounter').locator('option').allTextContents()).toContain('Breach the outpost gate')
    // following the newest entry
    await expect.poll(() => log.getByTestId('sessions-log').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5)
    await shot(log, 'live')
    await log.getByTestId('sessions-kind').selectOption('event')
    await expect.poll(() => shownLines(log).then((l) => l.length)).toBeGreaterThan(0)
    expect(browser.errors).toEqual([])
  })
})
