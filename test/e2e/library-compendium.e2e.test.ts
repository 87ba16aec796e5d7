/**
 * Issue 30, after the import: a campaign whose library holds a compendium (2,000 stat blocks, our own, made from
 * the bundled sample's NPC) in browser mode, Chromium, at 1366×768. The library shows 100 rows at a time with a
 * "show more" that says how many there are (before: all 2,000 rows, 24,000 elements, 1.3 s to open the tab and
 * 44 ms to draw each click); the search finds a block past the first page; the card of a block opened far down the
 * list is in sight beside it, below the top bar (before: at the top of the page, scrolled away). In Prep, a plan's
 * picker lists 200 names and says how many more, and a search finds the block to add (before: 2,009 names in one
 * list). Screenshots: docs/screenshots/library-compendium-<lang>.png, prep-compendium-en.png.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess
const N = 2000

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  const dir = mkdtempSync(join(tmpdir(), 'gmc-library-compendium-'))
  mkdirSync(join(dir, 'compendium', 'sessions'), { recursive: true })
  const c = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'campaigns', 'sample-saga', 'campaign.json'), 'utf8')) as {
    name: string
    library: Array<{ id: string; name: string; kind: string; tags: string[]; data: Record<string, unknown> }>
    encounters: unknown[]
  }
  const base = c.library.find((r) => r.kind === 'npc')!
  for (let i = 0; i < N; i++) {
    const name = `Compendium Trooper ${i + 1}`
    c.library.push({ ...base, id: `imp-${i}`, name, tags: ['compendium'], data: { ...base.data, name } })
  }
  c.name = 'A compendium imported'
  c.encounters = []
  writeFileSync(join(dir, 'compendium', 'campaign.json'), JSON.stringify(c))
  writeFileSync(join(dir, '.seeded'), '')
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dir)])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a library that holds a compendium (issue 30)', () => {
  it('pages its rows, finds any block, and keeps the opened card in sight beside the list, in English and Polish; a plan picks from it by a search', { timeout: 90_000 }, async () => {
    const page = await browser.open(server.consoleUrl)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('campaign-open-compendium').click()
    await page.getByTestId('campaign-overview').waitFor()
    await page.getByTestId('nav-library').click()
    await page.getByTestId('library-row-imp-0').waitFor()
    const rows = page.locator('[data-testid^="library-row-"]')
    const total = N + 9
    expect(await rows.count()).toBe(100)
    expect(await page.getByTestId('library-more').textContent()).toBe(`Showing 100 of ${total}: show more`)
    await page.getByTestId('library-more').click()
    await expect.poll(() => rows.count()).toBe(200)
    // a block far past the page, by its name
    await page.getByTestId('library-search').fill('trooper 1999')
    await expect.poll(() => rows.count()).toBe(1)
    await page.getByTestId('library-search').fill('')
    await expect.poll(() => rows.count()).toBe(100)

    for (const lang of ['en', 'pl'] as const) {
      await page.getByTestId('lang-switch').selectOption(lang)
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang)
      // a row far down the list, opened: its card beside it, below the top bar and within the window
      const id = lang === 'en' ? 'imp-80' : 'imp-85'
      await page.getByTestId(`library-view-${id}`).click()
      const card = page.getByTestId(`statblock-card-${id}`)
      await card.waitFor()
      const bar = (await page.locator('.topbar').boundingBox())!
      const box = (await card.boundingBox())!
      const scrolled = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)
      expect(scrolled).toBeGreaterThan(500)
      expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5)
      expect(box.y).toBeLessThan(768 / 2)
      // the card's top (its name and defenses) is not under the top bar: the point below its top edge hits the card
      const hit = await card.evaluate((el, y) => el.contains(el.ownerDocument.elementFromPoint(el.getBoundingClientRect().left + 20, y)), box.y + 6)
      expect(hit).toBe(true)
      await page.screenshot({ path: join(SHOTS, `library-compendium-${lang}.png`) })
    }

    // Prep: the picker of a plan lists 200 names and says how many more; a search finds the block to add
    await page.getByTestId('lang-switch').selectOption('en')
    await page.getByTestId('nav-prep').click()
    await page.getByTestId('plan-new').click()
    await page.getByTestId('plan-name').fill('Compendium patrol')
    expect(await page.locator('[data-testid="plan-add-pick"] option:not([disabled])').count()).toBe(201)
    expect(await page.getByTestId('plan-add-narrow').textContent()).toBe(`…and ${total - 200} more: type a name to narrow`)
    await page.getByTestId('plan-add-search').fill('trooper 1500')
    await expect.poll(() => page.getByTestId('plan-add-pick').inputValue()).toBe('imp-1499')
    await page.getByTestId('plan-add').click()
    await expect.poll(() => page.getByTestId('plan-entry-0').textContent()).toContain('Compendium Trooper 1500')
    await page.getByTestId('plan-save').click()
    await page.screenshot({ path: join(SHOTS, 'prep-compendium-en.png') })
    await page.close()
    expect(browser.errors).toEqual([])
  })
})
