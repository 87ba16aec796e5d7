/**
 * Issue 27, Saga: a Force Point to avoid death (001:94) played on the board in Chromium, on the bundled Saga sample.
 * An attack's worth of damage ≥ Tira Vos's damage threshold drops her to 0: she is dead unless a Force Point is spent
 * now. The board offers it with one button (en and pl); spending it leaves her unconscious at the bottom of the
 * condition track with one Force Point less, and a condition-track move down from there is refused, not logged.
 * Screenshots: docs/screenshots/saga-avoid-death-{en,pl}.png.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, idOf, logCount, sampleFight, selectAction, shot } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-avoid-death-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('Saga: a Force Point to avoid death, on the board (001:94)', () => {
  it('offered with one button after a killing blow, in en and pl; spent, the PC is unconscious, not dead', async () => {
    const page = await browser.open(server.consoleUrl)
    await page.setViewportSize({ width: 1366, height: 768 })
    await sampleFight(page, 'sample-saga', 'enc-hangar-ambush')

    // 60 damage: more than her hit points and her damage threshold, as one attack (001:92)
    const tira = await idOf(page, 'Tira Vos')
    await act(page, 'applyDamage', { combatantId: tira, amount: 60 })
    const offer = page.getByTestId(`saga-avoid-death-${tira}`)
    await offer.waitFor()
    expect(await offer.textContent()).toContain('Tira Vos was killed by an attack')
    expect(await offer.textContent()).toContain('Force Points left: 6')
    await offer.scrollIntoViewIfNeeded()
    await shot(page, 'saga-avoid-death-en.png')

    await page.getByTestId('lang-switch').selectOption('pl')
    await expect.poll(() => offer.textContent()).toContain('Tira Vos ginie od ataku')
    expect(await offer.textContent()).not.toMatch(/saga\.|undefined|NaN|\[object/)
    await offer.scrollIntoViewIfNeeded()
    await shot(page, 'saga-avoid-death-pl.png')
    await page.getByTestId('lang-switch').selectOption('en')

    const before = await logCount(page)
    await page.getByTestId(`saga-avoid-death-spend-${tira}`).click()
    await offer.waitFor({ state: 'detached' })
    await expect.poll(() => logCount(page)).toBeGreaterThan(before)
    const card = page.getByTestId(`combatant-card-${tira}`)
    await expect.poll(() => card.textContent()).toContain('Unconscious')
    expect(await card.textContent()).toContain('Force points: 5')

    // at the bottom of the track, a move further down changes nothing: refused in one sentence, nothing logged
    const logged = await logCount(page)
    await selectAction(page, 'moveConditionTrack')
    await page.getByTestId('action-field-combatantId').selectOption(tira)
    await page.getByTestId('action-field-steps').fill('-1')
    await page.getByTestId('action-submit').click()
    await expect.poll(async () => (await page.getByTestId('action-form-moveConditionTrack').textContent()) ?? '').toContain('Tira Vos is already at the bottom of the condition track.')
    expect(await logCount(page)).toBe(logged)
  })
})
