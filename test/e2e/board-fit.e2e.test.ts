/**
 * Issue 27, defect 7: the encounter board fits a laptop. A sample encounter of each system is launched from the
 * console (browser mode, Chromium), its initiative rolled, the fight started, one action rolled and a few turns
 * played; then at 1366×768 and 1920×1080, in English and Polish, in the console's board and in the pop-out board:
 * the current actor's card, the action form's submit button, the last result and the newest log line are wholly
 * in sight (in the viewport and in every scrolled box around them, not covered; a current card taller than the box
 * the cards scroll in: its top at the box's top, the box filled with it) and do not overlap each other; the
 * header's controls lie within the viewport's width; the cards follow the turn order. After each next turn the new
 * current card is in sight. Screenshots: docs/screenshots/board-fit-<system>-<w>x<h>-<lang>.png (console) and
 * board-fit-popout-<system>-1366x768-<lang>.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { front, launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { blur, sampleFight, SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-board-fit-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const
const LANGS = ['en', 'pl'] as const
const SAMPLES = [
  { system: 'saga', campaign: 'sample-saga', plan: 'enc-breach-gate' },
  { system: 'starchasers', campaign: 'sample-starchasers', plan: 'enc-ember-depot' },
  { system: '2d20', campaign: 'sample-2d20', plan: 'enc-warhoon-arena' },
  { system: 'storyteller', campaign: 'sample-storyteller', plan: 'enc-pelgo-checkpoint' },
] as const

/** what the board shows, measured in the page: each element's box, whether it is wholly in sight, the header */
interface Measured {
  boxes: Record<string, { x: number; y: number; w: number; h: number } | null>
  /** why an element is not wholly in sight ('' when it is) */
  hidden: Record<string, string>
  /** header controls whose right edge is past the viewport */
  headerOut: string[]
  scrollWidth: number
  cardOrder: string[]
}

/**
 * In the page: the four things a GM must see, each checked against the viewport and against every box around it
 * that clips (overflow other than visible), and sampled with elementFromPoint (nothing drawn over it).
 */
function measure(): Measured {
  type El = {
    getBoundingClientRect(): { left: number; top: number; right: number; bottom: number; width: number; height: number }
    parentElement: El | null
    contains(o: unknown): boolean
    getAttribute(a: string): string | null
    textContent: string | null
  }
  const g = globalThis as unknown as {
    document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El>; elementFromPoint(x: number, y: number): El | null; documentElement: { scrollWidth: number } }
    innerWidth: number
    innerHeight: number
    getComputedStyle(e: El): { overflowX: string; overflowY: string }
  }
  const d = g.document
  const logEntries = Array.from(d.querySelectorAll('[data-testid="log-pane"] [data-testid^="log-entry-"]'))
  const els: Record<string, El | null> = {
    current: d.querySelector('[data-testid^="combatant-card-"].current'),
    submit: d.querySelector('[data-testid="action-submit"]'),
    result: d.querySelector('[data-testid="result-card"]'),
    newestLog: logEntries.length ? logEntries[logEntries.length - 1] : null,
  }
  const boxes: Measured['boxes'] = {}
  const hidden: Record<string, string> = {}
  for (const [k, el] of Object.entries(els)) {
    if (!el) {
      boxes[k] = null
      hidden[k] = 'missing'
      continue
    }
    let r = el.getBoundingClientRect()
    const why: string[] = []
    // a card taller than the box the cards scroll in cannot be wholly in sight: its top must fill the box then
    const cards = k === 'current' ? d.querySelector('[data-testid="board-cards"]') : null
    if (cards && r.height > cards.getBoundingClientRect().height) {
      const b = cards.getBoundingClientRect()
      if (r.top < b.top - 0.5 || r.top > b.top + 12) why.push(`taller than its box and its top not at the box's top (${Math.round(r.top)} vs ${Math.round(b.top)})`)
      r = { left: r.left, right: r.right, width: r.width, top: r.top, bottom: b.bottom, height: b.bottom - r.top }
    }
    boxes[k] = { x: r.left, y: r.top, w: r.width, h: r.height }
    if (r.width < 1 || r.height < 1) why.push('no size')
    if (r.left < -0.5 || r.top < -0.5 || r.right > g.innerWidth + 0.5 || r.bottom > g.innerHeight + 0.5) why.push(`outside the viewport (${Math.round(r.top)}..${Math.round(r.bottom)} of ${g.innerHeight})`)
    for (let p = el.parentElement; p; p = p.parentElement) {
      const cs = g.getComputedStyle(p)
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue
      const pr = p.getBoundingClientRect()
      if (r.top < pr.top - 0.5 || r.bottom > pr.bottom + 0.5 || r.left < pr.left - 0.5 || r.right > pr.right + 0.5) why.push(`scrolled out of ${p.getAttribute('data-testid') ?? p.getAttribute('class') ?? 'a box'} (${r.left.toFixed(1)},${r.top.toFixed(1)}..${r.right.toFixed(1)},${r.bottom.toFixed(1)} of ${pr.left.toFixed(1)},${pr.top.toFixed(1)}..${pr.right.toFixed(1)},${pr.bottom.toFixed(1)})`)
    }
    // nothing drawn over it: the points near its corners and middle hit the element itself
    const pts = [
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
    ]
    for (const [x, y] of pts) {
      const hit = d.elementFromPoint(x, y)
      if (hit && !el.contains(hit)) why.push(`covered at ${Math.round(x)},${Math.round(y)} by ${hit.getAttribute('data-testid') ?? hit.getAttribute('class') ?? '?'}`)
    }
    hidden[k] = why.join('; ')
  }
  const headerOut: string[] = []
  for (const c of Array.from(d.querySelectorAll('.topbar button, .topbar select, .topbar a, .toolbar button, .toolbar select'))) {
    const r = c.getBoundingClientRect()
    if (r.width > 0 && (r.right > g.innerWidth + 0.5 || r.left < -0.5)) headerOut.push(c.getAttribute('data-testid') ?? c.textContent ?? '?')
  }
  const cardOrder = Array.from(d.querySelectorAll('[data-testid^="combatant-card-"]')).map((c) => c.getAttribute('data-testid')!.replace('combatant-card-', ''))
  return { boxes, hidden, headerOut, scrollWidth: d.documentElement.scrollWidth, cardOrder }
}

/** main's turn order for the encounter on the board (the GM view, asked through the page's bridge) */
async function turnOrder(page: Page, encounterId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const gm = (globalThis as unknown as { gm: { invoke(ch: string, req: unknown): Promise<{ ok: boolean; value: { encounter: { turn: { order: string[] }; combatants: Array<{ id: string }> } } }> } }).gm
    const r = await gm.invoke('encounter:get', { encounterId: id })
    const order = r.value.encounter.turn.order
    return [...order, ...r.value.encounter.combatants.map((c) => c.id).filter((c) => !order.includes(c))]
  }, encounterId)
}

const overlap = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5

/** the measures of one screen, as a list of what a GM would trip on ([] when all is well) */
async function problems(page: Page, encounterId: string, where: string): Promise<string[]> {
  // the screen once it stopped moving (a scroll into view, a transition): two measures alike 50 ms apart (a fixed
  // 300 ms wait before, 32 times a run; issue 27)
  let m = await page.evaluate(measure)
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(50)
    const again = await page.evaluate(measure)
    if (JSON.stringify(again) === JSON.stringify(m)) break
    m = again
  }
  const out: string[] = []
  for (const [k, why] of Object.entries(m.hidden)) if (why) out.push(`${where}: ${k} not in sight: ${why}`)
  const keys = Object.keys(m.boxes)
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++) {
      const a = m.boxes[keys[i]]
      const b = m.boxes[keys[j]]
      if (a && b && overlap(a, b)) out.push(`${where}: ${keys[i]} overlaps ${keys[j]}`)
    }
  if (m.headerOut.length) out.push(`${where}: header controls past the right edge: ${m.headerOut.join(', ')}`)
  const vw = page.viewportSize()!.width
  if (m.scrollWidth > vw + 1) out.push(`${where}: the page scrolls sideways (${m.scrollWidth} > ${vw})`)
  const order = (await turnOrder(page, encounterId)).filter((id) => m.cardOrder.includes(id))
  if (JSON.stringify(order) !== JSON.stringify(m.cardOrder)) out.push(`${where}: cards ${m.cardOrder.join(',')} not in turn order ${order.join(',')}`)
  return out
}

async function setLang(page: Page, lang: string) {
  const sw = page.getByTestId('lang-switch')
  if ((await sw.inputValue()) !== lang) await sw.selectOption(lang)
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang)
}

/** a new console page at the laptop size in `lang`, a sample encounter launched from the campaign's home */
async function fightAtLaptopSize(lang: string, campaign: string, plan: string): Promise<Page> {
  const page = await browser.open(server.consoleUrl)
  await page.setViewportSize(SIZES[0])
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"], [data-testid="encounter-board"]').first().waitFor()
  await setLang(page, lang)
  if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
  await sampleFight(page, campaign, plan)
  return page
}

/** N: the next turn (the current card changes) */
async function nextTurn(page: Page) {
  const before = await page.locator('[data-testid^="combatant-card-"].current').getAttribute('data-testid')
  await blur(page)
  await page.keyboard.press('n')
  await expect.poll(() => page.locator('[data-testid^="combatant-card-"].current').getAttribute('data-testid')).not.toBe(before)
}

/** the action form as it stands, submitted (rolled by the engine): a new result card and a new log line */
async function rollAction(page: Page, where: string): Promise<string[]> {
  const entries = page.locator('[data-testid="log-pane"] [data-testid^="log-entry-"]')
  const refusal = page.locator('[data-testid="action-error"], [data-testid="action-missing"], [data-testid="action-field-error"]')
  const refused: string[] = []
  // the actor the turn gave may have no attack in reach (the sample's seed differs from launch to launch): the next
  // turn's actor tries
  for (let tries = 0; tries < 4; tries++) {
    const before = await entries.count()
    await page.getByTestId('action-submit').click()
    await expect.poll(async () => (await entries.count()) > before || (await refusal.count()) > 0).toBe(true)
    if (!(await refusal.count())) {
      // a Storyteller attack that misses has no card today (its dice are not in the generic card): another roll
      const card = await page.getByTestId('result-card').waitFor({ timeout: 2000 }).then(() => true, () => false)
      if (card) return []
      refused.push(`no result card after "${await entries.last().textContent()}"`)
    } else refused.push((await refusal.allTextContents()).join(' / '))
    await nextTurn(page)
  }
  // damage marked by hand has a card in every system
  await page.getByTestId('action-tab-damage').click()
  await page.getByTestId('action-field-amount').fill('1')
  await page.getByTestId('action-submit').click()
  const card = await page.getByTestId('result-card').waitFor({ timeout: 3000 }).then(() => true, () => false)
  return card ? [] : [`${where}: no action gave a result card: ${refused.join('; ')}`]
}

/** every size and language on one page: a next turn before each (the new current card must come into sight) */
async function sweep(page: Page, encounterId: string, name: string): Promise<string[]> {
  const found: string[] = []
  // the window swept in front: a pop-out's opener behind it (or it behind the opener) gets requestAnimationFrame at
  // 1 per second, so the current card's scroll into view can land after the "stable" measures (a flaky
  // "current not in sight" in the pop-out at 1920×1080; issue 28)
  await front(page)
  for (const lang of LANGS) {
    await setLang(page, lang)
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await nextTurn(page)
      const where = `${name} ${size.width}x${size.height} ${lang}`
      found.push(...(await rollAction(page, where)))
      found.push(...(await problems(page, encounterId, where)))
      // the pop-out board is the same board: its screenshots at the laptop size only
      if (!name.includes('popout') || size.width === SIZES[0].width) await page.screenshot({ path: join(SHOTS, `${name}-${size.width}x${size.height}-${lang}.png`) })
    }
  }
  return found
}

describe('the encounter board fits a laptop (issue 27, defect 7)', () => {
  for (const s of SAMPLES) {
    it(`${s.system}: the current actor, the action form, the last result and the newest log line in sight, cards in turn order, at 1366×768 and 1920×1080, en and pl, console and pop-out`, { timeout: 120_000 }, async () => {
      const page = await fightAtLaptopSize('en', s.campaign, s.plan)
      await page.locator('[data-testid^="combatant-card-"].current').waitFor()
      // one action of the form shown (rolled by the engine), then a few turns: the log grows past its box
      const found = await rollAction(page, `${s.system} launched`)
      for (let i = 0; i < 4; i++) await nextTurn(page)
      const encounterId = await page.evaluate((campaignId) => {
        const gm = (globalThis as unknown as { gm: { invoke(ch: string, req: unknown): Promise<{ ok: boolean; value: Array<{ id: string; phase: string }> }> } }).gm
        return gm.invoke('encounter:list', { campaignId }).then((r) => r.value.find((e) => e.phase !== 'ended')?.id ?? '')
      }, s.campaign)
      expect(encounterId).not.toBe('')

      found.push(...(await sweep(page, encounterId, `board-fit-${s.system}`)))

      // the pop-out board of the same encounter
      const [popout] = await Promise.all([browser.context.waitForEvent('page'), page.getByTestId('board-popout').click()])
      await popout.waitForLoadState('networkidle')
      await popout.getByTestId('encounter-board').waitFor()
      await popout.locator('[data-testid^="combatant-card-"].current').waitFor()
      found.push(...(await sweep(popout, encounterId, `board-fit-popout-${s.system}`)))
      await popout.close()
      await page.close()
      expect(found).toEqual([])
      expect(browser.errors).toEqual([])
    })
  }
})

/** 'in sight' when the current card lies wholly within the cards box `box`, else where both are */
const currentInBox = (box: Locator) =>
  box.evaluate((el) => {
    const b = el.getBoundingClientRect()
    const c = el.querySelector('[data-testid^="combatant-card-"].current')!.getBoundingClientRect()
    return c.top >= b.top - 0.5 && c.bottom <= b.bottom + 0.5 ? 'in sight' : `out: ${c.top.toFixed(1)}..${c.bottom.toFixed(1)} of ${b.top.toFixed(1)}..${b.bottom.toFixed(1)}`
  })

describe('the current card stays in sight when a card above it grows (issue 27; CI stop 35)', () => {
  it('2d20, 1366×768: the GM selects a card above the current one (its condition form and notes open): the current card stays wholly in the cards box', { timeout: 60_000 }, async () => {
    const page = await fightAtLaptopSize('en', 'sample-2d20', 'enc-warhoon-arena')
    const current = page.locator('[data-testid^="combatant-card-"].current')
    await current.waitFor()
    const box = page.getByTestId('board-cards')
    // a turn whose card has a card above it (an earlier row) in the scrolled box
    const above = async () =>
      box.evaluate((el) => {
        const cards = [...el.querySelectorAll('[data-testid^="combatant-card-"]')]
        const top = el.querySelector('[data-testid^="combatant-card-"].current')!.getBoundingClientRect().top
        return cards.find((c) => c.getBoundingClientRect().bottom <= top)?.getAttribute('data-testid') ?? ''
      })
    for (let i = 0; i < 8 && !(await above()); i++) await nextTurn(page)
    const upId = await above()
    expect(upId).not.toBe('')
    // the box scrolled as a turn passing down the list leaves it: the current card's bottom at the box's bottom
    await box.evaluate((el) => {
      const cur = el.querySelector('[data-testid^="combatant-card-"].current')!
      el.scrollTop += cur.getBoundingClientRect().bottom - el.getBoundingClientRect().bottom + 8
    })
    const grownBefore = await page.getByTestId(upId).evaluate((e) => e.getBoundingClientRect().height)
    // selected without scrolling (a click on a card the GM sees part of)
    await page.getByTestId(upId).dispatchEvent('click')
    await expect.poll(() => page.getByTestId(upId).evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(grownBefore + 20)
    await expect.poll(() => currentInBox(box), { timeout: 3000 }).toBe('in sight')
    await page.close()
    expect(browser.errors).toEqual([])
  })
})

describe('a current card nearly as tall as its box is shown whole (issue 27; CI stops 35 and 36)', () => {
  it('2d20, a window sized so the cards box is 4 px taller than the current card: the box scrolled to the card shows all of it', { timeout: 60_000 }, async () => {
    const page = await fightAtLaptopSize('pl', 'sample-2d20', 'enc-warhoon-arena')
    const current = page.locator('[data-testid^="combatant-card-"].current')
    await current.waitFor()
    const box = page.getByTestId('board-cards')
    // a turn whose card is not in the first row (the box scrolled to its top leaves it below)
    const row = () => box.evaluate((el) => el.querySelector('[data-testid^="combatant-card-"].current')!.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop)
    for (let i = 0; i < 8 && (await row()) < 100; i++) await nextTurn(page)
    expect(await row()).toBeGreaterThan(100)
    const sizes = () => box.evaluate((el) => ({ box: el.getBoundingClientRect().height, card: el.querySelector('[data-testid^="combatant-card-"].current')!.getBoundingClientRect().height }))
    const before = await sizes()
    // the box scrolled to its top (the card below it), then the window made shorter until the box is the card's height
    // + 4 px: the box's new size scrolls the card into sight (its ResizeObserver)
    await box.evaluate((el) => (el.scrollTop = 0))
    const height = Math.round(SIZES[0].height - (before.box - before.card) + 4)
    await page.setViewportSize({ width: SIZES[0].width, height })
    await expect.poll(async () => Math.round((await sizes()).box - (await sizes()).card)).toBe(4)
    await expect.poll(() => currentInBox(box), { timeout: 3000 }).toBe('in sight')
    await page.close()
    expect(browser.errors).toEqual([])
  })
})
