/** What players may see of a Saga combatant (redacted in main): health per the GM's display setting. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { PlayerCombatantView } from '../../kit/system'
import { sagaState } from './mechanics/state'

/** unhurt / wounded / bloodied (≤ half) / down (0 HP or out) / dead */
export function healthDescriptor(c: Combatant): string {
  const st = sagaState(c)
  if (st.status === 'dead' || st.status === 'destroyed') return 'health.dead'
  if (st.status !== 'ok' || st.hp === 0) return 'health.down'
  if (st.hp >= st.maxHp) return 'health.unhurt'
  return st.hp * 2 <= st.maxHp ? 'health.bloodied' : 'health.wounded'
}

export function sagaPlayerView(state: EncounterState, c: Combatant): PlayerCombatantView {
  const st = sagaState(c)
  // the same default as the GM's display settings (to-player-view DEFAULT_DISPLAY): party and allies exactly
  const mode = state.display[c.side] ?? (c.side === 'party' || c.side === 'allies' ? 'exact' : 'descriptor')
  const health: PlayerCombatantView['health'] =
    mode === 'exact' ? { kind: 'exact', current: st.hp, max: st.maxHp } : mode === 'descriptor' ? { kind: 'descriptor', key: healthDescriptor(c) } : { kind: 'hidden' }
  const view: PlayerCombatantView = {
    id: c.id,
    name: c.name,
    side: c.side,
    health,
    conditions: c.conditions.filter((k) => !k.gmOnly).map((k) => (k.value !== undefined ? { key: k.key, value: k.value } : { key: k.key })),
  }
  // the condition track step of the party is table knowledge
  if (c.side === 'party' || c.side === 'allies') view.extra = { conditionTrack: st.ct, prone: st.prone, status: st.status }
  else view.extra = { prone: st.prone, down: st.status !== 'ok' }
  // 001:86-100: unconscious, dead (a droid: disabled, destroyed), as the table names it
  if (st.status !== 'ok') view.status = st.status
  return view
}
