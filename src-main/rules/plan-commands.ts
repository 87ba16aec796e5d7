/** An encounter plan as engine commands: the party, then each entry as numbered instances (counts). */
import type { CampaignFile } from '@shared/domain/campaign'
import type { EngineCommand } from '@shared/domain/encounter'
import { err, ok, type AppError, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { nestedRefusal, refuse } from './kit/refuse'
import type { RuleSystem } from './kit/system'

/**
 * A stat block of the plan the system refuses: a bad value keeps its issue (the screen says it at the field, in
 * the reader's language); any other refusal is said inside "<name> cannot join: …" (issue 27, defect 9).
 */
function partRefused(e: AppError, key: 'refusal.core.partyMemberRefused' | 'refusal.core.planEntryRefused', name: string, field: string) {
  const issue = e.details?.issue
  if (issue) return err('invalid', `"${name}": ${e.message}`, field, { issue, name })
  // `entry`, not `name`: the nested sentence may name someone itself
  return refuse('invalid', core.en, key, { ...nestedRefusal(e), entry: name }, { field })
}

/**
 * A plan's combatant the engine refuses as the fight is set up, named by its name (issue 27, defect 9): a bad value
 * keeps its issue (said at the field), any other refusal is said inside "<name> could not be added to the fight: …".
 */
export function entryRefused(e: AppError, c: EngineCommand, i: number, field = `entries.${i}`) {
  const name = (c as { name?: unknown }).name
  const entry = typeof name === 'string' ? name : `#${i + 1}`
  if (e.details?.issue) return err('invalid', `${entry}: ${e.message}`, field, { issue: e.details.issue, entry })
  return refuse(e.code, core.en, 'refusal.core.planEntryNotAdded', { ...nestedRefusal(e), entry }, { field, ...(e.cite ? { cite: e.cite } : {}) })
}

/** the addCombatant commands of a plan: the party first (unless the plan lists them), then the plan's entries */
export function launchCommands(file: CampaignFile, planId: string, system: RuleSystem): Result<EngineCommand[]> {
  const plan = file.encounters.find((p) => p.id === planId)
  if (!plan) return refuse('not-found', core.en, 'refusal.core.noPlan', {}, { field: 'planId', details: { planId } })
  const byId = new Map(file.library.map((r) => [r.id, r]))
  const commands: EngineCommand[] = []
  const inPlan = new Set(plan.entries.map((e) => e.statBlockId))
  for (const [i, pid] of file.party.entries()) {
    if (inPlan.has(pid)) continue
    const rec = byId.get(pid)
    if (!rec) return refuse('not-found', core.en, 'refusal.core.partyMemberGone', {}, { field: `party.${i}`, details: { statBlockId: pid } })
    const made = system.createCombatant(rec.data)
    if (!made.ok) return partRefused(made.error, 'refusal.core.partyMemberRefused', rec.name, `party.${i}${made.error.field ? `.data.${made.error.field}` : ''}`)
    commands.push({ type: 'addCombatant', statBlock: rec.data, name: rec.name, templateId: rec.id, side: 'party', role: rec.kind })
  }
  for (const [i, e] of plan.entries.entries()) {
    const rec = byId.get(e.statBlockId)
    if (!rec) return refuse('not-found', core.en, 'refusal.core.planStatBlockGone', { n: i + 1 }, { field: `entries.${i}.statBlockId`, details: { statBlockId: e.statBlockId } })
    const made = system.createCombatant(rec.data)
    if (!made.ok) return partRefused(made.error, 'refusal.core.planEntryRefused', rec.name, `entries.${i}.data${made.error.field ? `.${made.error.field}` : ''}`)
    commands.push({
      type: 'addCombatant',
      statBlock: rec.data,
      name: rec.name,
      templateId: rec.id,
      count: e.count,
      side: e.side,
      role: rec.kind,
      aware: e.aware,
      hidden: e.hidden,
      ...(e.band ? { position: { band: e.band } } : {}),
    })
  }
  return ok(commands)
}
