/**
 * JSON export: complete and versioned. The GM version carries the session log's header and every record as it was
 * on disk (undone ones too), so it can be re-imported and replayed (parseSessionExport); beside them the localized
 * entries and the encounter summaries for people and other tools. The player-safe version carries only the
 * lines players may read (export/player-safe.ts) and the boards the player display showed, no log record, and is
 * marked `replayable: false`.
 */
import { z } from 'zod'
import { err, ok, type Result } from '../../src-shared/result'
import { sideLabel, type ExportDocument } from './document'
import type { NormalizedSession } from './types'

export const SESSION_EXPORT_FORMAT = 'gm-console/session-export'
export const SESSION_EXPORT_VERSION = 1

/** the summaries, each side also in words of the export's language (`side` stays the data: party, allies…) */
const summariesOf = (doc: ExportDocument) => doc.summaries.map((s) => ({ ...s, participants: s.participants.map((p) => ({ ...p, sideLabel: sideLabel(doc.t, p.side) })) }))

export function renderJson(doc: ExportDocument, session: NormalizedSession): string {
  const lines = new Map(doc.sections.flatMap((s) => s.lines.filter((l) => !l.board).map((l) => [l.entry, l] as const)))
  if (doc.playerSafe) {
    const safe = {
      format: SESSION_EXPORT_FORMAT,
      version: SESSION_EXPORT_VERSION,
      playerSafe: true,
      replayable: false,
      lang: doc.lang,
      logSchemaVersion: session.schemaVersion,
      session: doc.meta,
      header: null,
      records: [],
      entries: doc.sections.flatMap((s) =>
        s.lines.map((l) => ({ seq: l.seq, at: l.at, kind: l.board ? 'board' : l.kind, encounterId: l.entry.encounterId, round: l.round, key: l.board ? '' : l.entry.key, params: l.params, text: l.text })),
      ),
      boards: doc.boards ?? [],
      encounters: summariesOf(doc),
      damagedLines: doc.damaged.map((d) => ({ line: d.line })),
    }
    return `${JSON.stringify(safe, null, 2)}\n`
  }
  const out = {
    format: SESSION_EXPORT_FORMAT,
    version: SESSION_EXPORT_VERSION,
    playerSafe: doc.playerSafe,
    replayable: !doc.playerSafe,
    lang: doc.lang,
    logSchemaVersion: session.schemaVersion,
    session: doc.meta,
    header: session.header,
    records: session.records,
    entries: doc.entries.map((e) => ({
      seq: e.seq,
      at: e.at,
      kind: e.kind,
      encounterId: e.encounterId,
      round: lines.get(e)?.round ?? null,
      key: e.key,
      params: lines.get(e)?.params ?? {},
      text: lines.get(e)?.text ?? '',
      gmOnly: e.gmOnly,
    })),
    encounters: summariesOf(doc),
    damagedLines: doc.damaged,
  }
  return `${JSON.stringify(out, null, 2)}\n`
}

const exportSchema = z.object({
  format: z.literal(SESSION_EXPORT_FORMAT),
  version: z.number().int().min(1),
  replayable: z.boolean(),
  logSchemaVersion: z.number().nullable(),
  header: z.record(z.string(), z.unknown()).nullable(),
  records: z.array(z.record(z.string(), z.unknown())),
  session: z.object({ title: z.string().optional() }).loose().nullish(),
})

export interface ImportedSession {
  header: Record<string, unknown> | null
  records: Array<Record<string, unknown>>
  /** the session's title when it was exported (the index's, after a rename; the log's first line keeps the first) */
  title?: string
  /** the records as session-log text (header line first), for the session service's replay */
  ndjson: string
}

/** read a JSON export back (for replay); a player-safe export is refused: it lacks the data replay needs */
export function parseSessionExport(text: string): Result<ImportedSession> {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return err('invalid', 'the file is not JSON', 'text')
  }
  const parsed = exportSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return err('invalid', `not a GM Console session export: ${issue?.message ?? 'wrong shape'}`, issue?.path.join('.') || 'text')
  }
  const v = parsed.data
  if (v.version > SESSION_EXPORT_VERSION) return err('newer-version', `the export has version ${v.version}; this GM Console reads up to ${SESSION_EXPORT_VERSION}`, 'version')
  if (!v.replayable) return err('invalid', 'a player-safe export cannot be replayed', 'replayable')
  const lines = [...(v.header ? [v.header] : []), ...v.records].map((r) => JSON.stringify(r))
  return ok({ header: v.header, records: v.records, ndjson: `${lines.join('\n')}\n`, ...(v.session?.title ? { title: v.session.title } : {}) })
}
