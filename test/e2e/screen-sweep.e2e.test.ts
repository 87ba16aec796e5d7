/**
 * The sweep (issue 27, defect 11): no screen of the console shows a raw i18n key, an id, "undefined", "NaN" or
 * "[object Object]". Every bundled sample campaign (one per rule system) is opened in Chromium against the built
 * browser-mode server, in English and in Polish, and each main screen is read: home, overview, library, prep (a plan
 * open, its stat card shown), the board (a plan launched, initiative rolled, combat started) and sessions. What is
 * read is what a GM sees: the page's text, the form fields' values and the titles, placeholders and labels.
 * Screenshots of the boards: docs/screenshots/ui-sweep-<system>-<lang>.png.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { uiEn } from '../../src-shared/i18n/ui-en'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS } from './flow-steps'

const SAMPLES = ['sample-saga', 'sample-starchasers', 'sample-2d20', 'sample-storyteller']
/** the i18n catalogs' top-level groups: the UI's, the engine's and the systems' */
const GROUPS = [...Object.keys(uiEn), 'log', 'rule', 'command', 'saga', 'starchasers', '2d20', 'storyteller', 'td', 'st', 'sc', 'side', 'export']
const RAW_KEY = new RegExp(`(?<![\\w/.-])(?:${GROUPS.join('|')})\\.[a-z][\\w]*(?:\\.[\\w]+)*(?![\\w/])`)
const RAW_VALUES: Array<[RegExp, string]> = [
  [/\bundefined\b/, '"undefined"'],
  [/\bNaN\b/, '"NaN"'],
  [/\[object Object\]/, '"[object Object]"'],
  [RAW_KEY, 'a raw i18n key'],
]
/** ids of things on the page, from their test ids: none may be shown as text */
const ID_PREFIXES = ['combatant-card-', 'plan-item-', 'campaign-open-', 'library-view-', 'track-entry-']

interface Seen { text: string; ids: string[] }
/** what the GM sees on the page now: text, field values, titles, placeholders, labels, alt texts; and the ids */
function seen(page: Page): Promise<Seen> {
  return page.evaluate((prefixes) => {
    interface El { innerText?: string; value?: string; tagName: string; type?: string; getAttribute(n: string): string | null; dataset: Record<string, string | undefined> }
    const document = (globalThis as unknown as { document: { body: { innerText: string }; querySelectorAll(s: string): Iterable<El> } }).document
    const parts = [document.body.innerText]
    for (const el of document.querySelectorAll('input, textarea')) if (el.type !== 'hidden' && el.type !== 'checkbox' && el.type !== 'radio') parts.push(el.value ?? '')
    for (const el of document.querySelectorAll('[title], [placeholder], [aria-label], img[alt]')) for (const a of ['title', 'placeholder', 'aria-label', 'alt']) parts.push(el.getAttribute(a) ?? '')
    const ids = new Set<string>()
    for (const el of document.querySelectorAll('[data-testid]')) {
      const tid = el.dataset.testid ?? ''
      const p = prefixes.find((x) => tid.startsWith(x))
      if (p) ids.add(tid.slice(p.length))
    }
    return { text: parts.join('\n'), ids: [...ids] }
  }, ID_PREFIXES)
}

/** the problems on the page, each with the text around it */
async function problems(page: Page, where: string): Promise<string[]> {
  const { text, ids } = await seen(page)
  const out: string[] = []
  const around = (i: number) => JSON.stringify(text.slice(Math.max(0, i - 40), i + 60))
  for (const [re, what] of RAW_VALUES) {
    const m = re.exec(text)
    if (m) out.push(`${where}: ${what} ${JSON.stringify(m[0])} in ${around(m.index)}`)
  }
  // an id made by the machine (with a hyphen or a digit: "pc-tira-vos", "c-1a2b"), never a plain word that could be a name
  for (const id of ids.filter((x) => /[-\d]/.test(x) && x.length >= 4)) {
    const i = text.indexOf(id)
    if (i >= 0) out.push(`${where}: the id ${JSON.stringify(id)} in ${around(i)}`)
  }
  return out
}

let browser: Browser
let server: ServeProcess
let gm: Page
const dataDir = mkdtempSync(join(tmpdir(), 'gmc-sweep-e2e-'))

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dataDir, 120_000)])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize({ width: 1366, height: 768 })
  await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function setLocale(locale: 'en' | 'pl') {
  await gm.evaluate((l) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('gmc.locale', l), locale)
  await gm.reload({ waitUntil: 'networkidle' })
  // the console comes back where the GM was (any screen), once it has started
  await gm.locator(['campaign-home', 'campaign-overview', 'library', 'prep', 'encounter-board', 'sessions-view'].map((t) => `[data-testid="${t}"]`).join(', ')).first().waitFor()
  await gm.getByTestId('console-starting').waitFor({ state: 'detached' })
  await gm.waitForLoadState('networkidle')
  expect(await gm.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe(locale)
}

/** the screen's root is there and the page is quiet (pushes applied, lazy parts loaded) */
async function settle(testid: string) {
  await gm.getByTestId(testid).waitFor()
  await gm.waitForLoadState('networkidle')
  await gm.waitForTimeout(150)
}

async function sweepCampaign(campaignId: string, locale: 'en' | 'pl'): Promise<string[]> {
  const found: string[] = []
  const check = async (screen: string) => found.push(...(await problems(gm, `${campaignId} ${locale} ${screen}`)))
  await gm.getByTestId('nav-home').click()
  await settle('campaign-home')
  await check('home')
  await gm.getByTestId(`campaign-open-${campaignId}`).click()
  await settle('campaign-overview')
  await check('overview')
  await gm.getByTestId('nav-library').click()
  await settle('library')
  const view = gm.locator('[data-testid^="library-view-"]').first()
  if (await view.count()) {
    await view.click()
    await gm.locator('[data-testid^="statblock-card-"]').first().waitFor()
  }
  await check('library')
  await gm.getByTestId('nav-prep').click()
  await settle('prep')
  const plan = gm.locator('[data-testid^="plan-item-"]').first()
  if (await plan.count()) {
    await plan.click()
    const card = gm.locator('[data-testid^="plan-entry-card-"]').first()
    if (await card.count()) await card.click()
    await gm.waitForTimeout(150)
    await check('prep')
    await gm.getByTestId('plan-launch').click()
    await settle('encounter-board')
    await check('board (setup)')
    const roll = gm.getByTestId('track-roll-initiative')
    if (await roll.count()) await roll.click()
    await gm.getByTestId('track-start').click()
    await gm.waitForLoadState('networkidle')
    await gm.waitForTimeout(300)
    await check('board (combat)')
    await gm.screenshot({ path: join(SHOTS, `ui-sweep-${campaignId.replace('sample-', '')}-${locale}.png`) })
  } else await check('prep')
  await gm.getByTestId('nav-sessions').click()
  await settle('sessions-view')
  await check('sessions')
  return found
}

describe('no screen shows a raw key, an id, "undefined", "NaN" or "[object Object]" (issue 27)', () => {
  for (const locale of ['en', 'pl'] as const) {
    it(`every main screen of every sample campaign, in ${locale === 'en' ? 'English' : 'Polish'}`, async () => {
      await setLocale(locale)
      const found: string[] = []
      for (const id of SAMPLES) found.push(...(await sweepCampaign(id, locale)))
      expect(found).toEqual([])
      expect(browser.errors).toEqual([])
    }, 300_000)
  }

  it('the check itself finds each of them on a real page (a raw key, "undefined", "NaN", "[object Object]", an id)', async () => {
    const board = gm.locator('[data-testid^="combatant-card-"]').first()
    await gm.getByTestId('nav-board').click()
    await board.waitFor()
    const id = (await board.getAttribute('data-testid'))!.slice('combatant-card-'.length)
    await gm.evaluate((planted) => {
      const d = (globalThis as unknown as { document: { createElement(t: string): { textContent: string }; body: { append(e: unknown): void } } }).document
      const el = d.createElement('p')
      el.textContent = planted
      d.body.append(el)
    }, `board.nextTurn · HP undefined · NaN / 12 · [object Object] · ${id}`)
    const found = await problems(gm, 'planted')
    expect(found.map((f) => f.split(' in ')[0])).toEqual(['planted: "undefined" "undefined"', 'planted: "NaN" "NaN"', 'planted: "[object Object]" "[object Object]"', 'planted: a raw i18n key "board.nextTurn"', `planted: the id ${JSON.stringify(id)}`])
    await gm.reload({ waitUntil: 'networkidle' })
  })
})
