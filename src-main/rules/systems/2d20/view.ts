/**
 * What players see of a 2d20 combatant, under the per-side display setting: 'exact' shows the tracks (health = the
 * Injury track left), 'descriptor' one word for the stress and afflictions (the default for narrator characters),
 * 'hidden' nothing. A PC's Luck and saved Momentum are always shown.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { PlayerCombatantView } from '../../kit/system'
import { AFFLICTIONS, TRACKS, trackersOf, type AfflictionValues, type StressValues } from './schema'
import { outStatus } from './mechanics/stress'
import { maxOf, poolSettingsOf, poolsOf, tdState, tdStats } from './mechanics/state'
import { partyMomentum } from './mechanics/pools'

/**
 * One word for a narrator character's condition: `dispatched`, `defeated`, `blackedOut`, `incapacitated`,
 * `afflicted` (any affliction), `strained` (a track at half or more), `shaken` (some stress) or `fresh`.
 */
export function stressDescriptor(stress: StressValues, max: StressValues, afflictions: AfflictionValues, opts: { menace?: number; dispatched?: boolean; blackedOut?: boolean } = {}): string {
  if (opts.dispatched) return 'dispatched'
  const o = outStatus(afflictions, opts.menace)
  if (o.defeated) return 'defeated'
  if (opts.blackedOut || o.blackedOut.length > 0) return 'blackedOut'
  if (o.incapacitated.length > 0) return 'incapacitated'
  if (AFFLICTIONS.some((a) => afflictions[a] > 0)) return 'afflicted'
  if (TRACKS.some((t) => stress[t] * 2 >= max[t] && stress[t] > 0)) return 'strained'
  if (TRACKS.some((t) => stress[t] > 0)) return 'shaken'
  return 'fresh'
}

export function playerView(state: EncounterState, c: Combatant): PlayerCombatantView {
  const sb = tdStats(c)
  const st = tdState(c)
  const max = maxOf(sb)
  const friendly = c.side === 'party' || c.side === 'allies'
  const mode = state.display[c.side] ?? (friendly ? 'exact' : 'descriptor')
  const injuryMax = max.injury
  const health: PlayerCombatantView['health'] =
    mode === 'hidden' ? { kind: 'hidden' }
      : mode === 'exact' && trackersOf(sb).includes('injury') ? { kind: 'exact', current: injuryMax - st.stress.injury, max: injuryMax }
        : { kind: 'descriptor', key: `2d20.stress.${stressDescriptor(st.stress, max, st.afflictions, { menace: sb.kind === 'npc' ? sb.menace : undefined, dispatched: st.dispatched, blackedOut: st.blackedOut })}` }
  const conditions = c.conditions.filter((k) => !k.gmOnly).map((k) => (k.value !== undefined ? { key: k.key, value: k.value } : { key: k.key }))
  const extra: Record<string, string | number | boolean> = {}
  if (mode === 'exact') {
    for (const t of trackersOf(sb)) { extra[t] = st.stress[t]; extra[`${t}Max`] = max[t] }
    for (const a of AFFLICTIONS) extra[a] = st.afflictions[a]
  }
  if (sb.kind === 'pc') { extra.luck = st.luck; extra.momentum = st.momentum }
  // 002:176, J4: incapacitated at 4 afflictions of a type, blacked out at 5, a monster past its Menace defeated
  const word = stressDescriptor(st.stress, max, st.afflictions, { menace: sb.kind === 'npc' ? sb.menace : undefined, dispatched: st.dispatched, blackedOut: st.blackedOut })
  const status = ['dispatched', 'defeated', 'blackedOut', 'incapacitated'].includes(word) ? word : undefined
  return { id: c.id, name: c.name, side: c.side, health, conditions, extra, ...(status ? { status } : {}) }
}

/**
 * The pools players see: the party's Momentum always (the party pool, or the PCs' saved Momentum summed, J1), the
 * narrator's Threat only when the GM shows it (`playerDisplay { showThreat }`, src-main/rules/systems/2d20/README.md). Each PC's Luck is in
 * its own `extra`. Only what players may see counts: a hidden combatant's saved Momentum would give it away (issue 27).
 */
export function playerPools(state: EncounterState): Record<string, number> {
  const p = poolsOf({ ...state, combatants: state.combatants.filter((c) => !c.hidden) })
  const out: Record<string, number> = { momentum: partyMomentum(p, poolSettingsOf(state)) }
  if (state.system.showThreat === true) out.threat = p.threat
  return out
}
