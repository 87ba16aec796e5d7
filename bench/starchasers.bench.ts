/** Starchasers budgets: exact odds of a 30-dice attack against 30 defense dice (< 5 ms). */
import { attackOdds } from '../src-main/rules/systems/starchasers/odds'

export const name = 'starchasers'

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  const input = { attackDice: 30, defenseDice: 30, accurate: 2, vicious: 1, soak: 1, critThreshold: 4 }
  for (let i = 0; i < 30; i++) attackOdds(input) // warm-up (JIT)
  const runs = 50
  const t0 = performance.now()
  for (let i = 0; i < runs; i++) attackOdds(input)
  const ms = (performance.now() - t0) / runs
  const t1 = performance.now()
  for (let i = 0; i < runs; i++) attackOdds({ attackDice: 10, defenseDice: 10, critThreshold: 3 })
  const small = (performance.now() - t1) / runs
  return {
    'starchasers.odds.30v30': { value: Number(ms.toFixed(3)), unit: 'ms', target: '< 5 ms' },
    'starchasers.odds.10v10': { value: Number(small.toFixed(3)), unit: 'ms', target: '< 5 ms' },
  }
}
