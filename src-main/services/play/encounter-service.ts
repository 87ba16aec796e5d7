/**
 * Live encounters (issue 5, main side): launch from a plan, commands through the engine with a recorded seed,
 * undo/redo, display settings, which encounter the player display shows, and rebuilding everything from the
 * session log on open (replay, never re-rolling). Every change is appended to the open session's log line by
 * line (format: session-service.ts), then `encounter:changed` (GM) and `player:view` (redacted) are pushed.
 */
import type { Side } from '@shared/domain/encounter'
import type { DisplayMode, EncounterSummary, GmEncounterView, LogPage, OddsView, PlayerBoardView } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import { logPage } from '../../projections/to-gm-view'
import type { ServiceEnv } from '../ports'
import type { SessionService } from '../sessions/session-service'
import { noLiveEncounter, type LiveEncounter } from './encounter-live'
import { createEncounterPush, type Lives, type ShowOnBoard } from './encounter-push'
import { createEncounterWriter } from './encounter-writer'
import { createCommandPath } from './encounter-command'
import { createEncounterRestore, summary } from './encounter-restore'
import { createLaunch } from './encounter-launch'
import { createEncounterDisplay } from './encounter-display'
import { createUndoRedo } from './encounter-undo'

export type { LiveEncounter }

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
  /** the encounter on the player display, when this process holds it */
  shown(): LiveEncounter | undefined
  /** rebuild the encounter from its campaign's log when this process does not hold it yet (after a restart: `get`,
   *  `logPage` and `odds` answer from what is held) */
  rebuild(encounterId: string): Promise<void>
}

export interface EncounterServiceOptions {
  /** where the redacted encounter goes (the core's player board); default: publish a whole \`player:view\` */
  showOnBoard?: ShowOnBoard
  /**
   * the campaigns an encounter this process does not hold may belong to, most likely first (the wiring: the one on
   * the player board, then the list by last opened): after a restart a window's first call may name an encounter
   * before any campaign was opened again; each is rebuilt from its log once (issue 27)
   */
  campaigns?: () => Promise<string[]>
}

/** The service over its pieces (beside it): the views and pushes, the writer, the command path, restore and launch. */
export function createEncounterService(env: ServiceEnv, sessions: SessionService, opts: EncounterServiceOptions = {}): EncounterService {
  const lives: Lives = { all: new Map(), shown: null }
  const push = createEncounterPush(env, lives, opts.showOnBoard)
  const writer = createEncounterWriter(sessions)
  const path = createCommandPath(env, writer, push)
  const restore = createEncounterRestore(sessions, lives, push, opts.campaigns)
  const { find } = restore
  const display = createEncounterDisplay(env, lives, push, writer, find)
  const undoRedo = createUndoRedo(env, push, writer, find)

  const service: EncounterService = {
    launch: createLaunch(env, sessions, lives, push, restore),
    restore: restore.restore,

    async list(campaignId) {
      const r = await restore.ensureRestored(campaignId)
      if (!r.ok) return r
      return ok([...lives.all.values()].filter((l) => l.campaignId === campaignId).map((l) => summary(l, lives)))
    },

    get(encounterId) {
      const l = lives.all.get(encounterId)
      return l ? ok(push.gmView(l)) : noLiveEncounter(encounterId)
    },

    logPage(encounterId, before, limit) {
      const l = lives.all.get(encounterId)
      return l ? ok(logPage(l.log, before, limit)) : noLiveEncounter(encounterId)
    },

    async command(encounterId, command) {
      const l = await find(encounterId)
      return l ? path.command(l, command) : noLiveEncounter(encounterId)
    },

    odds(encounterId, command) {
      const l = lives.all.get(encounterId)
      return l ? path.odds(l, command) : noLiveEncounter(encounterId)
    },

    undo: (encounterId) => undoRedo(encounterId, 'undo'),
    redo: (encounterId) => undoRedo(encounterId, 'redo'),

    setDisplay: display.setDisplay,
    playerDisplayChanged: display.playerDisplayChanged,
    showToPlayers: display.showToPlayers,

    playerView: push.playerView,
    live: (encounterId) => lives.all.get(encounterId),
    shown: () => (lives.shown ? lives.all.get(lives.shown) : undefined),
    rebuild: async (encounterId) => void (await find(encounterId)),
  }

  // a session ended or started: its running encounters wait for the next session, end, or go on in the new one
  sessions.onEncounters((move) => {
    if (move.type === 'ended') {
      for (const id of move.carried) {
        const l = lives.all.get(id)
        if (l) l.waiting = true
      }
      for (const id of move.ended) {
        lives.all.delete(id)
        if (lives.shown === id) {
          lives.shown = null
          void push.pushBoard()
        }
      }
      return
    }
    for (const id of move.encounterIds) {
      const l = lives.all.get(id)
      if (!l) continue
      l.sessionId = move.sessionId
      l.waiting = false
      env.publish('encounter:changed', push.gmView(l))
    }
  })

  return service
}
