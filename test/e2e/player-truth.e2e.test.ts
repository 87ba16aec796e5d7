/**
 * Issue 27, defects 3 and 4, driven like a GM in Chromium (browser mode, the 2d20 sample): one truth on every screen
 * (the console's pools bar, its player preview and the player page show the same Party Momentum, an ally's saved
 * Momentum included), and the player page shows what players need: while a hidden combatant acts, the campaign's
 * setting ("Enemies’ turn" by default, never who; "keep the last visible turn" on request), and after End
 * encounter "The fight is over". Screenshots of the player page at 1920×1080 and 1366×768 in English and Polish:
 * docs/screenshots/player-truth-<state>-<size>-<lang>.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, advanceTo, currentName, idOf, nextTurnKey, sampleFight, SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-player-truth-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const text = async (page: Page, testid: string) => ((await page.getByTestId(testid).first().textContent()) ?? '').trim()
const figure = (s: string) => Number(/(\d+)\s*$/.exec(s)?.[1] ?? Number.NaN)
const BANNED = /undefined|NaN|\[object Object\]|\bplayer\.[a-z]|\bboard\.[a-z]|\bside\.[a-z]/

/** the player page at each size and language, looked at afterwards */
async function shots(player: Page, state: string) {
  for (const [w, h] of [[1920, 1080], [1366, 768]] as const) {
    await player.setViewportSize({ width: w, height: h })
    for (const lang of ['en', 'pl'] as const) {
      await player.getByTestId('lang-switch').selectOption(lang)
      await expect.poll(async () => ((await player.getByTestId('player-board').textContent()) ?? '').length).toBeGreaterThan(0)
      const body = (await player.getByTestId('player-board').textContent()) ?? ''
      expect(body, `${state} ${lang}`).not.toMatch(BANNED)
      await player.screenshot({ path: join(SHOTS, `player-truth-${state}-${w}x${h}-${lang}.png`) })
    }
    await player.getByTestId('lang-switch').selectOption('en')
  }
  await player.setViewportSize({ width: 1366, height: 800 })
}

describe('issue 27: one truth on every screen, and the player page shows what players need', () => {
  it('2d20: Party Momentum agrees on the pools bar, the preview and the TV; hidden turn and the end of the fight', { timeout: 180_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    gm.on('dialog', (d) => void d.accept())
    // the console opens the Saga sample on a first run: home, then the 2d20 sample
    await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (!(await gm.getByTestId('campaign-home').isVisible())) await gm.getByTestId('nav-home').click()
    await sampleFight(gm, 'sample-2d20', 'enc-warhoon-arena')
    await gm.getByTestId('td-pools').waitFor()
    const id = { john: await idOf(gm, 'John Carter'), woola: await idOf(gm, 'Woola'), ape: await idOf(gm, 'White ape') }
    await gm.getByTestId('show-to-players').click()
    const player = await browser.open(server.playerUrl)
    await player.getByTestId('player-order').waitFor()
    await gm.bringToFront()

    // defect 3: John Carter and Woola (an ally: J1 caps her saved Momentum at her Reason 2) save Momentum from tests
    const test = async (who: string, attributes: string[]) => {
      await gm.getByTestId('action-tab-test').click()
      await gm.getByTestId('action-form-test').waitFor()
      await gm.getByTestId('action-field-combatantId').selectOption(who)
      for (const a of ['cunning', 'daring', 'empathy', 'might', 'passion', 'reason']) await gm.getByTestId(`action-field-attributes-${a}`).setChecked(attributes.includes(a))
      await act(gm, 'test', { combatantId: who, difficulty: 1 }, '1 1')
    }
    await test(id.john, ['cunning', 'daring'])
    await test(id.woola, ['might', 'daring'])
    await expect.poll(() => text(gm, `td-mom-value-${id.woola}`)).toMatch(/^2\b/)
    const consoleFigure = Number(await text(gm, 'td-party-momentum-value'))
    const parts = await gm.locator('[data-testid^="td-mom-value-"]').allTextContents()
    // the bar's figure is the sum of the characters' saved Momentum it lists, Woola's included
    expect(consoleFigure).toBe(parts.reduce((a, p) => a + Number(p.split('/')[0]), 0))
    expect(consoleFigure).toBeGreaterThan(2)
    await gm.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await expect.poll(async () => figure(await gm.getByTestId('player-preview').getByTestId('player-td-momentum').textContent() ?? '')).toBe(consoleFigure)
    await expect.poll(async () => figure(await text(player, 'player-td-momentum'))).toBe(consoleFigure)

    // defect 4: the white ape hidden acts: "Enemies’ turn", nobody shown acting, never the ape
    await gm.getByTestId(`track-hide-${id.ape}`).click()
    await advanceTo(gm, 'White ape')
    await expect.poll(() => text(player, 'player-turn')).toBe('Enemies’ turn')
    expect(await player.locator('.pc.current').count()).toBe(0)
    expect(await player.getByTestId('player-board').textContent()).not.toContain('White ape')
    await shots(player, 'hidden-turn')
    // the GM keeps the last visible turn on instead (the old behaviour, by choice): the TV follows at once
    await gm.getByTestId('display-hidden-turn').selectOption('keep')
    await expect.poll(() => text(player, 'player-turn')).toMatch(/’s turn$/)
    expect(await text(player, 'player-turn')).not.toContain('White ape')
    // saved with the campaign: after a reload the console shows the choice
    await gm.reload({ waitUntil: 'networkidle' })
    await gm.getByTestId('display-hidden-turn').waitFor()
    await expect.poll(() => gm.getByTestId('display-hidden-turn').inputValue()).toBe('keep')
    await gm.getByTestId('display-hidden-turn').selectOption('side')
    await expect.poll(() => text(player, 'player-turn')).toBe('Enemies’ turn')
    // the console's display settings with the new choice, looked at in both languages
    for (const lang of ['en', 'pl'] as const) {
      await gm.getByTestId('lang-switch').first().selectOption(lang)
      const settings = gm.getByTestId('display-settings')
      await settings.scrollIntoViewIfNeeded()
      expect((await settings.textContent()) ?? '').not.toMatch(BANNED)
      await settings.screenshot({ path: join(SHOTS, `player-truth-display-settings-${lang}.png`) })
    }
    await gm.getByTestId('lang-switch').first().selectOption('en')
    expect(await currentName(gm)).toBe('White ape')

    // after End encounter the TV says the fight is over, not "X's turn, Round N"
    await nextTurnKey(gm)
    await gm.getByTestId('board-end').click()
    await expect.poll(() => text(player, 'player-turn')).toBe('The fight is over')
    expect(await text(player, 'player-round')).toMatch(/^Ended in round \d+$/)
    expect(await player.locator('.pc.current').count()).toBe(0)
    await shots(player, 'ended')
    await player.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => text(player, 'player-turn')).toBe('The fight is over')
    expect(browser.errors).toEqual([])
  })

  it('Saga: the condition track of the PCs and a PC out of the fight in the seed’s words on the player page', { timeout: 120_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (!(await gm.getByTestId('campaign-home').isVisible())) await gm.getByTestId('nav-home').click()
    await sampleFight(gm, 'sample-saga', 'enc-hangar-ambush')
    const id = { tira: await idOf(gm, 'Tira Vos'), dax: await idOf(gm, 'Dax Orrin') }
    await gm.getByTestId('show-to-players').click()
    const player = await browser.open(server.playerUrl)
    await player.getByTestId('player-order').waitFor()
    await gm.bringToFront()
    // the track at the top (Normal) is shown too: players read where each PC stands
    await expect.poll(() => text(player, `player-ct-${id.tira}-current`)).toBe('Normal')
    await act(gm, 'moveConditionTrack', { combatantId: id.tira, steps: -2 })
    await expect.poll(() => text(player, `player-ct-${id.tira}-current`)).toBe('−2')
    // 001:86: 0 hit points: unconscious (or, past the damage threshold, dead), said as such, not "0 / 32"
    await act(gm, 'applyDamage', { combatantId: id.dax, amount: 500 })
    await expect.poll(() => text(player, `player-status-${id.dax}`)).toMatch(/^(Unconscious|Dead)$/)
    await shots(player, 'saga-track-down')
    expect(browser.errors).toEqual([])
  })
})
