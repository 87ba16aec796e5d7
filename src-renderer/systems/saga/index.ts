/** Saga Edition (seeds 001/003) in the renderer: the condition track card and the stat block's quick fields.
 * The action forms, labels and templates come from main's description (src-main/rules/systems/saga/). */
import type { SystemParts } from '../types'
import SagaCard from './SagaCard.vue'

const opts = (prefix: string, values: string[]) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }))

export const sagaParts: SystemParts = {
  card: SagaCard,
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
}
