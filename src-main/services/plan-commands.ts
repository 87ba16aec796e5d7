/** An encounter plan as engine commands: the party, then each entry as numbered instances (counts). */
import type { CampaignFile } from '@shared/domain/campaign'
import type { EngineCommand } from '@shared/domain/encounter'
import { err, ok, type Result } from '@shared/result'
import type { RuleSystem } from '../rules/core/system'

/** the addCombatant commands of a plan: the party first (unless the plan lists them), then the plan's entries */
export function launchCommands(file: CampaignFile, planId: string, system: RuleSystem): Result<EngineCommand[]> {
  const plan = file.encounters.find((p) => p.id === planId)
  if (!plan) return err('not-found', `no encounter plan ${planId}`, 'planId')
  const byId = new Map(file.library.map((r) => [r.id, r]))
  const commands: EngineCommand[] = []
  const inPlan = new Set(plan.entries.map((e) => e.statBlockId))
  for (const [i, pid] of file.party.entries()) {
    if (inPlan.has(pid)) continue
    const rec = byId.get(pid)
    if (!rec) return err('not-found', `party member ${pid} is not in the library`, `party.${i}`)
    const made = system.createCombatant(rec.data)
    if (!made.ok) return err('invalid', `party member "${rec.name}": ${made.error.message}`, `party.${i}${made.error.field ? `.data.${made.error.field}` : ''}`)
    commands.push({ type: 'addCombatant', statBlock: rec.data, name: rec.name, templateId: rec.id, side: 'party', role: rec.kind })
  }
  for (const [i, e] of plan.entries.entries()) {
    const rec = byId.get(e.statBlockId)
    if (!rec) return err('not-found', `stat block ${e.statBlockId} is not in the library`, `entries.${i}.statBlockId`)
    const made = system.createCombatant(rec.data)
    if (!made.ok) return err('invalid', `"${rec.name}": ${made.error.message}`, `entries.${i}.data${made.error.field ? `.${made.error.field}` : ''}`)
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
