/** The initiative strategies a system picks from (RuleSystem.initiative); a system may bring its own. */
export type { InitiativeStrategy, TurnOps, CombatStart } from './strategy'
export { orderedInitiative } from './ordered'
export { sidesInitiative } from './sides'
export { ticksInitiative } from './ticks'
