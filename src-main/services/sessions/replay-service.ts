/**
 * Read-only replay of a session log (issue 6): `session:replayOpen {text}` takes an exported JSON log
 * (src-main/export/render-json.ts) or the raw ndjson log, and `session:replayStep {handle, encounterId?, to}` shows
 * one encounter after its first `to` command batches, turn by turn. Nothing is rolled: the events carry the dice.
 * Only the history as it finally stood is stepped through (undone and discarded batches are left out).
 */
import type { EventRecord } from '@shared/domain/encounter'
import type { GmEncounterView, ReplayOpened } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { logEntries, replay } from '../../rules/index'
import { parseSessionExport } from '../../export/render-json'
import { derivedValues, playerPoolsOf } from '../../projections/to-gm-view'
import { foldEncounters, type FoldedEncounter } from '../play/encounter-fold'
import type { ServiceEnv } from '../ports'
import { parseSessionRecords } from './session-records'

interface OpenReplay {
  handle: string
  sessionId: string
  campaignId: string
  title: string
  encounters: Map<string, { folded: FoldedEncounter; batches: number[]; records: EventRecord[] }>
}

export interface ReplayService {
  open(text: string): Result<ReplayOpened>
  step(handle: string, encounterId: string | undefined, to: number): Result<GmEncounterView>
  close(handle: string): { closed: boolean }
}

const MAX_OPEN = 8

/** 1-based step numbers whose batch starts a turn (for stepping turn by turn) */
function turnSteps(batches: number[], records: EventRecord[]): number[] {
  const starts = new Set(records.filter((x) => x.event.type === 'core.turnStarted').map((x) => x.batch))
  return batches.flatMap((b, i) => (starts.has(b) ? [i + 1] : []))
}

/** the header and records of an export or of ndjson text */
function readText(text: string): Result<{ header: Record<string, unknown> | null; records: Array<Record<string, unknown>>; firstLine: number; title?: string }> {
  const trimmed = text.trimStart()
  if (trimmed.startsWith('{')) {
    let whole: unknown = undefined
    try {
      whole = JSON.parse(trimmed)
    } catch {
      whole = undefined // not one JSON document: ndjson
    }
    if (whole && typeof whole === 'object' && 'format' in whole) {
      const imported = parseSessionExport(trimmed)
      if (!imported.ok) return imported
      return ok({ header: imported.value.header, records: imported.value.records, firstLine: 2, ...(imported.value.title ? { title: imported.value.title } : {}) })
    }
  }
  const lines = text.split('\n')
  const records: Array<Record<string, unknown>> = []
  let header: Record<string, unknown> | null = null
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch {
      if (i === 0) return refuse('invalid', core.en, 'refusal.core.replayNotLog', {}, { field: 'text' })
      continue
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue
    if (i === 0 && 'schemaVersion' in v && !('at' in v)) header = v as Record<string, unknown>
    else records.push(v as Record<string, unknown>)
  }
  return ok({ header, records, firstLine: header ? 2 : 1 })
}

export function createReplayService(env: Pick<ServiceEnv, 'newId'>): ReplayService {
  const open = new Map<string, OpenReplay>()

  const service: ReplayService = {
    open(text) {
      const read = readText(text)
      if (!read.ok) return read
      const parsed = parseSessionRecords(read.value.records, read.value.firstLine)
      const folded = foldEncounters(parsed.records)
      if (folded.size === 0) return refuse('invalid', core.en, 'refusal.core.replayNoEncounter', {}, { field: 'text' })
      const started = parsed.records.find((r) => r.record.kind === 'session.started')?.record
      const h = read.value.header ?? {}
      const r: OpenReplay = {
        handle: env.newId(),
        sessionId: String(h.sessionId ?? (started && 'sessionId' in started ? started.sessionId : '') ?? ''),
        campaignId: String(h.campaignId ?? ''),
        // an export's title is the session's current one (renamed after it started); raw ndjson has only the first
        title: read.value.title ?? (started && started.kind === 'session.started' ? started.title : String(h.title ?? '')),
        encounters: new Map(),
      }
      for (const [id, f] of folded) {
        const records = f.records.filter((x) => x.status === 'active')
        const batches = [...new Set(records.map((x) => x.batch))].filter((b) => b > 0)
        r.encounters.set(id, { folded: f, batches, records })
      }
      open.set(r.handle, r)
      while (open.size > MAX_OPEN) open.delete(open.keys().next().value as string)
      return ok({ handle: r.handle, sessionId: r.sessionId, title: r.title, encounters: [...r.encounters].map(([id, e]) => ({ id, name: e.folded.started.name, batches: e.batches.length, turnSteps: turnSteps(e.batches, e.records) })) })
    },

    step(handle, encounterId, to) {
      const r = open.get(handle)
      if (!r) return refuse('not-found', core.en, 'refusal.core.replayClosed', {}, { field: 'handle' })
      const id = encounterId ?? r.encounters.keys().next().value
      const e = id !== undefined ? r.encounters.get(id) : undefined
      if (!e || id === undefined) return refuse('not-found', core.en, 'refusal.core.replayNoSuchEncounter', {}, { field: 'encounterId', details: { encounterId } })
      const at = Math.min(to, e.batches.length)
      const allowed = new Set([0, ...e.batches.slice(0, at)])
      const records = e.records.filter((x) => allowed.has(x.batch))
      let state
      try {
        state = replay(records)
      } catch (x) {
        return refuse('invalid', core.en, 'refusal.core.replayBroken', {}, { field: 'encounterId', details: { problem: (x as Error).message } })
      }
      // a replay step is asked for, never pushed: it carries the whole log (the pane has nothing to page)
      const log = logEntries(records)
      return ok({
        encounter: { ...state, display: { ...e.folded.display } },
        log,
        logTotal: log.length,
        undo: null,
        redo: null,
        systemId: e.folded.started.systemId,
        campaignId: r.campaignId,
        sessionId: r.sessionId,
        shownToPlayers: false,
        replay: { handle, at, total: e.batches.length },
        derived: derivedValues(state, e.folded.started.systemId),
        playerPools: playerPoolsOf(state, e.folded.started.systemId),
      })
    },

    close(handle) {
      return { closed: open.delete(handle) }
    },
  }
  return service
}
