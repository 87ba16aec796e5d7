/**
 * The table soak's reading of a page (test/support/table-snapshot.ts) in Chromium: a page that shows "reconnecting…"
 * reads as reconnecting. The connection banner is `position: fixed`, whose `offsetParent` is always null: read that
 * way, a settle after a server crash passed while the pages were still offline.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM } from '../../../support/browser'
import { snapshot } from '../../../support/table-snapshot'

// the banner as the app draws it: its own class and style (ConnectionBanner.vue)
const sfc = readFileSync(resolve(__dirname, '../../../../src-renderer/components/ConnectionBanner.vue'), 'utf8')
const css = /<style scoped>([\s\S]*?)<\/style>/.exec(sfc)![1]
const bannerClass = /class="([^"]+)"[^>]*data-testid="connection-lost"/.exec(sfc)![1]
const banner = `<div class="${bannerClass}" role="status" data-testid="connection-lost">⟳ Reconnecting…</div>`

describe.skipIf(!existsSync(CHROMIUM))("the table soak's reading of a page (Chromium)", () => {
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    page = await browser.newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })
  const show = (body: string) => page.setContent(`<!doctype html><html><head><style>${css}</style></head><body><main><p>Round 2</p></main>${body}</body></html>`)

  it('a page showing the connection banner (position: fixed) reads as reconnecting', async () => {
    await show(banner)
    // (the test's tsconfig has no DOM library)
    expect(await page.getByTestId('connection-lost').evaluate((e) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(e).position)).toBe('fixed')
    expect((await snapshot(page)).reconnecting).toBe(true)
  })

  it('a page without it, or with it hidden, reads as online', async () => {
    await show('')
    expect((await snapshot(page)).reconnecting).toBe(false)
    await show(`<div style="display: none">${banner}</div>`)
    expect((await snapshot(page)).reconnecting).toBe(false)
    await show(`<div style="visibility: hidden">${banner}</div>`)
    expect((await snapshot(page)).reconnecting).toBe(false)
  })

  it('an error banner in the flow of the page is read when shown, not when hidden', async () => {
    await show('<div class="banner error" role="alert" data-testid="action-error">Refused</div>')
    expect((await snapshot(page)).errorShown).toBe('Refused')
    await show('<div style="display: none"><div class="banner error" role="alert" data-testid="action-error">Refused</div></div>')
    expect((await snapshot(page)).errorShown).toBeNull()
  })
})
