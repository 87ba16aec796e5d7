/** `library:*`, `party:set` and `plan:*` (prep) over the library service (src-main/services/campaigns/library-service.ts). */
import type { LibraryService } from '../../services/campaigns/library-service'
import type { HandlerMap } from './handler-map'

/** `onPrep`: the GM is in prep (the plans are listed, or one is saved), e.g. to start the danger check's threads ahead
 *  of a check, or keep them (they end after minutes idle, and a GM may edit a plan for longer than that) */
export function libraryHandlers(library: LibraryService, hooks: { onPrep?: (campaignId: string, planId?: string) => void } = {}): HandlerMap {
  return {
    'library:list': (r) => library.list(r.campaignId),
    'library:problems': (r) => library.problems(r.campaignId),
    'library:save': (r) => library.save(r.campaignId, r.record),
    'library:delete': (r) => library.remove(r.campaignId, r.id),
    'library:duplicate': (r) => library.duplicate(r.campaignId, r.id),
    'library:import': (r) => library.importText(r.campaignId, r.text),
    'library:export': (r) => library.exportText(r.campaignId, r.ids),
    'library:importPreview': (r) => library.imports.preview(r.campaignId, r.sources, { format: r.format, answers: r.answers }),
    'library:importFields': (r) => library.imports.fields(r.campaignId, r.previewId, r.key),
    'library:importFigures': (r) => library.imports.figures(r.campaignId, r.previewId, r.keys),
    'library:importApply': (r) => library.imports.apply(r.campaignId, r.previewId, { skip: r.skip, keep: r.keep }),
    'library:importUndo': (r) => library.imports.undo(r.campaignId, r.importId),
    'library:importFormats': (r) => library.imports.formats(r.campaignId),
    'library:exportAs': (r) => library.imports.exportAs(r.campaignId, r.format, r.ids),
    'party:set': (r) => library.setParty(r.campaignId, r.ids),
    'plan:list': (r) => {
      hooks.onPrep?.(r.campaignId)
      return library.listPlans(r.campaignId)
    },
    'plan:save': async (r) => {
      const saved = await library.savePlan(r.campaignId, r.plan)
      // the plan just saved is the one a check is likely to be of
      hooks.onPrep?.(r.campaignId, saved.ok ? saved.value.id : undefined)
      return saved
    },
    'plan:delete': (r) => library.removePlan(r.campaignId, r.planId),
    'plan:duplicate': (r) => library.duplicatePlan(r.campaignId, r.planId),
  }
}
