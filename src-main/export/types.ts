/**
 * Types of the session-log export (issue 6). The exporters work on a normalized view of the session log
 * (ExportEntry), so that the ndjson record format of the session service is read in ONE place (normalize.ts).
 */
import type { DieRoll, EngineEvent } from '../../src-shared/domain/encounter'

import { EXPORT_FORMATS } from '../../src-shared/ipc/contract-export'

export { EXPORT_FORMATS }
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const EXPORT_LANGS = ['en', 'pl'] as const
export type ExportLang = (typeof EXPORT_LANGS)[number]

export interface ExportOptions {
  format: ExportFormat
  /** leave out GM-only entries, hidden rolls, GM notes and hidden combatants */
  playerSafe: boolean
  lang: ExportLang
}

/** A line of the log that could not be read; the rest of the log still loads. */
export interface DamagedLine {
  /** 1-based line number in the .ndjson file */
  line: number
  message: string
}

/** One parsed line of the session log (line 1 is the header). */
export interface LogLine {
  line: number
  record: Record<string, unknown>
}

export interface ParsedSessionLog {
  header: Record<string, unknown> | null
  schemaVersion: number | null
  lines: LogLine[]
  damaged: DamagedLine[]
}

export interface SessionMeta {
  id: string
  title: string
  /** the session date (YYYY-MM-DD) or the ISO start */
  date: string
  startedAt: string | null
  endedAt: string | null
  notes: string
  campaignName: string
  systemId: string
}

export type EntryKind = 'note' | 'roll' | 'encounter' | 'rest' | 'pool' | 'session' | 'other'

/** A roll as the exports show it (CSV rows, notable rolls). */
export interface RollInfo {
  label: string
  notation: string
  dice: DieRoll[]
  total: number | null
  hidden: boolean
  manual: boolean
}

/** One entry of the session log, normalized. */
export interface ExportEntry {
  /** line number in the .ndjson file */
  line: number
  seq: number
  /** ISO-8601 or '' */
  at: string
  kind: EntryKind
  encounterId: string | null
  /** the command batch of an encounter event (events of one command share it), else null */
  batch: number | null
  /** message key (localized by the exporters) and its params */
  key: string
  params: Record<string, string | number | boolean>
  /** free text (notes) */
  text: string | null
  /** GM-only note, hidden roll or an event about a hidden combatant: never in a player-safe export */
  gmOnly: boolean
  status: 'active' | 'undone' | 'discarded'
  /** false: an engine event with no log line (it still counts in the summaries and stays in the JSON) */
  shown: boolean
  roll: RollInfo | null
  /** the engine event for encounter entries */
  event: EngineEvent | null
  /** the rule system of the entry's encounter (encounter entries); its facts say what the event means */
  systemId?: string
  /** the record as it was on disk (the JSON export keeps it so the log can be replayed) */
  raw: Record<string, unknown>
  /** an event of an earlier session, carried in with its encounter (`encounter.resumed`): it sets the scene (who is
   *  there, the round) and is not a line, nor counted in this session's damage */
  carried?: boolean
}

export interface NormalizedSession {
  schemaVersion: number | null
  header: Record<string, unknown> | null
  meta: SessionMeta
  entries: ExportEntry[]
  /** every record of the log after the header, in order (commands, undo/redo too): the JSON export keeps them */
  records: Array<Record<string, unknown>>
  damaged: DamagedLine[]
}

export interface CombatantSummary {
  id: string
  name: string
  side: string
  damageDealt: number
  damageTaken: number
  knockedOut: boolean
}

export interface NotableRoll {
  seq: number
  round: number | null
  /** 'nat20' | 'dominate' | 'complication' | 'crit' | ... */
  kind: string
  who: string
  detail: string
}

export interface EncounterSummary {
  id: string
  name: string
  participants: CombatantSummary[]
  /** the last round; on a tick wheel (`unit: 'tick'`) the last tick a turn started on */
  rounds: number
  /** 'tick': a tick system (Storyteller, 004): every "round" of this summary is a tick; absent: rounds */
  unit?: 'tick'
  /** the round of damageByRound[0]: 0 when a surprise round dealt damage, else 1 (ticks: 0) */
  firstRound: number
  /** damage per round (index 0 = round firstRound), total over every combatant */
  damageByRound: number[]
  knockouts: Array<{ seq: number; round: number | null; name: string }>
  notable: NotableRoll[]
}

/** Prints an HTML string to PDF. Chromium (browser mode, CLI) or Electron's webContents.printToPDF. */
export interface PdfPrinter {
  print(html: string): Promise<Uint8Array>
  close(): Promise<void>
}
