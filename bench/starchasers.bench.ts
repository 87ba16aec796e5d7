/**
 * Starchasers exact odds. Issue 13: the cost must grow as n³ at most, so 60v60 ÷ 30v30 ≤ 10 (n⁴ would give 16).
 * The figure that matters is the growth ratio, measured in one run; the absolute times are for reference only.
 */
import { attackOdds, type OddsInput } from '../src-main/rules/systems/starchasers/mechanics/probability'

export const name = 'starchasers'

function timeIt(input: OddsInput, runs: number): number {
  for (let i = 0; i < Math.max(3, runs / 5); i++) attackOdds(input) // warm-up (JIT)
  let best = Infinity
  // the best of five rounds: this machine is noisy, and the minimum is the cost of the work itself
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now()
    for (let i = 0; i < runs; i++) attackOdds(input)
    best = Math.min(best, (performance.now() - t0) / runs)
  }
  return best
}

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  // an armored defender (Reflective 1, Fortifying 1: 000:869-871) with the usual attack qualities
  const at = (n: number): OddsInput => ({ attackDice: n, defenseDice: n, accurate: 2, vicious: 1, soak: 1, critThreshold: 4, reflective: 1, fortifying: 1 })
  const t10 = timeIt(at(10), 200)
  const t30 = timeIt(at(30), 20)
  const t60 = timeIt(at(60), 4)
  return {
    'starchasers.odds.10v10': { value: Number(t10.toFixed(3)), unit: 'ms', target: 'reference' },
    'starchasers.odds.30v30': { value: Number(t30.toFixed(3)), unit: 'ms', target: '< 5 ms' },
    'starchasers.odds.60v60': { value: Number(t60.toFixed(3)), unit: 'ms', target: 'reference' },
    'starchasers.odds.growth.60v60/30v30': { value: Number((t60 / t30).toFixed(2)), unit: 'x', target: '≤ 10 (n³ = 8, n⁴ = 16)' },
  }
}
