/**
 * Issue 30 "Done when": in the built app (browser mode, Chromium), the GM drops a mixed set of files into a Saga
 * library (a Foundry VTT actor, a Foundry compendium as NDJSON, a stat block pasted from the book, an Improved
 * Initiative stat block, and a hostile file), reads the preview (nothing saved yet), keeps the rules' value where the
 * book and the rules disagree, leaves one stat block out, imports in one step, reads the report, and undoes it with
 * Ctrl+Z. The figures the preview shows are those of the rules engine (the library's card, computed in main, says
 * the same defenses). A 2d20 library asks once how a Foundry game's attributes map, and remembers the answer.
 * Screenshots of the preview and the report in both languages: docs/screenshots/import-*.png.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS, shot } from './flow-steps'

const FIX = join(import.meta.dirname, '..', 'fixtures', 'imports')
const file = (rel: string) => ({ name: rel.split('/').pop()!, text: readFileSync(join(FIX, rel), 'utf8') })

let browser: Browser
let server: ServeProcess
let gm: Page

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-import-')))])
  gm = await browser.open(server.consoleUrl)
  await gm.setViewportSize({ width: 1600, height: 1000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openSampleLibrary(sample: string) {
  // the first start opens the Saga sample by itself, a moment after the home page shows: wait for either to settle
  await gm.locator('[data-testid="campaign-overview"], [data-testid="library-list"], [data-testid="encounter-board"]').first().waitFor()
  await gm.getByTestId('nav-home').click()
  await gm.getByTestId(`campaign-open-${sample}`).click()
  await gm.getByTestId('campaign-overview').waitFor()
  await gm.getByTestId('nav-library').click()
  await gm.getByTestId('library-list').waitFor()
}
const libraryNames = () => gm.locator('[data-testid^="library-view-"]').allTextContents()

/** files dropped on the dialog's drop zone, as a file manager drops them (a DataTransfer of File objects) */
async function drop(files: Array<{ name: string; text: string }>) {
  const dt = await gm.evaluateHandle((list) => {
    const g = globalThis as unknown as { DataTransfer: new () => { items: { add(f: unknown): void } }; File: new (parts: string[], name: string, o: { type: string }) => unknown }
    const d = new g.DataTransfer()
    for (const f of list) d.items.add(new g.File([f.text], f.name, { type: f.name.endsWith('.txt') ? 'text/plain' : 'application/json' }))
    return d
  }, files)
  await gm.getByTestId('import-drop').dispatchEvent('drop', { dataTransfer: dt })
}
/** the preview row of `name` (read in the format whose label holds `format`, when two sources hold one name) */
const itemKey = async (name: string, format?: string) => {
  let rows = gm.getByTestId('import-items').locator('tr[data-testid^="import-item-"]', { hasText: name })
  if (format) rows = rows.filter({ hasText: format })
  return ((await rows.first().getAttribute('data-testid')) ?? '').replace('import-item-', '')
}

describe('issue 30: stat blocks from other tools, in the console', () => {
  it('Saga: a mixed drop is previewed, the rules’ value kept, one left out, imported in one step, and undone with Ctrl+Z', { timeout: 180_000 }, async () => {
    await openSampleLibrary('sample-saga')
    const before = await libraryNames()
    await gm.getByTestId('library-import').click()
    await gm.getByTestId('library-import-dialog').waitFor()
    const hostile = { name: 'hostile.json', text: '{"name":"Trojan","__proto__":{"isAdmin":true}}' }
    await drop([file('foundry-swse/elite-trooper.json'), file('foundry-swse/compendium.ndjson'), file('improved-initiative/dock-guard.json'), hostile])
    // and a stat block pasted from the book
    await gm.getByTestId('import-paste').fill(file('saga-text/garrison-trooper.txt').text)
    await gm.getByTestId('import-paste-add').click()
    await expect.poll(() => gm.locator('[data-testid^="import-source-"]').count()).toBe(5)
    await gm.getByTestId('import-read').click()
    await gm.getByTestId('import-items').waitFor()
    // nothing saved by reading
    expect(await libraryNames()).toEqual(before)
    const names = await gm.locator('[data-testid^="import-open-"]').allTextContents()
    for (const n of ['Sergeant Vex Orla', 'Outpost Trooper 3', 'Dock Guard', 'Garrison Trooper']) expect(names).toContain(n)
    // the hostile file is refused alone, with a sentence
    expect(await gm.getByTestId('import-file-refused-hostile.json').textContent()).toContain('“__proto__”')
    // the book says Reflex 15; the rules give another value: both shown, the GM keeps the rules'
    const trooper = await itemKey('Garrison Trooper')
    const disagree = gm.getByTestId(`import-disagree-${trooper}-reflex`)
    const said = (await disagree.textContent()) ?? ''
    const rules = Number(/the rules give (\d+)/.exec(said)?.[1])
    expect(said).toContain('The source says Reflex 15')
    expect(rules).not.toBe(15)
    await gm.getByTestId(`import-keep-rules-${trooper}-reflex`).check()
    // the Improved Initiative guard is left out (the compendium holds a Foundry one of the same name)
    const guard = await itemKey('Dock Guard', 'Improved Initiative')
    await gm.getByTestId(`import-include-${guard}`).uncheck()
    // the figures of an item as the preview shows them (Reflex of the Foundry sergeant)
    const sergeant = await itemKey('Sergeant Vex Orla')
    const figures = (await gm.getByTestId(`import-figures-${sergeant}`).textContent()) ?? ''
    const sergeantReflex = Number(/Reflex\s+(\d+)/.exec(figures)?.[1])
    expect(sergeantReflex).toBeGreaterThan(0)
    // an opened item shows where each field landed (main reads them when asked: a preview leaves them out)
    await gm.getByTestId(`import-open-${trooper}`).click()
    await gm.getByTestId(`import-fields-${trooper}`).waitFor()
    expect(await gm.getByTestId(`import-fields-${trooper}`).textContent()).toMatch(/totals\.reflex|reflex/)
    // the opened row at the top: its disagreement, its figures and where its fields landed in one view
    await gm.getByTestId(`import-item-${trooper}`).evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await shot(gm, 'import-preview-en.png')
    const toImport = Number(/\d+/.exec((await gm.getByTestId('import-apply').textContent()) ?? '')?.[0])
    await gm.getByTestId('import-apply').click()
    await gm.getByTestId('import-report').waitFor()
    expect(await gm.getByTestId('import-report').textContent()).toMatch(/^\s*\d+ stat blocks imported \(\d+ with notes\); \d+ refused\.\s*$/)
    await shot(gm, 'import-report-en.png')
    const after = await libraryNames()
    expect(after.length).toBe(before.length + toImport)
    expect(after).toContain('Garrison Trooper')
    expect(after.filter((n) => n === 'Dock Guard')).toEqual(['Dock Guard'])
    await gm.getByTestId('dialog-close').click()
    // the library's card (main's rules) says what the preview said: the sergeant's Reflex, the trooper's rules Reflex
    await gm.getByTestId('library-list').locator('button', { hasText: 'Sergeant Vex Orla' }).click()
    await expect.poll(async () => (await gm.locator('.cardcol').textContent()) ?? '').toMatch(new RegExp(`Ref(lex)?\\s*${sergeantReflex}\\b`))
    await gm.getByTestId('library-list').locator('button', { hasText: 'Garrison Trooper' }).click()
    await expect.poll(async () => (await gm.locator('.cardcol').textContent()) ?? '').toMatch(new RegExp(`Ref(lex)?\\s*${rules}\\b`))
  })

  it('Saga: Undo of an import takes every stat block of it back (Ctrl+Z), in Polish', { timeout: 120_000 }, async () => {
    await gm.getByTestId('lang-switch').selectOption('pl')
    const before = await libraryNames()
    await gm.getByTestId('library-import').click()
    await drop([file('foundry-swse/compendium.json'), file('saga-text/outpost-kessa-roster.txt')])
    await gm.getByTestId('import-read').click()
    await gm.getByTestId('import-items').waitFor()
    await shot(gm, 'import-preview-pl.png')
    await gm.getByTestId('import-apply').click()
    await gm.getByTestId('import-report').waitFor()
    expect(await gm.getByTestId('import-report').textContent()).toMatch(/^\s*Zaimportowano \d+ kart[y]? \(w tym \d+ z uwagami\); odrzucono \d+\.\s*$/)
    await shot(gm, 'import-report-pl.png')
    expect((await libraryNames()).length).toBeGreaterThan(before.length)
    await gm.getByTestId('import-report').click()
    await gm.keyboard.press('Control+z')
    await gm.getByTestId('import-undone').waitFor()
    await expect.poll(libraryNames).toEqual(before)
    await gm.getByTestId('dialog-close').click()
    await gm.getByTestId('lang-switch').selectOption('en')
  })

  it('2d20: a Star Trek Adventures actor asks once how its attributes map; the answer is used and remembered', { timeout: 120_000 }, async () => {
    await openSampleLibrary('sample-2d20')
    const before = await libraryNames()
    await gm.getByTestId('library-import').click()
    await drop([file('foundry-2d20/sta-lieutenant-varrin.json')])
    await gm.getByTestId('import-read').click()
    const question = gm.getByTestId('import-question-2d20.attributes.sta')
    await question.waitFor()
    // the GM maps one attribute to "no counterpart" and reads again: the note says so
    const first = question.locator('select').first()
    await first.selectOption('')
    await gm.getByTestId('import-read').click()
    await gm.getByTestId('import-items').waitFor()
    const key = await itemKey('Varrin')
    await expect.poll(async () => (await gm.getByTestId(`import-notes-${key}`).textContent()) ?? '').toMatch(/counterpart|odpowiednika/i)
    await shot(gm, 'import-2d20-question-en.png')
    await gm.getByTestId('import-apply').click()
    await gm.getByTestId('import-report').waitFor()
    expect((await libraryNames()).length).toBe(before.length + 1)
    await gm.getByTestId('dialog-close').click()
    // remembered: the next import of the same game starts from the GM's answer
    await gm.getByTestId('library-import').click()
    await drop([file('foundry-2d20/sta-notable-wounded.json')])
    await gm.getByTestId('import-read').click()
    await gm.getByTestId('import-question-2d20.attributes.sta').waitFor()
    expect(await gm.getByTestId('import-question-2d20.attributes.sta').locator('select').first().inputValue()).toBe('')
    await gm.getByTestId('dialog-close').click()
  })
})
