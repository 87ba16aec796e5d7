/** Storyteller (seed 004; defaults T1–T7): d10 pools against DVs, the tick wheel, the health track, recovery, social rolls. */
import type { RuleSystem } from '../../kit/system'
import type { StorytellerEvent } from './events'
import { combatantFromStatBlock } from '../../kit/stat-block'
import { schemasOf } from '../../kit/command'
import { onCombatStart, rollJoinBattle, storytellerCommands } from './mechanics/decide'
import { storytellerEvolve } from './evolve'
import { logEntry } from './log'
import { commandOdds } from './odds'
import { statBlock } from './schema'
import { initialState } from './mechanics/state'
import { playerView } from './view'
import { storytellerCharacterSheet } from './character'
import { storytellerWheel } from './mechanics/turns'
import { storytellerDangerAttack, storytellerIsOut } from './danger'
import { storytellerFacts } from './mechanics/facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { storytellerCard } from './ui/card'
import { storytellerDerived } from './ui/derived'
import { storytellerCommandHints } from './ui/hints'
import { storytellerLabels } from './ui/labels'
import { storytellerResult, storytellerResultCatalog } from './ui/result'
import { storytellerTemplates } from './ui/templates'
import { storytellerImports } from './imports/index'

/** typed against its own events inside; the registry and callers hold it as a `RuleSystem` of wire events */
const system: RuleSystem<StorytellerEvent> = {
  id: 'storyteller',
  // 004 + T3: the tick wheel (turns.ts)
  initiative: storytellerWheel,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({ state: initialState(), role: sb.kind, initiativeModifier: 0 })),
  rollInitiative: rollJoinBattle,
  onCombatStart: (state) => onCombatStart(state),
  commands: storytellerCommands,
  evolve: storytellerEvolve,
  odds: commandOdds,
  playerView,
  characterSheet: storytellerCharacterSheet,
  logEntry,
  commandSchemas: schemasOf(storytellerCommands),
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.storyteller'], pl: pl.ui['system.storyteller'] },
  isOut: storytellerIsOut,
  facts: storytellerFacts,
  dangerAttack: storytellerDangerAttack,
  labels: storytellerLabels,
  derived: storytellerDerived,
  card: storytellerCard,
  // the result card (issue 27: its events carry pools, not the generic `dice` list)
  result: storytellerResult,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...storytellerResultCatalog.en }, pl: { ...pl.ui, ...storytellerResultCatalog.pl } } },
  commandHints: storytellerCommandHints,
  statBlockTemplates: storytellerTemplates,
  imports: storytellerImports,
}

export const storytellerSystem: RuleSystem = system

export default storytellerSystem
