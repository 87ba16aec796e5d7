/** Drive the Storyteller engine in tests (`createEngine`): decide + evolve one command, failing loudly on a refusal. */
import { createEngine } from '../../../../../src-main/rules/core/engine'
import { storytellerSystem } from '../../../../../src-main/rules/systems/storyteller'
import { runner } from '../run-command'

export { initialState } from '../../../../../src-main/rules/core/engine'
export { now, noRng } from '../run-command'
export const engine = createEngine(storytellerSystem)
export const decide = engine.decide
export const evolve = engine.evolve
export const run = runner(decide, evolve)
