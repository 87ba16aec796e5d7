/**
 * Launching a plan (issue 5): a new encounter with a recorded seed, the party and the plan's entries added by commands
 * (each parsed once, as a window's command is: issue 28), all written as one change before the encounter is live.
 */
import type { GmEncounterView } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import { createEncounter, getSystem, openHistory } from '../../rules/index'
import type { RuleSystem } from '../../rules/kit/system'
import type { ServiceEnv } from '../ports'
import type { SessionService } from '../sessions/session-service'
import type { SessionRecord } from '../sessions/session-records'
import { entryRefused, launchCommands } from '../../rules/plan-commands'
import { liveEncounter, sync } from './encounter-live'
import { eventLines } from './encounter-writer'
import { parseCommand, stepCommand } from './encounter-command'
import type { EncounterPush, Lives } from './encounter-push'
import type { EncounterRestore } from './encounter-restore'

function systemOf(systemId: string): Result<RuleSystem> {
  const s = getSystem(systemId)
  return s.ok ? s : err(s.error.code, s.error.message, 'systemId', s.error.details)
}

export type Launch = (campaignId: string, planId: string) => Promise<Result<GmEncounterView>>

export function createLaunch(env: ServiceEnv, sessions: SessionService, lives: Lives, push: EncounterPush, restore: EncounterRestore): Launch {
  return async (campaignId, planId) => {
    push.forget(campaignId)
    const restoredFirst = await restore.ensureRestored(campaignId)
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
    const l = liveEncounter(history, { id, campaignId, sessionId: session.value.id, waiting: false, planId, systemId: file.value.systemId, system: system.value, display: {} })
    // the whole launch is one change: the encounter, then every combatant's command and events, in one write
    const lines: SessionRecord[] = [{ kind: 'encounter.started', at, encounterId: id, planId, name: plan.name, systemId: l.systemId, seed }, ...eventLines(l, created.value.records, at)]
    // the encounter is not live before its lines are on disk: its history takes each step in at once
    for (const [i, c] of commands.value.entries()) {
      // built from the campaign file: parsed here, once, as a window's command is (issue 28)
      const valid = parseCommand(l, c)
      const s = valid.ok ? stepCommand(l, valid.value, at) : valid
      if (!s.ok) return entryRefused(s.error, c, i, s.error.field ?? `entries.${i}`)
      lines.push(...s.value.lines)
      history.commit(s.value.prepared)
    }
    const started = await sessions.append(campaignId, l.sessionId, lines)
    if (!started.ok) return started
    sync(l)
    lives.all.set(id, l)
    return ok(await push.pushChanged(l))
  }
}
