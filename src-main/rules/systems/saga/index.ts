/** Star Wars Saga Edition (seeds 001 EN, 003 PL; defaults W1–W11). */
import type { RuleSystem } from '../../core/system'
import { sagaStatBlockSchema } from './stats'
import { initialSagaState } from './state'
import { sagaCommands } from './decide'
import { sagaOnCombatStart, sagaOnTurnEnd, sagaOnTurnStart, sagaRollInitiative } from './turns'
import { upcastSagaCommand } from './upcast'
import { sagaLogEntry } from './log'
import { sagaOdds } from './odds'
import { sagaPlayerView } from './view'
import { combatantFromStatBlock } from '../../core/stat-block'

export const sagaSystem: RuleSystem = {
  id: 'saga',
  initiativeModel: 'ordered',
  statBlockSchema: sagaStatBlockSchema,
  createCombatant: (statBlock: unknown) =>
    combatantFromStatBlock(sagaStatBlockSchema, statBlock, (sb) => ({
      state: initialSagaState(sb),
      role: sb.role ?? (sb.kind === 'heroic' ? 'pc' : 'npc'),
      initiativeModifier: sb.initiative,
    })),
  rollInitiative: sagaRollInitiative,
  onCombatStart: sagaOnCombatStart,
  onTurnStart: sagaOnTurnStart,
  onTurnEnd: sagaOnTurnEnd,
  odds: sagaOdds,
  playerView: sagaPlayerView,
  logEntry: sagaLogEntry,
  commands: sagaCommands,
  upcastCommand: upcastSagaCommand,
}
