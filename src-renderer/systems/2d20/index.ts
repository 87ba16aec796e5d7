/** 2d20 / John Carter of Mars (seed 002) in the renderer: the stress and afflictions card, the pools bar with the
 * spends and the J7 turn strip, the player display's pools and tracks, the whole stat block editor. Forms, labels and templates come from main's
 * description (src-main/rules/systems/2d20/). */
import { defineAsyncComponent } from 'vue'
import type { SystemParts } from '../types'
import TwoD20Card from './TwoD20Card.vue'
import PoolsPanel from './PoolsPanel.vue'
import PlayerPools from './PlayerPools.vue'
import PlayerTracks from './PlayerTracks.vue'
import { labelTable } from '../field-labels'
// loaded when a stat block is edited (console only): the player page and the board never load an editor
const TwoD20Editor = defineAsyncComponent(() => import('./TwoD20Editor.vue'))

export const twoD20Parts: SystemParts = {
  card: TwoD20Card,
  poolsBar: PoolsPanel,
  playerPanel: PlayerPools,
  playerCard: PlayerTracks,
  // the whole block as a form: tier, attributes, tracks with their maxima, pools, weapons with qualities
  editor: TwoD20Editor,
  // each field by its box's label, as the editor shows it
  fieldLabel: labelTable({
    tier: '2d20.editor.tier', menace: '2d20.card.menace', luck: '2d20.card.luck', momentum: '2d20.card.savedMomentum', trackers: '2d20.editor.trackers',
    attributes: '2d20.card.attributes', 'attributes.*': '2d20.attr.$', stress: '2d20.editor.stressAfflictions', 'stress.*': '2d20.trackName.$',
    afflictions: '2d20.editor.stressAfflictions', 'afflictions.*': '2d20.afflictionName.$', weapons: '2d20.card.weapons', 'weapons.#.name': '2d20.editor.weaponName',
    'weapons.#.kind': '2d20.editor.attackKind', 'weapons.#.damage': '2d20.editor.damage', 'weapons.#.qualities': '2d20.editor.qualities', notes: '2d20.editor.notes',
  }),
}
