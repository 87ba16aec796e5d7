/** Saga Edition (seeds 001/003) in the renderer: condition track card, attack with odds, second wind, recover. */
import type { Combatant } from '@shared/domain/encounter'
import type { SystemUi } from '../types'
import { coreActions } from '../common'
import SagaCard from './SagaCard.vue'

const conditions = [
  { value: 'saga.flatFooted', label: 'saga.flatFooted' },
  { value: 'saga.prone', label: 'conditions.saga.prone' },
  { value: 'saga.fightingDefensively', label: 'saga.fightDefensively' },
  { value: 'saga.aiming', label: 'saga.aim' },
]

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
        {
          name: 'range',
          kind: 'select',
          label: 'saga.rangeBand',
          optional: true,
          options: [
            { value: 'pointBlank', label: 'saga.range.pointBlank' },
            { value: 'short', label: 'saga.range.short' },
            { value: 'medium', label: 'saga.range.medium' },
            { value: 'long', label: 'saga.range.long' },
          ],
        },
        { name: 'modifier', kind: 'number', label: 'actions.modifier', optional: true, default: 0 },
      ],
    },
    {
      id: 'damage',
      command: 'damage',
      label: 'actions.damage',
      shortcut: 'd',
      fields: [
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'amount', kind: 'number', label: 'actions.amount', min: 0 },
      ],
    },
    {
      id: 'heal',
      command: 'heal',
      label: 'actions.heal',
      shortcut: 'h',
      fields: [
        { name: 'targetId', kind: 'combatant', label: 'actions.target' },
        { name: 'amount', kind: 'number', label: 'actions.amount', min: 0 },
      ],
    },
    { id: 'secondWind', command: 'secondWind', label: 'saga.secondWind', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    { id: 'recover', command: 'recover', label: 'saga.recover', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
    ...coreActions(conditions),
  ],
  editorFields: [
    { path: 'kind', label: 'library.filterKind', kind: 'select', options: ['heroic', 'nonheroic', 'droid', 'object', 'vehicle'].map((v) => ({ value: v, label: `sagaKinds.${v}` })) },
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
}
