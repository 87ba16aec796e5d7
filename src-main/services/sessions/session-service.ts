/**
 * Sessions and their append-only log (issue 6; encounters outliving a session and whole changes: issue 10).
 *
 * ## Session log record format (`<campaign>/sessions/<sessionId>.ndjson`)
 * Line 1 is the store's header (`{ schemaVersion, kind: 'gm-console.session-log', campaignId, sessionId, createdAt }`).
 * Every further line is ONE JSON object, appended and never rewritten, with `kind` and `at` (ISO-8601) and:
 * - `session.started` `{ sessionId, title, date, notes }` and `session.ended` `{}`
 * - `note` `{ text, gmOnly }`: a GM note (gmOnly: never shown to players, left out of player-safe exports)
 * - `roll` `{ notation, label?, dice: [{ die, value }], total, hidden, seed }`: a roll made outside combat
 *   (hidden: a GM-only roll)
 * - `rest` `{ who, restKind: short|long|healing|other, amount?, text, gmOnly }`: rests and healing outside combat
 * - `pool` `{ pool, delta, reason, gmOnly }`: a change to a named pool outside combat
 * - `encounter.started` `{ encounterId, planId|null, name, systemId, seed }`: a live encounter began
 * - `encounter.command` `{ encounterId, batch, command }`: the command the GM gave (validated), before its events;
 *   the dice of batch N come from `batchRng(seed, N)` (rules/kit/rng.ts) unless entered by hand in `command.dice`
 * - `encounter.event` `{ encounterId, record: { seq, at, batch, event, status } }`: one engine event per line
 *   (`event.type` namespaced for system events, e.g. `saga.attackResolved`; every die rolled is in the event)
 * - `encounter.undo` / `encounter.redo` `{ encounterId, batch }`: the GM undid / redid a command batch
 * - `encounter.display` `{ encounterId, side, mode: exact|descriptor|hidden }`: how players see a side's health
 * - `encounter.shown` `{ encounterId, shown }`: the GM put it on the player display or took it off (a restart shows
 *   the last one shown again; issue 27); `encounter.resumed` carries `shown: true` for one on the display
 * - `encounter.carried` / `encounter.ended` `{ encounterId }`: written with `session.ended` (one group) for every
 *   encounter still running: it goes on in the next session, or ends with this one
 * - `encounter.resumed` `{ encounterId, fromSessionId, planId, name, systemId, seed, records, display }`: the next
 *   session takes in a carried encounter (its event records, with their statuses), so each log stands on its own
 * The records of one change (a command and its events, a launch, an end) are one append: one write, read back
 * whole or not at all (the store's `tx` groups, campaign/session-log.ts). Appends of a session run in order and
 * nothing is appended after `session.ended` (`conflict`, details `{ reason: 'session-ended' }`).
 * Event status is derived by reading the log in order: `record.status` is always `active` when written; an
 * `encounter.undo` makes its batch `undone`, `encounter.redo` makes it `active` again, and the first event of a
 * new batch turns every still-undone event of that encounter `discarded`. Reloading replays the active events
 * (never re-rolling). zod schema: session-records.ts; entries for people: session-entries.ts.
 *
 * The service is composed of small parts: log-cache.ts (each log read once, kept in step with every append;
 * log-entries.ts indexes its entries), log-append.ts (one change one write, in order, nothing after the end) and
 * session-lifecycle.ts (start, the open session, end, carrying encounters from one session into the next).
 */
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { manualDieRefusal, refuse } from '../../rules/kit/refuse'
import { roll } from '../../rules/kit/dice'
import { commandDice, seededRng } from '../../rules/kit/rng'
import type { SessionLogEntry, SessionLogFilter, SessionSummary, RollResult } from '@shared/views/encounter-views'
import type { FoldedEncounter } from '../play/encounter-fold'
import type { ServiceEnv } from '../ports'
import { createLogAppender } from './log-append'
import { createLogCache } from './log-cache'
import { createSessionLifecycle, summary, type EncounterMove, type EncountersAtEnd } from './session-lifecycle'
import { matchesFilter, type DescribeEvent } from './session-entries'
import type { SessionRecord } from './session-records'

export type { ParsedLine } from './log-cache'
export type { EncounterMove, EncountersAtEnd } from './session-lifecycle'

export interface SessionService {
  start(req: { campaignId: string; title: string; date: string; notes?: string }): Promise<Result<SessionSummary>>
  /**
   * End a session. While encounters run in it, `encounters` says what becomes of them: `carry` (they go on in
   * the next session) or `end`; without it the answer is a `conflict` on `encounters` naming them (details.running).
   */
  end(req: { campaignId: string; sessionId: string; encounters?: EncountersAtEnd }): Promise<Result<SessionSummary>>
  /** a new title in the campaign's session index (the log's header keeps the first one, as written then) */
  rename(req: { campaignId: string; sessionId: string; title: string }): Promise<Result<SessionSummary>>
  list(campaignId: string): Promise<Result<SessionSummary[]>>
  /** the open session (endedAt null), or null */
  openSession(campaignId: string): Promise<Result<SessionSummary | null>>
  /** the open session, or a new one titled by the date */
  ensureOpen(campaignId: string): Promise<Result<SessionSummary>>
  log(req: { campaignId: string; sessionId: string; filter?: SessionLogFilter }): Promise<Result<SessionLogEntry[]>>
  note(req: { campaignId: string; sessionId: string; text: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  roll(req: { campaignId: string; sessionId: string; notation: string; hidden?: boolean; label?: string; dice?: number[] }): Promise<Result<RollResult>>
  rest(req: { campaignId: string; sessionId: string; who: string; kind: 'short' | 'long' | 'healing' | 'other'; amount?: number; text?: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  pool(req: { campaignId: string; sessionId: string; pool: string; delta: number; reason?: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  /** append records (one line each) to an open session's log; pushes the new entries */
  append(campaignId: string, sessionId: string, records: SessionRecord[]): Promise<Result<SessionLogEntry[]>>
  /**
   * The encounters that run in a campaign now, folded from the logs: those of the open session (after carrying
   * in what the session before it carried), or, with no session open, those the last session carried
   * (`waiting`: they go on in the next session). null: the campaign has no session.
   */
  liveEncounters(campaignId: string): Promise<Result<{ sessionId: string; waiting: boolean; encounters: FoldedEncounter[] } | null>>
  /** hear of encounters carried out of an ending session, ended with it, or resumed in a new one */
  onEncounters(listener: (e: EncounterMove) => void): void
}


/** the log's first line with the session's title now: `session.started` keeps the first, the index has a rename */
const withTitle = (e: SessionLogEntry, title: string): SessionLogEntry =>
  e.key === 'log.session.started' && e.params.title !== title ? { ...e, params: { ...e.params, title } } : e

export function createSessionService(env: ServiceEnv, describe: DescribeEvent): SessionService {
  const logs = createLogCache(env, describe)
  const log = createLogAppender(env, logs)
  const life = createSessionLifecycle(env, logs, log)
  const { serial } = life

  const service: SessionService = {
    start: (req) => serial(req.campaignId, () => life.start(req)),
    end: ({ campaignId, sessionId, encounters }) => serial(campaignId, () => life.end(campaignId, sessionId, encounters)),
    rename: ({ campaignId, sessionId, title }) =>
      serial(campaignId, async () => {
        const s = await log.findSession(campaignId, sessionId)
        if (!s.ok) return s
        const updated = await env.store.update(campaignId, (file) => ok({ ...file, sessions: file.sessions.map((x) => (x.id === sessionId ? { ...x, title } : x)) }))
        if (!updated.ok) return updated
        env.publish('sessions:changed', { campaignId, sessions: updated.value.sessions.map(summary) })
        const entry = updated.value.sessions.find((x) => x.id === sessionId)
        return entry ? ok(summary(entry)) : refuse('not-found', core.en, 'refusal.core.noSession', {}, { field: 'sessionId', details: { sessionId } })
      }),

    async list(campaignId) {
      const file = await env.store.read(campaignId)
      return file.ok ? ok(file.value.sessions.map(summary)) : file
    },

    openSession: (campaignId) => serial(campaignId, () => life.open(campaignId)),

    ensureOpen(campaignId) {
      return serial(campaignId, async () => {
        const open = await life.open(campaignId)
        if (!open.ok) return open
        if (open.value) return open as Result<SessionSummary>
        const day = env.now().slice(0, 10)
        return life.start({ campaignId, title: day, date: day, notes: '' })
      })
    },

    async log({ campaignId, sessionId, filter = {} }) {
      const s = await log.findSession(campaignId, sessionId)
      if (!s.ok) return s
      const loaded = await logs.load(campaignId, sessionId)
      if (!loaded.ok) return loaded
      const entries = await log.inOrder(campaignId, sessionId, () => logs.entries(campaignId, sessionId, loaded.value))
      if (!entries.ok) return entries
      return ok(entries.value.list.filter((e) => matchesFilter(e, filter)).map((e) => withTitle(e, s.value.title)))
    },

    async note({ campaignId, sessionId, text, gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'note', at: env.now(), text, gmOnly }]))
    },

    async roll({ campaignId, sessionId, notation, hidden = false, label, dice: manual }) {
      const seed = env.newSeed()
      const rng = commandDice(manual, seededRng(seed))
      const rolled = roll(notation, rng)
      // the notation's refusal as the parser said it (its key and params), at the field
      if (!rolled.ok) return { ok: false, error: { ...rolled.error, field: 'notation' } }
      if (rng.error) return manualDieRefusal(rng.error)
      if (rng.remaining() > 0) return refuse('invalid', core.en, 'refusal.core.extraDice', { n: rng.remaining(), notation }, { field: `dice.${rng.used}` })
      const dice = rolled.value.dice.map((d) => ({ die: d.die, value: d.value, ...(d.manual ? { manual: true } : {}) }))
      const record: SessionRecord = { kind: 'roll', at: env.now(), notation: rolled.value.notation, dice, total: rolled.value.total, hidden, seed, ...(label ? { label } : {}) }
      const appended = await service.append(campaignId, sessionId, [record])
      if (!appended.ok) return appended
      return ok({ notation: rolled.value.notation, total: rolled.value.total, dice, hidden })
    },

    async rest({ campaignId, sessionId, who, kind, amount, text = '', gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'rest', at: env.now(), who, restKind: kind, text, gmOnly, ...(amount !== undefined ? { amount } : {}) }]))
    },

    async pool({ campaignId, sessionId, pool, delta, reason = '', gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'pool', at: env.now(), pool, delta, reason, gmOnly }]))
    },

    append: (campaignId, sessionId, records) => log.append(campaignId, sessionId, records),

    liveEncounters(campaignId) {
      return serial(campaignId, async () => {
        const open = await life.open(campaignId)
        if (!open.ok) return open
        if (open.value) {
          const carried = await life.carryInto(campaignId, open.value.id)
          if (!carried.ok) return carried
          const lines = await logs.load(campaignId, open.value.id)
          if (!lines.ok) return lines
          return ok({ sessionId: open.value.id, waiting: false, encounters: [...lines.value.fold.values()].filter((f) => f.fate === 'running') })
        }
        const file = await env.store.read(campaignId)
        if (!file.ok) return file
        const last = file.value.sessions.at(-1)
        if (!last) return ok(null)
        const lines = await logs.load(campaignId, last.id)
        if (!lines.ok) return lines
        return ok({ sessionId: last.id, waiting: true, encounters: [...lines.value.fold.values()].filter((f) => f.fate === 'carried') })
      })
    },

    onEncounters: (listener) => life.onEncounters(listener),
  }

  return service
}

function single(r: Result<SessionLogEntry[]>): Result<SessionLogEntry> {
  if (!r.ok) return r
  const e = r.value[0]
  return e ? ok(e) : err('internal', 'the record made no log entry')
}
