/** Starchasers (seed 000) in the renderer: the Vitality/Stress/Injuries card, the running duel's controls and the
 * whole stat block editor. The action forms, labels and templates come from main's description. */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import StarchasersCard from './StarchasersCard.vue'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const StarchasersEditor = defineAsyncComponent(() => import('./StarchasersEditor.vue'))
import DuelPanel from './DuelPanel.vue'
import { fieldLabelKey } from './editor-model'

export const starchasersParts: SystemParts = {
  card: StarchasersCard,
  actionExtras: DuelPanel,
  // the whole block as a form, in the book's order (PCs, NPCs, ally cards)
  editor: StarchasersEditor,
  fieldLabel: fieldLabelKey,
}
