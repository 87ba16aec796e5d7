/** `library:*`, `party:set` and `plan:*` (prep) over the library service (src-main/services/library-service.ts). */
import type { LibraryService } from '../../services/library-service'
import type { HandlerMap } from './handler-map'

/** `onPrep`: the GM opened prep (the plans are listed), e.g. to start the danger check's threads ahead of a check */
export function libraryHandlers(library: LibraryService, hooks: { onPrep?: (campaignId: string) => void } = {}): HandlerMap {
  return {
    'library:list': (r) => library.list(r.campaignId),
    'library:save': (r) => library.save(r.campaignId, r.record),
    'library:delete': (r) => library.remove(r.campaignId, r.id),
    'library:duplicate': (r) => library.duplicate(r.campaignId, r.id),
    'library:import': (r) => library.importText(r.campaignId, r.text),
    'library:export': (r) => library.exportText(r.campaignId, r.ids),
    'party:set': (r) => library.setParty(r.campaignId, r.ids),
    'plan:list': (r) => {
      hooks.onPrep?.(r.campaignId)
      return library.listPlans(r.campaignId)
    },
    'plan:save': (r) => library.savePlan(r.campaignId, r.plan),
    'plan:delete': (r) => library.removePlan(r.campaignId, r.planId),
    'plan:duplicate': (r) => library.duplicatePlan(r.campaignId, r.planId),
  }
}
