/** Star Wars Saga Edition (seeds 001 EN, 003 PL; defaults W1–W11). */
import type { RuleSystem } from '../../kit/system'
import { orderedInitiative } from '../../kit/turn-order'
import { sagaStatBlockSchema } from './schema'
import { initialSagaState } from './mechanics/state'
import { sagaCommands } from './mechanics/decide'
import { sagaOnCombatStart, sagaOnTurnEnd, sagaOnTurnStart, sagaRollInitiative } from './mechanics/turns'
import { upcastSagaCommand } from './mechanics/upcast'
import { sagaLogEntry } from './log'
import { sagaOdds } from './odds'
import { sagaPlayerView } from './view'
import { sagaCharacterSheet, sagaPlayerSpends } from './character'
import { combatantFromStatBlock } from '../../kit/stat-block'
import { schemasOf } from '../../kit/command'
import { sagaDangerAttack, sagaIsOut, sagaNeedsTurn } from './danger'
import { sagaFacts } from './mechanics/facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { sagaCard } from './ui/card'
import { sagaDerived } from './ui/derived'
import { sagaResult, sagaResultCatalog } from './ui/result'
import { sagaCommandHints } from './ui/hints'
import { sagaLabels } from './ui/labels'
import { sagaTemplates } from './ui/templates'
import { sagaImports } from './imports/index'

export const sagaSystem: RuleSystem = {
  id: 'saga',
  initiative: orderedInitiative,
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
  characterSheet: sagaCharacterSheet,
  playerSpends: sagaPlayerSpends,
  logEntry: sagaLogEntry,
  commands: sagaCommands,
  upcastCommand: upcastSagaCommand,
  commandSchemas: schemasOf(sagaCommands),
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.saga'], pl: pl.ui['system.saga'] },
  isOut: sagaIsOut,
  needsTurn: sagaNeedsTurn,
  facts: sagaFacts,
  dangerAttack: sagaDangerAttack,
  labels: sagaLabels,
  derived: sagaDerived,
  result: sagaResult,
  card: sagaCard,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...sagaResultCatalog.en }, pl: { ...pl.ui, ...sagaResultCatalog.pl } } },
  commandHints: sagaCommandHints,
  statBlockTemplates: sagaTemplates,
  imports: sagaImports,
}
