/**
 * Each page loads only what it uses (issue 13): read from the build (Vite's manifest and the chunk → modules map,
 * scripts/bundle-report.mjs), then checked against the requests the pages really make in Chromium. The player
 * display loads neither zod nor chart.js; the console and the board load chart.js only once a chart is shown.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bundleReport } from '../../scripts/bundle-report.mjs'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'


const report = bundleReport()

describe('what each page loads, from the build', () => {
  it('finds the three pages, each with its entry chunk', () => {
    expect(Object.keys(report).sort()).toEqual(['board', 'console', 'player'])
    for (const page of Object.values(report)) expect(page.files.length).toBeGreaterThan(0)
  })

  it('the player display loads neither zod nor chart.js, up front or later', () => {
    const player = report.player
    expect(player.packages).toContain('vue')
    for (const pkg of ['zod', 'chart.js']) {
      expect(player.packages).not.toContain(pkg)
      expect(player.lazyPackages).not.toContain(pkg)
    }
  })

  it('the player display and the board load no stat block editor (the console loads a system editor when the GM edits a block)', () => {
    const modules = JSON.parse(readFileSync(join(__dirname, '..', '..', 'out', 'renderer', '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>
    const editors = (files: string[]) => files.flatMap((f) => modules[f] ?? []).filter((m) => /Editor\.vue$/.test(m))
    for (const name of ['player', 'board']) {
      expect(report[name].files.every((f) => modules[f]), name).toBe(true)
      expect(editors(report[name].files), name).toEqual([])
    }
    // they are still built: the console loads them on demand
    expect(editors(report.console.lazyFiles).length).toBeGreaterThanOrEqual(4)
  })

  it('the console and the board load chart.js lazily (a chunk of its own, imported when a chart is drawn)', () => {
    for (const name of ['console', 'board']) {
      expect(report[name].packages, name).not.toContain('chart.js')
      expect(report[name].lazyPackages, name).toContain('chart.js')
    }
  })
})

describe('the main process bundles (browser mode starts with their V8 code cache: scripts/code-cache.mjs)', () => {
  it('only the PDF printer chunk has an import(), which the code cache cannot take: the rest of the app is cached', () => {
    const dir = join(import.meta.dirname, '..', '..', 'out', 'main')
    const files = [...readdirSync(dir).filter((f) => f.endsWith('.js')), ...readdirSync(join(dir, 'chunks')).map((f) => `chunks/${f}`)]
    expect(files.length).toBeGreaterThan(3)
    const withImport = files.filter((f) => /\bimport\(/.test(readFileSync(join(dir, f), 'utf8')))
    // when the app's shared chunk held it, 1.2 MB were compiled anew at every start (start-up 2.4× → 3.3× a bare server)
    expect(withImport).toHaveLength(1)
    expect(withImport[0]).toMatch(/^chunks\/pdf-printer-/)
  })
})

describe('what each page requests, in Chromium', () => {
  let browser: Browser
  let server: ServeProcess
  beforeAll(async () => {
    ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-bundles-e2e-')), 120_000)])
  }, 150_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  /** the JavaScript files a page requested while it opened */
  async function scriptsOf(url: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
    const page = await browser.context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.endsWith('.js')) scripts.push(`assets/${basename(path)}`)
    })
    await page.goto(url)
    await ready(page)
    await page.waitForTimeout(300)
    await page.close()
    return scripts.sort()
  }

  it('the player display requests exactly its up-front files: no chart.js chunk', async () => {
    const requested = await scriptsOf(server.playerUrl, (p) => p.locator('#app *').first().waitFor())
    expect(requested).toEqual(report.player.files)
  })

  it('the console requests no chart.js until a chart is shown', async () => {
    const requested = await scriptsOf(server.consoleUrl, (p) => p.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor())
    expect(requested).toEqual(report.console.files)
    for (const lazy of report.console.lazyFiles) expect(requested).not.toContain(lazy)
  })
})
