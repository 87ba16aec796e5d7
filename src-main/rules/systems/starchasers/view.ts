/** What players see of a Starchasers combatant, and log entries (message keys in src-shared/i18n/log-starchasers.ts). */
import type { Combatant, EncounterState, EngineEvent, LogEntry } from '@shared/domain/encounter'
import type { PlayerCombatantView } from '../../core/system'
import { scState, scStats } from './state'

export function healthDescriptor(hp: number, max: number, dead: boolean, down: boolean): string {
  if (dead) return 'dead'
  if (down || hp <= 0) return 'down'
  if (hp >= max) return 'unhurt'
  return hp * 2 > max ? 'wounded' : 'bloodied'
}

export function playerView(state: EncounterState, c: Combatant): PlayerCombatantView {
  const st = scState(c)
  const mode = state.display[c.side] ?? (c.side === 'party' || c.side === 'allies' ? 'exact' : 'descriptor')
  const health: PlayerCombatantView['health'] =
    mode === 'exact' ? { kind: 'exact', current: st.hp, max: st.maxHp } : mode === 'descriptor' ? { kind: 'descriptor', key: `health.${healthDescriptor(st.hp, st.maxHp, st.dead, st.unconscious)}` } : { kind: 'hidden' }
  const conditions = c.conditions.filter((k) => !k.gmOnly).map((k) => (k.value !== undefined ? { key: k.key, value: k.value } : { key: k.key }))
  const extra: Record<string, string | number | boolean> = {}
  const kind = scStats(c).kind
  if (kind === 'pc' || (kind === 'ally' && c.side !== 'enemies')) {
    extra.injuries = st.injuries
    extra.stress = st.stress
    extra.stressCapacity = st.stressCapacity
    if (kind === 'pc') { extra.motivation = st.motivation; extra.vitality = st.vitality }
  }
  return { id: c.id, name: c.name, side: c.side, health, conditions, extra }
}

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
