/**
 * Issue 13, push size, played as a GM in Chromium against browser mode (Saga sample): a push carries only the newest
 * entries of the encounter log, so a console opened (here: reloaded) once the fight has logged more than that shows
 * the newest ones and offers the older ones; scrolling back pages them in over the socket (`encounter:log`) until the first entry of the fight is there, with
 * the step the GM undid and replaced early on still struck through. Screenshot: docs/screenshots/log-paging.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
/** LOG_WINDOW in src-main/projections/to-gm-view.ts */
const WINDOW = 100
let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-log-paging-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the encounter log pages older entries (Saga sample)', () => {
  it('plays past the pushed window, scrolls back to the first entry, statuses as they are', async () => {
    const page = await browser.open(server.consoleUrl)
    await page.setViewportSize({ width: 1600, height: 1000 })
    await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId('campaign-open-sample-saga').click()
    await page.getByTestId('campaign-overview').waitFor()
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('plan-item-enc-hangar-ambush').click()
    await page.getByTestId('plan-launch').click()
    await page.getByTestId('encounter-board').waitFor()
    await page.getByTestId('track-roll-initiative').click()
    await page.getByTestId('track-start').click()
    await expect.poll(() => page.getByTestId('track-phase').textContent()).not.toBe('Setup')

    const pane = page.getByTestId('log-pane')
    const entries = pane.locator('[data-testid^="log-entry-"]')
    const seqs = async () => (await entries.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('log-entry-'.length)))))
    // early on: a turn undone, then replaced by another (its entries discarded: struck through for good)
    const next = page.getByTestId('board-next')
    let before = (await seqs()).at(-1)!
    await next.click()
    await expect.poll(async () => (await seqs()).at(-1)).toBeGreaterThan(before)
    const stepped = (await seqs()).filter((s) => s > before)
    await page.getByTestId('board-undo').click()
    for (const s of stepped) await expect.poll(() => page.getByTestId(`log-entry-${s}`).getAttribute('class')).toMatch(/\bundone\b/)
    await next.click()
    await expect.poll(async () => (await seqs()).at(-1)).toBeGreaterThan(stepped.at(-1)!)

    // play on until the early step is older than what a push carries (the open pane keeps every entry pushed to it)
    for (let turns = 0; (await seqs()).filter((x) => x >= stepped[0]).length <= WINDOW + 5; turns++) {
      expect(turns, 'the log never outgrew the pushed window').toBeLessThan(400)
      before = (await seqs()).at(-1)!
      await next.click()
      await expect.poll(async () => (await seqs()).at(-1)).toBeGreaterThan(before)
    }
    const played = await seqs()
    expect(played[0]).toBeLessThan(stepped[0])
    // the console opened again mid-fight (a reload, or another window): it gets the newest entries only, and the
    // pane offers the older ones
    await page.reload()
    await page.getByTestId('encounter-board').waitFor()
    const older = page.getByTestId('log-older')
    await older.waitFor()
    expect(await older.textContent()).toContain(String(played.length - WINDOW))
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(WINDOW)
    expect(await seqs()).toEqual(played.slice(-WINDOW))
    expect((await seqs()).includes(stepped[0])).toBe(false)
    // the newest entry is at hand: the pane followed it
    expect(await pane.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(40)

    // scroll back: the older entries come in front, the GM's place kept, until the first entry of the fight
    const held = await entries.count()
    const firstShown = (await seqs())[0]
    await pane.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect.poll(() => entries.count()).toBeGreaterThan(held)
    await expect.poll(() => older.isVisible()).toBe(false)
    const all = await seqs()
    expect(all).toEqual(played)
    expect(all).toEqual([...all].sort((a, b) => a - b))
    expect(new Set(all).size).toBe(all.length)
    // the place kept: the entry that was on top is still in view, not the list's new top
    const top = page.getByTestId(`log-entry-${firstShown}`)
    expect(await top.evaluate((el) => { const p = el.parentElement!.getBoundingClientRect(); const r = el.getBoundingClientRect(); return r.bottom > p.top && r.top < p.bottom })).toBe(true)
    // the step undone and replaced early on: paged in struck through (discarded), not shown as done
    for (const s of stepped) expect(await page.getByTestId(`log-entry-${s}`).getAttribute('class')).toMatch(/\bundone\b/)
    await page.getByTestId(`log-entry-${stepped[0]}`).scrollIntoViewIfNeeded()
    await page.waitForTimeout(250)
    await pane.locator('xpath=..').screenshot({ path: join(SHOTS, 'log-paging.png') })

    // a new step still arrives at the end of the paged-in log (and the pane follows once back at the bottom)
    await pane.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    const last = all.at(-1)!
    await next.click()
    await expect.poll(async () => (await seqs()).at(-1)).toBeGreaterThan(last)
    expect((await seqs())[0]).toBe(all[0])
    await expect.poll(() => pane.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(40)
    expect(browser.errors).toEqual([])
    // about 100 turns played through the UI: minutes on a loaded 2-core machine
  }, 400_000)
})
