/** Saga Edition (seeds 001/003) in the renderer: condition track card, attack with odds, full attack, the diceless ally
 * resolver, damage, second wind, recover. */
import type { Combatant } from '@shared/domain/encounter'
import type { SystemUi } from '../types'
import { CORE_COMMANDS, coreActions } from '../common'
import SagaCard from './SagaCard.vue'

// commands: src-main/rules/systems/saga/commands.ts; condition names: src-shared/i18n/log-saga.ts (cond.saga.*)
const conditions = ['saga.flatFooted', 'saga.charging', 'saga.fightingDefensively', 'saga.aidedAgainst', 'saga.suppressed', 'saga.grabbed', 'saga.grappled', 'saga.disarmed', 'saga.extraAttacks', 'saga.aiming']
const opts = (prefix: string, values: string[]) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }))

export const sagaUi: SystemUi = {
  id: 'saga',
  initiativeModel: 'ordered',
  card: SagaCard,
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
        { name: 'range', kind: 'select', label: 'saga.rangeBand', optional: true, options: opts('saga.range', ['pointBlank', 'short', 'medium', 'long']) },
        { name: 'cover', kind: 'select', label: 'saga.cover', optional: true, options: opts('saga.covers', ['cover', 'improved', 'total']) },
        { name: 'concealment', kind: 'select', label: 'saga.concealment', optional: true, options: opts('saga.concealments', ['concealment', 'total']) },
        { name: 'flanking', kind: 'bool', label: 'saga.flanking' },
        { name: 'charge', kind: 'bool', label: 'saga.charge' },
        { name: 'fightingDefensively', kind: 'bool', label: 'saga.fightDefensively' },
        { name: 'misc', kind: 'number', label: 'actions.modifier', optional: true, default: 0 },
      ],
    },
    {
      id: 'damage',
      command: 'applyDamage',
      label: 'actions.damage',
      shortcut: 'd',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
        { name: 'amount', kind: 'number', label: 'actions.amount', min: 0 },
        { name: 'mode', kind: 'select', label: 'saga.damageMode', optional: true, options: opts('saga.damageModes', ['stun', 'ion']) },
      ],
    },
    {
      id: 'heal',
      command: 'heal',
      label: 'actions.heal',
      shortcut: 'h',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
        { name: 'amount', kind: 'number', label: 'actions.amount', min: 1 },
      ],
    },
    {
      id: 'track',
      command: 'moveConditionTrack',
      label: 'saga.conditionTrack',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
        { name: 'steps', kind: 'number', label: 'saga.steps', min: -5, max: 5, default: -1 },
        { name: 'persistent', kind: 'bool', label: 'saga.persistent' },
      ],
    },
    {
      // beyond the seed: the diceless ally mode, take 10 (src-main/rules/systems/saga/decide/attack.ts allyAttack)
      id: 'allyAttack',
      command: 'allyAttack',
      label: 'saga.allyResolver',
      fields: [
        { name: 'attackerId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'weapon', kind: 'weapon', label: 'actions.weapon' },
        { name: 'range', kind: 'select', label: 'saga.rangeBand', optional: true, options: opts('saga.range', ['pointBlank', 'short', 'medium', 'long']) },
        { name: 'cover', kind: 'select', label: 'saga.cover', optional: true, options: opts('saga.covers', ['cover', 'improved', 'total']) },
        { name: 'allDefenses', kind: 'bool', label: 'saga.allyAllDefenses' },
        { name: 'misc', kind: 'number', label: 'actions.modifier', optional: true, default: 0 },
      ],
      // an attack that may target Fortitude or Will too: an attacked ally uses its best defense
      map: ({ allDefenses, ...cmd }) => (allDefenses ? { ...cmd, against: ['reflex', 'fortitude', 'will'] } : cmd),
    },
    {
      // 003 full attack: the extra attacks repeat the first weapon, or use the second one with two weapons
      id: 'fullAttack',
      command: 'fullAttack',
      label: 'saga.fullAttack',
      odds: true,
      fields: [
        { name: 'attackerId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'weapon', kind: 'weapon', label: 'actions.weapon' },
        { name: 'twoWeapons', kind: 'bool', label: 'saga.twoWeapons' },
        { name: 'weapon2', kind: 'weapon', label: 'saga.secondWeapon', optional: true },
        { name: 'doubleAttack', kind: 'bool', label: 'saga.doubleAttack' },
        { name: 'tripleAttack', kind: 'bool', label: 'saga.tripleAttack' },
      ],
      map: ({ targetId, weapon, weapon2, ...cmd }) => {
        const one = { targetId, weapon }
        const attacks = [one, ...(cmd.twoWeapons ? [{ targetId, weapon: weapon2 ?? weapon }] : []), ...(cmd.doubleAttack ? [one] : []), ...(cmd.tripleAttack ? [one] : [])]
        return { ...cmd, attacks }
      },
    },
    {
      // 001: board a vehicle (its occupants share its condition-track penalties) or leave it (vehicleId: null)
      id: 'board',
      command: 'board',
      label: 'saga.board',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'vehicleId', kind: 'combatant', label: 'saga.vehicle', optional: true },
        { name: 'leave', kind: 'bool', label: 'saga.leaveVehicle' },
      ],
      map: ({ leave, vehicleId, ...cmd }) => ({ ...cmd, vehicleId: leave || !vehicleId ? null : vehicleId }),
    },
    {
      // 003 shield damage: three swift actions, then DC 20 Mechanics (a droid's own shields: Endurance); the device
      // defaults to the actor itself (a droid or a vehicle's crew picks the vehicle)
      id: 'restoreShields',
      command: 'restoreShields',
      label: 'saga.restoreShields',
      fields: [
        { name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true },
        { name: 'targetId', kind: 'combatant', label: 'saga.shieldDevice', actor: true },
        { name: 'bonus', kind: 'number', label: 'saga.skillBonus', optional: true, default: 0 },
      ],
    },
    // 003 aim: two swift actions, the next ranged attack ignores cover
    { id: 'aim', command: 'aim', label: 'saga.aim', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    { id: 'secondWind', command: 'secondWind', label: 'saga.secondWind', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    { id: 'recover', command: 'recover', label: 'saga.recover', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    ...coreActions(),
  ],
  editorFields: [
    { path: 'kind', label: 'saga.statKind', kind: 'select', options: opts('sagaKinds', ['heroic', 'nonheroic', 'droid', 'object', 'vehicle']) },
    { path: 'heroicLevel', label: 'saga.level', kind: 'number' },
    { path: 'hp', label: 'saga.hp', kind: 'number' },
    { path: 'bab', label: 'saga.attackBonus', kind: 'number' },
    { path: 'initiative', label: 'saga.initiative', kind: 'number' },
    { path: 'speed', label: 'saga.speed', kind: 'number' },
    { path: 'forcePoints', label: 'saga.forcePoints', kind: 'number' },
    { path: 'totals.reflex', label: 'saga.reflex', kind: 'number' },
    { path: 'totals.fortitude', label: 'saga.fortitude', kind: 'number' },
    { path: 'totals.will', label: 'saga.will', kind: 'number' },
    { path: 'abilities.dex', label: 'saga.dexMod', kind: 'number' },
    { path: 'abilities.con', label: 'saga.conMod', kind: 'number' },
  ],
  template: (kind, name) => ({
    name,
    kind: kind === 'pc' ? 'heroic' : 'nonheroic',
    role: kind,
    heroicLevel: kind === 'pc' ? 1 : 0,
    otherLevels: kind === 'pc' ? 0 : 1,
    hp: 10,
    bab: 0,
    initiative: 0,
    speed: 6,
    abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }],
  }),
  weapons: (c: Combatant) => {
    const list = Array.isArray(c.stats.weapons) ? (c.stats.weapons as Array<{ name?: string }>) : []
    return list.map((w, i) => ({ value: i, name: w.name ?? `#${i + 1}` }))
  },
  bands: [],
  conditions,
  pools: [],
  // src-main/rules/systems/saga/commands.ts
  commandTypes: [
    'attack', 'applyDamage', 'heal', 'moveConditionTrack', 'setPersistent', 'recover', 'secondWind', 'conCheck', 'avoidDeath',
    'naturalHealing', 'newDay', 'useAction', 'move', 'setProne', 'aidAnother', 'grab', 'grapple', 'disarm', 'fightDefensively',
    'coupDeGrace', 'allyAttack', 'fullAttack', 'board', 'aim', 'restoreShields', ...CORE_COMMANDS,
  ],
}
