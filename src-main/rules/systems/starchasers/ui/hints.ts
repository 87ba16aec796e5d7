/**
 * UI hints of the Starchasers commands (commands.ts): where each sits in the action panel, its label and how its
 * fields are shown. The forms are generated from the commands' JSON Schemas; a field without a hint is drawn from
 * its schema alone. Label keys: the renderer's common catalog (`actions.*`) or ../i18n (`starchasers.*`).
 */
import type { FieldHint } from '@shared/views/system-views'
import type { CommandHint } from '../../../kit/system'
import { DEFENSES, DUEL_TYPES, RANGE_BANDS } from '../schema'

const opts = (prefix: string, values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, `${prefix}.${v}`]))
const actor = (name = 'combatantId'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label: 'actions.actor', actor: true, order: 0 } })
const target = (name = 'targetId', label = 'actions.target'): Record<string, FieldHint> => ({ [name]: { widget: 'combatant', label, target: true, order: 1 } })
const weapon: FieldHint = { widget: 'weapon', label: 'actions.weapon', order: 2 }
const band: FieldHint = { widget: 'band', label: 'starchasers.rangeBand', optionLabels: opts('starchasers.range', RANGE_BANDS) }
const defense: FieldHint = { widget: 'select', label: 'starchasers.defenseKind', optionLabels: opts('starchasers.defense', DEFENSES) }
const duelType: FieldHint = { widget: 'select', label: 'starchasers.duelType', optionLabels: opts('starchasers.duelStance', DUEL_TYPES) }
const cover: FieldHint = { widget: 'select', label: 'starchasers.cover', optionLabels: { none: 'app.none', ...opts('starchasers.covers', ['partial', 'full']) } }
const bool = (label: string): FieldHint => ({ widget: 'bool', label })
const advanced = (...names: string[]): Record<string, FieldHint> => Object.fromEntries(names.map((n) => [n, { advanced: true }]))
const attackAdvanced = advanced('move', 'pay', 'coverIsCreature', 'flankers', 'targetFlankedByAlly', 'focusPlan', 'rerollPick', 'stealthTokens', 'disarmWeapon', 'defenderFocusPlan', 'spreadTo')

export const starchasersCommandHints: CommandHint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      ...actor('attackerId'), ...target(), weapon, band, defense, cover,
      aimedShot: { widget: 'select', label: 'starchasers.aimedShot', optionLabels: opts('starchasers.aimed', ['easy', 'intermediate', 'challenging', 'hard']) },
      useFocusToken: bool('starchasers.focus'), backAttack: bool('starchasers.backAttack'), highGround: bool('starchasers.highGround'),
      stun: bool('starchasers.stunAttack'), disarm: bool('starchasers.disarm'), special: { advanced: true, label: 'starchasers.allySpecial' },
      ...attackAdvanced, ...advanced('defenderFocusToken'),
    },
  },
  {
    // an ally's attack is the same command, resolved diceless (000:1353, S16)
    type: 'attack', id: 'allyAttack', group: 'attack', label: 'starchasers.allyResolver', odds: true,
    fields: { ...actor('attackerId'), ...target(), band, special: { widget: 'text', label: 'starchasers.allySpecial' }, ...advanced('weapon', 'defense', 'cover', 'aimedShot', 'useFocusToken', 'backAttack', 'highGround', 'stun', 'disarm'), ...attackAdvanced },
  },
  {
    type: 'damage', group: 'damage', label: 'actions.damage', shortcut: 'd',
    fields: { ...target('combatantId'), amount: { widget: 'number', label: 'actions.amount' }, kind: { widget: 'select', label: 'starchasers.damageKind', optionLabels: opts('starchasers.damageKinds', ['lethal', 'stun', 'injury']) } },
  },
  {
    type: 'heal', group: 'damage', label: 'actions.heal', shortcut: 'h',
    fields: {
      ...target('combatantId'),
      method: { widget: 'select', label: 'starchasers.healMethod', optionLabels: opts('starchasers.healMethods', ['hp', 'firstAid', 'medicine', 'medicineChallenge', 'bacta', 'bactaTank', 'stabilizingShot', 'revive', 'rest']) },
      amount: { widget: 'number', label: 'actions.amount' },
      ...advanced('healerId', 'size', 'hours', 'minutes'),
    },
  },
  // 000 Dueling System: the Active Fighter and the fighters in the duel
  { type: 'duelStart', group: 'attack', label: 'starchasers.duel', fields: { activeId: { widget: 'combatant', label: 'actions.actor', actor: true, order: 0 }, fighters: { widget: 'combatants', label: 'starchasers.opponents', order: 1, withActor: true } } },
  {
    type: 'duelExchange', group: 'attack', label: 'starchasers.duelExchange',
    fields: { ...actor('attackerId'), ...target('defenderId', 'starchasers.opponent'), attackType: duelType, defense, ...advanced('jumpIn', 'grapple', 'weapon', 'band', 'cover', 'aimedShot', 'backAttack', 'highGround', 'useFocusToken', 'stun', 'disarm'), ...attackAdvanced },
  },
  { type: 'duelPhase', group: 'advanced', label: 'starchasers.nextPhase', fields: { phase: { widget: 'number', label: 'starchasers.command.phase' } } },
  { type: 'duelEnd', group: 'advanced', label: 'starchasers.endDuel', fields: {} },
  { type: 'allyPassive', group: 'special', label: 'starchasers.allyPassive', fields: actor('allyId') },
  { type: 'allyCard', group: 'advanced', label: 'starchasers.command.allyCard', fields: actor() },
  // 000:330-342 hiding for Stealth tokens; 000:884 a new battery for an energy shield
  { type: 'hide', group: 'special', label: 'starchasers.hide', fields: { ...actor(), againstId: { widget: 'combatant', label: 'starchasers.againstId' }, ...advanced('difficulty') } },
  { type: 'search', group: 'special', label: 'starchasers.command.search', fields: { ...actor(), ...advanced('difficulty') } },
  { type: 'rechargeShield', group: 'special', label: 'starchasers.rechargeShield', fields: actor() },
  { type: 'wake', group: 'conditions', label: 'starchasers.wake', fields: { ...actor(), by: { widget: 'select', label: 'starchasers.command.wakeBy', optionLabels: opts('starchasers.command.wakeBys', ['motivation', 'roused']) } } },
  { type: 'concentrate', group: 'special', label: 'starchasers.command.concentrate', fields: actor() },
  { type: 'aim', group: 'special', label: 'starchasers.command.aim', fields: actor() },
  { type: 'steady', group: 'special', label: 'starchasers.command.steady', fields: { ...actor(), ...advanced('difficulty') } },
  { type: 'changeDefense', group: 'special', label: 'starchasers.command.changeDefense', fields: { ...actor(), defense, ...advanced('reaction') } },
  { type: 'move', group: 'move', label: 'starchasers.command.move', fields: { ...actor(), band, standUp: bool('starchasers.command.standUp'), bonus: bool('starchasers.command.bonusMove'), squares: { widget: 'number', label: 'starchasers.command.squares' }, ...advanced('extra', 'square') } },
  { type: 'freeAction', group: 'turn', label: 'starchasers.command.freeAction', fields: { ...actor(), what: { widget: 'text', label: 'starchasers.command.what' } } },
  { type: 'areaAttack', group: 'attack', label: 'starchasers.command.areaAttack', fields: { ...actor('attackerId'), weapon, band, cover } },
  { type: 'throwGrenade', group: 'attack', label: 'starchasers.command.throwGrenade', fields: { ...actor('attackerId'), weapon } },
  { type: 'grapple', group: 'attack', label: 'starchasers.command.grapple', fields: { ...actor('attackerId'), ...target() } },
  { type: 'grappleAttack', group: 'attack', label: 'starchasers.command.grappleAttack', fields: { ...actor('attackerId'), kind: { widget: 'select', label: 'starchasers.damageKind', optionLabels: opts('starchasers.command.grappleKinds', ['pin', 'trip', 'throw']) } } },
  { type: 'breakFree', group: 'conditions', label: 'starchasers.command.breakFree', fields: actor() },
  { type: 'symptoms', group: 'advanced', label: 'starchasers.command.symptoms', fields: actor() },
  { type: 'fall', group: 'advanced', label: 'starchasers.command.fall', fields: { ...target('combatantId'), meters: { widget: 'number', label: 'starchasers.command.meters' } } },
  { type: 'hazard', group: 'advanced', label: 'starchasers.command.hazard', fields: { ...target('combatantId'), hazard: { widget: 'select', label: 'starchasers.command.hazard', optionLabels: opts('starchasers.command.hazards', ['cold', 'heat', 'toxin', 'radiation', 'vacuum']) } } },
]
