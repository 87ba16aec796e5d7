/**
 * What a Starchasers event means for the export summary: the attacker and target of attacks and duel exchanges,
 * the damage each `starchasers.harmed` applied (the one event per hit; its `source` is a reason such as
 * 'attack', so the batch's attacker is the source), knock-outs (unconscious, dying or dead, 000:615-631) and
 * notable outcomes: a duel's DOMINATE (S14).
 */
import type { EngineEvent } from '@shared/domain/encounter'
import type { SystemEventFacts } from '../../../kit/system'

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

export function starchasersFacts(event: EngineEvent): SystemEventFacts | null {
  const e = event as Record<string, unknown>
  if (!event.type.startsWith('starchasers.')) return null
  const facts: SystemEventFacts = {}
  const notable: string[] = []
  if (event.type === 'starchasers.harmed') {
    const target = str(e.targetId) ?? str(e.combatantId)
    if (!target) return null
    // the one who was harmed is the target, not an actor
    facts.actorId = undefined
    facts.targetId = target
    const amount = num(e.damage) ?? num(e.hpLost) ?? 0
    if (amount > 0) facts.damage = { sourceId: str(e.attackerId) ?? null, targetId: target, amount }
  } else {
    const target = str(e.targetId) ?? str(e.defenderId)
    if (target) facts.targetId = target
  }
  const koTarget = str(e.targetId) ?? str(e.combatantId) ?? str(e.defenderId)
  if (koTarget && (e.knockedOut === true || e.died === true || e.becameDying === true || e.unconscious === true)) facts.knockout = { targetId: koTarget }
  if (String(e.result).toLowerCase() === 'dominate' || String(e.outcome).toLowerCase() === 'dominate') notable.push('dominate')
  if (notable.length) facts.notable = notable
  return facts
}
