/** Saga Edition (seeds 001/003) in the renderer: the condition track card, the Force Point offer when a death can
 * be avoided (001:94) and the whole stat block editor.
 * The action forms, labels and templates come from main's description (src-main/rules/systems/saga/). */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import SagaCard from './SagaCard.vue'
import AvoidDeathOffer from './AvoidDeathOffer.vue'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const SagaEditor = defineAsyncComponent(() => import('./SagaEditor.vue'))

export const sagaParts: SystemParts = {
  card: SagaCard,
  // 001:94: a Force Point to avoid death, offered right after the killing attack
  actionExtras: AvoidDeathOffer,
  // the whole block as a form, in the book's order
  editor: SagaEditor,
}
