/**
 * UI hints of the Storyteller commands (commands.ts): where each sits in the action panel, its label and how its
 * fields are shown; the forms come from the commands' JSON Schemas. Label keys: the renderer's common catalog
 * (`actions.*`) or ../i18n (`storyteller.*`).
 */
import type { FieldHint } from '@shared/views/system-views'
import type { CommandHint } from '../../../kit/system'
import { DAMAGE_TYPES, DEFENSES } from '../schema'
import { INCREMENTS } from '../mechanics/recovery'
import { SOCIAL_ROLLS } from '../mechanics/social'


const opts = (prefix: string, values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, `${prefix}.${v}`]))
const actor = (name: string): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label: 'actions.actor', actor: true, order: 0 } })
const target = (name: string, label = 'actions.target'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label, target: true, order: 1 } })
const num = (label: string, advanced = false): FieldHint => ({ widget: 'number', label, ...(advanced ? { advanced } : {}) })
const damageType: FieldHint = { widget: 'select', label: 'storyteller.damageTypeLabel', optionLabels: opts('storyteller.damageType', DAMAGE_TYPES) }
const increment: FieldHint = { widget: 'select', label: 'storyteller.increment', optionLabels: opts('storyteller.increment', INCREMENTS) }

export const storytellerCommandHints: CommandHint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      ...actor('attackerId'), ...target('targetId'), weapon: { widget: 'weapon', label: 'actions.weapon', order: 2 },
      defense: { widget: 'select', label: 'storyteller.defenseChoice', optionLabels: opts('storyteller.defense', DEFENSES) },
      modifier: num('actions.modifier'), damageModifier: num('storyteller.damageModifier', true),
    },
  },
  { type: 'damage', group: 'damage', label: 'actions.damage', shortcut: 'd', fields: { ...target('combatantId'), amount: num('actions.amount'), damageType } },
  { type: 'heal', group: 'damage', label: 'actions.heal', shortcut: 'h', fields: { ...target('combatantId'), amount: num('actions.amount'), damageType } },
  {
    type: 'social', group: 'special', label: 'storyteller.command.social', shortcut: 's', odds: true,
    fields: {
      ...actor('actorId'), ...target('targetId'),
      roll: { widget: 'select', label: 'storyteller.socialRoll', optionLabels: opts('storyteller.social', SOCIAL_ROLLS), order: 2 },
      aim: { widget: 'text', label: 'storyteller.aim' }, modifier: num('actions.modifier'), speed: num('storyteller.speed', true),
    },
  },
  { type: 'rest', group: 'special', label: 'storyteller.command.rest', fields: { ...target('combatantId'), increment, count: num('storyteller.count') } },
  {
    type: 'treat', group: 'special', label: 'storyteller.command.treat',
    fields: {
      ...target('patientId', 'storyteller.patient'), medicId: { widget: 'combatant', label: 'storyteller.medic', order: 2 },
      medicDice: num('storyteller.medicDice'), medicName: { widget: 'text', label: 'storyteller.medicName' }, increment,
      difficulty: num('storyteller.difficulty'), modifier: num('actions.modifier'), interrupted: { widget: 'bool', label: 'storyteller.interrupted' },
    },
  },
  { type: 'act', group: 'turn', label: 'storyteller.command.act', fields: { ...actor('combatantId'), speed: num('storyteller.speed'), what: { widget: 'text', label: 'storyteller.what' } } },
  { type: 'wait', group: 'turn', label: 'storyteller.command.wait', fields: { ...actor('combatantId'), tick: num('storyteller.untilTick') } },
]
