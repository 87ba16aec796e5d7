/** Starchasers (seed 000) in the renderer: the Vitality/Stress/Injuries card, the running duel's controls and the
 * stat block's quick fields. The action forms, labels and templates come from main's description. */
import type { SystemParts } from '../types'
import StarchasersCard from './StarchasersCard.vue'
import DuelPanel from './DuelPanel.vue'

export const starchasersParts: SystemParts = {
  card: StarchasersCard,
  actionExtras: DuelPanel,
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
}
