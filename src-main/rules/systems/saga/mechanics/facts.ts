/**
 * What a Saga event means for the export summary: who attacked whom, the damage each `saga.damageDealt` applied
 * (the one event per hit), knock-outs (a status change by damage or by the condition track, 001) and notable
 * rolls: every natural 20 on a d20 (001 critical threat, initiative included) and critical hits.
 */
import type { EngineEvent } from '@shared/domain/encounter'
import type { SystemEventFacts } from '../../../kit/system'

const OUT = new Set(['unconscious', 'dead', 'disabled', 'destroyed'])
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const rec = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined)

/** every d20 that came up 20, anywhere in the event */
function naturalTwenties(v: unknown, depth = 0): number {
  const o = rec(v)
  if (!o || depth > 6) return 0
  if (Array.isArray(o)) return o.reduce((n: number, x) => n + naturalTwenties(x, depth + 1), 0)
  if (o.die === 'd20') return o.value === 20 ? 1 : 0
  let n = 0
  for (const [k, x] of Object.entries(o)) if (k !== 'combatant' && k !== 'state' && k !== 'stats') n += naturalTwenties(x, depth + 1)
  return n
}

export function sagaFacts(event: EngineEvent): SystemEventFacts | null {
  const e = event as Record<string, unknown>
  const facts: SystemEventFacts = {}
  const notable: string[] = []
  for (let i = naturalTwenties(e); i > 0; i--) notable.push('nat20')
  switch (event.type) {
    case 'saga.attackRolled': {
      const first = Array.isArray(e.targets) ? rec(e.targets[0]) : undefined
      facts.actorId = str(e.attackerId) ?? str(e.attacker)
      facts.targetId = str(first?.id)
      if (e.crit === true) notable.push('crit')
      break
    }
    case 'saga.damageDealt': {
      const target = str(e.targetId) ?? str(e.target)
      if (!target) break
      facts.targetId = target
      const amount = num(e.dealt) ?? num(e.damage) ?? num(e.hpLoss) ?? num(e.amount) ?? 0
      // the attacker, when the damage came from an attack; GM-entered damage has none (the batch's actor counts)
      const source = str(e.attackerId) ?? str(e.sourceId) ?? str(e.source) ?? null
      if (amount > 0) facts.damage = { sourceId: source, targetId: target, amount }
      if (typeof e.status === 'string' && OUT.has(e.status) && e.statusBefore !== undefined && !OUT.has(String(e.statusBefore))) facts.knockout = { targetId: target }
      break
    }
    case 'saga.conditionTrackMoved': {
      facts.actorId = str(e.combatantId)
      // the bottom of the track knocks out (001): the status patch says so
      for (const c of Array.isArray(e.changes) ? e.changes : []) {
        const ch = rec(c)
        const status = rec(ch?.patch)?.status
        if (typeof ch?.id === 'string' && typeof status === 'string' && OUT.has(status)) facts.knockout = { targetId: ch.id }
      }
      break
    }
  }
  if (notable.length) facts.notable = notable
  return facts.actorId || facts.targetId || facts.damage || facts.knockout || facts.notable ? facts : null
}
