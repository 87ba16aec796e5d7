/**
 * How the encounter service writes a live encounter's changes (issue 5): one change at a time per encounter, each
 * as one append to its session's log (whole or not at all), in the session it is in or, carried out of an ended
 * one, in the next session.
 */
import type { EventRecord } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { SessionService } from '../sessions/session-service'
import type { SessionRecord } from '../sessions/session-records'
import type { LiveEncounter } from './encounter-live'

export interface EncounterWriter {
  /** run `f` after every earlier change of the same encounter */
  serial<T>(l: LiveEncounter, f: () => Promise<T>): Promise<T>
  /** append the records of one change of `l` (one write: whole or not at all) */
  write(l: LiveEncounter, records: SessionRecord[]): Promise<Result<void>>
}

/** event records as session log lines of encounter `l` */
export const eventLines = (l: Pick<LiveEncounter, 'id'>, recs: readonly EventRecord[], at: string): SessionRecord[] =>
  recs.map((record) => ({ kind: 'encounter.event', at, encounterId: l.id, record }))

export function createEncounterWriter(sessions: SessionService): EncounterWriter {
  /** where the next change of `l` is written: its session, or (carried out of an ended one) the next session */
  async function sessionOf(l: LiveEncounter): Promise<Result<string>> {
    if (!l.waiting) return ok(l.sessionId)
    const open = await sessions.ensureOpen(l.campaignId)
    if (!open.ok) return open
    // starting (or finding) the session carried the encounter in; the listener moved it there
    if (l.waiting) return refuse('conflict', core.en, 'refusal.core.notCarried', { name: l.state.name, session: open.value.title }, { field: 'encounterId' })
    return ok(l.sessionId)
  }

  return {
    serial(l, f) {
      const next = l.queue.then(f, f)
      l.queue = next.catch(() => undefined)
      return next
    },
    async write(l, records) {
      const sessionId = await sessionOf(l)
      if (!sessionId.ok) return sessionId
      const wrote = await sessions.append(l.campaignId, sessionId.value, records)
      return wrote.ok ? ok(undefined) : wrote
    },
  }
}
