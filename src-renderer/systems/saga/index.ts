/** Saga Edition (seeds 001/003) in the renderer: the condition track card, the Force Point offer when a death can
 * be avoided (001:94) and the whole stat block editor.
 * The action forms, labels and templates come from main's description (src-main/rules/systems/saga/). */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import SagaCard from './SagaCard.vue'
import PlayerConditionTrack from './PlayerConditionTrack.vue'
import AvoidDeathOffer from './AvoidDeathOffer.vue'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const SagaEditor = defineAsyncComponent(() => import('./SagaEditor.vue'))
import { labelTable } from '../field-labels'

export const sagaParts: SystemParts = {
  card: SagaCard,
  // the condition track on the player display (issue 27: it was sent and never shown)
  playerCard: PlayerConditionTrack,
  // 001:94: a Force Point to avoid death, offered right after the killing attack
  actionExtras: AvoidDeathOffer,
  // the whole block as a form, in the book's order
  editor: SagaEditor,
  // each field by its box's label, as the editor shows it
  fieldLabel: labelTable({
    kind: 'saga.statKind', size: 'saga.editor.size', species: 'saga.editor.species', classes: 'saga.editor.classes', senses: 'saga.editor.senses',
    talents: 'saga.card.talents', feats: 'saga.card.feats', skills: 'saga.card.skills', possessions: 'saga.card.possessions', hp: 'saga.hp',
    'totals.reflex': 'saga.editor.reflexTotal', 'totals.fortitude': 'saga.editor.fortitudeTotal', 'totals.will': 'saga.editor.willTotal',
    'totals.damageThreshold': 'saga.editor.thresholdTotal', dtBonus: 'saga.editor.dtBonus', sr: 'saga.sr', armor: 'saga.editor.armor',
    'armor.name': 'saga.editor.armorName', 'armor.reflex': 'saga.editor.armorReflex', 'armor.fortitude': 'saga.editor.armorFortitude', 'armor.maxDex': 'saga.editor.maxDex',
    speed: 'saga.speed', bab: 'saga.editor.bab', initiative: 'saga.initiative', forcePoints: 'saga.forcePoints', weapons: 'saga.editor.weapons',
    'weapons.#.name': 'saga.editor.weaponName', 'weapons.#.kind': 'saga.editor.weaponKind', 'weapons.#.damage': 'saga.editor.damage',
    'weapons.#.attackBonus': 'saga.editor.attackBonus', 'weapons.#.damageBonus': 'saga.editor.damageBonus', 'abilities.*': 'saga.editor.ability.$',
    dualWeaponMastery: 'saga.editor.dualWeaponMastery',
  }),
}
