/** Starchasers (seed 000; defaults S1–S22): dice pools, the Dueling System and the diceless ally resolver. */
import type { RuleSystem } from '../../kit/system'
import type { StarchasersEvent } from './events'
import { orderedInitiative } from '../../kit/turn-order'
import { statBlock } from './schema'
import { initialState } from './mechanics/state'
import { starchasersEvolve } from './evolve'
import { starchasersCommands } from './mechanics/decide'
import { onCombatStart, onEncounterEnd, onTurnEnd, onTurnStart, rollInitiative } from './mechanics/turns'
import { logEntry } from './log'
import { playerView } from './view'
import { starchasersCharacterSheet, starchasersPlayerSpends } from './character'
import { starchasersOdds } from './odds'
import { combatantFromStatBlock, roleOfKind } from '../../kit/stat-block'
import { schemasOf } from '../../kit/command'
import { upcastStarchasersEvent } from './mechanics/upcast'
import { starchasersDangerApproach, starchasersDangerAttack, starchasersDangerReach, starchasersIsOut, starchasersNeedsTurn } from './danger'
import { starchasersFacts } from './mechanics/facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { starchasersCard } from './ui/card'
import { starchasersDerived } from './ui/derived'
import { resultCatalog, starchasersResult } from './ui/result'
import { starchasersCommandHints } from './ui/hints'
import { starchasersLabels } from './ui/labels'
import { starchasersTemplates } from './ui/templates'
import { starchasersImports } from './imports/index'

/** typed against its own events inside; the registry and callers hold it as a `RuleSystem` of wire events */
const system: RuleSystem<StarchasersEvent> = {
  id: 'starchasers',
  initiative: orderedInitiative,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({
      state: initialState(sb),
      role: roleOfKind(sb.kind),
      initiativeModifier: 0,
    })),
  rollInitiative,
  onCombatStart: (state) => onCombatStart(state),
  onTurnStart: (state, id) => onTurnStart(state, id),
  onTurnEnd: (state, id) => onTurnEnd(state, id),
  onEncounterEnd: (state) => onEncounterEnd(state),
  evolve: starchasersEvolve,
  upcastEvent: upcastStarchasersEvent,
  odds: starchasersOdds,
  playerView,
  characterSheet: starchasersCharacterSheet,
  playerSpends: starchasersPlayerSpends,
  logEntry,
  commands: starchasersCommands,
  commandSchemas: schemasOf(starchasersCommands),
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.starchasers'], pl: pl.ui['system.starchasers'] },
  isOut: starchasersIsOut,
  needsTurn: starchasersNeedsTurn,
  facts: starchasersFacts,
  dangerAttack: starchasersDangerAttack,
  dangerReach: starchasersDangerReach,
  dangerApproach: starchasersDangerApproach,
  labels: starchasersLabels,
  derived: starchasersDerived,
  result: starchasersResult,
  card: starchasersCard,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...resultCatalog.en }, pl: { ...pl.ui, ...resultCatalog.pl } } },
  commandHints: starchasersCommandHints,
  statBlockTemplates: starchasersTemplates,
  imports: starchasersImports,
}

export const starchasersSystem: RuleSystem = system

export default starchasersSystem
