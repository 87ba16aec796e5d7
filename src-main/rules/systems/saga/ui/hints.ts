/**
 * UI hints of the Saga commands (commands.ts): where each sits in the action panel, its label and how its fields
 * are shown. The forms are generated from the commands' JSON Schemas; a field without a hint is drawn from its
 * schema alone. Label keys: the renderer's common catalog (`actions.*`) or ../i18n (`saga.*`).
 */
import type { FieldHint } from '@shared/views/system-views'
import type { CommandHint } from '../../../kit/system'

const opts = (prefix: string, values: string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, `${prefix}.${v}`]))
const actor = (name = 'combatantId'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label: 'actions.actor', actor: true, order: 0 } })
const target = (name = 'targetId'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label: 'actions.target', target: true, order: 1 } })
const weapon: FieldHint = { widget: 'weapon', label: 'actions.weapon', order: 2 }
const range: FieldHint = { widget: 'select', label: 'saga.rangeBand', optionLabels: opts('saga.range', ['pointBlank', 'short', 'medium', 'long']) }
const cover: FieldHint = { widget: 'select', label: 'saga.cover', optionLabels: opts('saga.covers', ['cover', 'improved', 'total']) }
const concealment: FieldHint = { widget: 'select', label: 'saga.concealment', optionLabels: opts('saga.concealments', ['concealment', 'total']) }
const misc: FieldHint = { widget: 'number', label: 'actions.modifier' }
const advanced = (...names: string[]): Record<string, FieldHint> => Object.fromEntries(names.map((n) => [n, { advanced: true }]))

export const sagaCommandHints: CommandHint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      ...actor('attackerId'), ...target(), weapon, range, cover, concealment,
      flanking: { widget: 'bool', label: 'saga.flanking' }, charge: { widget: 'bool', label: 'saga.charge' },
      fightingDefensively: { widget: 'bool', label: 'saga.fightDefensively' }, misc,
      ...advanced('targets', 'splash', 'distance', 'shootingIntoMelee', 'twoHanded', 'stun', 'autofire', 'braced', 'area', 'aoo', 'reaction', 'trigger', 'action'),
    },
  },
  {
    type: 'applyDamage', group: 'damage', label: 'actions.damage', shortcut: 'd',
    fields: { ...target('combatantId'), amount: { widget: 'number', label: 'actions.amount' }, mode: { widget: 'select', label: 'saga.damageMode', optionLabels: { normal: 'saga.damageModes.normal', ...opts('saga.damageModes', ['stun', 'ion']) } }, ...advanced('damageType') },
  },
  { type: 'heal', group: 'damage', label: 'actions.heal', shortcut: 'h', fields: { ...target('combatantId'), amount: { widget: 'number', label: 'actions.amount' } } },
  {
    type: 'moveConditionTrack', group: 'conditions', label: 'saga.conditionTrack',
    fields: { ...target('combatantId'), steps: { widget: 'number', label: 'saga.steps' }, persistent: { widget: 'bool', label: 'saga.persistent' } },
  },
  { type: 'setPersistent', group: 'conditions', label: 'saga.command.setPersistent', fields: { ...target('combatantId'), count: { widget: 'number', label: 'saga.persistent' } } },
  {
    // beyond the seed: the diceless ally mode, take 10 (decide/attack.ts allyAttack)
    type: 'allyAttack', group: 'attack', label: 'saga.allyResolver',
    fields: {
      ...actor('attackerId'), ...target(), weapon, range, cover, concealment, misc,
      against: { widget: 'select', label: 'saga.allyAllDefenses', optionLabels: { reflex: 'saga.reflex', fortitude: 'saga.fortitude', will: 'saga.will' } },
      ...advanced('mode', 'distance', 'flanking', 'charge', 'shootingIntoMelee', 'twoHanded', 'stun', 'action'),
    },
  },
  {
    // 003 full attack: each entry of `attacks` is one attack (two weapons, Double / Triple Attack add entries)
    type: 'fullAttack', group: 'attack', label: 'saga.fullAttack', odds: true,
    fields: {
      ...actor('attackerId'),
      attacks: { label: 'saga.attacks', order: 1 },
      'attacks[].targetId': { widget: 'combatant', label: 'actions.target', target: true },
      'attacks[].weapon': { widget: 'weapon', label: 'actions.weapon' },
      twoWeapons: { widget: 'bool', label: 'saga.twoWeapons' }, doubleAttack: { widget: 'bool', label: 'saga.doubleAttack' }, tripleAttack: { widget: 'bool', label: 'saga.tripleAttack' },
      range, cover, concealment, misc,
      ...advanced('doubleWeapon', 'proficient', 'distance', 'flanking', 'shootingIntoMelee'),
    },
  },
  {
    // 001: board a vehicle (its occupants share its condition-track penalties) or leave it (vehicleId: null)
    type: 'board', group: 'move', label: 'saga.board',
    fields: { ...actor(), vehicleId: { widget: 'combatant', label: 'saga.vehicle' } },
  },
  {
    // 003 shield damage: three swift actions, then DC 20 Mechanics (a droid's own shields: Endurance)
    type: 'restoreShields', group: 'special', label: 'saga.restoreShields',
    fields: { ...actor(), targetId: { widget: 'combatant', label: 'saga.shieldDevice', actor: true }, bonus: { widget: 'number', label: 'saga.skillBonus' } },
  },
  { type: 'aim', group: 'special', label: 'saga.aim', fields: actor() },
  { type: 'secondWind', group: 'special', label: 'saga.secondWind', fields: actor() },
  { type: 'recover', group: 'conditions', label: 'saga.recover', fields: actor() },
  { type: 'conCheck', group: 'conditions', label: 'saga.command.conCheck', fields: actor() },
  { type: 'avoidDeath', group: 'special', label: 'saga.command.avoidDeath', fields: actor() },
  { type: 'naturalHealing', group: 'advanced', label: 'saga.command.naturalHealing', fields: actor() },
  { type: 'newDay', group: 'advanced', label: 'saga.command.newDay', fields: {} },
  {
    type: 'useAction', group: 'turn', label: 'saga.command.useAction',
    fields: { ...actor(), action: { widget: 'select', label: 'saga.command.action', optionLabels: opts('action.saga', ['standard', 'move', 'swift', 'fullRound']) }, what: { widget: 'text', label: 'saga.command.what' } },
  },
  { type: 'move', group: 'move', label: 'saga.command.move', fields: { ...actor(), provokesFrom: { widget: 'combatants', label: 'saga.command.provokesFrom' }, squares: { widget: 'number', label: 'saga.command.squares' }, withdraw: { widget: 'bool', label: 'saga.command.withdraw' } } },
  { type: 'setProne', group: 'move', label: 'saga.command.setProne', fields: { ...actor(), prone: { widget: 'bool', label: 'conditions.saga.prone' } } },
  {
    type: 'aidAnother', group: 'attack', label: 'saga.command.aidAnother',
    fields: { ...actor('helperId'), ...target(), mode: { widget: 'select', label: 'saga.command.aidMode', optionLabels: opts('saga.command.aidModes', ['aid', 'suppress']) }, weapon },
  },
  { type: 'grab', group: 'attack', label: 'saga.command.grab', fields: { ...actor('attackerId'), ...target() } },
  { type: 'grapple', group: 'attack', label: 'saga.command.grapple', fields: { ...actor('attackerId'), ...target() } },
  { type: 'disarm', group: 'attack', label: 'saga.command.disarm', fields: { ...actor('attackerId'), ...target(), weapon, twoHandedGrip: { widget: 'bool', label: 'saga.command.twoHandedGrip' } } },
  { type: 'fightDefensively', group: 'special', label: 'saga.fightDefensively', fields: { ...actor(), noAttack: { widget: 'bool', label: 'saga.command.noAttack' } } },
  { type: 'coupDeGrace', group: 'attack', label: 'saga.command.coupDeGrace', fields: { ...actor('attackerId'), ...target(), weapon } },
]
