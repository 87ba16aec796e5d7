/** Debian Chromium through playwright-core, with every page error and console error collected. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface Browser {
  context: BrowserContext
  errors: string[]
  open(url: string): Promise<Page>
  close(): Promise<void>
}

/**
 * Puts `page`'s window in front. With several pages open, Playwright's click on a page that is not in front can leave
 * that page's requestAnimationFrame at 1 per second for good (measured with Chromium 150, headless): every later click
 * then waits 1–2 s for the "stable" check, and animations crawl. A test that clicks in one of several pages brings it
 * to front first, as the window a person clicks in is.
 */
export const front = (page: Page): Promise<void> => page.bringToFront()

export async function launchBrowser(): Promise<Browser> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'gmc-e2e-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-renderer-backgrounding', '--disable-background-timer-throttling'],
  })
  const errors: string[] = []
  const watch = (page: Page) => {
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    })
  }
  context.on('page', watch)
  // name the URL of every failed load (the console message alone does not)
  context.on('response', (r) => {
    if (r.status() >= 400) errors.push(`http ${r.status()}: ${r.url().replace(/token=[^&]+/, 'token=…')}`)
  })
  return {
    context,
    errors,
    async open(url) {
      const page = await context.newPage()
      const response = await page.goto(url, { waitUntil: 'networkidle' })
      if (!response || response.status() >= 400) throw new Error(`HTTP ${response?.status()} for ${url}`)
      return page
    },
    close: () => context.close(),
  }
}
