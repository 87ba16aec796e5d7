/** Storyteller (seed 004) in the renderer: the drawn tick wheel (turn track and player display), the health track on
 * each card, the Speed of the action being prepared, and the whole stat block editor (its quick fields stay for the
 * encounter's quick edit). The action forms (attack,
 * social, medical care…) with their odds, the labels and the templates come from main's description. */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import StorytellerCard from './StorytellerCard.vue'
import StorytellerTrack from './StorytellerTrack.vue'
import SpeedPreview from './SpeedPreview.vue'
import TickTrack from './TickTrack.vue'
import { labelTable } from '../field-labels'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const StorytellerEditor = defineAsyncComponent(() => import('./StorytellerEditor.vue'))

const num = (path: string, label: string) => ({ path, label, kind: 'number' as const })

export const storytellerParts: SystemParts = {
  card: StorytellerCard,
  turnTrack: StorytellerTrack,
  actionExtras: SpeedPreview,
  playerWheel: TickTrack,
  // the whole block as a form (attributes with Epic, abilities, DVs, soak and armor, health track, weapons)
  editor: StorytellerEditor,
  editorFields: [
    { path: 'kind', label: 'library.filterKind', kind: 'select', options: ['pc', 'npc', 'ally'].map((v) => ({ value: v, label: `storyteller.kind.${v}` })) },
    num('dv.dodge', 'storyteller.dodgeDv'),
    num('dv.parry', 'storyteller.parryDv'),
    num('dv.mental', 'storyteller.mentalDv'),
    num('soak.bashing', 'storyteller.soak'),
    num('attributes.dexterity', 'storyteller.attr.dexterity'),
    num('attributes.stamina', 'storyteller.attr.stamina'),
    num('attributes.wits', 'storyteller.attr.wits'),
    num('attributes.charisma', 'storyteller.attr.charisma'),
    num('attributes.manipulation', 'storyteller.attr.manipulation'),
  ],
  // each field by its box's label, as the editor shows it
  fieldLabel: labelTable({
    attributes: 'storyteller.attributes', 'attributes.*': 'storyteller.attr.$', epic: 'storyteller.epic', 'epic.*': 'storyteller.attr.$',
    abilities: 'storyteller.abilities', 'abilities.*': 'storyteller.ability.$', dv: 'storyteller.defense', 'dv.dodge': 'storyteller.dodgeDv',
    'dv.parry': 'storyteller.parryDv', 'dv.mental': 'storyteller.mentalDv', soak: 'storyteller.soak', 'armor.name': 'storyteller.editor.armorName',
    health: 'storyteller.health', joinBattle: 'storyteller.joinBattle', 'joinBattle.attribute': 'storyteller.editor.attribute', 'joinBattle.ability': 'storyteller.editor.ability',
    weapons: 'storyteller.weapons', 'weapons.#.name': 'storyteller.editor.weaponName', 'weapons.#.class': 'storyteller.editor.weaponClass',
    'weapons.#.attribute': 'storyteller.editor.attribute', 'weapons.#.ability': 'storyteller.editor.ability', 'weapons.#.accuracy': 'storyteller.accuracy',
    'weapons.#.damage': 'storyteller.damage', 'weapons.#.damageType': 'storyteller.editor.damageType', 'weapons.#.speed': 'storyteller.speed',
    'weapons.#.damageAttribute': 'storyteller.editor.damageAttribute', notes: 'storyteller.editor.notes',
  }),
}
