/**
 * Helpers of the damaged-input corpus tests (corpus-*.test.ts). Issue 14, the damaged input corpus: every file of test/fixtures/damaged (manifest.json says what each is and what
 * GM Console must answer) is put where GM Console meets it (a campaign's campaign.json, an open session's log, a
 * campaign import, a library import) and driven through the real services. For each: the error names the file and
 * the problem (and never quotes the file), the file is left byte-identical, Object.prototype is untouched, and the
 * other campaigns still list, open and start a session, also after a restart.
 * Entries with `pending` name a known defect: their test is `it.fails` until it is fixed.
 */
import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { World } from './world'

export const FIXTURES = join(import.meta.dirname, '../../../fixtures/damaged')
export const SAMPLE = join(import.meta.dirname, '../../../../resources/campaigns/sample-saga')

export interface Expect {
  code?: string
  message?: string
  field?: string
  scope?: 'file' | 'line'
  line?: number
  accepted?: boolean
}
export interface Entry {
  file: string
  what: string
  expect: Expect
  pending?: string
}
export const manifest = JSON.parse(await readFile(join(FIXTURES, 'manifest.json'), 'utf8')) as { entries: Entry[] }
export const of = (kind: string) => manifest.entries.filter((e) => e.file.startsWith(`${kind}/`))

export interface ErrorLike {
  code: string
  message: string
  field?: string
}

/** the lines (8+ characters) of a file that is not JSON, which an error message must not quote (a syntax error is told by where it is) */
export function quotable(content: Buffer): string[] {
  try {
    JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''))
    return []
  } catch {
    // not JSON: its text must not show in any message
  }
  return content
    .toString('utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length >= 8 && !/^[\s{}[\],"]*$/.test(l))
}

export function expectError(error: ErrorLike | undefined, e: Expect, content: Buffer, file?: string): void {
  expect(error, 'an error').toBeDefined()
  if (!error) return
  expect(error.code).toBe(e.code)
  if (e.message) expect(error.message).toMatch(new RegExp(e.message))
  if (e.field) expect(error.field).toBe(e.field)
  if (file) expect(error.message, 'the message names the file').toContain(file)
  for (const line of quotable(content)) expect(error.message.includes(line), `the message quotes the file: ${line.slice(0, 60)}`).toBe(false)
}

/** `it`, or `it.fails` for an entry with a known defect */
export const test =
  (e: Entry) =>
  (name: string, fn: () => Promise<void>): void =>
    void (e.pending ? it.fails(name, fn) : it(name, fn))
export const title = (e: Entry) => `${e.file}: ${e.what}${e.pending ? ` (known defect: ${e.pending})` : ''}`

/** the sample Saga campaign with its session 2 left open, its log replaced by `content` */
export async function victimWithLog(w: World, content: Buffer): Promise<string> {
  await cp(SAMPLE, join(w.dir, 'victim'), { recursive: true })
  const cfile = join(w.dir, 'victim', 'campaign.json')
  const c = JSON.parse(await readFile(cfile, 'utf8')) as { sessions: Array<{ id: string; endedAt: string | null }> }
  c.sessions.find((s) => s.id === 'session-2')!.endedAt = null
  await writeFile(cfile, JSON.stringify(c))
  const log = join(w.dir, 'victim', 'sessions', 'session-2.ndjson')
  await writeFile(log, content)
  await w.restart()
  return log
}

/** the sample's session 2 as the corpus derives from it: open (its session.ended line dropped) */
export async function baseLog(): Promise<Buffer> {
  const text = await readFile(join(SAMPLE, 'sessions', 'session-2.ndjson'), 'utf8')
  return Buffer.from(`${text.trimEnd().split('\n').filter((l) => !l.includes('"session.ended"')).join('\n')}\n`)
}

export interface LogEntry {
  key: string
  params?: { line?: number; message?: string }
}

