/**
 * Steps shared by the whole-flow end-to-end tests (flow-saga, flow-starchasers): what a GM does in the console, and
 * the redaction checks made on the player page after every step. Only the real UI is driven (clicks, keys, typing).
 */
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

export const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')

export async function shot(page: Page, file: string) {
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0))
  await page.screenshot({ path: join(SHOTS, file), fullPage: false })
}

export async function newCampaign(page: Page, name: string, systemId: 'saga' | 'starchasers' | 'storyteller') {
  // the console may open straight into a campaign (the last one, or a sample): go home first
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
  await page.getByTestId('campaign-home').waitFor()
  await page.getByTestId('campaign-new').click()
  await page.getByTestId('campaign-name').fill(name)
  await page.getByTestId('campaign-system').selectOption(systemId)
  await page.getByTestId('campaign-create-submit').click()
  await page.getByTestId('campaign-overview').waitFor()
}

/** library editor: name, kind, then the system's own fields by path (`sb-field-<path>`) */
export async function newStatBlock(page: Page, name: string, kind: 'pc' | 'npc' | 'ally', fields: Record<string, string | number> = {}) {
  await page.getByTestId('library-new').click()
  await page.getByTestId('sb-name').fill(name)
  await page.getByTestId('sb-kind').selectOption(kind)
  for (const [path, value] of Object.entries(fields)) {
    const el = page.getByTestId(`sb-field-${path}`)
    if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(String(value))
    else await el.fill(String(value))
  }
  await page.getByTestId('sb-save').click()
  await page.getByTestId('statblock-editor').waitFor({ state: 'detached' })
  await page.getByTestId('library-list').getByText(name, { exact: true }).first().waitFor()
}

export interface PlanEntry {
  name: string
  count?: number
  side?: 'party' | 'allies' | 'enemies' | 'neutral'
  hidden?: boolean
  unaware?: boolean
  band?: string
}

/** prep: a new plan with the party first, then the entries; saved and launched onto the board */
export async function planAndLaunch(page: Page, planName: string, entries: PlanEntry[]) {
  await page.getByTestId('nav-prep').click()
  await page.getByTestId('plan-new').click()
  await page.getByTestId('plan-name').fill(planName)
  await page.getByTestId('plan-add-party').click()
  const pick = page.getByTestId('plan-add-pick')
  let i = await page.locator('[data-testid^="plan-entry-count-"]').count()
  for (const e of entries) {
    const value = await pick.locator('option', { hasText: e.name }).first().getAttribute('value')
    await pick.selectOption(value!)
    await page.getByTestId('plan-add').click()
    await page.getByTestId(`plan-entry-${i}`).waitFor()
    if (e.count) await page.getByTestId(`plan-entry-count-${i}`).fill(String(e.count))
    if (e.side) await page.getByTestId(`plan-entry-side-${i}`).selectOption(e.side)
    if (e.hidden) await page.getByTestId(`plan-entry-hidden-${i}`).check()
    if (e.unaware) await page.getByTestId(`plan-entry-aware-${i}`).uncheck()
    if (e.band) await page.getByTestId(`plan-entry-band-${i}`).selectOption(e.band)
    i++
  }
  await page.getByTestId('plan-save').click()
  await expect.poll(() => page.getByTestId('plan-save').isDisabled()).toBe(true)
  await page.getByTestId('plan-launch').click()
  await page.getByTestId('encounter-board').waitFor()
}

/** a bundled sample campaign opened (from home if need be), one of its plans launched, initiative rolled, combat on */
export async function sampleFight(page: Page, campaignId: string, planId: string) {
  await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
  if (await page.getByTestId('campaign-home').isVisible()) await page.getByTestId(`campaign-open-${campaignId}`).click()
  await page.getByTestId('campaign-overview').waitFor()
  await page.getByTestId('nav-prep').click()
  await page.getByTestId(`plan-item-${planId}`).click()
  await page.getByTestId('plan-launch').click()
  await page.getByTestId('encounter-board').waitFor()
  await page.getByTestId('track-start').waitFor()
  // a system without an initiative roll (2d20's J7 order) has no roll button
  if (await page.getByTestId('track-roll-initiative').isVisible()) await page.getByTestId('track-roll-initiative').click()
  await page.getByTestId('track-start').click()
  await expect.poll(() => page.getByTestId('track-phase').textContent()).not.toBe('Setup')
}

/** the combatant id of the card named exactly `name` */
export async function idOf(page: Page, name: string): Promise<string> {
  const card = page.locator('[data-testid^="combatant-card-"]').filter({ has: page.locator('.cname', { hasText: new RegExp(`^${name}$`) }) })
  const testid = await card.first().getAttribute('data-testid')
  return testid!.replace('combatant-card-', '')
}

export const currentName = (page: Page) => page.locator('[data-testid^="combatant-card-"].current .cname').textContent()

export async function selectAction(page: Page, action: string) {
  await page.getByTestId(`action-tab-${action}`).click()
  await page.getByTestId(`action-form-${action}`).waitFor()
}

/**
 * fills a generated action form (test ids: docs/dev/testids.md): combatant fields by id, a list of combatants as an
 * array, a variant by its value then its own fields (`ends`, then `ends.rounds`); optional manual dice; submits and
 * waits for a new log line
 */
export async function act(page: Page, action: string, fields: Record<string, string | number | boolean | string[]>, dice?: string) {
  await selectAction(page, action)
  for (const [name, v] of Object.entries(fields)) {
    const el = page.getByTestId(`action-field-${name}`)
    if (typeof v === 'boolean') await (v ? el.check() : el.uncheck())
    else if (Array.isArray(v)) await el.selectOption(v)
    else if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(String(v))
    else await el.fill(String(v))
  }
  if (dice !== undefined) await page.getByTestId('action-manual-dice').fill(dice)
  const before = await logCount(page)
  await page.getByTestId('action-submit').click()
  await expect.poll(() => page.getByTestId('action-error').count(), { timeout: 2000 }).toBe(0)
  await expect.poll(() => page.getByTestId('action-missing').count(), { timeout: 2000 }).toBe(0)
  await expect.poll(() => page.getByTestId('action-field-error').allTextContents(), { timeout: 2000 }).toEqual([])
  await expect.poll(() => logCount(page)).toBeGreaterThan(before)
}

export const logCount = (page: Page) => page.locator('[data-testid^="log-entry-"]').count()
/** "next turn" with the keyboard shortcut N (focus on the page body first, so no form field swallows the key) */
export async function nextTurnKey(page: Page) {
  const before = await turnKey(page)
  await blur(page)
  await page.keyboard.press('n')
  await expect.poll(() => turnKey(page)).not.toBe(before)
}
/** no form field focused, so single-key shortcuts reach the board */
export const blur = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.())

/** presses N until `name` is the current combatant (in `round`, when given) */
export async function advanceTo(page: Page, name: string, round?: string) {
  for (let i = 0; i < 12; i++) {
    if ((await currentName(page)) === name && (round === undefined || (await roundText(page)) === round)) return
    await nextTurnKey(page)
  }
  throw new Error(`${name} never became current${round ? ` in ${round}` : ''}`)
}
/** the round on the track ('' in setup and in the surprise round, where none is shown) */
export const roundText = async (page: Page) => (await page.getByTestId('track-round').allTextContents()).join('')
const turnKey = async (page: Page) => `${await page.getByTestId('track-phase').textContent()}|${await roundText(page)}|${await currentName(page)}`

export interface PlayerExpect {
  /** names that must not appear anywhere on the player page */
  absent: string[]
  /** names that must be listed */
  present: string[]
  /** ids of enemies: health shown without numbers */
  enemyIds: string[]
  /** condition label → the combatant id it must show on (true) or not (false) */
  conditions?: Array<{ id: string; label: string; shown: boolean }>
  round?: number
}

/** reloads the player page and checks its redacted state */
export async function checkPlayer(player: Page, e: PlayerExpect, waiting = false) {
  await player.bringToFront()
  await player.reload({ waitUntil: 'networkidle' })
  if (waiting) {
    await player.getByTestId('player-waiting').waitFor()
    return
  }
  await player.getByTestId('player-order').waitFor()
  const text = (await player.getByTestId('player-board').textContent()) ?? ''
  for (const n of e.absent) expect(text, `player page must not show ${n}`).not.toContain(n)
  for (const n of e.present) expect(text, `player page must show ${n}`).toContain(n)
  for (const id of e.enemyIds) {
    const row = player.getByTestId(`player-health-${id}`)
    if (!(await row.count())) continue
    const h = (await row.textContent()) ?? ''
    expect(h, `enemy health is a descriptor, not numbers`).not.toMatch(/\d+\s*\/\s*\d+/)
    expect(h.trim()).not.toBe('')
  }
  for (const c of e.conditions ?? []) {
    const conds = (await player.getByTestId(`player-combatant-${c.id}`).locator('.conds').textContent()) ?? ''
    if (c.shown) expect(conds).toContain(c.label)
    else expect(conds).not.toContain(c.label)
  }
  if (e.round !== undefined) expect(await player.getByTestId('player-round').textContent()).toContain(`Round ${e.round}`)
}

/**
 * One step of a flow: check the player page's redacted state, then screenshot the player page and the console
 * as `<prefix>-NN-<name>-{player,gm}.png`.
 */
export function stepper(gm: Page, player: Page, prefix: string) {
  let n = 0
  return async (name: string, expectPlayer: PlayerExpect | 'waiting') => {
    n++
    const tag = `${prefix}-${String(n).padStart(2, '0')}-${name}`
    await checkPlayer(player, expectPlayer === 'waiting' ? ({} as PlayerExpect) : expectPlayer, expectPlayer === 'waiting')
    await shot(player, `${tag}-player.png`)
    // the page in front gets animation frames (Playwright's stability checks wait for them)
    await gm.bringToFront()
    await shot(gm, `${tag}-gm.png`)
  }
}
