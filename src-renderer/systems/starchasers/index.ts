/** Starchasers (seed 000) in the renderer: Vitality/Stress/Injuries card, dice-pool attack with odds, duels, the diceless ally resolver. */
import type { Combatant } from '@shared/domain/encounter'
import type { SystemUi } from '../types'
import { CORE_COMMANDS, coreActions } from '../common'
import StarchasersCard from './StarchasersCard.vue'
import DuelPanel from './DuelPanel.vue'

// commands: src-main/rules/systems/starchasers/commands.ts; condition names: src-shared/i18n/log-starchasers.ts
const CONDITION_KEYS = [
  'insensate', 'incommunicado', 'stunned', 'hamstrung', 'weakened', 'dazed', 'shocked', 'wounded',
  'unconscious', 'grappled', 'prone', 'unbalanced', 'frightened', 'enraged', 'bribed', 'charmed', 'pinned', 'armorBreak',
  'armorPierced', 'disarmed',
]
const conditions = CONDITION_KEYS.map((k) => `starchasers.${k}`)
const opts = (prefix: string, values: string[]) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }))
const bands = opts('starchasers.range', ['melee', 'close', 'medium', 'long', 'extreme'])
const duelTypes = opts('starchasers.duelStance', ['power', 'finesse', 'quick'])
const defenses = opts('starchasers.defense', ['armor', 'block', 'dodge', 'parry'])

export const starchasersUi: SystemUi = {
  id: 'starchasers',
  initiativeModel: 'ordered',
  card: StarchasersCard,
  actionExtras: DuelPanel,
  actions: [
    {
      id: 'attack',
      command: 'attack',
      label: 'actions.attack',
      shortcut: 'a',
      odds: true,
      fields: [
        { name: 'attackerId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'weapon', kind: 'weapon', label: 'actions.weapon' },
        { name: 'band', kind: 'select', label: 'starchasers.rangeBand', optional: true, options: bands },
        { name: 'defense', kind: 'select', label: 'starchasers.defenseKind', optional: true, options: defenses },
        { name: 'cover', kind: 'select', label: 'starchasers.cover', optional: true, options: opts('starchasers.covers', ['partial', 'full']) },
        { name: 'aimedShot', kind: 'select', label: 'starchasers.aimedShot', optional: true, options: opts('starchasers.aimed', ['easy', 'intermediate', 'challenging', 'hard']) },
        { name: 'useFocusToken', kind: 'bool', label: 'starchasers.focus' },
        { name: 'backAttack', kind: 'bool', label: 'starchasers.backAttack' },
        { name: 'highGround', kind: 'bool', label: 'starchasers.highGround' },
        { name: 'stun', kind: 'bool', label: 'starchasers.stunAttack' },
        { name: 'disarm', kind: 'bool', label: 'starchasers.disarm' },
      ],
    },
    {
      id: 'damage',
      command: 'damage',
      label: 'actions.damage',
      shortcut: 'd',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
        { name: 'amount', kind: 'number', label: 'actions.amount', min: 0 },
        { name: 'kind', kind: 'select', label: 'starchasers.damageKind', optional: true, options: opts('starchasers.damageKinds', ['lethal', 'stun', 'injury']) },
      ],
    },
    {
      id: 'heal',
      command: 'heal',
      label: 'actions.heal',
      shortcut: 'h',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
        { name: 'method', kind: 'select', label: 'starchasers.healMethod', options: opts('starchasers.healMethods', ['hp', 'firstAid', 'medicine', 'bacta', 'stabilizingShot', 'revive', 'rest']) },
        { name: 'amount', kind: 'number', label: 'actions.amount', optional: true, min: 0 },
      ],
    },
    {
      id: 'duel',
      command: 'duelStart',
      label: 'starchasers.duel',
      fields: [
        { name: 'activeId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'opponentId', kind: 'combatant', label: 'starchasers.opponent' },
      ],
      // 000 Dueling System: the Active Fighter and the fighters in the duel
      map: ({ opponentId, ...cmd }) => ({ ...cmd, fighters: [cmd.activeId, opponentId] }),
    },
    {
      id: 'duelExchange',
      command: 'duelExchange',
      label: 'starchasers.duelExchange',
      fields: [
        { name: 'attackerId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'defenderId', kind: 'combatant', label: 'starchasers.opponent' },
        { name: 'attackType', kind: 'select', label: 'starchasers.duelType', optional: true, options: duelTypes },
        { name: 'defense', kind: 'select', label: 'starchasers.defenseKind', optional: true, options: defenses },
      ],
    },
    {
      id: 'allyAttack',
      command: 'attack',
      label: 'starchasers.allyResolver',
      odds: true,
      fields: [
        { name: 'attackerId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'band', kind: 'select', label: 'starchasers.rangeBand', optional: true, options: bands },
        { name: 'special', kind: 'text', label: 'starchasers.allySpecial', optional: true },
      ],
    },
    { id: 'allyPassive', command: 'allyPassive', label: 'starchasers.allyPassive', fields: [{ name: 'allyId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    // 000:330-342 Hiding for Stealth tokens; 000:884 a new battery for an energy shield
    {
      id: 'hide',
      command: 'hide',
      label: 'starchasers.hide',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'againstId', kind: 'combatant', label: 'starchasers.againstId', optional: true },
      ],
    },
    { id: 'rechargeShield', command: 'rechargeShield', label: 'starchasers.rechargeShield', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    { id: 'wake', command: 'wake', label: 'starchasers.wake', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    ...coreActions(),
  ],
  editorFields: [
    { path: 'kind', label: 'library.filterKind', kind: 'select', options: ['pc', 'npc', 'ally'].map((v) => ({ value: v, label: `library.kind.${v}` })) },
    { path: 'tier', label: 'starchasers.tier', kind: 'select', options: ['extra', 'elite', 'boss'].map((v) => ({ value: v, label: `starchasers.tiers.${v}` })), kinds: ['npc'] },
    { path: 'role', label: 'starchasers.allyRole', kind: 'select', options: ['ally', 'companion', 'pet'].map((v) => ({ value: v, label: `starchasers.allyRoles.${v}` })), kinds: ['ally'] },
    { path: 'hp', label: 'starchasers.hp', kind: 'number' },
    { path: 'stressCapacity', label: 'starchasers.stress', kind: 'number' },
    { path: 'resistance', label: 'starchasers.resistance', kind: 'number' },
    { path: 'attributes.toughness', label: 'starchasers.toughness', kind: 'number' },
    { path: 'attributes.agility', label: 'starchasers.agility', kind: 'number' },
    { path: 'attributes.strength', label: 'starchasers.strength', kind: 'number' },
    { path: 'attributes.deftness', label: 'starchasers.deftness', kind: 'number' },
    { path: 'vitality', label: 'starchasers.vitality', kind: 'number', kinds: ['pc'] },
    { path: 'motivation', label: 'starchasers.motivation', kind: 'number', kinds: ['pc'] },
    { path: 'movement', label: 'starchasers.movement', kind: 'number', kinds: ['ally'] },
  ],
  template: (kind, name) => {
    const attributes = { strength: 2, toughness: 2, agility: 2, deftness: 2, intelligence: 2, perception: 2, charisma: 2, confidence: 2 }
    if (kind === 'ally') {
      return {
        kind: 'ally', name, role: 'ally', attributes, movement: 6, melee: { value: 6, duelType: 'power' }, thrown: null, ranged: null,
        defaultDefense: 6, block: 4, dodge: 6, parry: 4, resistance: 2, hp: 10, stressCapacity: 4,
      }
    }
    const weapons = [{ name: 'Blaster', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 4, duelType: 'quick' }]
    if (kind === 'npc') return { kind: 'npc', tier: 'extra', name, attributes, hp: 8, stressCapacity: 4, resistance: 2, weapons }
    return { kind: 'pc', name, attributes, hp: 20, stressCapacity: 6, resistance: 2, weapons, proficiencies: ['Pistols'] }
  },
  weapons: (c: Combatant) => {
    const list = Array.isArray(c.stats.weapons) ? (c.stats.weapons as Array<{ name?: string }>) : []
    return list.map((w, i) => ({ value: i, name: w.name ?? `#${i + 1}` }))
  },
  bands,
  conditions,
  pools: [],
  // src-main/rules/systems/starchasers/commands.ts
  commandTypes: [
    'attack', 'concentrate', 'aim', 'changeDefense', 'move', 'wake', 'damage', 'heal', 'throwGrenade', 'fall', 'hazard', 'grapple',
    'grappleAttack', 'breakFree', 'allyPassive', 'allyCard', 'duelStart', 'duelExchange', 'duelPhase', 'duelEnd', 'hide', 'search', 'rechargeShield',
    ...CORE_COMMANDS,
  ],
}
