/**
 * PDF = the HTML export printed by a browser engine. `PdfPrinter` is the seam: in browser mode and in the CLI the
 * Chromium printer below (playwright-core driving Debian's /usr/bin/chromium, launched once and reused); in
 * Electron the shell plugs in `webContents.printToPDF` with `printerFromPrintToPdf`.
 */
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
    const name = 'playwright-core'
    const { chromium } = (await import(/* @vite-ignore */ name)) as typeof import('playwright-core')
    return chromium.launch({ executablePath: opts.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: opts.timeout ?? 30_000 })
  }
  return {
    async print(html: string): Promise<Uint8Array> {
      browser ??= launch()
      const b = await browser
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
