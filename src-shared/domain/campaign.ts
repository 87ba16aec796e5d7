/**
 * Campaign file types (plain JSON), shared with the renderer. The zod schema that validates them on disk
 * lives in src-main/campaign/campaign-file-schema.ts; docs/data-format.md describes the files.
 */
import type { Side } from './encounter'
import type { RequestPolicy, TvPatch } from './table'
import type { SystemId } from './systems'

/** Version written into `campaign.json` by this build. Older files are migrated on load; newer ones refused. */
export const CAMPAIGN_SCHEMA_VERSION = 1
/** Version of the header line of `sessions/<id>.ndjson` (2: multi-line changes are `tx` groups; 1 still reads). */
export const SESSION_LOG_SCHEMA_VERSION = 2
/** Version of a whole-campaign export file. */
export const CAMPAIGN_EXPORT_SCHEMA_VERSION = 1

/**
 * What the player display shows while a hidden combatant acts (a campaign setting, issue 27): `side`, "the
 * enemies' turn" (the acting side, never who: neither leaks nor misleads); `unnamed`, "another turn" with nobody
 * named; `keep`, the last visible turn stays on as if it still ran.
 */
export const HIDDEN_TURN_DISPLAYS = ['side', 'unnamed', 'keep'] as const
export type HiddenTurnDisplay = (typeof HIDDEN_TURN_DISPLAYS)[number]
export const DEFAULT_HIDDEN_TURN: HiddenTurnDisplay = 'side'

/** The campaign's settings of the player display. */
export interface PlayerDisplaySettings {
  hiddenTurn?: HiddenTurnDisplay
  /** the TV's arrangement (issue 29); absent fields: `DEFAULT_TV` */
  tv?: TvPatch
  /** how players' requests are taken (issue 29); absent: `ask` */
  requests?: RequestPolicy
  /** players see the odds of their own attacks; absent: false */
  odds?: boolean
}

export type StatBlockKind = 'pc' | 'npc' | 'ally'

/** One stat block in the campaign library (party members are stat blocks of kind `pc`). */
export interface StatBlockRecord {
  id: string
  name: string
  kind: StatBlockKind
  tags: string[]
  /** the rule system's stat block, validated by that system's schema (not by the store) */
  data: Record<string, unknown>
  /** ISO-8601 */
  updatedAt: string
}

/** how many of one stat block an encounter plan brings in: the one limit, used by the schema (contract-encounter)
 * and shown by the prep form */
export const PLAN_ENTRY_COUNT = { min: 1, max: 100 } as const

export interface EncounterPlanEntry {
  statBlockId: string
  /** how many to bring in (numbered mooks) */
  count: number
  side: Side
  /** false: surprised */
  aware: boolean
  hidden: boolean
  /** starting range band, for systems that use them */
  band?: string
}

/** An encounter prepared before the session. */
export interface EncounterPlan {
  id: string
  name: string
  notes: string
  entries: EncounterPlanEntry[]
  /** ISO-8601 */
  updatedAt: string
}

/** One entry of the sessions index; the events are in `sessions/<id>.ndjson`. */
export interface SessionIndexEntry {
  id: string
  title: string
  /** the session's date as the GM writes it (free text, usually YYYY-MM-DD) */
  date: string
  notes: string
  /** ISO-8601 */
  startedAt: string
  /** ISO-8601, null while the session runs */
  endedAt: string | null
}

/** The content of `campaign.json`. */
export interface CampaignFile {
  schemaVersion: number
  name: string
  systemId: SystemId
  /** the rule system's options (validated by the system, not the store) */
  systemSettings: Record<string, unknown>
  /** the player display's settings; absent: the defaults (`DEFAULT_HIDDEN_TURN`) */
  playerDisplay?: PlayerDisplaySettings
  /** the GM's answers to the import readers' questions (issue 30: a 2d20 game's attributes onto this system's), by
   *  question id; absent: none given yet */
  importAnswers?: Record<string, Record<string, string | null>>
  /** stat block ids (of library records) in the party */
  party: string[]
  library: StatBlockRecord[]
  encounters: EncounterPlan[]
  sessions: SessionIndexEntry[]
  /** ISO-8601 */
  createdAt: string
  /** ISO-8601 */
  updatedAt: string
  /** ISO-8601, null until first opened */
  lastOpened: string | null
}

/** A campaign as the store returns it: its id (the folder name) and the file content. */
export interface CampaignRecord {
  id: string
  data: CampaignFile
}

/** A campaign moved to the trash (restorable). */
export interface TrashEntry {
  trashId: string
  campaignId: string
  name: string
  /** ISO-8601 */
  deletedAt: string
}

/** A timestamped backup of `campaign.json`. */
export interface BackupEntry {
  /** file name inside `<campaign>/backups/` */
  name: string
  /** ISO-8601 time the backup was taken */
  takenAt: string
  /** why: `migration`, `delete`, `restore`, `update`, ... */
  reason: string
}

/**
 * Line 1 of a session log. The store writes `kind`, `sessionId` and `createdAt`; only `schemaVersion` is required
 * on read, and other keys (e.g. a title) are kept.
 */
export interface SessionLogHeader {
  schemaVersion: number
  kind?: string
  sessionId?: string
  /** ISO-8601 */
  createdAt?: string
  [key: string]: unknown
}

/** One event line of a session log: any plain JSON object (the session service decides its shape). */
export type SessionLogRecord = Record<string, unknown>

export interface DamagedLine {
  /** 1-based line number in the file */
  line: number
  message: string
}

export interface SessionLogContent {
  header: SessionLogHeader
  records: SessionLogRecord[]
  /** the 1-based line number of each record (same order as `records`) */
  lines: number[]
  /** lines that could not be read; the other lines are still returned */
  damaged: DamagedLine[]
}

/** A whole campaign in one JSON file (export / import). */
export interface CampaignExport {
  kind: 'gm-console.campaign-export'
  schemaVersion: number
  /** ISO-8601 */
  exportedAt: string
  campaign: CampaignFile
  sessions: Array<{ header: SessionLogHeader; records: SessionLogRecord[] }>
}
