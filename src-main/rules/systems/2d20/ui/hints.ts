/**
 * UI hints of the 2d20 commands (commands.ts): where each sits in the action panel, its label and how its fields
 * are shown. The forms are generated from the commands' JSON Schemas. Label keys: the common catalog (`actions.*`)
 * or ../i18n (`2d20.*`).
 */
import type { FieldHint } from '@shared/views/system-views'
import type { CommandHint } from '../../../kit/system'
import { ATTRIBUTES, TRACKS } from '../schema'

const opts = (prefix: string, values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, `${prefix}.${v}`]))
const actor = (name = 'combatantId'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label: 'actions.actor', actor: true, order: 0 } })
const target = (name = 'targetId', label = 'actions.target'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label, target: true, order: 1 } })
const num = (label: string, advanced = false): FieldHint => ({ widget: 'number', label, ...(advanced ? { advanced } : {}) })
const bool = (label: string, advanced = false): FieldHint => ({ widget: 'bool', label, ...(advanced ? { advanced } : {}) })
const track: FieldHint = { widget: 'select', label: '2d20.form.track', optionLabels: opts('2d20.trackName', TRACKS) }
const insult = (label: string): FieldHint => ({ widget: 'select', label, optionLabels: opts('2d20.opt.insult', ['passion', 'might']), advanced: true })

export const twoD20CommandHints: CommandHint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      ...actor('attackerId'), ...target(), weapon: { widget: 'weapon', label: 'actions.weapon', order: 2 },
      difficulty: num('2d20.form.difficulty'), extraDice: num('2d20.form.extraDice'), narratorPaysForDraw: bool('2d20.form.narratorPaysForDraw'),
      counterstrike: bool('2d20.form.counterstrike'), alsoDispatch: { widget: 'combatants', label: '2d20.form.alsoDispatch' },
      insultWith: insult('2d20.form.insultWith'), defendWith: insult('2d20.form.defendWith'),
      defenseDifficulty: num('2d20.form.defenseDifficulty', true), rangeSteps: num('2d20.form.rangeSteps', true), obstacle: num('2d20.form.obstacle', true),
      kind: { widget: 'select', label: '2d20.form.kind', optionLabels: opts('2d20.kind', ['melee', 'shooting', 'insult']), advanced: true },
      attacker: { label: '2d20.form.attackerOptions', advanced: true }, defender: { label: '2d20.form.defenderOptions', advanced: true },
      'attacker.bought': num('2d20.form.bought', true), 'attacker.luckDice': num('2d20.form.luckDice', true), 'attacker.overcomeWeakness': bool('2d20.form.overcomeWeakness', true),
      'defender.bought': num('2d20.form.bought', true), 'defender.luckDice': num('2d20.form.luckDice', true), 'defender.overcomeWeakness': bool('2d20.form.overcomeWeakness', true),
    },
  },
  {
    type: 'test', group: 'special', label: '2d20.cmd.test', shortcut: 't', odds: true,
    fields: {
      ...actor(), attributes: { label: '2d20.form.attributes', order: 1, optionLabels: opts('2d20.attr', ATTRIBUTES) }, difficulty: num('2d20.form.difficulty'), bought: num('2d20.form.bought'), luckDice: num('2d20.form.luckDice'),
      overcomeWeakness: bool('2d20.form.overcomeWeakness'), obstacle: num('2d20.form.obstacle', true), rangeSteps: num('2d20.form.rangeSteps', true),
      assists: { label: '2d20.form.assists', advanced: true }, spends: { label: '2d20.form.spends', advanced: true }, quietWeapon: { widget: 'text', label: '2d20.form.quietWeapon', advanced: true },
    },
  },
  {
    type: 'spend', group: 'special', label: '2d20.cmd.spend', shortcut: 's',
    fields: { by: { widget: 'combatant', label: '2d20.form.by', actor: true, order: 0 }, request: { label: '2d20.form.request', order: 1 }, track },
  },
  {
    type: 'recover', group: 'damage', label: '2d20.cmd.recover', shortcut: 'r',
    fields: {
      ...actor('testerId'), patientId: { widget: 'combatant', label: '2d20.form.patient', target: true, order: 1 }, track,
      mode: { widget: 'select', label: '2d20.form.mode', optionLabels: opts('2d20.opt.mode', ['stress', 'affliction']) }, momentum: num('2d20.form.momentum'),
      bought: num('2d20.form.bought', true), luckDice: num('2d20.form.luckDice', true), overcomeWeakness: bool('2d20.form.overcomeWeakness', true),
    },
  },
  {
    type: 'harm', group: 'damage', label: '2d20.cmd.harm', shortcut: 'd',
    fields: {
      ...target(), source: { widget: 'select', label: '2d20.form.source', optionLabels: opts('2d20.opt.source', ['danger', 'poison', 'gm']) }, track,
      combatDice: num('2d20.form.combatDice'), amount: num('actions.amount'), qualities: { advanced: true },
    },
  },
  { type: 'blast', group: 'damage', label: '2d20.cmd.blast', fields: { by: { widget: 'combatant', label: '2d20.form.by', actor: true, order: 0 }, ...target('bystanderId', '2d20.form.bystander') } },
  {
    type: 'act', group: 'move', label: '2d20.cmd.act', shortcut: 'm',
    fields: { ...actor(), action: { widget: 'select', label: '2d20.form.action', optionLabels: opts('2d20.opt.action', ['movement', 'spoken', 'free']) }, what: { widget: 'text', label: '2d20.form.what' } },
  },
  // 002:118, J7: a narrator character takes the turn a player was about to take
  { type: 'seize', group: 'turn', label: '2d20.cmd.seize', fields: { combatantId: { widget: 'combatant', label: 'actions.actor', order: 0 } } },
  { type: 'complicationsToThreat', group: 'advanced', label: '2d20.cmd.complications', fields: { ...actor(), count: num('2d20.form.count') } },
  // the pools bar's + and − on a character's Luck / saved Momentum, and the player display's Threat switch
  {
    type: 'adjust', group: 'advanced', label: '2d20.cmd.adjust',
    fields: { combatantId: { widget: 'combatant', label: 'actions.actor', order: 0 }, pool: { widget: 'select', label: '2d20.form.pool', optionLabels: opts('2d20.pools', ['luck', 'momentum']) }, delta: num('2d20.form.delta') },
  },
  { type: 'playerDisplay', group: 'advanced', label: '2d20.cmd.playerDisplay', fields: { showThreat: bool('2d20.form.showThreat') } },
]
