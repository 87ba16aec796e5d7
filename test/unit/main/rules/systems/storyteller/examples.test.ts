import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'

const dir = join(import.meta.dirname, '../../../../../../docs/examples')
const files = readdirSync(dir).filter((f) => f.startsWith('storyteller-') && f.endsWith('.json'))

/** Exactly what `gmc resolve --in <file> --seed N` runs (the file's expectations included). */
function play(file: string, seed = '1'): { state: EncounterState; events: EngineEvent[] } {
  const r = resolveScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')), { seed, defaultSeed: seed })
  if (!r.ok) throw new Error(`${file}: ${r.error.message} (${r.error.field})`)
  return { state: r.value.state, events: r.value.events.map((e) => e.event) }
}

describe('docs/examples/storyteller-*.json run through the engine', () => {
  it('there are the medical, Join Battle, attack, social and Epic examples', () => {
    expect(files.sort()).toEqual(['storyteller-attack.json', 'storyteller-epic-lightsaber.json', 'storyteller-join-battle.json', 'storyteller-medical.json', 'storyteller-social.json'])
  })
  for (const f of files) it(`${f} runs with seed 1 and seed 7 and meets its expectations (every die is given)`, () => {
    expect(play(f).events).toEqual(play(f, '7').events)
  })
  it("004 medical example: 3 successes heal 3 in an hour, 5 heal 5, 1 (T6) leaves the hour untended", () => {
    const treated = play('storyteller-medical.json').events.filter((e) => e.type === 'storyteller.treated')
    expect(treated.map((e) => [e.patientId, e.pool && (e.pool as { successes: number }).successes, e.tended, e.amount])).toEqual([
      ['bob', 3, true, 3], ['bob-five', 5, true, 5], ['bob-typo', 1, false, 0], ['bob-typo', 2, true, 2], ['bob-typo', 3, true, 3],
    ])
  })
  it('Join Battle example: a tie on tick 0 (004: simultaneous, acting together, no tie-break), a botch on the cap, a late joiner on tick 8', () => {
    const { events } = play('storyteller-join-battle.json')
    const joined = events.filter((e) => e.type === 'storyteller.joinedBattle').map((e) => [e.combatantId, e.tick, e.late])
    expect(joined).toEqual([['kael', 0, false], ['inq', 0, false], ['st-1', 2, false], ['st-2', 5, false], ['bob', 8, true]])
    expect(events.find((e) => e.type === 'core.combatStarted')).toMatchObject({ tiebreaks: {} })
    expect(events.find((e) => e.type === 'core.turnStarted')).toMatchObject({ tick: 0, together: ['kael', 'inq'] })
  })
})
