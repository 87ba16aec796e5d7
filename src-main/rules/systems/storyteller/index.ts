/** Storyteller (seed 004; defaults T1–T7): d10 pools against DVs, the tick wheel, the health track, recovery, social rolls. */
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { Result } from '@shared/result'
import type { EngineEvent } from '@shared/domain/encounter'
import type { DecideContext, RuleSystem } from '../../core/system'
import { ticksInitiative } from '../../core/turn-order'
import { eventsCommand, type CommandMap } from '../../core/command'
import { combatantFromStatBlock } from '../../core/stat-block'
import { storytellerCommandSchemas, type StorytellerCommand } from './commands'
import { handlers, onCombatStart, rollJoinBattle } from './decide'
import { storytellerEvolve } from './evolve'
import { logEntry } from './log'
import { commandOdds } from './odds-command'
import { statBlock } from './schema'
import { initialState } from './state'
import { playerView } from './view'
import { storytellerDangerAttack, storytellerIsOut } from './danger'
import { storytellerFacts } from './facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { storytellerCard } from './ui/card'
import { storytellerDerived } from './ui/derived'
import { storytellerCommandHints } from './ui/hints'
import { storytellerLabels } from './ui/labels'
import { storytellerTemplates } from './ui/templates'

/** the command map of the engine (core/command.ts): each handler's events go onto the engine's batch */
const commands: CommandMap = Object.fromEntries(
  (Object.keys(handlers) as Array<StorytellerCommand['type']>).map((type) => [
    type,
    eventsCommand(storytellerCommandSchemas[type], handlers[type] as (s: EncounterState, c: EngineCommand, x: DecideContext) => Result<EngineEvent[]>),
  ]),
)

export const storytellerSystem: RuleSystem = {
  id: 'storyteller',
  initiative: ticksInitiative,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({ state: initialState(), role: sb.kind, initiativeModifier: 0 })),
  rollInitiative: rollJoinBattle,
  onCombatStart: (state) => onCombatStart(state),
  commands,
  evolve: storytellerEvolve,
  odds: commandOdds,
  playerView,
  logEntry,
  commandSchemas: storytellerCommandSchemas,
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.storyteller'], pl: pl.ui['system.storyteller'] },
  isOut: storytellerIsOut,
  facts: storytellerFacts,
  dangerAttack: storytellerDangerAttack,
  labels: storytellerLabels,
  derived: storytellerDerived,
  card: storytellerCard,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: en.ui, pl: pl.ui } },
  commandHints: storytellerCommandHints,
  statBlockTemplates: storytellerTemplates,
}

export default storytellerSystem
