/**
 * Undo and redo of a live encounter (issue 5): written to its log as a record naming the batch, then the history's
 * cursor moves (the batch's records change status; nothing is decided again).
 */
import type { GmEncounterView } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { ServiceEnv } from '../ports'
import { noLiveEncounter, sync, type LiveEncounter } from './encounter-live'
import type { EncounterPush } from './encounter-push'
import type { EncounterWriter } from './encounter-writer'

export type UndoRedo = (encounterId: string, which: 'undo' | 'redo') => Promise<Result<GmEncounterView>>

export function createUndoRedo(env: ServiceEnv, push: EncounterPush, writer: EncounterWriter, find: (encounterId: string) => Promise<LiveEncounter | undefined>): UndoRedo {
  return async (encounterId, which) => {
    const l = await find(encounterId)
    if (!l) return noLiveEncounter(encounterId)
    return writer.serial(l, async () => {
      const batch = which === 'undo' ? l.history.lastActive() : l.history.firstUndone()
      if (batch === undefined) return which === 'undo' ? refuse('rule', core.en, 'refusal.core.nothingToUndo') : refuse('rule', core.en, 'refusal.core.nothingToRedo')
      const wrote = await writer.write(l, [{ kind: which === 'undo' ? 'encounter.undo' : 'encounter.redo', at: env.now(), encounterId, batch }])
      if (!wrote.ok) return wrote
      const r = which === 'undo' ? l.history.undo() : l.history.redo()
      if (!r.ok) return r
      for (const x of r.value.changed) l.statusChanged.push(x.seq)
      sync(l)
      return ok(await push.pushChanged(l))
    })
  }
}
