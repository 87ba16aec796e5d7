/** `gmc resolve --in scenario.json [--seed N] [--log] [--derived]` and `gmc odds --in attack.json`: JSON in, JSON out
 * (`--log`: the log as text, a line per entry, with the refusals and, with `--derived`, the derived values after each step). */
import { readFile } from 'node:fs/promises'
import { parseArgs, printError, stdio, type CliCommand, type CliIo } from './io'
import { resolveScenario, scenarioOdds, type Resolved, type StepOut } from './scenario'
import { cryptoSeed } from './seed'

async function readJson(path: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  let text: string
  try {
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8')
  } catch (e) {
    return { ok: false, message: `cannot read ${path}: ${(e as Error).message}` }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, message: `${path} is not valid JSON: ${(e as Error).message}` }
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function makeCommand(name: 'resolve' | 'odds'): CliCommand {
  const usage = name === 'resolve' ? 'gmc resolve --in scenario.json [--seed N] [--log] [--derived]' : 'gmc odds --in attack.json [--seed N]'
  return {
    name,
    usage,
    async run(argv: string[], io: CliIo = stdio): Promise<number> {
      const a = parseArgs(argv, ['--in', '--seed'], ['--json', '--log', ...(name === 'resolve' ? ['--derived'] : [])])
      if (typeof a === 'string' || a.positional.length > 0 || !a.values['--in']) {
        io.err(`gmc ${name}: ${typeof a === 'string' ? a : a.positional.length > 0 ? `unexpected argument ${a.positional[0]}` : 'missing --in FILE'}\nusage: ${usage}`)
        return 2
      }
      const input = await readJson(a.values['--in'])
      if (!input.ok) {
        printError(io, { code: 'io', message: input.message, field: '--in' })
        return 1
      }
      const opts = { seed: a.values['--seed'], defaultSeed: cryptoSeed(), derived: a.flags.has('--derived') }
      if (name === 'odds') {
        const r = scenarioOdds(input.value, opts)
        if (!r.ok) return printError(io, r.error), 1
        io.out(JSON.stringify(r.value, null, 2))
        return 0
      }
      const r = resolveScenario(input.value, opts)
      if (!r.ok) return printError(io, r.error), 1
      if (a.flags.has('--log')) {
        io.out(logText(r.value).join('\n'))
        return 0
      }
      const { records: _records, ...out } = r.value
      io.out(JSON.stringify(out, null, 2))
      return 0
    },
  }
}

/** The log as text: each step's lines, its refusal, and its derived values when asked. */
export function logText(r: Resolved): string[] {
  const lines: string[] = []
  const seqBatch = new Map(r.records.map((x) => [x.seq, x.batch]))
  const entry = (e: Resolved['log'][number]) => `${String(e.seq).padStart(4)} ${e.status === 'active' ? ' ' : '~'} ${e.text}`
  const derived = (s: StepOut) => {
    for (const [id, values] of Object.entries(s.derived ?? {})) {
      lines.push(`       ${id}: ${values.length > 0 ? values.map((d) => `${d.text} ${d.value}`).join(', ') : '—'}`)
    }
  }
  const byBatch = new Map<number, Resolved['log']>()
  for (const e of r.log) {
    const b = seqBatch.get(e.seq) ?? 0
    byBatch.set(b, [...(byBatch.get(b) ?? []), e])
  }
  const firstStepBatch = r.steps.find((s) => s.batch !== undefined)?.batch ?? Infinity
  // the setup: the encounter and the combatants
  for (const [b, entries] of byBatch) if (b < firstStepBatch) lines.push(...entries.map(entry))
  for (const s of r.steps) {
    if (s.step === 'setup') {
      if (s.derived) lines.push('     after the setup:')
    } else if (s.refused) {
      lines.push(`     ✗ step ${s.step} (${s.type}) refused as expected — ${s.refused.code}: ${s.refused.message}`)
    } else if (s.batch !== undefined) {
      lines.push(...(byBatch.get(s.batch) ?? []).map(entry))
    }
    if (s.derived && s.step !== 'setup') lines.push(`     after step ${s.step} (${s.type}):`)
    derived(s)
  }
  // lines of batches no step names (none today; kept so nothing is dropped)
  const named = new Set(r.steps.map((s) => s.batch))
  for (const [b, entries] of byBatch) if (b >= firstStepBatch && !named.has(b)) lines.push(...entries.map(entry))
  return lines
}

export const resolveCommand = makeCommand('resolve')
export const oddsCommand = makeCommand('odds')
