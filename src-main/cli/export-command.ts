/**
 * `gmc export <campaign-folder> --session <id> --format md|html|pdf|json|csv --out FILE [--player-safe] [--lang en|pl]`
 * Exports one session log of a campaign folder. Unknown flags and bad paths: one-line error, exit code 2 (usage)
 * or 1 (failure).
 */
import { stat } from 'node:fs/promises'
import { readCampaignJsonLoose } from '../campaign/campaign-db'
import { createChromiumPrinter } from '../export/pdf-printer'
import { loadSession, renderSession, writeExport } from '../export/export-session'
import { EXPORT_FORMATS, EXPORT_LANGS, type ExportFormat, type ExportLang } from '../export/types'
import { stdio, type CliCommand, type CliIo } from './io'

export const EXPORT_USAGE = 'gmc export <campaign-folder> --session <id> --format md|html|pdf|json|csv --out FILE [--player-safe] [--lang en|pl]'

export interface ExportArgs {
  campaignDir: string
  sessionId: string
  format: ExportFormat
  out: string
  playerSafe: boolean
  lang: ExportLang
}


const VALUE_FLAGS = new Set(['--session', '--format', '--out', '--lang'])

/** parse the arguments after `export`; a string is the one-line error */
export function parseExportArgs(argv: string[]): ExportArgs | string {
  const values: Record<string, string> = {}
  const positional: string[] = []
  let playerSafe = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--player-safe') {
      playerSafe = true
      continue
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=')
      const name = eq > 0 ? a.slice(0, eq) : a
      if (!VALUE_FLAGS.has(name)) return `unknown option ${name}`
      const value = eq > 0 ? a.slice(eq + 1) : argv[++i]
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) return `${name} needs a value`
      if (values[name] !== undefined) return `${name} given twice`
      values[name] = value
      continue
    }
    if (a.startsWith('-') && a !== '-') return `unknown option ${a}`
    positional.push(a)
  }
  if (positional.length !== 1) return positional.length === 0 ? 'missing <campaign-folder>' : `unexpected argument ${positional[1]}`
  const format = values['--format']
  const lang = values['--lang'] ?? 'en'
  if (!values['--session']) return 'missing --session <id>'
  if (!format) return 'missing --format md|html|pdf|json|csv'
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) return `unknown format "${format}" (md, html, pdf, json or csv)`
  if (!values['--out']) return 'missing --out FILE'
  if (!(EXPORT_LANGS as readonly string[]).includes(lang)) return `unknown language "${lang}" (en or pl)`
  return { campaignDir: positional[0], sessionId: values['--session'], format: format as ExportFormat, out: values['--out'], playerSafe, lang: lang as ExportLang }
}

export async function runExportCommand(argv: string[], io: CliIo = stdio): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`usage: ${EXPORT_USAGE}`)
    return 0
  }
  const args = parseExportArgs(argv)
  if (typeof args === 'string') {
    io.err(`gmc export: ${args} (usage: ${EXPORT_USAGE})`)
    return 2
  }
  const isDir = await stat(args.campaignDir).then((s) => s.isDirectory(), () => false)
  if (!isDir) {
    io.err(`gmc export: no campaign folder at ${args.campaignDir}`)
    return 1
  }
  // the campaign with its journaled edits (a session renamed since the last snapshot has its new title)
  const loaded = await loadSession(args.campaignDir, args.sessionId, { readCampaign: readCampaignJsonLoose })
  if (!loaded.ok) {
    io.err(`gmc export: ${loaded.error.message}`)
    return 1
  }
  for (const d of loaded.value.damaged) io.err(`gmc export: warning: sessions/${args.sessionId}.ndjson line ${d.line}: ${d.message} (skipped)`)
  const printer = args.format === 'pdf' ? createChromiumPrinter() : undefined
  try {
    const rendered = await renderSession(loaded.value, { format: args.format, playerSafe: args.playerSafe, lang: args.lang }, printer)
    if (!rendered.ok) {
      io.err(`gmc export: ${rendered.error.message}`)
      return 1
    }
    const written = await writeExport(args.out, rendered.value)
    if (!written.ok) {
      io.err(`gmc export: ${written.error.message}`)
      return 1
    }
    io.out(`wrote ${written.value.file} (${args.format}${args.playerSafe ? ', player-safe' : ''}, ${written.value.bytes} bytes)`)
    return 0
  } finally {
    await printer?.close()
  }
}

/** entry for the gmc command table (src-main/cli/gmc.ts) */
export const exportCommand: CliCommand = { name: 'export', usage: EXPORT_USAGE, run: (argv, io) => runExportCommand(argv, io) }
