/** `gmc roll "3d6+2" [--seed N] [--json] [--dist]`: roll dice notation, or print its exact distribution. */
import { roll } from '../rules/kit/dice'
import { mean, notationDist, probAtLeast, stdev, toList } from '../rules/kit/distribution'
import { seededRng } from '../rules/kit/rng'
import { parseArgs, printError, stdio, type CliCommand, type CliIo } from './io'
import { cryptoSeed } from './seed'

const USAGE = 'gmc roll "<notation>" [--seed N] [--json] [--dist]'

async function run(argv: string[], io: CliIo = stdio): Promise<number> {
  const a = parseArgs(argv, ['--seed'], ['--json', '--dist'])
  if (typeof a === 'string') return usage(io, a)
  if (a.positional.length !== 1) return usage(io, a.positional.length === 0 ? 'missing dice notation' : `unexpected argument ${a.positional[1]}`)
  const notation = a.positional[0]
  const json = a.flags.has('--json')
  if (a.flags.has('--dist')) {
    const d = notationDist(notation)
    if (!d.ok) return fail(io, d.error)
    const list = toList(d.value)
    if (json) io.out(JSON.stringify({ notation, mean: mean(d.value), stdev: stdev(d.value), distribution: list.map((x) => ({ ...x, atLeast: probAtLeast(d.value, x.value) })) }))
    else {
      io.out(`${notation}: mean ${mean(d.value).toFixed(3)}, sd ${stdev(d.value).toFixed(3)}`)
      for (const x of list) io.out(`${String(x.value).padStart(6)}  ${(x.p * 100).toFixed(3).padStart(7)}%   ≥ ${(probAtLeast(d.value, x.value) * 100).toFixed(3)}%`)
    }
    return 0
  }
  const seed = a.values['--seed'] ?? cryptoSeed()
  const r = roll(notation, seededRng(seed))
  if (!r.ok) return fail(io, r.error)
  if (json) io.out(JSON.stringify({ notation, seed, total: r.value.total, modifier: r.value.modifier, dice: r.value.dice }))
  else io.out(`${notation} = ${r.value.total}  [${r.value.dice.map((d) => `${d.die}:${d.value}`).join(' ')}]${r.value.modifier ? ` ${r.value.modifier > 0 ? '+' : ''}${r.value.modifier}` : ''}  (seed ${seed})`)
  return 0
}

function usage(io: CliIo, msg: string): number {
  io.err(`gmc roll: ${msg}\nusage: ${USAGE}`)
  return 2
}
function fail(io: CliIo, e: { code: string; message: string; field?: string }): number {
  printError(io, e)
  return 1
}

export const rollCommand: CliCommand = { name: 'roll', usage: USAGE, run }
