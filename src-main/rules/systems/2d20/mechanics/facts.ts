/**
 * What a 2d20 event means for the export summary: attackers and targets, the stress each attack, harm or blast
 * dealt (all tracks together), take-outs (blacked out, defeated, dispatched: `2d20.statusChanged`) and the notable
 * rolls: complications (J1) and afflictions (002:172-175).
 */
import type { CoreEvent } from '../../../kit/events'
import type { TwoD20Event } from '../events'
import type { SystemEventFacts } from '../../../kit/system'

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const total = (v: unknown): number => (v && typeof v === 'object' ? Object.values(v as Record<string, unknown>).reduce<number>((s, n) => s + (typeof n === 'number' ? n : 0), 0) : 0)

const NOTABLE_AFFLICTION: Record<string, string> = { wounds: 'wound', trauma: 'trauma', madness: 'madness' }

export function twoD20Facts(event: CoreEvent | TwoD20Event): SystemEventFacts | null {
  if (!event.type.startsWith('2d20.')) return null
  const e = event as Record<string, unknown>
  const facts: SystemEventFacts = {}
  const notable: string[] = []
  switch (event.type) {
    case '2d20.attacked': {
      const attackerId = str(e.attackerId)
      const targetId = str(e.targetId)
      if (attackerId) facts.actorId = attackerId
      if (targetId) facts.targetId = targetId
      const amount = total(e.byTrack)
      if (targetId && amount > 0) facts.damage = { sourceId: attackerId ?? null, targetId, amount }
      const c = ((e.attack as { complications?: number } | undefined)?.complications ?? 0) + ((e.defense as { complications?: number } | undefined)?.complications ?? 0)
      for (let i = 0; i < c; i++) notable.push('complication')
      if (e.counterstrike === true) notable.push('counterstrike')
      break
    }
    case '2d20.harmed':
    case '2d20.blasted': {
      const targetId = str(e.combatantId)
      if (!targetId) return null
      facts.targetId = targetId
      const amount = total(e.byTrack)
      if (amount > 0) facts.damage = { sourceId: null, targetId, amount }
      break
    }
    case '2d20.tested':
    case '2d20.recovered': {
      const actor = str(e.combatantId) ?? str(e.testerId)
      if (actor) facts.actorId = actor
      for (let i = 0; i < (typeof e.complications === 'number' ? e.complications : 0); i++) notable.push('complication')
      break
    }
    case '2d20.afflicted':
      if (str(e.combatantId)) facts.targetId = str(e.combatantId)
      // which affliction (002:168): a Wound, a Trauma, Madness
      notable.push(NOTABLE_AFFLICTION[String(e.affliction)] ?? 'affliction')
      break
    case '2d20.statusChanged': {
      const id = str(e.combatantId)
      if (id) facts.targetId = id
      if (id && e.status !== 'incapacitated') facts.knockout = { targetId: id }
      // 002:176: incapacitated is not out of the fight, but the table should read it
      if (e.status === 'incapacitated') notable.push('incapacitated')
      break
    }
    default:
      return null
  }
  if (notable.length) facts.notable = notable
  return facts
}
