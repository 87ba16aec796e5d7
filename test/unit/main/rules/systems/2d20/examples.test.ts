import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'

const dir = join(import.meta.dirname, '../../../../../../docs/examples')
const files = readdirSync(dir).filter((f) => f.startsWith('2d20-') && f.endsWith('.json'))

/** Exactly what `npm run gmc -- resolve --in <file> --seed N` runs, the file's expectations included. */
function play(file: string, seed: string) {
  const r = resolveScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')), { seed, defaultSeed: seed })
  if (!r.ok) throw new Error(`${file}: ${r.error.message} (${r.error.field})`)
  return r.value
}

describe('docs/examples/2d20-*.json run through the engine', () => {
  it('there are worked examples for tests, attacks, minions, insults and draws, recovery, monsters, pools, Counterstrike', () => {
    expect(files.sort()).toEqual(['2d20-attack.json', '2d20-counterstrike.json', '2d20-insult-draw.json', '2d20-minions.json', '2d20-monster.json', '2d20-pools.json', '2d20-recovery.json', '2d20-test.json'])
  })
  for (const f of files) it(`${f}: every die is given, so seeds 1 and 7 give the same events and the expectations hold`, () => {
    const a = play(f, '1')
    const b = play(f, '7')
    expect(a.events.length).toBeGreaterThan(0)
    expect(a.events.map((e) => e.event)).toEqual(b.events.map((e) => e.event))
    for (const line of a.log) expect(line.text, line.key).not.toMatch(/^log\.|\{\w+\}/)
  })
})
