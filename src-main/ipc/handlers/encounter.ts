/** `encounter:*` over the encounter service (src-main/services/play/encounter-service.ts). */
import type { EncounterService } from '../../services/play/encounter-service'
import type { HandlerMap } from './handler-map'

export function encounterHandlers(encounters: EncounterService): HandlerMap {
  return {
    'encounter:launch': (r) => encounters.launch(r.campaignId, r.planId),
    'encounter:list': (r) => encounters.list(r.campaignId),
    // after a restart a window may ask before any campaign is opened again: rebuilt from the log first (issue 27)
    'encounter:get': async (r) => (await encounters.rebuild(r.encounterId), encounters.get(r.encounterId)),
    'encounter:command': (r) => encounters.command(r.encounterId, r.command),
    'encounter:log': async (r) => (await encounters.rebuild(r.encounterId), encounters.logPage(r.encounterId, r.before, r.limit)),
    'encounter:odds': async (r) => (await encounters.rebuild(r.encounterId), encounters.odds(r.encounterId, r.command)),
    'encounter:undo': (r) => encounters.undo(r.encounterId),
    'encounter:redo': (r) => encounters.redo(r.encounterId),
    'encounter:setDisplay': (r) => encounters.setDisplay(r.encounterId, r.side, r.mode),
    'encounter:showToPlayers': (r) => encounters.showToPlayers(r.encounterId),
  }
}
