/**
 * `gmc import FILE... [--system ID] [--format auto|FORMAT] [--json] [--lang en|pl]` (issue 30): reads stat blocks of
 * other tools (Foundry VTT actors, Improved Initiative, pasted book text; `-` reads standard input) with the same
 * readers as the console's library import, and prints each stat block exactly as the library would save it, with
 * the derived values the console shows, what could not be read, where the source and the rules disagree, and the
 * report. Nothing is written anywhere. Without `--system` the system whose readers take the most stat blocks reads
 * them (a tie asks for `--system`). Exit code 0 when every stat block was imported, 1 when one was refused (or a
 * file could not be read), 2 on a usage error.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { ImportPreviewItem, ImportText } from '@shared/views/import-views'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'
import { getSystem, listSystems } from '../rules/index'
import type { RuleSystem } from '../rules/kit/system'
import { formatsOf, readSources, type ImportSource, type ReadResult } from '../services/campaigns/import-read'
import { parseArgs, stdio, type CliCommand, type CliIo } from './io'

export const IMPORT_USAGE = 'gmc import FILE... [--system ID] [--format auto|FORMAT] [--json] [--lang en|pl]'

/** which of `count` plural forms a number takes (English: one, other; Polish: one, few, many) */
export function pluralForm(lang: 'en' | 'pl', n: number, count: number): number {
  if (n === 1) return 0
  if (lang === 'en' || count < 3) return Math.min(1, count - 1)
  const m10 = n % 10
  const m100 = n % 100
  return m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 1 : 2
}

/** a catalog key in the reader's language: the system's flat keys, else the app's nested ones; `{param}` filled in */
export function say(system: RuleSystem | null, lang: 'en' | 'pl', t: ImportText): string {
  const flat = system?.catalogs.ui[lang]?.[t.key] ?? system?.catalogs.ui.en?.[t.key]
  let text: unknown = flat
  if (typeof text !== 'string') {
    text = t.key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), lang === 'pl' ? uiPl : uiEn)
  }
  if (typeof text !== 'string') return t.params ? `${t.key} ${JSON.stringify(t.params)}` : t.key
  // a plural message (`one | many`, Polish `one | few | many`): the form for its count
  const forms = text.split(' | ')
  const n = Number(t.params?.n ?? t.params?.count)
  if (forms.length > 1 && Number.isFinite(n)) text = forms[pluralForm(lang, n, forms.length)]
  return (text as string).replace(/\{(\w+)\}/g, (m, k: string) => (t.params && k in t.params ? String(t.params[k]) : m))
}

async function sourcesOf(files: string[], stdin: () => Promise<string>): Promise<ImportSource[] | string> {
  const out: ImportSource[] = []
  for (const f of files) {
    if (f === '-') {
      out.push({ name: 'stdin', text: await stdin() })
      continue
    }
    try {
      out.push({ name: basename(f), text: await readFile(f, 'utf8') })
    } catch (e) {
      return `cannot read ${f} (${(e as NodeJS.ErrnoException).code ?? 'error'})`
    }
  }
  return out
}

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** the system that reads the most stat blocks of the sources; null when two read as many (or none reads any) */
async function guessSystem(sources: ImportSource[]): Promise<{ system: RuleSystem; read: ReadResult } | null> {
  const tries: Array<{ system: RuleSystem; read: ReadResult; score: number }> = []
  for (const id of listSystems()) {
    const sys = getSystem(id)
    if (!sys.ok) continue
    const read = await readSources(sys.value, sources)
    // a reader of the system's own (not this app's JSON, which any system might take) counts more
    const score = read.items.filter((i) => i.status !== 'refused').reduce((s, i) => s + (i.format === 'gmc' ? 1 : 2), 0)
    tries.push({ system: sys.value, read, score })
  }
  tries.sort((a, b) => b.score - a.score)
  if (!tries[0] || tries[0].score === 0 || (tries[1] && tries[1].score === tries[0].score)) return null
  return tries[0]
}

function itemText(sys: RuleSystem, lang: 'en' | 'pl', it: ImportPreviewItem): string {
  const lines: string[] = []
  const mark = it.status === 'refused' ? '✗' : it.status === 'notes' ? '!' : '✓'
  lines.push(`${mark} ${it.name} (${it.kind}; ${it.format}; ${it.file})`)
  if (it.refused) lines.push(`  refused: ${it.refused.field}: ${say(sys, lang, it.refused)}`)
  if (it.figures.length) lines.push(`  ${it.figures.map((f) => `${f.literal ? f.label : say(sys, lang, { key: f.label })} ${f.value}`).join(' · ')}`)
  for (const d of it.disagreements) {
    const terms = d.terms.map((t) => `${say(sys, lang, { key: `${sys.id}.term.${t.term}` }).replace(/^.*\.term\./, '')} ${t.value >= 0 ? '+' : ''}${t.value}`).join(', ')
    lines.push(`  ${say(sys, lang, { key: 'importer.disagree', params: { label: say(sys, lang, { key: d.label }), stated: d.stated, rules: d.rules, terms } })}`)
  }
  for (const n of it.notes) lines.push(`  note: ${n.field}: ${say(sys, lang, n)}`)
  if (it.data) lines.push(...JSON.stringify({ name: it.name, kind: it.kind, tags: it.tags, data: it.data }, null, 2).split('\n').map((l) => `  ${l}`))
  return lines.join('\n')
}

export async function runImportCommand(argv: string[], io: CliIo = stdio, stdin: () => Promise<string> = readStdin): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`usage: ${IMPORT_USAGE}`)
    return 0
  }
  const args = parseArgs(argv, ['--system', '--format', '--lang'], ['--json'])
  if (typeof args === 'string') {
    io.err(`gmc import: ${args} (usage: ${IMPORT_USAGE})`)
    return 2
  }
  if (args.positional.length === 0) {
    io.err(`gmc import: name at least one FILE (usage: ${IMPORT_USAGE})`)
    return 2
  }
  const lang = (args.values['--lang'] ?? 'en') as 'en' | 'pl'
  if (lang !== 'en' && lang !== 'pl') {
    io.err(`gmc import: unknown language "${lang}" (en or pl)`)
    return 2
  }
  const systemId = args.values['--system']
  const format = args.values['--format']
  // the arguments are checked before any file is read
  const named = systemId ? getSystem(systemId) : null
  if (named && !named.ok) {
    io.err(`gmc import: unknown system "${systemId}" (${listSystems().join(', ')})`)
    return 2
  }
  if (named?.ok && format && format !== 'auto' && !formatsOf(named.value).some((f) => f.format === format)) {
    io.err(`gmc import: the system ${named.value.id} reads no format "${format}" (auto, ${formatsOf(named.value).map((f) => f.format).join(', ')})`)
    return 2
  }
  if (!named && format && format !== 'auto') {
    io.err('gmc import: --format needs --system (which system the stat blocks are for)')
    return 2
  }
  const sources = await sourcesOf(args.positional, stdin)
  if (typeof sources === 'string') {
    io.err(`gmc import: ${sources}`)
    return 1
  }
  let system: RuleSystem
  let read: ReadResult
  if (named?.ok) {
    system = named.value
    read = await readSources(system, sources, { format })
  } else {
    const guess = await guessSystem(sources)
    if (!guess) {
      io.err(`gmc import: cannot tell which system these stat blocks are for: name one with --system (${listSystems().join(', ')})`)
      return 1
    }
    ;({ system, read } = guess)
  }
  const fileProblems = read.files.filter((f) => f.refused)
  const failed = read.counts.refused > 0 || fileProblems.length > 0
  if (args.flags.has('--json')) {
    io.out(
      JSON.stringify(
        {
          kind: 'gm-console.import-report',
          systemId: system.id,
          statBlocks: read.items.filter((i) => i.status !== 'refused').map((i) => ({ name: i.name, kind: i.kind, tags: i.tags, data: i.data, figures: i.figures, notes: i.notes, disagreements: i.disagreements, source: { file: i.file, format: i.format } })),
          refused: [...fileProblems.map((f) => ({ file: f.name, why: f.refused })), ...read.items.filter((i) => i.status === 'refused').map((i) => ({ file: i.file, name: i.name, why: i.refused }))],
          questions: read.questions,
          answers: read.answers,
          report: { ...read.counts, filesRefused: fileProblems.length },
        },
        null,
        2,
      ),
    )
    return failed ? 1 : 0
  }
  for (const f of fileProblems) io.out(`✗ ${f.name}: ${say(system, lang, f.refused!)}`)
  for (const it of read.items) io.out(itemText(system, lang, it))
  for (const q of read.questions) {
    io.out(`${say(system, lang, q.title)}: ${q.from.map((f) => `${f.label} → ${read.answers[q.id]?.[f.key] ?? '—'}`).join(', ')}`)
  }
  io.out(say(system, lang, { key: 'importer.report', params: { ok: read.counts.ok, notes: read.counts.notes, refused: read.counts.refused + fileProblems.length, system: system.names[lang] } }))
  return failed ? 1 : 0
}

/** entry for the gmc command table (src-main/cli/gmc.ts) */
export const importCommand: CliCommand = { name: 'import', usage: IMPORT_USAGE, run: (argv, io) => runImportCommand(argv, io) }
