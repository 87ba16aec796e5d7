/** The encounter board mounted over a fake bridge with two running encounters (shared by the board tests). */
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import { useEncountersStore } from '@renderer/stores/encounters'
import { fakeBridge, okR } from './fake-bridge'
import { flushPromises, mountWith } from './mount'
import { encounterState, gmView, playerView } from './fixtures'

const summaries = [
  { id: 'e1', name: 'Cantina brawl', planId: null, sessionId: 's1', phase: 'combat', round: 2, combatants: 3, shownToPlayers: false },
  { id: 'e2', name: 'Speeder chase', planId: null, sessionId: 's1', phase: 'setup', round: 0, combatants: 2, shownToPlayers: false },
]

export function boardBridge() {
  return fakeBridge()
    .handle('encounter:list', okR(summaries))
    .handle('encounter:get', (r: any) => okR(gmView({ encounter: encounterState({ id: r.encounterId, name: r.encounterId === 'e2' ? 'Speeder chase' : 'Cantina brawl' }) })))
    .handle('encounter:command', () => okR(gmView()))
    .handle('encounter:undo', () => okR(gmView({ undo: null, redo: { label: 'x', key: 'log.core.roundStarted', params: { round: 2 } } })))
    .handle('encounter:redo', () => okR(gmView()))
    .handle('encounter:odds', okR({ hit: 0.55, crit: 0.05, damage: [{ value: 3, p: 0.5 }, { value: 6, p: 0.5 }], extra: {} }))
    .handle('player:view', okR(playerView()))
}

export async function mountBoard(bridge = boardBridge()) {
  const r = await mountWith(EncounterBoard, { props: { campaignId: 'c1' }, bridge })
  // the board's own pinia: a test before may have left another one active (issue 29: a push then went to that one)
  useEncountersStore(r.pinia).start()
  await flushPromises()
  return r
}
