/** Saga Edition (seeds 001/003) in the renderer: the condition track card and the whole stat block editor.
 * The action forms, labels and templates come from main's description (src-main/rules/systems/saga/). */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import SagaCard from './SagaCard.vue'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const SagaEditor = defineAsyncComponent(() => import('./SagaEditor.vue'))

export const sagaParts: SystemParts = {
  card: SagaCard,
  // the whole block as a form, in the book's order
  editor: SagaEditor,
}
