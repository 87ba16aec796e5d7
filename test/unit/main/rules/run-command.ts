/** A test's `run`: decide one command and evolve its events (a refusal fails loudly, naming the command and field). */
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../src-shared/domain/encounter'
import type { DecideContext } from '../../../../src-main/rules/kit/system'
import type { Result } from '../../../../src-shared/result'
import type { Rng } from '../../../../src-main/rules/kit/rng'

export const now = '2026-01-01T00:00:00.000Z'
export const noRng: Rng = { int: () => { throw new Error('no rng expected') } }

type Decide = (s: EncounterState, c: EngineCommand, ctx: DecideContext) => Result<EngineEvent[]>
type Evolve = (s: EncounterState, e: EngineEvent) => EncounterState

export function runner(decide: Decide, evolve: Evolve) {
  return (s: EncounterState, cmd: EngineCommand, rng: Rng = noRng): { state: EncounterState; events: EngineEvent[] } => {
    const r = decide(s, cmd, { rng, now })
    if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
    let state = s
    for (const e of r.value) state = evolve(state, e)
    return { state, events: r.value }
  }
}
