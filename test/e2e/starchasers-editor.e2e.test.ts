/**
 * Issue 10, in Chromium against the real core in browser mode: a GM writes a Starchasers PC (seed 000) through the
 * whole-block editor — attributes, skills, Stress Capacity, a second weapon with a quality, armor — saves it,
 * reopens it (also after a reload) and finds every value; the card beside the form shows the derived attack pool
 * live; a refused value is said in a sentence at its field (en, pl); the card reads like the book.
 * Screenshots: docs/screenshots/ui-starchasers-editor-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { newCampaign, SHOTS } from './flow-steps'

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `ui-starchasers-editor-${name}.png`), fullPage: false })

let browser: Browser
let server: ServeProcess
let gm: Page

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-sc-editor-')), 120_000)])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize({ width: 1600, height: 1000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const field = (path: string) => gm.getByTestId(`sb-field-${path}`)
const row = (name: string) => gm.locator('[data-testid^="library-row-"]', { hasText: name }).first()
async function reopen(name: string) {
  await row(name).locator('[data-testid^="library-edit-"]').click()
  await gm.getByTestId('starchasers-editor').waitFor()
}

describe('the Starchasers stat block editor (issue 10)', () => {
  it('edits a PC through the form, saves, reopens (also after a reload) and finds every value', { timeout: 120_000 }, async () => {
    await newCampaign(gm, 'Editor: Starchasers', 'starchasers')
    await gm.getByTestId('nav-library').click()
    await gm.getByTestId('library-new').click()
    await gm.getByTestId('sb-name').fill('Kira Vance')
    await gm.getByTestId('sb-kind').selectOption('pc')
    await gm.getByTestId('starchasers-editor').waitFor()
    await field('species').fill('Zabrak')
    await field('attributes.deftness').fill('4')
    await field('attributes.perception').fill('3')
    await field('skills.alertness').fill('2')
    await field('stressCapacity').fill('7')
    await field('defaultDefense').selectOption('parry')
    await field('proficiencies').fill('Pistols, Rifles')
    // a second weapon: a rifle with Piercing 2
    await gm.getByTestId('sc-weapon-add').click()
    await field('weapons.1.name').fill('DLT-19 rifle')
    await field('weapons.1.kind').selectOption('rifle')
    await field('weapons.1.proficiency').fill('Rifles')
    await field('weapons.1.damage').fill('5')
    await field('weapons.1.duelType').selectOption('power')
    await gm.getByTestId('sc-weapon-1-q-add').click()
    await gm.getByTestId('sc-weapon-1-q-key-accurate').selectOption('piercing')
    await gm.getByTestId('sc-weapon-1-q-rating-piercing').fill('2')
    await gm.getByTestId('sc-weapon-1-q-rating-piercing').blur()
    await gm.getByTestId('sc-armor-toggle').click()
    await field('armor.name').fill('Flak vest')
    await field('armor.deflection').fill('3')
    // the card beside the form follows live: 000:828 a proficient attack pool is damage + the attribute (5 + 4)
    await expect.poll(async () => (await gm.getByTestId('sb-preview').textContent()) ?? '', { timeout: 10_000 }).toContain('DLT-19 rifle: 9 dice')
    await gm.getByTestId('sc-group-weapons').scrollIntoViewIfNeeded()
    await shot(gm, 'weapons')
    // a refused value: said at the field, and nothing is saved until it is fixed
    await field('attributes.strength').fill('12')
    await expect.poll(() => field('attributes.strength-error').textContent()).toBe("Strength can't be above 10")
    expect(await gm.getByTestId('sb-save').isDisabled()).toBe(true)
    await field('attributes.strength').scrollIntoViewIfNeeded()
    await shot(gm, 'refused')
    await gm.getByTestId('lang-switch').selectOption('pl')
    await field('attributes.strength').fill('11')
    await expect.poll(() => field('attributes.strength-error').textContent()).toBe('Siła: wartość nie może być większa niż 10')
    await shot(gm, 'refused-pl')
    await gm.getByTestId('lang-switch').selectOption('en')
    await field('attributes.strength').fill('3')
    expect(await gm.getByTestId('sb-save').isDisabled()).toBe(false)
    await gm.getByTestId('sb-save').click()
    await gm.getByTestId('statblock-editor').waitFor({ state: 'detached' })

    const check = async () => {
      await reopen('Kira Vance')
      expect(await field('species').inputValue()).toBe('Zabrak')
      expect(await field('attributes.strength').inputValue()).toBe('3')
      expect(await field('attributes.deftness').inputValue()).toBe('4')
      expect(await field('skills.alertness').inputValue()).toBe('2')
      expect(await field('stressCapacity').inputValue()).toBe('7')
      expect(await field('defaultDefense').inputValue()).toBe('parry')
      expect(await field('proficiencies').inputValue()).toBe('Pistols, Rifles')
      expect(await field('weapons.1.name').inputValue()).toBe('DLT-19 rifle')
      expect(await field('weapons.1.kind').inputValue()).toBe('rifle')
      expect(await field('weapons.1.damage').inputValue()).toBe('5')
      expect(await gm.getByTestId('sc-weapon-1-q-rating-piercing').inputValue()).toBe('2')
      expect(await field('armor.name').inputValue()).toBe('Flak vest')
      expect(await field('armor.deflection').inputValue()).toBe('3')
      // the JSON tab holds the same block
      await gm.getByTestId('sb-tab-json').click()
      const json = JSON.parse(await gm.getByTestId('sb-json').inputValue())
      expect(json).toMatchObject({ kind: 'pc', name: 'Kira Vance', attributes: { deftness: 4, strength: 3 }, weapons: [{}, { name: 'DLT-19 rifle', qualities: { piercing: 2 } }], armor: { name: 'Flak vest', deflection: 3 } })
      await gm.getByTestId('dialog-close').click()
    }
    await check()
    await gm.reload()
    await gm.getByTestId('nav-library').click()
    await check()
  })

  it('the card reads like the book (000), en and pl', async () => {
    await row('Kira Vance').locator('[data-testid^="library-view-"]').click()
    const card = gm.locator('[data-testid^="statblock-card-"]').first()
    await card.getByTestId('statblock-subtitle').waitFor()
    const text = (await card.textContent()) ?? ''
    for (const label of ['Player character', 'Attributes', 'Deftness 4', 'Combat', 'DLT-19 rifle: 9 dice (Ranged, Power; Piercing 2)', 'Defenses', 'Default Defense Parry', 'Armor Defense', 'Flak vest (Deflection 3)', 'Resilience', 'Stress Capacity 7', 'Passive Alertness', 'Proficiencies Pistols, Rifles'])
      expect(text).toContain(label)
    for (const raw of ['parryRanged', 'Parry Ranged', 'highTech', 'undefined', 'starchasers.']) expect(text).not.toContain(raw)
    await shot(gm, 'card')
    await gm.getByTestId('lang-switch').selectOption('pl')
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Atrybuty')
    await shot(gm, 'card-pl')
    await gm.getByTestId('lang-switch').selectOption('en')
  })
})
