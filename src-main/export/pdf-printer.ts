/**
 * PDF = the HTML export printed by a browser engine. `PdfPrinter` is the seam: in browser mode and in the CLI the
 * Chromium printer below (playwright-core driving the Chromium or Chrome installed on this computer: CHROMIUM_PATH,
 * else the usual places, e.g. Debian's /usr/bin/chromium; launched once and reused); in Electron the shell plugs in
 * `webContents.printToPDF` with `printerFromPrintToPdf`. Without a Chromium, printing throws `NoChromiumError`,
 * which the export turns into a plain refusal (`details.reason: 'no-chromium'`) and the console offers HTML.
 */
import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import type { PdfPrinter } from './types'

export type { PdfPrinter } from './types'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** where a Chromium or Chrome is usually installed, per platform */
function usualPlaces(platform: string, env: Record<string, string | undefined>): string[] {
  if (platform === 'darwin') return ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => !!r)
    return roots.flatMap((r) => [`${r}\\Chromium\\Application\\chrome.exe`, `${r}\\Google\\Chrome\\Application\\chrome.exe`])
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']
}

/** The Chromium to print with: the path given or CHROMIUM_PATH (only that one), else the first usual place that
 * exists; `looked`: every place tried, for the message when there is none. */
export function findChromium(opts: { executablePath?: string; env?: Record<string, string | undefined>; exists?: (path: string) => boolean; platform?: string } = {}): { path: string | null; looked: string[] } {
  const env = opts.env ?? process.env
  const exists = opts.exists ?? existsSync
  const given = opts.executablePath ?? env.CHROMIUM_PATH
  const looked = given ? [given] : usualPlaces(opts.platform ?? process.platform, env)
  return { path: looked.find((p) => exists(p)) ?? null, looked }
}

/** no Chromium to print with: said in plain words (the export's refusal carries `looked`) */
export class NoChromiumError extends Error {
  constructor(readonly looked: string[]) {
    super(`No Chromium or Chrome was found on this computer (looked at ${looked.join(', ')}), so browser mode cannot print a PDF: export HTML and print it from the browser, or set CHROMIUM_PATH.`)
    this.name = 'NoChromiumError'
  }
}

export interface ChromiumPrinterOptions {
  executablePath?: string
  /** ms for launching and printing */
  timeout?: number
}

/** Chromium's print of the HTML, A4 with backgrounds. No network: every request but data: URLs is aborted. */
export function createChromiumPrinter(opts: ChromiumPrinterOptions = {}): PdfPrinter {
  let browser: Promise<Browser> | null = null
  const launch = async (): Promise<Browser> => {
    // not bundled into the Electron main build (which prints with webContents.printToPDF): resolved at run time
    const found = findChromium({ ...(opts.executablePath ? { executablePath: opts.executablePath } : {}) })
    if (!found.path) throw new NoChromiumError(found.looked)
    const name = 'playwright-core'
    const { chromium } = (await import(/* @vite-ignore */ name)) as typeof import('playwright-core')
    try {
      return await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS, timeout: opts.timeout ?? 30_000 })
    } catch (e) {
      // gone between the look and the launch
      if (/Executable doesn't exist|ENOENT/.test(e instanceof Error ? e.message : String(e))) throw new NoChromiumError(found.looked)
      throw e
    }
  }
  return {
    async print(html: string): Promise<Uint8Array> {
      browser ??= launch()
      // a failed launch is not kept: the next export looks again (Chromium installed meanwhile)
      const b = await browser.catch((e: unknown) => {
        browser = null
        throw e
      })
      const context = await b.newContext({ javaScriptEnabled: false, offline: true })
      try {
        const page = await context.newPage()
        await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()))
        await page.setContent(html, { waitUntil: 'load', timeout: opts.timeout ?? 30_000 })
        const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
        return new Uint8Array(pdf)
      } finally {
        await context.close()
      }
    },
    async close(): Promise<void> {
      if (!browser) return
      const b = browser
      browser = null
      await (await b.catch(() => null))?.close()
    },
  }
}

/** adapt a `webContents.printToPDF`-like function (the Electron shell loads the HTML into a hidden window) */
export function printerFromPrintToPdf(printToPdf: (html: string) => Promise<Uint8Array | ArrayBuffer>): PdfPrinter {
  return {
    async print(html) {
      const out = await printToPdf(html)
      return out instanceof Uint8Array ? out : new Uint8Array(out)
    },
    async close() {},
  }
}
