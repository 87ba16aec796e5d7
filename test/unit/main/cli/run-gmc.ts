/** The CLI run in process for its tests: `gmc(...argv)` gives the exit code and what it printed; `file` writes a JSON input. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../../../src-main/cli/gmc'

export const root = join(import.meta.dirname, '../../../..')

export async function gmc(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

export const tmp = mkdtempSync(join(tmpdir(), 'gmc-'))
export const file = (name: string, value: unknown): string => {
  const p = join(tmp, name)
  writeFileSync(p, JSON.stringify(value))
  return p
}
