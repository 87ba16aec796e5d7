/** Drive the Storyteller engine in tests (`createEngine`): decide + evolve one command, failing loudly on a refusal. */
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../src-shared/domain/encounter'
import { createEngine } from '../../../../../src-main/rules/core/engine'
import type { Rng } from '../../../../../src-main/rules/core/rng'
import { storytellerSystem } from '../../../../../src-main/rules/systems/storyteller'

export { initialState } from '../../../../../src-main/rules/core/engine'
export const engine = createEngine(storytellerSystem)
export const decide = engine.decide
export const evolve = engine.evolve

export const now = '2026-01-01T00:00:00.000Z'
export const noRng: Rng = { int: () => { throw new Error('no rng expected') } }

export function run(s: EncounterState, cmd: EngineCommand, rng: Rng = noRng): { state: EncounterState; events: EngineEvent[] } {
  const r = decide(s, cmd, { rng, now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
  let state = s
  for (const e of r.value) state = evolve(state, e)
  return { state, events: r.value }
}
