/**
 * Session logs seen from the store: a session's index entry in campaign.json and its append-only log
 * (`sessions/<id>.ndjson`, ../session-log.ts) are created and ended together; appends take the fast path (no
 * campaign.json I/O) through the open log; reads return damaged lines with their numbers beside the rest.
 */
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { SESSION_LOG_SCHEMA_VERSION, type SessionIndexEntry, type SessionLogContent, type SessionLogHeader, type SessionLogRecord } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import { SESSION_ID_RE } from '../campaign-file-schema'
import { checkId, compactStamp, SESSIONS_DIR } from '../paths'
import { readSessionLog, SessionLog } from '../session-log'
import { zodErr, type StoreContext } from './context'
import type { CampaignFiles } from './repository'

const sessionInputSchema = z.object({ title: z.string().trim().min(1).max(200), date: z.string().max(100).optional(), notes: z.string().max(20_000).optional() }).strict()

export function createSessions(ctx: StoreContext, files: CampaignFiles) {
  const { now, logs, locked, dirOf, logPathOf, checkExisting, syncAppends } = ctx

  async function openLog(campaignId: string, sessionId: string): Promise<Result<SessionLog>> {
    const key = `${campaignId}/${sessionId}`
    const already = logs.get(key)
    if (already) return ok(already)
    const id = await checkExisting(campaignId)
    if (!id.ok) return id
    if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
    const log = await SessionLog.open(logPathOf(id.value, sessionId), { sync: syncAppends })
    if (log.ok) logs.set(key, log.value)
    return log
  }

  async function appendEvents(campaignId: string, sessionId: string, records: readonly SessionLogRecord[]): Promise<Result<void>> {
    const key = `${campaignId}/${sessionId}`
    let log = logs.get(key)
    if (!log) {
      const opened = await locked(String(campaignId), () => openLog(campaignId, sessionId))
      if (!opened.ok) return opened
      log = opened.value
    }
    return log.appendAll(records)
  }

  return {
    /** Add a session to the index and create its log (header line). */
    startSession(campaignId: string, input: { title: string; date?: string; notes?: string }): Promise<Result<SessionIndexEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const parsed = sessionInputSchema.safeParse(input)
        if (!parsed.success) return zodErr(parsed.error)
        const t = now()
        const entry: SessionIndexEntry = { id: `s-${compactStamp(t).toLowerCase()}-${ctx.randomHex(2)}`, title: parsed.data.title, date: parsed.data.date ?? t.slice(0, 10), notes: parsed.data.notes ?? '', startedAt: t, endedAt: null }
        const db = await files.loadDb(id.value)
        if (!db.ok) return db
        await mkdir(join(dirOf(id.value), SESSIONS_DIR), { recursive: true })
        const header: SessionLogHeader = { schemaVersion: SESSION_LOG_SCHEMA_VERSION, kind: 'gm-console.session-log', sessionId: entry.id, createdAt: t }
        const log = await SessionLog.create(logPathOf(id.value, entry.id), header, { sync: syncAppends })
        if (!log.ok) return log
        const done = await files.update(id.value, (d) => ({ ...d, sessions: [...d.sessions, entry] }))
        if (!done.ok) {
          await log.value.close()
          await rm(logPathOf(id.value, entry.id), { force: true })
          return done
        }
        logs.set(`${id.value}/${entry.id}`, log.value)
        return ok(entry)
      })
    },

    /** Create `sessions/<sessionId>.ndjson` with its header only (`conflict` if it exists). */
    createSessionLog(campaignId: string, sessionId: string): Promise<Result<void>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id (a–z, 0–9, "-", "_")`, 'sessionId')
        await mkdir(join(dirOf(id.value), SESSIONS_DIR), { recursive: true })
        const header: SessionLogHeader = { schemaVersion: SESSION_LOG_SCHEMA_VERSION, kind: 'gm-console.session-log', sessionId, createdAt: now() }
        const log = await SessionLog.create(logPathOf(id.value, sessionId), header, { sync: syncAppends })
        if (!log.ok) return log
        logs.set(`${id.value}/${sessionId}`, log.value)
        return ok(undefined)
      })
    },

    endSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        let ended: SessionIndexEntry | undefined
        const done = await files.update(id.value, (d) => {
          const was = d.sessions.find((s) => s.id === sessionId)
          if (!was) return d
          const next = (ended = { ...was, endedAt: now() })
          return { ...d, sessions: d.sessions.map((s) => (s === was ? next : s)) }
        })
        if (!done.ok) return done
        if (!ended) return err('not-found', `campaign "${id.value}" has no session "${sessionId}"`, 'sessionId')
        const key = `${id.value}/${sessionId}`
        await logs.get(key)?.close()
        logs.delete(key)
        return ok(ended)
      })
    },

    /** Append one event record (a plain JSON object) to a session's log. Fast path: no campaign.json I/O. */
    appendEvent(campaignId: string, sessionId: string, record: SessionLogRecord): Promise<Result<void>> {
      return appendEvents(campaignId, sessionId, [record])
    },

    /** Append the records of one change in one write, as a group that reads back whole or not at all. */
    appendEvents,

    /** Every record of a session log; damaged lines are listed with their line numbers, the rest still returned. */
    readSession(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
        const open = logs.get(`${id.value}/${sessionId}`)
        return open ? open.readAll() : readSessionLog(logPathOf(id.value, sessionId))
      })
    },

    /** Path of a session's log file (for exporters that stream it). */
    sessionLogPath(campaignId: string, sessionId: string): Result<string> {
      const id = checkId(campaignId, 'campaignId')
      if (!id.ok) return id
      if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
      return ok(logPathOf(id.value, sessionId))
    },

    /** Close every open session log and write the lastOpened that only memory has (call on quit). */
    async close(): Promise<void> {
      for (const log of logs.values()) await log.close()
      logs.clear()
      for (const [id, db] of [...ctx.dbs]) {
        await locked(id, async () => {
          // a campaign changed on disk by another program is not written (the next open reads it again)
          if (db.openedPending && !(await db.changedOnDisk())) await db.flushOpened()
          return ok(undefined)
        })
      }
      ctx.dbs.clear()
    },
  }
}
