/**
 * Rebuilding a campaign's running encounters from its session logs (issue 5): the open session's, or those carried
 * out of the last one; once per campaign in a process, and on demand for an encounter a window names after a restart.
 */
import type { EncounterSummary } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import { getSystem, openHistory, type History } from '../../rules/index'
import type { SessionService } from '../sessions/session-service'
import { takeHistory } from './encounter-fold'
import { liveEncounter, type LiveEncounter } from './encounter-live'
import type { EncounterPush, Lives } from './encounter-push'

export interface EncounterRestore {
  /** rebuild the campaign's running encounters (idempotent); their summaries */
  restore(campaignId: string): Promise<Result<EncounterSummary[]>>
  /** restore the campaign once in this process */
  ensureRestored(campaignId: string): Promise<Result<void>>
  /** the live encounter, rebuilt from its campaign's log first when this process has not done so yet (a restart) */
  find(encounterId: string): Promise<LiveEncounter | undefined>
}

export function summary(l: LiveEncounter, lives: Lives): EncounterSummary {
  return {
    id: l.id,
    name: l.state.name,
    planId: l.planId,
    sessionId: l.sessionId,
    phase: l.state.turn.phase,
    round: l.state.turn.round,
    combatants: l.state.combatants.length,
    shownToPlayers: lives.shown === l.id,
  }
}

export function createEncounterRestore(sessions: SessionService, lives: Lives, push: EncounterPush, campaigns?: () => Promise<string[]>): EncounterRestore {
  /** campaigns whose open session was replayed in this process (restore is idempotent; once is enough) */
  const restored = new Set<string>()

  async function restore(campaignId: string): Promise<Result<EncounterSummary[]>> {
    const live = await sessions.liveEncounters(campaignId)
    if (!live.ok) return live
    for (const f of live.value?.encounters ?? []) {
      const eid = f.started.encounterId
      if (lives.all.has(eid)) continue
      const system = getSystem(f.started.systemId)
      if (!system.ok || f.records.length === 0) continue
      let history: History
      try {
        history = takeHistory(f) ?? openHistory(f.records)
      } catch {
        continue
      }
      const { sessionId, waiting } = live.value!
      lives.all.set(eid, liveEncounter(history, { id: eid, campaignId, sessionId, waiting, planId: f.started.planId, systemId: f.started.systemId, system: system.value, display: { ...f.display } }))
    }
    restored.add(campaignId)
    // the encounter its log last put on the player display, unless this process has shown one since (issue 27)
    const onDisplay = (live.value?.encounters ?? []).filter((f) => f.shown && lives.all.has(f.started.encounterId)).sort((a, b) => a.shown!.at.localeCompare(b.shown!.at)).at(-1)
    if (lives.shown === null && onDisplay) lives.shown = onDisplay.started.encounterId
    if (lives.shown !== null && lives.all.get(lives.shown)?.campaignId === campaignId) await push.pushBoard()
    return ok([...lives.all.values()].filter((l) => l.campaignId === campaignId).map((l) => summary(l, lives)))
  }

  async function ensureRestored(campaignId: string): Promise<Result<void>> {
    if (restored.has(campaignId)) return ok(undefined)
    const r = await restore(campaignId)
    if (!r.ok) return r
    restored.add(campaignId)
    return ok(undefined)
  }

  return {
    restore,
    ensureRestored,
    async find(encounterId) {
      const held = lives.all.get(encounterId)
      if (held || !campaigns) return held
      for (const campaignId of await campaigns()) {
        if (restored.has(campaignId)) continue
        await ensureRestored(campaignId)
        const l = lives.all.get(encounterId)
        if (l) return l
      }
      return undefined
    },
  }
}
