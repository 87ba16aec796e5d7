/** What players see of a Storyteller combatant: the health descriptor (or boxes, per the side's setting). */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { PlayerCombatantView } from '../../kit/system'
import { boxes, filled, healthDescriptor, healthStatus, woundPenalty } from './mechanics/health'
import { stState, stStats, trackOf } from './mechanics/state'

export function playerView(state: EncounterState, c: Combatant): PlayerCombatantView {
  const w = stState(c).wounds
  const track = trackOf(c)
  const mode = state.display[c.side] ?? (c.side === 'party' || c.side === 'allies' ? 'exact' : 'descriptor')
  const health: PlayerCombatantView['health'] =
    mode === 'exact' ? { kind: 'exact', current: Math.max(0, boxes(track) - filled(w)), max: boxes(track) }
      : mode === 'descriptor' ? { kind: 'descriptor', key: `health.storyteller.${healthDescriptor(w, track)}` }
        : { kind: 'hidden' }
  const conditions = c.conditions.filter((k) => !k.gmOnly).map((k) => (k.value !== undefined ? { key: k.key, value: k.value } : { key: k.key }))
  const extra: Record<string, string | number | boolean> = {}
  if (mode === 'exact') {
    extra.woundPenalty = woundPenalty(w, track)
    extra.bashing = w.bashing
    extra.lethal = w.lethal
    extra.aggravated = w.aggravated
  }
  // the wheel is public: who acts on which tick (the player display draws it)
  if (c.initiative.value !== null && stStats(c)) extra.tick = c.initiative.value
  // 004: incapacitated (every health box filled), dead
  const status = healthStatus(w, track)
  return { id: c.id, name: c.name, side: c.side, health, conditions, extra, ...(status === 'incapacitated' || status === 'dead' ? { status } : {}) }
}
