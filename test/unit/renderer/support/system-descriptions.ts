/**
 * `system:describe` answers for component tests, built from the engine's real command schemas (zod →
 * JSON Schema, exactly as main serves them) plus UI hints like the systems give. A test double until main's own
 * builder is merged; the forms are then checked against that builder's output too (generated-forms.test.ts).
 */
import { z } from 'zod'
import type { CommandDescription, FieldHint, SystemDescription, SystemSummary } from '@shared/views/system-views'
import { coreCommandSchemas } from '../../../../src-main/rules/core/commands'
import { getSystem } from '../../../../src-main/rules'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'
import type { FakeBridge } from './fake-bridge'
import { errR, okR } from './fake-bridge'

type Hint = Omit<CommandDescription, 'schema'> & { id?: string; fixed?: Record<string, unknown> }
const actor: FieldHint = { widget: 'combatant', actor: true, label: 'actions.actor', order: 0 }
const target: FieldHint = { widget: 'combatant', target: true, label: 'actions.target', order: 1 }
const weapon: FieldHint = { widget: 'weapon', label: 'actions.weapon', order: 2 }
const opts = (prefix: string, values: string[]) => Object.fromEntries(values.map((v) => [v, `${prefix}.${v}`]))

const core: Hint[] = [
  {
    type: 'addCondition', group: 'conditions', label: 'actions.condition', shortcut: 'c',
    fields: { combatantId: { ...target, label: 'actions.target' }, key: { widget: 'condition', label: 'actions.conditionKey' }, value: { label: 'actions.conditionValue' }, gmOnly: { label: 'actions.gmOnly' }, ends: { advanced: true } },
  },
  { type: 'delay', group: 'turn', label: 'actions.delay', fields: { combatantId: actor } },
  { type: 'ready', group: 'turn', label: 'actions.ready', fields: { combatantId: actor, trigger: { label: 'actions.trigger' } } },
  { type: 'adjustPool', group: 'advanced', label: 'actions.pool', fields: { pool: { widget: 'pool' }, delta: {} } },
]

const saga: Hint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      attacker: actor, target, weapon,
      range: { label: 'saga.rangeBand', optionLabels: opts('saga.range', ['pointBlank', 'short', 'medium', 'long']) },
      cover: { label: 'saga.cover', optionLabels: opts('saga.covers', ['cover', 'improved', 'total']) },
      flanking: { label: 'saga.flanking' }, charge: { label: 'saga.charge' }, misc: { label: 'actions.modifier' },
    },
  },
  {
    type: 'fullAttack', group: 'attack', label: 'saga.fullAttack', odds: true,
    fields: { attacker: actor, attacks: { label: 'saga.attacks' }, 'attacks[].target': target, 'attacks[].weapon': weapon, twoWeapons: { label: 'saga.twoWeapons' }, doubleAttack: { label: 'saga.doubleAttack' } },
  },
  { type: 'allyAttack', group: 'attack', label: 'saga.allyResolver', fields: { attacker: actor, target, weapon, against: { advanced: true } } },
  { type: 'applyDamage', group: 'damage', label: 'actions.damage', shortcut: 'd', fields: { target, amount: { label: 'actions.amount' }, mode: { label: 'saga.damageMode' } } },
  { type: 'heal', group: 'damage', label: 'actions.heal', shortcut: 'h', fields: { target, amount: { label: 'actions.amount' } } },
  { type: 'moveConditionTrack', group: 'damage', label: 'saga.conditionTrack', fields: { target, steps: { label: 'saga.steps' }, persistent: { label: 'saga.persistent' } } },
  { type: 'secondWind', group: 'damage', label: 'saga.secondWind', fields: { combatantId: actor } },
  { type: 'board', group: 'move', label: 'saga.board', fields: { combatantId: actor, vehicle: { widget: 'combatant', label: 'saga.vehicle' } } },
  { type: 'aim', group: 'special', label: 'saga.aim', fields: { combatantId: actor } },
  { type: 'recover', group: 'special', label: 'saga.recover', fields: { combatantId: actor } },
  { type: 'restoreShields', group: 'special', label: 'saga.restoreShields', fields: { combatantId: actor, target: { widget: 'combatant', label: 'saga.shieldDevice' }, bonus: { label: 'saga.skillBonus' } } },
  ...core,
]

const starchasers: Hint[] = [
  {
    type: 'attack', group: 'attack', label: 'actions.attack', shortcut: 'a', odds: true,
    fields: {
      attackerId: actor, targetId: target, weapon,
      band: { widget: 'band', label: 'starchasers.rangeBand' },
      defense: { label: 'starchasers.defenseKind', optionLabels: opts('starchasers.defense', ['armor', 'block', 'dodge', 'parry']) },
      cover: { label: 'starchasers.cover' }, useFocusToken: { label: 'starchasers.focus' }, backAttack: { label: 'starchasers.backAttack' },
    },
  },
  { type: 'damage', group: 'damage', label: 'actions.damage', shortcut: 'd', fields: { combatantId: target, amount: { label: 'actions.amount' }, kind: { label: 'starchasers.damageKind' } } },
  { type: 'heal', group: 'damage', label: 'actions.heal', shortcut: 'h', fields: { combatantId: target, method: { label: 'starchasers.healMethod' }, amount: { label: 'actions.amount' } } },
  { type: 'duelStart', group: 'special', label: 'starchasers.duel', fields: { activeId: actor, fighters: { widget: 'combatants', label: 'starchasers.fighters' } } },
  { type: 'allyPassive', group: 'special', label: 'starchasers.allyPassive', fields: { allyId: actor } },
  { type: 'hide', group: 'move', label: 'starchasers.hide', fields: { combatantId: actor, againstId: { widget: 'combatant', label: 'starchasers.againstId' } } },
  { type: 'wake', group: 'special', label: 'starchasers.wake', fields: { combatantId: actor } },
  ...core,
]

const HINTS: Record<string, Hint[]> = { saga, starchasers }
const CONDITIONS: Record<string, string[]> = {
  saga: ['saga.flatFooted', 'saga.charging', 'saga.fightingDefensively', 'saga.aidedAgainst', 'saga.grabbed'],
  starchasers: ['starchasers.stunned', 'starchasers.prone', 'starchasers.dazed', 'starchasers.grappled'],
}
const BANDS: Record<string, string[]> = { saga: [], starchasers: ['melee', 'close', 'medium', 'long', 'extreme'] }

function flatten(obj: unknown, prefix: string, out: Record<string, string> = {}): Record<string, string> {
  if (typeof obj === 'string') out[prefix] = obj
  else if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  return out
}

/** The description of a system, as main would serve it (real schemas; hints and catalogs as the systems give). */
export function describeForTest(id: 'saga' | 'starchasers'): SystemDescription {
  const sys = getSystem(id)
  if (!sys.ok) throw new Error(sys.error.message)
  const schemas: Record<string, z.ZodType> = { ...coreCommandSchemas, ...sys.value.commandSchemas }
  const commands = HINTS[id].map((h) => ({ ...h, schema: z.toJSONSchema(schemas[h.type], { unrepresentable: 'any' }) as Record<string, unknown> }))
  const catalog = (ui: Record<string, unknown>) => flatten({ [id]: ui[id] }, '')
  return {
    id,
    name: `system.${id}`,
    initiative: 'ordered',
    commands,
    labels: { pools: [], bands: BANDS[id], conditions: CONDITIONS[id] },
    statBlock: { schema: {}, kinds: ['pc', 'npc', 'ally'], templates: { pc: { name: '', kind: 'pc', hp: 10 }, npc: { name: '', kind: 'npc', hp: 5 }, ally: { name: '', kind: 'ally', hp: 5 } } },
    catalogs: { en: catalog(uiEn), pl: catalog(uiPl) },
  }
}

export const systemList: SystemSummary[] = [
  { id: 'saga', name: 'system.saga', names: { en: 'Saga Edition', pl: 'Saga Edition' } },
  { id: 'starchasers', name: 'system.starchasers', names: { en: 'Starchasers', pl: 'Starchasers' } },
]

/** Answers `system:list` and `system:describe` on a fake bridge. */
export function withSystems(bridge: FakeBridge): FakeBridge {
  return bridge
    .handle('system:list', okR(systemList))
    .handle('system:describe', (req: { systemId: string }) => (req.systemId === 'saga' || req.systemId === 'starchasers' ? okR(describeForTest(req.systemId)) : errR('not-found', `no system ${req.systemId}`, 'systemId')))
}
