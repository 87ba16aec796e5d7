/**
 * Appends to a session log (session-service.ts), one change at a time: the records of one change are one write,
 * appends of one session run in order, and nothing is written after `session.ended` (a `conflict`, details
 * `{ reason: 'session-ended' }`). The new lines' entries are pushed (`session:logAppended`), with the earlier
 * entries whose status they changed.
 */
import type { SessionIndexEntry } from '@shared/domain/campaign'
import type { SessionLogEntry } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { ServiceEnv } from '../ports'
import { addEntry, statusChanges, type Cached, type LogCache, type ParsedLine } from './log-cache'
import type { SessionRecord } from './session-records'

export interface LogAppender {
  /** the session's entry in the campaign's index, or `not-found` */
  findSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>>
  /** runs `f` after every append of the session before it (so `session.ended` is the last line ever written) */
  inOrder<T>(campaignId: string, sessionId: string, f: () => Promise<T>): Promise<T>
  /**
   * Append the records of one change (one write, read back whole or not at all); `make` builds them from the cached
   * log right before the write (so `session:end` sees every change before it). Call inside `inOrder`.
   */
  appendNow(campaignId: string, sessionId: string, make: (cached: Cached) => Result<SessionRecord[]>): Promise<Result<SessionLogEntry[]>>
  /** `appendNow` of fixed records, in the session's order */
  append(campaignId: string, sessionId: string, records: SessionRecord[]): Promise<Result<SessionLogEntry[]>>
  /** what is known now of whether a session has ended (appends then skip reading campaign.json) */
  setEnded(campaignId: string, sessionId: string, ended: boolean): void
}

export function createLogAppender(env: ServiceEnv, logs: LogCache): LogAppender {
  const key = (c: string, s: string) => `${c}/${s}`
  /** whether a session has ended, once known (appends skip reading campaign.json) */
  const ended = new Map<string, boolean>()

  async function findSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const s = file.value.sessions.find((x) => x.id === sessionId)
    return s ? ok(s) : refuse('not-found', core.en, 'refusal.core.noSession', {}, { field: 'sessionId', details: { sessionId, campaignId } })
  }

  /** appends of one session run one at a time, so `session.ended` is the last line ever written */
  const logTails = new Map<string, Promise<unknown>>()
  function inOrder<T>(campaignId: string, sessionId: string, f: () => Promise<T>): Promise<T> {
    const k = key(campaignId, sessionId)
    const next = (logTails.get(k) ?? Promise.resolve()).then(f, f)
    logTails.set(k, next.catch(() => undefined))
    return next
  }

  const endedErr = (title: string) => err('conflict', `session "${title}" has ended: nothing more can be written to it (start a new session)`, 'sessionId', { reason: 'session-ended' })

  async function appendNow(campaignId: string, sessionId: string, make: (cached: Cached) => Result<SessionRecord[]>): Promise<Result<SessionLogEntry[]>> {
    const k = key(campaignId, sessionId)
    if (ended.get(k) !== false) {
      const s = await findSession(campaignId, sessionId)
      if (!s.ok) return s
      ended.set(k, s.value.endedAt !== null)
      if (s.value.endedAt !== null) return endedErr(s.value.title)
    }
    const loaded = await logs.load(campaignId, sessionId)
    if (!loaded.ok) return loaded
    const cached = loaded.value
    if (cached.ended || ended.get(k) === true) return endedErr(sessionId)
    const made = make(cached)
    if (!made.ok) return made
    const records = made.value
    if (records.length === 0) return ok([])
    const wrote = await env.store.append(campaignId, sessionId, records as unknown as Array<Record<string, unknown>>)
    if (!wrote.ok) return wrote
    const added: ParsedLine[] = []
    for (const record of records) {
      const line = { line: cached.nextLine++, record }
      added.push(line)
      if (record.kind === 'session.ended') {
        cached.ended = true
        ended.set(k, true)
      }
    }
    // entries of the new lines (an event is active when written)
    const entries: SessionLogEntry[] = []
    for (const l of added) {
      const e = addEntry(cached, l)
      if (e) entries.push(e)
    }
    const updated = statusChanges(cached, added)
    if (entries.length > 0 || updated.length > 0) env.publish('session:logAppended', { campaignId, sessionId, entries, ...(updated.length > 0 ? { updated } : {}) })
    return ok(entries)
  }

  return {
    findSession,
    inOrder,
    appendNow,
    append: (campaignId, sessionId, records) => inOrder(campaignId, sessionId, () => appendNow(campaignId, sessionId, () => ok(records))),
    setEnded: (campaignId, sessionId, value) => void ended.set(key(campaignId, sessionId), value),
  }
}
