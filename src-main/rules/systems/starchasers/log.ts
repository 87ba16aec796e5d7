/** Log entries for Starchasers events: key `log.starchasers.<event>[.<variant>]` with flat params (texts in i18n/). */
import type { EngineEvent, LogEntry } from '@shared/domain/encounter'

const str = (v: unknown): string | number | boolean => (typeof v === 'number' || typeof v === 'boolean' ? v : v === null || v === undefined ? '' : String(v))

/** Log entry for a system event: key `log.starchasers.<event>` with flat params. */
export function logEntry(event: EngineEvent): Omit<LogEntry, 'seq'> | null {
  if (!event.type.startsWith('starchasers.')) return null
  const name = event.type.slice('starchasers.'.length)
  const e = event as Record<string, unknown>
  const params: Record<string, string | number | boolean> = {}
  const pick = ['name', 'attackerName', 'targetName', 'defenderName', 'weapon', 'move', 'band', 'defense', 'damage', 'stress', 'hpLost', 'hp', 'result', 'nextActiveName', 'attackType', 'attackValue', 'defenseValue', 'reason', 'amount', 'method', 'focusTokens', 'injuries', 'ability', 'usesLeft', 'zone', 'bounce', 'direction', 'needed', 'focus', 'meters', 'hazard', 'kind', 'phase', 'special', 'motivationGained', 'source', 'activeName', 'pool', 'fallDice', 'movementPoints', 'by', 'success', 'hits', 'free', 'crits', 'shape', 'what', 'list', 'count', 'why', 'needed', 'points', 'evades', 'absorbed', 'ionic', 'shieldHp', 'shield', 'reflected', 'spikes', 'restored', 'knockback', 'tokens', 'passiveAlertness', 'stealthSpent', 'shieldRounds', 'reaction']
  for (const k of pick) if (k in e) params[k] = str(e[k])
  if (name === 'attackResolved') {
    const o = e.outcome as { netHits: number; netCrits: number; success: boolean; criticalStrike: boolean; damage: number; stress: number; evades: number }
    Object.assign(params, { netHits: o.netHits, netCrits: o.netCrits, success: o.success, criticalStrike: o.criticalStrike, damage: o.damage, stress: o.stress, evades: o.evades })
  }
  if (name === 'grenadeThrown') params.onTarget = Boolean(e.onTarget)
  // words the templates translate: DOMINATE / CLASH / REPEL, defenses, duel types
  if (typeof e.result === 'string') params.result = `starchasers.duel.${e.result}`
  if (typeof e.defense === 'string') params.defense = `starchasers.defense.${e.defense}`
  if (typeof e.attackType === 'string') params.attackType = `starchasers.type.${e.attackType}`
  if (typeof e.status === 'string') params.status = `cond.starchasers.${e.status}`
  if (name === 'disarmed') params.why = `starchasers.disarmWhy.${str(e.why)}`
  // 000:1366-1372: which defense the ally used and why (the highest it can use now, or the GM's pick)
  if (name === 'allyDefended' && typeof e.reason === 'string') params.reason = `starchasers.allyReason.${e.reason}`
  if (name === 'turnStarted') return null
  if (name === 'duelEnded' && e.down) return { key: 'log.starchasers.duelEndedDown', params }
  if (name === 'moved' && e.reaction) return { key: 'log.starchasers.movedReaction', params }
  if (name === 'grapplingFocus') return { key: e.escaped ? 'log.starchasers.grapplingEscaped' : 'log.starchasers.grapplingCaught', params }
  if (name === 'senseAttack') return { key: e.afflicted ? 'log.starchasers.senseAfflicted' : 'log.starchasers.senseResisted', params }
  if (name === 'shieldHit' && !e.ionic) return { key: 'log.starchasers.shieldAbsorbed', params }
  if (name === 'shieldHit' && !e.absorbed) return { key: 'log.starchasers.shieldDrained', params }
  if (name === 'shieldTicked' && e.down) return { key: 'log.starchasers.shieldExpired', params }
  if (name === 'placed') return { key: 'log.starchasers.placed', params: { name: str(e.name), x: str(e.x), y: str(e.y) }, gmOnly: true }
  if (name === 'areaAttack' && e.shape === 'burst') return { key: 'log.starchasers.areaBurst', params }
  if (name === 'harmed') {
    if (e.died) return { key: 'log.starchasers.died', params }
    if (e.becameDying) return { key: 'log.starchasers.dying', params }
    if (e.injury) return { key: 'log.starchasers.injured', params }
    if (e.knockedOut) return { key: 'log.starchasers.knockedOut', params }
    if (!e.stress) return { key: 'log.starchasers.harmedHp', params }
    if (!e.damage) return { key: 'log.starchasers.harmedStress', params }
  }
  return { key: `log.starchasers.${name}`, params }
}
