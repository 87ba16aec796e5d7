/** 2d20 / John Carter of Mars (seed 002; defaults J1–J7): tests, conflict, stress and afflictions, the pools. */
import type { TwoD20Event } from './events'
import type { RuleSystem } from '../../kit/system'
import { combatantFromStatBlock, roleOfKind } from '../../kit/stat-block'
import { commandSchemas } from './commands'
import { twoD20Commands } from './mechanics/decide'
import { j7Initiative, onTurnStart, rollInitiative } from './mechanics/turn-order'
import { tdEvolve } from './evolve'
import { logEntry } from './log'
import { twoD20Odds } from './odds'
import { statBlock } from './schema'
import { initialState } from './mechanics/state'
import { playerPools, playerView } from './view'
import { twoD20CharacterSheet, twoD20PlayerSpends } from './character'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { twoD20DangerAttack, twoD20IsOut } from './danger'
import { twoD20Facts } from './mechanics/facts'
import { twoD20Card } from './ui/card'
import { twoD20Derived } from './ui/derived'
import { twoD20CommandHints } from './ui/hints'
import { twoD20Labels } from './ui/labels'
import { twoD20Result, twoD20ResultCatalog } from './ui/result'
import { twoD20Templates } from './ui/templates'
import { twoD20Imports } from './imports/index'

/** typed against its own events inside; the registry and callers hold it as a `RuleSystem` of wire events */
const system: RuleSystem<TwoD20Event> = {
  id: '2d20',
  initiative: j7Initiative,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({
      state: initialState(sb),
      role: roleOfKind(sb.kind),
      initiativeModifier: 0,
    })),
  rollInitiative,
  onTurnStart,
  commands: twoD20Commands,
  evolve: tdEvolve,
  odds: twoD20Odds,
  playerView,
  playerPools,
  characterSheet: twoD20CharacterSheet,
  playerSpends: twoD20PlayerSpends,
  logEntry,
  commandSchemas,
  names: { en: en.ui['system.2d20'], pl: pl.ui['system.2d20'] },
  isOut: twoD20IsOut,
  facts: twoD20Facts,
  dangerAttack: twoD20DangerAttack,
  labels: twoD20Labels,
  derived: twoD20Derived,
  card: twoD20Card,
  // the result card from the fields the log prints (issue 27: the generic card summed the tracks as "damage")
  result: twoD20Result,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...twoD20ResultCatalog.en }, pl: { ...pl.ui, ...twoD20ResultCatalog.pl } } },
  commandHints: twoD20CommandHints,
  statBlockTemplates: twoD20Templates,
  imports: twoD20Imports,
}

export const twoD20System: RuleSystem = system

export default twoD20System
