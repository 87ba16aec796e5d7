/**
 * Two layout defects the screen sweep found (issue 27, "you looked at the screenshots of every screen … and fixed
 * what a GM would trip on"), checked by bounding boxes in Chromium against the built browser-mode server:
 * - the board's pools bar (2d20: Momentum, Threat, Luck…; the others' shared pools) is at most two rows at
 *   1366×768 in en and pl (it was about 210 px in Polish: the action form showed two rows of fields), every figure
 *   and its +/− buttons in sight and clickable (nothing drawn over them);
 * - on the player display (a TV, 1366×768 and 1920×1080), the floating text-size/language controls cover no
 *   combatant row, whatever the page is scrolled to, when the turn list fills the screen.
 * Screenshots: docs/screenshots/layout-fit-<system>-<lang>-1366x768.png, layout-fit-player-tv-<lang>-<size>.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, front, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS } from './flow-steps'

const SYSTEMS = ['2d20', 'saga', 'starchasers', 'storyteller'] as const
const LAPTOP = { width: 1366, height: 768 }
const TV_SIZES = [LAPTOP, { width: 1920, height: 1080 }] as const
/** two rows of pool chips (about 30 px each), the gap between them and the bar's padding and border */
const TWO_ROWS_PX = 84

let browser: Browser
let server: ServeProcess
let gm: Page
let player: Page
const dataDir = mkdtempSync(join(tmpdir(), 'gmc-layout-e2e-'))

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dataDir, 120_000)])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize(LAPTOP)
  await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  player = await browser.open(server.playerUrl)
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function setLocale(page: Page, locale: 'en' | 'pl') {
  await page.evaluate((l) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('gmc.locale', l), locale)
  await page.reload({ waitUntil: 'networkidle' })
  await page.getByTestId('console-starting').waitFor({ state: 'detached' })
}

/** the sample campaign of `system` opened, its first plan launched, combat started and shown to players */
async function fight(system: string) {
  await front(gm)
  await gm.getByTestId('nav-home').click()
  await gm.getByTestId(`campaign-open-sample-${system}`).click()
  await gm.getByTestId('campaign-overview').waitFor()
  await gm.getByTestId('nav-prep').click()
  await gm.locator('[data-testid^="plan-item-"]').first().click()
  await gm.getByTestId('plan-launch').click()
  await gm.getByTestId('encounter-board').waitFor()
  const roll = gm.getByTestId('track-roll-initiative')
  if (await roll.count()) await roll.click()
  await gm.getByTestId('track-start').click()
  await gm.waitForLoadState('networkidle')
  await gm.getByTestId('show-to-players').click()
  await gm.waitForLoadState('networkidle')
  await gm.waitForTimeout(300)
}

/** in the page: the pools bar's height, and each of its figures and buttons not in sight or drawn over */
function poolsBar(): { height: number; hidden: string[] } {
  type R = { top: number; bottom: number; left: number; right: number; width: number; height: number }
  type El = { getBoundingClientRect(): R; getAttribute(a: string): string | null; contains(o: unknown): boolean; checkVisibility(): boolean }
  const d = (globalThis as unknown as { document: { querySelector(s: string): El | null; elementFromPoint(x: number, y: number): unknown } }).document
  const g = globalThis as unknown as { innerWidth: number; innerHeight: number }
  const bar = d.querySelector('.pools-bar')
  // a system with no shared pools in this fight (Saga, Storyteller samples) shows no bar: nothing to fit
  if (!bar) return { height: 0, hidden: [] }
  const hidden: string[] = []
  const items = Array.from((bar as unknown as { querySelectorAll(s: string): ArrayLike<El> }).querySelectorAll('button, strong, input[type="checkbox"]'))
  for (const el of items) {
    // a folded part (the spends of a closed <details>) is not drawn: nothing to see there
    if (!el.checkVisibility()) continue
    const r = el.getBoundingClientRect()
    const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? 'an element'
    if (r.width < 8 || r.height < 8) hidden.push(`${name} too small (${Math.round(r.width)}×${Math.round(r.height)})`)
    else if (r.top < 0 || r.bottom > g.innerHeight || r.left < 0 || r.right > g.innerWidth) hidden.push(`${name} outside the window`)
    else if (!el.contains(d.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2))) hidden.push(`${name} covered`)
  }
  return { height: Math.round(bar.getBoundingClientRect().height), hidden }
}

/**
 * In the page: the combatant rows the player page's floating controls cover, with the page (and any box that
 * scrolls) scrolled to the top, the middle and the bottom; and whether the list is longer than the window
 */
function covered(): { overflows: boolean; rows: string[] } {
  type R = { top: number; bottom: number; left: number; right: number }
  type El = { getBoundingClientRect(): R; getAttribute(a: string): string | null; scrollHeight: number; clientHeight: number; scrollTop: number; parentElement: El | null }
  const g = globalThis as unknown as {
    document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El>; scrollingElement: El }
    innerHeight: number
    getComputedStyle(e: El): { overflowY: string }
  }
  const d = g.document
  const controls = d.querySelector('.player-app .controls')
  const list = d.querySelector('[data-testid="player-order"]')
  if (!controls || !list) return { overflows: false, rows: ['no controls or no turn list'] }
  const scrollers = [d.scrollingElement, ...Array.from(d.querySelectorAll('*')).filter((e) => ['auto', 'scroll'].includes(g.getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)]
  for (const s of scrollers) s.scrollTop = 0
  // the turn list itself reaches the window's bottom (not only what follows it: the bands)
  const overflows = list.getBoundingClientRect().bottom > g.innerHeight - 40
  const out = new Set<string>()
  for (const at of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]) {
    for (const s of scrollers) s.scrollTop = (s.scrollHeight - s.clientHeight) * at
    const c = controls.getBoundingClientRect()
    for (const row of Array.from(d.querySelectorAll('[data-testid^="player-combatant-"]'))) {
      const r = row.getBoundingClientRect()
      // the part of the row drawn: inside the window and inside every box around it that clips (a scrolled box)
      let top = Math.max(r.top, 0)
      let bottom = Math.min(r.bottom, g.innerHeight)
      for (let p = row.parentElement; p; p = p.parentElement) {
        if (g.getComputedStyle(p).overflowY === 'visible') continue
        const pr = p.getBoundingClientRect()
        top = Math.max(top, pr.top)
        bottom = Math.min(bottom, pr.bottom)
      }
      if (bottom <= top) continue
      if (c.left < r.right && c.right > r.left && c.top < bottom && c.bottom > top) out.add(`${row.getAttribute('data-testid')} (scrolled ${at * 100}%)`)
    }
  }
  for (const s of scrollers) s.scrollTop = 0
  return { overflows, rows: [...out] }
}

describe('the layout at the table: the pools bar and the player display (issue 27)', () => {
  for (const locale of ['en', 'pl'] as const) {
    it(`issue 27: every board's pools bar is at most two rows at 1366×768, each figure and +/− in sight (${locale})`, async () => {
      await setLocale(gm, locale)
      const found: string[] = []
      for (const system of SYSTEMS) {
        await fight(system)
        const { height, hidden } = await gm.evaluate(poolsBar)
        // a bar (the 2d20 one was ~210 px in Polish: five rows) is no taller than two rows of chips
        if (height > TWO_ROWS_PX) found.push(`${system} ${locale}: the pools bar is ${height} px tall (more than two rows)`)
        found.push(...hidden.map((h) => `${system} ${locale}: ${h}`))
        await gm.screenshot({ path: join(SHOTS, `layout-fit-${system}-${locale}-1366x768.png`) })
      }
      expect(found).toEqual([])
    }, 300_000)

    it(`issue 27: the player display's text-size control covers no combatant row on a TV (${locale})`, async () => {
      await setLocale(gm, locale)
      await setLocale(player, locale)
      // the sample with the longest turn list, shown to players
      await fight('2d20')
      await front(player)
      await player.locator('[data-testid^="player-combatant-"]').first().waitFor()
      const found: string[] = []
      for (const size of TV_SIZES) {
        await player.setViewportSize(size)
        // larger text until the turn list fills the screen (a TV seen from across the room)
        for (let i = 0; i < 12 && !(await player.evaluate(covered)).overflows; i++) await player.getByTestId('font-larger').click()
        await player.waitForTimeout(200)
        const { overflows, rows } = await player.evaluate(covered)
        expect(overflows, `${size.width}x${size.height}: the list fills the screen`).toBe(true)
        found.push(...rows.map((r) => `${size.width}x${size.height} ${locale}: the controls cover ${r}`))
        await player.screenshot({ path: join(SHOTS, `layout-fit-player-tv-${locale}-${size.width}x${size.height}.png`) })
        // back to the size the page had
        while (Number((await player.getByTestId('font-scale-value').textContent())?.replace('%', '')) > 100) await player.getByTestId('font-smaller').click()
      }
      expect(found).toEqual([])
      expect(browser.errors).toEqual([])
    }, 300_000)
  }
})
