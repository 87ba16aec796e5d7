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

export const sagaParts: SystemParts = {
  card: SagaCard,
  // the condition track on the player display (issue 27: it was sent and never shown)
  playerCard: PlayerConditionTrack,
  // 001:94: a Force Point to avoid death, offered right after the killing attack
  actionExtras: AvoidDeathOffer,
  // the whole block as a form, in the book's order
  editor: SagaEditor,
}
