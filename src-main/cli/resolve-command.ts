/** `gmc resolve --in scenario.json [--seed N]` and `gmc odds --in attack.json`: JSON in, JSON out. */
import { readFile } from 'node:fs/promises'
import { parseArgs, printError, stdio, type CliCommand, type CliIo } from './io'
import { resolveScenario, scenarioOdds } from './scenario'
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
  const usage = name === 'resolve' ? 'gmc resolve --in scenario.json [--seed N] [--log]' : 'gmc odds --in attack.json [--seed N]'
  return {
    name,
    usage,
    async run(argv: string[], io: CliIo = stdio): Promise<number> {
      const a = parseArgs(argv, ['--in', '--seed'], ['--json', '--log'])
      if (typeof a === 'string' || a.positional.length > 0 || !a.values['--in']) {
        io.err(`gmc ${name}: ${typeof a === 'string' ? a : a.positional.length > 0 ? `unexpected argument ${a.positional[0]}` : 'missing --in FILE'}\nusage: ${usage}`)
        return 2
      }
      const input = await readJson(a.values['--in'])
      if (!input.ok) {
        printError(io, { code: 'io', message: input.message, field: '--in' })
        return 1
      }
      const opts = { seed: a.values['--seed'], defaultSeed: cryptoSeed() }
      if (name === 'odds') {
        const r = scenarioOdds(input.value, opts)
        if (!r.ok) return printError(io, r.error), 1
        io.out(JSON.stringify(r.value, null, 2))
        return 0
      }
      const r = resolveScenario(input.value, opts)
      if (!r.ok) return printError(io, r.error), 1
      if (a.flags.has('--log')) {
        for (const e of r.value.log) io.out(`${String(e.seq).padStart(4)} ${e.status === 'active' ? ' ' : '~'} ${e.text}`)
        return 0
      }
      const { records: _records, ...out } = r.value
      io.out(JSON.stringify(out, null, 2))
      return 0
    },
  }
}

export const resolveCommand = makeCommand('resolve')
export const oddsCommand = makeCommand('odds')
