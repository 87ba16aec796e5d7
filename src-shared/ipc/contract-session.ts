/**
 * Session channels (issue 6): start/end, the session log query, notes, rolls outside combat, rests and pools,
 * and the read-only replay of an exported log. Spread into `invokeContract` (contract.ts).
 */
import { z } from 'zod'
import { channel as def, topic } from './define'
import type { GmEncounterView, ReplayOpened, RollResult, SessionLogEntry, SessionSummary } from '../views/encounter-views'

const id = z.string().min(1).max(200)
const text = (max: number) => z.string().max(max)
/** a calendar date `YYYY-MM-DD` (the in-world or real date of the session, as the GM types it) */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')

export const sessionEntryKinds = ['session', 'encounter', 'event', 'note', 'roll', 'rest', 'pool'] as const

export const sessionChannels = {
  'session:start': def<SessionSummary>()(z.object({ campaignId: id, title: z.string().trim().min(1).max(200), date, notes: text(5000).default('') }).strict()),
  // encounters: what becomes of encounters still running (carry into the next session, or end them); without it
  // a session with running encounters is not ended (conflict, details { reason: 'encounters-running', running })
  'session:end': def<SessionSummary>()(z.object({ campaignId: id, sessionId: id, encounters: z.enum(['carry', 'end']).optional() }).strict()),
  /** a new title for a session (the one a launch started is titled by the date; the GM renames it at once) */
  'session:rename': def<SessionSummary>()(z.object({ campaignId: id, sessionId: id, title: z.string().trim().min(1).max(200) }).strict()),
  'session:list': def<SessionSummary[]>()(z.object({ campaignId: id }).strict()),
  'session:log': def<SessionLogEntry[]>()(
    z.object({
      campaignId: id,
      sessionId: id,
      filter: z
        .object({ encounterId: id.optional(), combatantId: id.optional(), kind: z.enum(sessionEntryKinds).optional(), search: text(200).optional() })
        .strict()
        .default({}),
    }).strict(),
  ),
  'session:note': def<SessionLogEntry>()(z.object({ campaignId: id, sessionId: id, text: z.string().trim().min(1).max(5000), gmOnly: z.boolean().default(false) }).strict()),
  'session:roll': def<RollResult>()(
    z.object({
      campaignId: id,
      sessionId: id,
      notation: z.string().trim().min(1).max(100),
      hidden: z.boolean().default(false),
      label: text(200).optional(),
      /** dice read from physical dice, used in order before any die is rolled */
      dice: z.array(z.number().int().min(1).max(10000)).max(1000).optional(),
    }).strict(),
  ),
  /** a rest or healing outside combat, as the GM records it (who, what, how much) */
  'session:rest': def<SessionLogEntry>()(
    z.object({
      campaignId: id,
      sessionId: id,
      who: z.string().trim().min(1).max(200),
      kind: z.enum(['short', 'long', 'healing', 'other']),
      amount: z.number().int().min(-10000).max(10000).optional(),
      text: text(1000).default(''),
      gmOnly: z.boolean().default(false),
    }).strict(),
  ),
  /** a change to a named pool outside combat (Momentum, Threat, Force Points, ...) */
  'session:pool': def<SessionLogEntry>()(
    z.object({ campaignId: id, sessionId: id, pool: z.string().trim().min(1).max(100), delta: z.number().int().min(-1000).max(1000), reason: text(500).default(''), gmOnly: z.boolean().default(false) }).strict(),
  ),
  /** open an exported JSON log (or raw ndjson) read-only */
  'session:replayOpen': def<ReplayOpened>()(z.object({ text: z.string().min(1).max(50_000_000) }).strict()),
  /** the view of one encounter (default: the first) of an opened replay after `to` command batches */
  'session:replayStep': def<GmEncounterView>()(z.object({ handle: id, encounterId: id.optional(), to: z.number().int().min(0) }).strict()),
  'session:replayClose': def<{ closed: boolean }>()(z.object({ handle: id }).strict()),
} as const

export const sessionTopics = {
  /**
   * new entries of a session's log, as they are appended (the live log pane filters them itself); `updated`:
   * earlier entries whose status an undo / redo / new command changed (replace them by `line`); sent once the
   * session's log was asked for (`session:log`): a log read after the change has the new statuses already
   */
  'session:logAppended': topic<{ campaignId: string; sessionId: string; entries: SessionLogEntry[]; updated?: SessionLogEntry[] }>()(['gm']),
  'sessions:changed': topic<{ campaignId: string; sessions: SessionSummary[] }>()(['gm']),
} as const
