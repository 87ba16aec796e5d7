/** What players see of a Starchasers combatant. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { PlayerCombatantView } from '../../kit/system'
import { scState, scStats } from './mechanics/state'

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
  // 000:596, 000:701: Unconscious, Dying (the 7th Injury), Dead
  const status = st.dead ? 'dead' : st.dying ? 'dying' : st.unconscious ? 'unconscious' : undefined
  return { id: c.id, name: c.name, side: c.side, health, conditions, extra, ...(status ? { status } : {}) }
}
