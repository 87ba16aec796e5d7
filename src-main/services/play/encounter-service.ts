/**
 * Live encounters (issue 5, main side): launch from a plan, commands through the engine with a recorded seed,
 * undo/redo, display settings, which encounter the player display shows, and rebuilding everything from the
 * session log on open (replay, never re-rolling). Every change is appended to the open session's log line by
 * line (format: session-service.ts), then `encounter:changed` (GM) and `player:view` (redacted) are pushed.
 */
import type { EncounterState, EventRecord, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { DisplayMode, EncounterSummary, GmEncounterView, LogPage, OddsView, PlayerBoardView, PlayerEncounterView } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { getSystem } from '../../rules/index'
import { validateCommand } from '../../rules/index'
import { createEncounter, openHistory, type History, type LogList, type Prepared } from '../../rules/index'
import type { RuleSystem } from '../../rules/kit/system'
import type { ParsedCommand } from '../../rules/kit/command'
import { logPage, toGmView } from '../../projections/to-gm-view'
import { toPlayerView } from '../../projections/to-player-view'
import type { ServiceEnv } from '../ports'
import type { SessionService } from '../sessions/session-service'
import type { SessionRecord } from '../sessions/session-records'
import { entryRefused, launchCommands } from '../../rules/plan-commands'
import { takeHistory } from './encounter-fold'

export interface LiveEncounter {
  id: string
  campaignId: string
  /** the session whose log it is written to; while `waiting`, the ended session it was carried out of */
  sessionId: string
  /** carried out of an ended session: the next change opens a new session and goes on there */
  waiting: boolean
  planId: string | null
  systemId: SystemId
  system: RuleSystem
  state: EncounterState
  records: readonly EventRecord[]
  /** the history's log lines (read through: described on the first read, the newest kept made) */
  readonly log: LogList
  /**
   * the records, log and state kept incrementally (a command, undo or redo costs its batch, not the encounter); its
   * log lines are built when first read (the first view), not by a restore
   */
  history: History
  /** seqs of records whose status changed since the last push (its view carries those older than its log window) */
  statusChanged: number[]
  display: Partial<Record<Side, DisplayMode>>
  /** serializes commands of this encounter */
  queue: Promise<unknown>
}

export interface EncounterService {
  launch(campaignId: string, planId: string): Promise<Result<GmEncounterView>>
  /** rebuild the campaign's running encounters from its logs (idempotent): the open session's, or those carried out of the last one */
  restore(campaignId: string): Promise<Result<EncounterSummary[]>>
  list(campaignId: string): Promise<Result<EncounterSummary[]>>
  get(encounterId: string): Result<GmEncounterView>
  /** older entries of the encounter's log: up to `limit` before index `before` (a view carries only the newest) */
  logPage(encounterId: string, before: number, limit: number): Result<LogPage>
  command(encounterId: string, command: Record<string, unknown>): Promise<Result<GmEncounterView>>
  odds(encounterId: string, command: Record<string, unknown>): Result<OddsView>
  undo(encounterId: string): Promise<Result<GmEncounterView>>
  redo(encounterId: string): Promise<Result<GmEncounterView>>
  setDisplay(encounterId: string, side: Side, mode: DisplayMode): Promise<Result<GmEncounterView>>
  /** put an encounter on the player display (null: "waiting"); written to its log, so a restart shows it again */
  showToPlayers(encounterId: string | null): Promise<Result<{ shown: string | null }>>
  /** the redacted player board (the `player:view` channel and push) */
  playerView(): Promise<PlayerBoardView>
  /** the campaign's player display settings changed (issue 27): read them again, and show the board by them */
  playerDisplayChanged(campaignId: string): Promise<void>
  live(encounterId: string): LiveEncounter | undefined
  /** rebuild the encounter from its campaign's log when this process does not hold it yet (after a restart: `get`,
   *  `logPage` and `odds` answer from what is held) */
  rebuild(encounterId: string): Promise<void>
}

// the refusal as it is (its key, params and rule source: issue 27), its field under the request's
const prefixField = <T>(r: Result<T>, prefix: string): Result<T> =>
  r.ok ? r : { ok: false, error: { ...r.error, field: r.error.field ? `${prefix}.${r.error.field}` : prefix } }

export interface EncounterServiceOptions {
  /** where the redacted encounter goes (the core's player board); default: publish a whole \`player:view\` */
  showOnBoard?: (encounter: PlayerEncounterView | null, campaign: { name: string | null; systemId: SystemId | null }) => void
  /**
   * the campaigns an encounter this process does not hold may belong to, most likely first (the wiring: the one on
   * the player board, then the list by last opened): after a restart a window's first call may name an encounter
   * before any campaign was opened again; each is rebuilt from its log once (issue 27)
   */
  campaigns?: () => Promise<string[]>
}

export function createEncounterService(env: ServiceEnv, sessions: SessionService, opts: EncounterServiceOptions = {}): EncounterService {
  const lives = new Map<string, LiveEncounter>()
  let shown: string | null = null

  const notFound = (encounterId: string) => refuse('not-found', core.en, 'refusal.core.noLiveEncounter', {}, { field: 'encounterId', details: { encounterId } })

  /** the live encounter, rebuilt from its campaign's log first when this process has not done so yet (a restart) */
  async function find(encounterId: string): Promise<LiveEncounter | undefined> {
    const held = lives.get(encounterId)
    if (held || !opts.campaigns) return held
    for (const campaignId of await opts.campaigns()) {
      if (restored.has(campaignId)) continue
      await ensureRestored(campaignId)
      const l = lives.get(encounterId)
      if (l) return l
    }
    return undefined
  }

  function gmView(l: LiveEncounter, statusChanged: readonly number[] = []): GmEncounterView {
    return toGmView({ state: l.state, records: l.records, log: l.log, statusChanged, systemId: l.systemId, campaignId: l.campaignId, sessionId: l.sessionId, shownToPlayers: shown === l.id })
  }

  /** campaign names and player display settings, read once per campaign (reading campaign.json on every push would
   *  copy the whole library) */
  const names = new Map<string, { name: string | null; hiddenTurn?: HiddenTurnDisplay }>()
  async function campaignOf(campaignId: string): Promise<{ name: string | null; hiddenTurn?: HiddenTurnDisplay }> {
    if (!names.has(campaignId)) {
      const f = await env.store.read(campaignId)
      names.set(campaignId, f.ok ? { name: f.value.name, hiddenTurn: f.value.playerDisplay?.hiddenTurn } : { name: null })
    }
    return names.get(campaignId) ?? { name: null }
  }

  async function playerView(): Promise<PlayerBoardView> {
    const l = shown ? lives.get(shown) : undefined
    if (!l) return { campaignName: null, systemId: null, encounter: null }
    const c = await campaignOf(l.campaignId)
    return toPlayerView({ campaignName: c.name, systemId: l.systemId, state: l.state, system: l.system, records: l.records, ...(c.hiddenTurn ? { hiddenTurn: c.hiddenTurn } : {}) })
  }

  const showOnBoard =
    opts.showOnBoard ?? ((encounter: PlayerEncounterView | null, c: { name: string | null; systemId: SystemId | null }) => env.publish('player:view', { campaignName: c.name, systemId: c.systemId, encounter }))

  const showView = (view: PlayerBoardView) => showOnBoard(view.encounter, { name: view.campaignName, systemId: view.systemId })
  /** the player board follows the shown encounter (redacted by to-player-view only) */
  async function pushBoard(): Promise<void> {
    showView(await playerView())
  }

  async function pushChanged(l: LiveEncounter): Promise<GmEncounterView> {
    const view = gmView(l, l.statusChanged)
    l.statusChanged = []
    // both views made before either is sent: the GM's windows and the player display then get theirs together, and
    // this process is not making the player view while the windows render the GM's (one 2-core machine runs all)
    const board = shown === l.id ? await playerView() : null
    env.publish('encounter:changed', view)
    if (board) showView(board)
    return view
  }

  /** run `f` after every earlier change of the same encounter */
  function serial<T>(l: LiveEncounter, f: () => Promise<T>): Promise<T> {
    const next = l.queue.then(f, f)
    l.queue = next.catch(() => undefined)
    return next
  }

  const eventLines = (l: Pick<LiveEncounter, 'id'>, recs: EventRecord[], at: string): SessionRecord[] =>
    recs.map((record) => ({ kind: 'encounter.event', at, encounterId: l.id, record }))

  /** where the next change of `l` is written: its session, or (carried out of an ended one) the next session */
  async function sessionOf(l: LiveEncounter): Promise<Result<string>> {
    if (!l.waiting) return ok(l.sessionId)
    const open = await sessions.ensureOpen(l.campaignId)
    if (!open.ok) return open
    // starting (or finding) the session carried the encounter in; the listener moved it there
    if (l.waiting) return refuse('conflict', core.en, 'refusal.core.notCarried', { name: l.state.name, session: open.value.title }, { field: 'encounterId' })
    return ok(l.sessionId)
  }

  /** append the records of one change of `l` (one write: whole or not at all) */
  async function write(l: LiveEncounter, records: SessionRecord[]): Promise<Result<void>> {
    const sessionId = await sessionOf(l)
    if (!sessionId.ok) return sessionId
    const wrote = await sessions.append(l.campaignId, sessionId.value, records)
    return wrote.ok ? ok(undefined) : wrote
  }

  interface Step {
    lines: SessionRecord[]
    prepared: Prepared
  }

  /** decide one parsed command on the encounter's history: its log lines and what `commit` takes in; writes nothing */
  function step(l: Pick<LiveEncounter, 'id' | 'history'>, command: ParsedCommand, at: string): Result<Step> {
    const prepared = l.history.prepare(command, { now: at })
    if (!prepared.ok) return prefixField(prepared, 'command')
    const lines: SessionRecord[] = [{ kind: 'encounter.command', at, encounterId: l.id, batch: prepared.value.batch, command }, ...eventLines(l, prepared.value.records, at)]
    return ok({ lines, prepared: prepared.value })
  }

  /** the live encounter's records, log and state after its history changed (the display is not an event: laid over) */
  function sync(l: LiveEncounter): void {
    l.records = l.history.records
    l.state = { ...l.history.state, display: { ...l.display } }
  }

  /** decide one parsed command, append its lines as one change, update the live encounter */
  async function apply(l: LiveEncounter, command: ParsedCommand): Promise<Result<void>> {
    const s = step(l, command, env.now())
    if (!s.ok) return s
    const wrote = await write(l, s.value.lines)
    if (!wrote.ok) return wrote
    // the redo branch the command discarded (undone → discarded): the next push carries their new status
    for (const r of l.history.commit(s.value.prepared)) l.statusChanged.push(r.seq)
    sync(l)
    return ok(undefined)
  }

  function systemOf(systemId: string): Result<RuleSystem> {
    const s = getSystem(systemId)
    return s.ok ? s : err(s.error.code, s.error.message, 'systemId', s.error.details)
  }

  function summary(l: LiveEncounter): EncounterSummary {
    return {
      id: l.id,
      name: l.state.name,
      planId: l.planId,
      sessionId: l.sessionId,
      phase: l.state.turn.phase,
      round: l.state.turn.round,
      combatants: l.state.combatants.length,
      shownToPlayers: shown === l.id,
    }
  }

  const service: EncounterService = {
    async launch(campaignId, planId) {
      names.delete(campaignId)
      const restoredFirst = await ensureRestored(campaignId)
      if (!restoredFirst.ok) return restoredFirst
      const file = await env.store.read(campaignId)
      if (!file.ok) return file
      const system = systemOf(file.value.systemId)
      if (!system.ok) return system
      const commands = launchCommands(file.value, planId, system.value)
      if (!commands.ok) return commands
      const session = await sessions.ensureOpen(campaignId)
      if (!session.ok) return session
      const plan = file.value.encounters.find((p) => p.id === planId)!
      const at = env.now()
      const id = env.newId()
      const seed = env.newSeed()
      const settings = file.value.systemSettings
      // the campaign's system settings, recorded only when set (older logs and settings-free campaigns stay as they were)
      const created = createEncounter({ id, name: plan.name, systemId: file.value.systemId, seed, ...(Object.keys(settings).length > 0 ? { settings } : {}) }, at)
      if (!created.ok) return created
      const history = openHistory(created.value.records, { state: created.value.state })
      const l: LiveEncounter = {
        id,
        campaignId,
        sessionId: session.value.id,
        waiting: false,
        planId,
        systemId: file.value.systemId,
        system: system.value,
        state: created.value.state,
        records: history.records,
        get log() {
          return history.log
        },
        history,
        statusChanged: [],
        display: {},
        queue: Promise.resolve(),
      }
      // the whole launch is one change: the encounter, then every combatant's command and events, in one write
      const lines: SessionRecord[] = [{ kind: 'encounter.started', at, encounterId: id, planId, name: plan.name, systemId: l.systemId, seed }, ...eventLines(l, created.value.records, at)]
      // the encounter is not live before its lines are on disk: its history takes each step in at once
      for (const [i, c] of commands.value.entries()) {
        // built from the campaign file: parsed here, once, as a window's command is (issue 28)
        const valid = prefixField(validateCommand(l.system, c), 'command')
        const s = valid.ok ? step(l, valid.value, at) : valid
        if (!s.ok) return entryRefused(s.error, c, i, s.error.field ?? `entries.${i}`)
        lines.push(...s.value.lines)
        history.commit(s.value.prepared)
      }
      const started = await sessions.append(campaignId, l.sessionId, lines)
      if (!started.ok) return started
      sync(l)
      lives.set(id, l)
      return ok(await pushChanged(l))
    },

    async restore(campaignId) {
      const live = await sessions.liveEncounters(campaignId)
      if (!live.ok) return live
      for (const f of live.value?.encounters ?? []) {
        const eid = f.started.encounterId
        if (lives.has(eid)) continue
        const system = getSystem(f.started.systemId)
        if (!system.ok || f.records.length === 0) continue
        let history: History
        try {
          history = takeHistory(f) ?? openHistory(f.records)
        } catch {
          continue
        }
        lives.set(eid, {
          id: eid,
          campaignId,
          sessionId: live.value!.sessionId,
          waiting: live.value!.waiting,
          planId: f.started.planId,
          systemId: f.started.systemId as SystemId,
          system: system.value,
          state: { ...history.state, display: { ...f.display } },
          records: history.records,
          get log() {
            return history.log
          },
          history,
          statusChanged: [],
          display: { ...f.display },
          queue: Promise.resolve(),
        })
      }
      restored.add(campaignId)
      // the encounter its log last put on the player display, unless this process has shown one since (issue 27)
      const onDisplay = (live.value?.encounters ?? []).filter((f) => f.shown && lives.has(f.started.encounterId)).sort((a, b) => a.shown!.at.localeCompare(b.shown!.at)).at(-1)
      if (shown === null && onDisplay) shown = onDisplay.started.encounterId
      if (shown !== null && lives.get(shown)?.campaignId === campaignId) await pushBoard()
      return ok([...lives.values()].filter((l) => l.campaignId === campaignId).map(summary))
    },

    async list(campaignId) {
      const r = await ensureRestored(campaignId)
      if (!r.ok) return r
      return ok([...lives.values()].filter((l) => l.campaignId === campaignId).map(summary))
    },

    get(encounterId) {
      const l = lives.get(encounterId)
      return l ? ok(gmView(l)) : notFound(encounterId)
    },

    logPage(encounterId, before, limit) {
      const l = lives.get(encounterId)
      return l ? ok(logPage(l.log, before, limit)) : notFound(encounterId)
    },

    async command(encounterId, command) {
      const l = await find(encounterId)
      if (!l) return notFound(encounterId)
      const valid = validateCommand(l.system, command)
      if (!valid.ok) return prefixField(valid, 'command')
      return serial(l, async () => {
        const r = await apply(l, valid.value)
        return r.ok ? ok(await pushChanged(l)) : r
      })
    },

    odds(encounterId, command) {
      const l = lives.get(encounterId)
      if (!l) return notFound(encounterId)
      const valid = validateCommand(l.system, command)
      if (!valid.ok) return prefixField(valid, 'command')
      if (!l.system.odds) return refuse('invalid', core.en, 'refusal.core.noOdds', {}, { field: 'command.type' })
      return prefixField(l.system.odds(l.state, valid.value), 'command')
    },

    undo: (encounterId) => history(encounterId, 'undo'),
    redo: (encounterId) => history(encounterId, 'redo'),

    async setDisplay(encounterId, side, mode) {
      const l = await find(encounterId)
      if (!l) return notFound(encounterId)
      return serial(l, async () => {
        const wrote = await write(l, [{ kind: 'encounter.display', at: env.now(), encounterId, side, mode }])
        if (!wrote.ok) return wrote
        l.display = { ...l.display, [side]: mode }
        l.state = { ...l.state, display: { ...l.display } }
        return ok(await pushChanged(l))
      })
    },

    async playerDisplayChanged(campaignId) {
      names.delete(campaignId)
      const l = shown ? lives.get(shown) : undefined
      if (l && l.campaignId === campaignId) await pushBoard()
    },
    async showToPlayers(encounterId) {
      const now = encounterId === null ? undefined : await find(encounterId)
      if (encounterId !== null && !now) return notFound(encounterId)
      const before = shown ? lives.get(shown) : undefined
      if (before !== now) {
        // on the display once its log says so (a restart shows it again); what it replaces, off it
        if (now) {
          const wrote = await serial(now, () => write(now, [{ kind: 'encounter.shown', at: env.now(), encounterId: now.id, shown: true }]))
          if (!wrote.ok) return wrote
        }
        // (one carried out of an ended session has no open log to say so, and opens no session just for this)
        if (before && !before.waiting) await serial(before, () => write(before, [{ kind: 'encounter.shown', at: env.now(), encounterId: before.id, shown: false }]))
      }
      shown = encounterId
      if (before) env.publish('encounter:changed', gmView(before))
      if (now) env.publish('encounter:changed', gmView(now))
      await pushBoard()
      return ok({ shown })
    },

    playerView,
    live: (encounterId) => lives.get(encounterId),
    rebuild: async (encounterId) => void (await find(encounterId)),
  }

  // a session ended or started: its running encounters wait for the next session, end, or go on in the new one
  sessions.onEncounters((move) => {
    if (move.type === 'ended') {
      for (const id of move.carried) {
        const l = lives.get(id)
        if (l) l.waiting = true
      }
      for (const id of move.ended) {
        lives.delete(id)
        if (shown === id) {
          shown = null
          void pushBoard()
        }
      }
      return
    }
    for (const id of move.encounterIds) {
      const l = lives.get(id)
      if (!l) continue
      l.sessionId = move.sessionId
      l.waiting = false
      env.publish('encounter:changed', gmView(l))
    }
  })

  /** campaigns whose open session was replayed in this process (restore is idempotent; once is enough) */
  const restored = new Set<string>()
  async function ensureRestored(campaignId: string): Promise<Result<void>> {
    if (restored.has(campaignId)) return ok(undefined)
    const r = await service.restore(campaignId)
    if (!r.ok) return r
    restored.add(campaignId)
    return ok(undefined)
  }

  async function history(encounterId: string, which: 'undo' | 'redo'): Promise<Result<GmEncounterView>> {
    const l = await find(encounterId)
    if (!l) return notFound(encounterId)
    return serial(l, async () => {
      const batch = which === 'undo' ? l.history.lastActive() : l.history.firstUndone()
      if (batch === undefined) return which === 'undo' ? refuse('rule', core.en, 'refusal.core.nothingToUndo') : refuse('rule', core.en, 'refusal.core.nothingToRedo')
      const wrote = await write(l, [{ kind: which === 'undo' ? 'encounter.undo' : 'encounter.redo', at: env.now(), encounterId, batch }])
      if (!wrote.ok) return wrote
      const r = which === 'undo' ? l.history.undo() : l.history.redo()
      if (!r.ok) return r
      for (const x of r.value.changed) l.statusChanged.push(x.seq)
      sync(l)
      return ok(await pushChanged(l))
    })
  }

  return service
}
