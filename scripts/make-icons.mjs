#!/usr/bin/env node
// Renders build/icon.svg into the icons electron-builder takes (run by hand after changing the SVG; the outputs are
// committed): build/icon.png (1024×1024: macOS makes its .icns from it, Linux and Windows scale it), build/icons/
// <n>x<n>.png (the Linux icon set), build/icon.ico (16…256, PNG entries) for Windows. Uses the Chromium the e2e
// tests use (/usr/bin/chromium or CHROMIUM_PATH) through playwright-core; no other tool.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { root } from './lib.mjs'

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

/** An .ico holding PNG images (Windows Vista and later read PNG entries; 256 is stored as 0 in the directory). */
export function icoFromPngs(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, e)
    header.writeUInt8(size >= 256 ? 0 : size, e + 1)
    header.writeUInt8(0, e + 2) // no palette
    header.writeUInt8(0, e + 3)
    header.writeUInt16LE(1, e + 4) // colour planes
    header.writeUInt16LE(32, e + 6) // bits per pixel
    header.writeUInt32LE(png.length, e + 8)
    header.writeUInt32LE(offset, e + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((i) => i.png)])
}

async function main() {
  const svg = readFileSync(join(root, 'build', 'icon.svg'), 'utf8')
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    const render = async (size) => {
      await page.setViewportSize({ width: size, height: size })
      await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`)
      return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    }
    mkdirSync(join(root, 'build', 'icons'), { recursive: true })
    const pngs = new Map()
    for (const size of [...LINUX_SIZES, 1024]) {
      const png = await render(size)
      pngs.set(size, png)
      if (LINUX_SIZES.includes(size)) writeFileSync(join(root, 'build', 'icons', `${size}x${size}.png`), png)
    }
    writeFileSync(join(root, 'build', 'icon.png'), pngs.get(1024))
    writeFileSync(join(root, 'build', 'icon.ico'), icoFromPngs(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))))
    console.log(`icons: build/icon.png (1024), build/icon.ico (${ICO_SIZES.join(', ')}), build/icons/ (${LINUX_SIZES.join(', ')})`)
  } finally {
    await browser.close()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) await main()
