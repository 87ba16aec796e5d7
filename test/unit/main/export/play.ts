/**
 * Plays a short encounter through the real engine (seeded RNG, or dice given by hand) and writes it as a session
 * log, the record format of the session service, for the export tests (issue 27). `session()` normalizes it the
 * way `loadSession` does.
 */
import type { EncounterState, EngineCommand, EventRecord, Side } from '../../../../src-shared/domain/encounter'
import type { DisplayMode } from '../../../../src-shared/views/encounter-views'
import { engineDescribe, renderSession } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import type { ExportFormat, ExportLang, NormalizedSession } from '../../../../src-main/export/types'
import type { RuleSystem } from '../../../../src-main/rules/kit/system'
import { applyCommand, createEncounter, evolve, getSystem } from '../../../../src-main/rules/index'

const AT = '2026-12-01T20:00:00.000Z'

export interface Table {
  system: RuleSystem
  state: () => EncounterState
  /** run a command; throws when the engine refuses it */
  run: (command: Record<string, unknown>) => void
  /** add a combatant from the system's template of its kind; returns its id */
  add: (name: string, side: Side, opts?: { hidden?: boolean; block?: (b: Record<string, unknown>) => Record<string, unknown> }) => string
  display: (side: Side, mode: DisplayMode) => void
  /** the records so far (to carry them into the next session) */
  records: () => EventRecord[]
  /** the session log's records written so far */
  lines: object[]
}

export function play(systemId: string, script: (t: Table) => void, opts: { encounterId?: string; carried?: EventRecord[]; seed?: string } = {}): { log: string; session: NormalizedSession } {
  const found = getSystem(systemId)
  if (!found.ok) throw new Error(systemId)
  const system = found.value
  const encounterId = opts.encounterId ?? 'enc-1'
  const seed = opts.seed ?? `export-${systemId}`
  const made = createEncounter({ id: encounterId, name: 'The fight', systemId: system.id, seed })
  if (!made.ok) throw new Error(made.error.message)
  let state = made.value.state
  let records = made.value.records
  const lines: object[] = [
    { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's1' },
    { kind: 'session.started', at: AT, sessionId: 's1', title: 'Test night', date: '2026-12-01' },
  ]
  if (opts.carried) {
    // the encounter goes on from the session before: its records come along in `encounter.resumed`
    for (const r of opts.carried) if (r.status === 'active' && r.event.type !== 'core.encounterCreated') state = evolve(state, r.event)
    records = opts.carried
    lines.push({ kind: 'encounter.resumed', at: AT, encounterId, fromSessionId: 's0', planId: null, name: 'The fight', systemId, seed, records, display: {} })
  } else {
    lines.push({ kind: 'encounter.started', at: AT, encounterId, planId: null, name: 'The fight', systemId, seed })
    for (const record of records) lines.push({ kind: 'encounter.event', at: AT, encounterId, record })
  }
  const run = (command: Record<string, unknown>) => {
    const r = applyCommand(records, state, command as EngineCommand, { now: AT })
    if (!r.ok) throw new Error(`${String(command.type)}: ${r.error.message}`)
    const fresh = r.value.records.filter((x) => !records.some((y) => y.seq === x.seq))
    lines.push({ kind: 'encounter.command', at: AT, encounterId, batch: fresh[0]?.batch ?? 0, command })
    for (const record of fresh) lines.push({ kind: 'encounter.event', at: AT, encounterId, record })
    state = r.value.state
    records = r.value.records
  }
  const table: Table = {
    system,
    state: () => state,
    run,
    add: (name, side, o = {}) => {
      const kind = side === 'party' ? 'pc' : 'npc'
      const block = system.statBlockTemplates[kind](name)
      const before = new Set(state.combatants.map((c) => c.id))
      run({ type: 'addCombatant', statBlock: o.block ? o.block(block) : block, name, side, role: kind, hidden: o.hidden === true })
      const added = state.combatants.find((c) => !before.has(c.id))
      if (!added) throw new Error(`${name} was not added`)
      return added.id
    },
    display: (side, mode) => {
      lines.push({ kind: 'encounter.display', at: AT, encounterId, side, mode })
    },
    records: () => records,
    lines,
  }
  script(table)
  lines.push({ kind: 'session.ended', at: AT })
  const log = lines.map((l) => JSON.stringify(l)).join('\n')
  const session = normalizeSession(parseSessionLog(log), { sessionId: 's1', describe: engineDescribe, campaign: { name: 'Test campaign', systemId, session: null } })
  return { log, session }
}

export async function exportText(session: NormalizedSession, format: ExportFormat, lang: ExportLang, playerSafe: boolean): Promise<string> {
  const r = await renderSession(session, { format, lang, playerSafe })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as string
}
