/** Star Wars Saga Edition (seeds 001 EN, 003 PL; defaults W1–W11). */
import { ok } from '@shared/result'
import type { Combatant, EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { RuleSystem } from '../../core/system'
import { rollDie } from '../../core/dice'
import { sagaStatBlockSchema } from './stats'
import { CT_MAX, ctPenalty, initialSagaState, sagaState } from './state'
import { sagaCommandSchemas } from './commands'
import { sagaDecide, sagaOnCombatStart, sagaOnTurnEnd, sagaOnTurnStart } from './decide'
import { sagaLogEntry } from './log'
import { sagaOdds } from './odds'
import { vehiclePenalty } from './rules'
import { sagaPlayerView } from './view'
import { combatantFromStatBlock } from '../../core/stat-block'
import { sagaDangerAttack, sagaIsOut } from './danger'
import { sagaFacts } from './facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { sagaCard } from './ui/card'
import { sagaDerived } from './ui/derived'
import { sagaCommandHints } from './ui/hints'
import { sagaLabels } from './ui/labels'
import { sagaTemplates } from './ui/templates'

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
  // 001 "Initiative Checks": 1d20 + Initiative modifier (W8: the modifier is data)
  rollInitiative(state: EncounterState, c: Combatant, ctx) {
    const d = rollDie(ctx.rng, 20)
    // Initiative is a skill check: the condition-track penalty applies (001 table), a vehicle's too for its occupants
    const st = sagaState(c)
    const penalty = (st.ct > 0 && st.ct < CT_MAX ? ctPenalty(st.ct) : 0) + vehiclePenalty(state, c)
    const ev: EngineEvent = { type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: d.value + c.initiative.modifier + penalty, modifier: c.initiative.modifier, dice: [d], ...(penalty ? { penalty } : {}) }
    return ok([ev])
  },
  onCombatStart: sagaOnCombatStart,
  onTurnStart: sagaOnTurnStart,
  onTurnEnd: sagaOnTurnEnd,
  decide: sagaDecide,
  odds: sagaOdds,
  playerView: sagaPlayerView,
  logEntry: sagaLogEntry,
  commandSchemas: sagaCommandSchemas,
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.saga'], pl: pl.ui['system.saga'] },
  isOut: sagaIsOut,
  facts: sagaFacts,
  dangerAttack: sagaDangerAttack,
  labels: sagaLabels,
  derived: sagaDerived,
  card: sagaCard,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: en.ui, pl: pl.ui } },
  commandHints: sagaCommandHints,
  statBlockTemplates: sagaTemplates,
}
