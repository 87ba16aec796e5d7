/**
 * Issues 11 and 12: the 2d20 and Storyteller stat block editors at the table, in the built app (browser mode): the
 * GM opens a bundled sample's library, edits a block through the system's own form (derived values live, a refused
 * value said at its field), saves, opens it again and finds every change, and the book-style card shows it.
 * Screenshots: docs/screenshots/editor-2d20-*.png, editor-storyteller-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS, shot } from './flow-steps'

let browser: Browser
let server: ServeProcess
let gm: Page

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-editors-')))])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize({ width: 1600, height: 1000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openSampleLibrary(sample: string) {
  await gm.locator('[data-testid="campaign-home"], [data-testid="nav-home"]').first().waitFor()
  if (!(await gm.getByTestId('campaign-home').isVisible())) await gm.getByTestId('nav-home').click()
  await gm.getByTestId(`campaign-open-${sample}`).click()
  await gm.getByTestId('campaign-overview').waitFor()
  await gm.getByTestId('nav-library').click()
  await gm.getByTestId('library-list').waitFor()
}
const row = (name: string) => gm.getByTestId('library-list').locator('tr', { hasText: name }).first()
async function edit(name: string, editor: string) {
  await row(name).locator('[data-testid^="library-edit-"]').click()
  await gm.getByTestId(editor).waitFor()
}
async function save() {
  await gm.getByTestId('sb-save').click()
  await gm.getByTestId('statblock-editor').waitFor({ state: 'detached' })
}
const value = (testid: string) => gm.getByTestId(testid).inputValue()
const text = async (testid: string) => ((await gm.getByTestId(testid).textContent()) ?? '').trim()

describe('system stat block editors', () => {
  it('2d20 (002, J1): the white ape edited as a monster, saved and reopened; the card shows it', { timeout: 120_000 }, async () => {
    await openSampleLibrary('sample-2d20')
    await edit('White ape', '2d20-editor')
    expect(await value('sb-field-menace')).toBe('3')
    // 002:165: Fear's maximum is the higher of Daring 8 and Passion 7, live
    expect(await text('2d20-max-fear')).toContain('8')
    await gm.getByTestId('sb-field-attributes.passion').fill('9')
    await expect.poll(() => text('2d20-max-fear')).toContain('9')
    await gm.getByTestId('sb-field-menace').fill('4')
    await gm.getByTestId('2d20-tracker-confusion').check()
    await gm.getByTestId('sb-field-stress.fear').fill('12')
    await expect.poll(() => text('2d20-cross-stress.fear')).toBe('Fear stress can’t be above 9 (the higher of Daring and Passion); it is 12.')
    expect(await gm.getByTestId('sb-save').isDisabled()).toBe(true)
    await shot(gm, 'editor-2d20-refused.png')
    await gm.getByTestId('sb-field-stress.fear').fill('2')
    await gm.getByTestId('sb-weapon-add').click()
    await gm.getByTestId('sb-field-weapons.1.name').fill('Crushing leap')
    await gm.getByTestId('sb-field-weapons.1.damage').fill('5')
    await gm.getByTestId('sb-weapon-1-quality-explosive').check()
    await shot(gm, 'editor-2d20-monster.png')
    await save()
    // reopened: every change is there
    await edit('White ape', '2d20-editor')
    expect(await value('sb-field-menace')).toBe('4')
    expect(await value('sb-field-attributes.passion')).toBe('9')
    expect(await value('sb-field-stress.fear')).toBe('2')
    expect(await gm.getByTestId('2d20-tracker-confusion').isChecked()).toBe(true)
    expect(await value('sb-field-weapons.1.name')).toBe('Crushing leap')
    expect(await gm.getByTestId('sb-weapon-1-quality-explosive').isChecked()).toBe(true)
    // the JSON tab is the same block
    await gm.getByTestId('sb-tab-json').click()
    const json = JSON.parse(await gm.getByTestId('sb-json').inputValue())
    expect(json).toMatchObject({ kind: 'npc', tier: 'monster', menace: 4, trackers: ['confusion', 'fear', 'injury'] })
    await gm.getByTestId('dialog-close').click()
    await row('White ape').locator('[data-testid^="library-view-"]').click()
    const card = gm.locator('[data-testid^="statblock-card-"]').first()
    await card.getByTestId('statblock-subtitle').waitFor()
    await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/Menace\s*4/)
    expect(await card.textContent()).toContain('Crushing leap')
    await shot(gm, 'editor-2d20-card.png')
  })

  it('Storyteller (004, T2/T4/T5): Kael Vorn edited (Epic, armor, health track, a weapon), saved and reopened; in Polish too', { timeout: 120_000 }, async () => {
    await openSampleLibrary('sample-storyteller')
    await edit('Kael Vorn', 'storyteller-editor')
    await gm.getByTestId('sb-field-epic.dexterity').fill('1')
    await gm.getByTestId('sb-field-abilities.medicine').fill('2')
    if (!(await gm.getByTestId('sb-armor').isVisible())) await gm.getByTestId('sb-armor-toggle').click()
    await gm.getByTestId('sb-field-armor.name').fill('Flight jacket')
    await gm.getByTestId('sb-field-armor.bashing').fill('2')
    await expect.poll(() => text('st-total-soak')).toMatch(/\d+ bashing/)
    await gm.getByTestId('st-health-custom').check()
    await gm.getByTestId('st-health-add').click()
    await gm.getByTestId('sb-field-health.6').fill('-4')
    await expect.poll(() => text('st-health-track')).toContain('8 boxes')
    await gm.getByTestId('sb-weapon-add').click()
    const n = await gm.locator('[data-testid^="sb-weapon-remove-"]').count()
    await gm.getByTestId(`sb-field-weapons.${n - 1}.name`).fill('Vibroknife')
    await gm.getByTestId(`sb-field-weapons.${n - 1}.damageType`).selectOption('lethal')
    await gm.getByTestId(`sb-field-weapons.${n - 1}.speed`).fill('4')
    await gm.getByTestId('sb-field-dv.dodge').fill('40')
    await expect.poll(() => gm.getByTestId('sb-field-dv.dodge-error').textContent()).toMatch(/30/)
    await shot(gm, 'editor-storyteller-refused.png')
    await gm.getByTestId('sb-field-dv.dodge').fill('4')
    await shot(gm, 'editor-storyteller.png')
    await save()
    await edit('Kael Vorn', 'storyteller-editor')
    expect(await value('sb-field-epic.dexterity')).toBe('1')
    expect(await value('sb-field-armor.name')).toBe('Flight jacket')
    expect(await value('sb-field-health.6')).toBe('-4')
    expect(await value(`sb-field-weapons.${n - 1}.name`)).toBe('Vibroknife')
    expect(await value('sb-field-dv.dodge')).toBe('4')
    // the same form in Polish, with the refusal said in Polish
    await gm.getByTestId('lang-switch').selectOption('pl')
    await gm.getByTestId('sb-field-dv.dodge').fill('40')
    await expect.poll(() => gm.getByTestId('sb-field-dv.dodge-error').textContent()).toMatch(/30/)
    await expect.poll(async () => (await gm.getByTestId('sb-preview').textContent()) ?? '').toContain('Postać gracza')
    await shot(gm, 'editor-storyteller-pl.png')
    await gm.getByTestId('lang-switch').selectOption('en')
    await gm.getByTestId('dialog-close').click()
  })
})
