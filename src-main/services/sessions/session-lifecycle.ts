/**
 * A session's life (session-service.ts): start (the log's first line, then what the session before carried out),
 * the open one (a crash between writing `session.ended` and the index is mended here), end (with the encounters
 * still running carried into the next session or ended). Start, end and the open-session checks of one campaign
 * run one at a time (`serial`: no two open sessions from a double click).
 */
import type { SessionIndexEntry } from '@shared/domain/campaign'
import type { SessionSummary } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { resumedRecord, type FoldedEncounter } from '../play/encounter-fold'
import type { ServiceEnv } from '../ports'
import type { LogAppender } from './log-append'
import type { LogCache } from './log-cache'
import type { SessionRecord } from './session-records'

export type EncountersAtEnd = 'carry' | 'end'

export type EncounterMove =
  | { type: 'ended'; campaignId: string; sessionId: string; carried: string[]; ended: string[] }
  | { type: 'resumed'; campaignId: string; sessionId: string; encounterIds: string[] }

export const summary = (s: SessionIndexEntry): SessionSummary => ({ id: s.id, title: s.title, date: s.date, notes: s.notes, startedAt: s.startedAt, endedAt: s.endedAt })

export interface SessionLifecycle {
  /** runs `f` after every start / end / open check of the campaign before it */
  serial<T>(campaignId: string, f: () => Promise<T>): Promise<T>
  start(req: { campaignId: string; title: string; date: string; notes?: string }): Promise<Result<SessionSummary>>
  end(campaignId: string, sessionId: string, choice: EncountersAtEnd | undefined): Promise<Result<SessionSummary>>
  /**
   * The open session from the index; one whose log already holds `session.ended` (a crash between writing that
   * line and the index) is ended in the index now and is not open.
   */
  open(campaignId: string): Promise<Result<SessionSummary | null>>
  /**
   * Carry into a session what the session before it carried out (`encounter.resumed`, each with its records and
   * their statuses), unless already there. Runs when a session starts, and again on restore and before an end,
   * so a crash between starting a session and carrying loses nothing.
   */
  carryInto(campaignId: string, sessionId: string): Promise<Result<string[]>>
  onEncounters(listener: (e: EncounterMove) => void): void
}

/**
 * The last records of a session: the encounters still running carried or ended (one whose fight is over ends
 * without asking), then `session.ended`; while some run and no choice is given, a `conflict` naming them.
 */
function endRecords(fold: Map<string, FoldedEncounter>, choice: EncountersAtEnd | undefined, now: () => string): Result<{ records: SessionRecord[]; carried: string[]; stopped: string[] }> {
  const here = [...fold.values()].filter((f) => f.fate === 'running')
  // an encounter whose fight is over (its end is not undone) ends with the session without asking
  const over = here.filter((f) => f.records.some((r) => r.status === 'active' && r.event.type === 'core.encounterEnded'))
  const running = here.filter((f) => !over.includes(f))
  if (running.length > 0 && !choice) {
    const names = running.map((f) => `"${f.started.name}"`).join(', ')
    return err('conflict', `${running.length === 1 ? 'an encounter is' : `${running.length} encounters are`} still running (${names}): carry into the next session, or end`, 'encounters', {
      reason: 'encounters-running',
      running: running.map((f) => ({ id: f.started.encounterId, name: f.started.name })),
    })
  }
  const at = now()
  const ids = running.map((f) => f.started.encounterId)
  const carried = choice === 'carry' ? ids : []
  const stopped = [...over.map((f) => f.started.encounterId), ...(choice === 'carry' ? [] : ids)]
  const records: SessionRecord[] = [
    ...carried.map((encounterId): SessionRecord => ({ kind: 'encounter.carried', at, encounterId })),
    ...stopped.map((encounterId): SessionRecord => ({ kind: 'encounter.ended', at, encounterId })),
    { kind: 'session.ended', at },
  ]
  return ok({ records, carried, stopped })
}

export function createSessionLifecycle(env: ServiceEnv, logs: LogCache, log: LogAppender): SessionLifecycle {
  const tails = new Map<string, Promise<unknown>>()
  function serial<T>(campaignId: string, f: () => Promise<T>): Promise<T> {
    const next = (tails.get(campaignId) ?? Promise.resolve()).then(f, f)
    tails.set(campaignId, next.catch(() => undefined))
    return next
  }

  const listeners: Array<(e: EncounterMove) => void> = []
  const tell = (e: EncounterMove) => {
    for (const l of listeners) l(e)
  }
  const publishSessions = async (campaignId: string): Promise<Result<void>> => {
    const updated = await env.store.read(campaignId)
    if (!updated.ok) return updated
    env.publish('sessions:changed', { campaignId, sessions: updated.value.sessions.map(summary) })
    return ok(undefined)
  }

  async function carryInto(campaignId: string, sessionId: string): Promise<Result<string[]>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const at = file.value.sessions.findIndex((x) => x.id === sessionId)
    const prev = at > 0 ? file.value.sessions[at - 1] : undefined
    if (!prev) return ok([])
    const before = await logs.load(campaignId, prev.id)
    if (!before.ok) return before
    const carried = [...before.value.fold.values()].filter((f) => f.fate === 'carried')
    if (carried.length === 0) return ok([])
    let moved: string[] = []
    const wrote = await log.inOrder(campaignId, sessionId, () =>
      log.appendNow(campaignId, sessionId, (cached) => {
        const missing = carried.filter((f) => !cached.fold.has(f.started.encounterId))
        moved = missing.map((f) => f.started.encounterId)
        const t = env.now()
        return ok(missing.map((f) => resumedRecord(f, prev.id, t)))
      }),
    )
    if (!wrote.ok) return wrote
    if (moved.length > 0) tell({ type: 'resumed', campaignId, sessionId, encounterIds: moved })
    return ok(moved)
  }

  async function start({ campaignId, title, date, notes = '' }: { campaignId: string; title: string; date: string; notes?: string }): Promise<Result<SessionSummary>> {
    const current = await open(campaignId)
    if (!current.ok) return current
    if (current.value) return refuse('conflict', core.en, 'refusal.core.sessionStillOpen', { title: current.value.title }, { field: 'campaignId', details: { sessionId: current.value.id } })
    const started = await env.store.startSession(campaignId, { title, date, notes })
    if (!started.ok) return started
    const entry = started.value
    log.setEnded(campaignId, entry.id, false)
    logs.startEmpty(campaignId, entry.id)
    const appended = await log.append(campaignId, entry.id, [{ kind: 'session.started', at: entry.startedAt, sessionId: entry.id, title, date, notes }])
    if (!appended.ok) return appended
    const carried = await carryInto(campaignId, entry.id)
    if (!carried.ok) return carried
    const pushed = await publishSessions(campaignId)
    return pushed.ok ? ok(summary(entry)) : pushed
  }

  async function end(campaignId: string, sessionId: string, choice: EncountersAtEnd | undefined): Promise<Result<SessionSummary>> {
    const s = await log.findSession(campaignId, sessionId)
    if (!s.ok) return s
    if (s.value.endedAt !== null) return err('conflict', `session "${s.value.title}" has already ended`, 'sessionId', { reason: 'session-ended' })
    const carriedIn = await carryInto(campaignId, sessionId)
    if (!carriedIn.ok) return carriedIn
    let moves = { carried: [] as string[], stopped: [] as string[] }
    const appended = await log.inOrder(campaignId, sessionId, () =>
      log.appendNow(campaignId, sessionId, (cached) => {
        const made = endRecords(cached.fold, choice, env.now)
        if (!made.ok) return made
        moves = made.value
        return ok(made.value.records)
      }),
    )
    if (!appended.ok) return appended
    const done = await env.store.endSession(campaignId, sessionId)
    if (!done.ok) return done
    log.setEnded(campaignId, sessionId, true)
    tell({ type: 'ended', campaignId, sessionId, carried: moves.carried, ended: moves.stopped })
    const pushed = await publishSessions(campaignId)
    return pushed.ok ? ok(summary(done.value)) : pushed
  }

  async function open(campaignId: string): Promise<Result<SessionSummary | null>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const found = [...file.value.sessions].reverse().find((s) => s.endedAt === null)
    if (!found) return ok(null)
    const lines = await logs.load(campaignId, found.id)
    if (lines.ok && lines.value.ended) {
      const fixed = await env.store.endSession(campaignId, found.id)
      if (!fixed.ok) return fixed
      log.setEnded(campaignId, found.id, true)
      return ok(null)
    }
    return ok(summary(found))
  }

  return { serial, start, end, open, carryInto, onEncounters: (listener) => void listeners.push(listener) }
}
