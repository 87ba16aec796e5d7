/**
 * A 2d20 character's own sheet on its player's phone (issue 29): the stress tracks it has in full against their
 * maximums (002:157-159), its afflictions (J4), its Luck (002:92), its saved Momentum (J1, capped at its lowest
 * attribute) and the group's Momentum as the board shows it (`shared`: the party pool, or the PCs' saved Momentum
 * summed, J1). No health of its own: the tracks are the character's health.
 * What the player may ask to spend, one point each, paid by the `spend` command as the GM would enter it:
 * Luck for an additional Conflict action on its own turn (002:96, once a turn), Luck for a Second Wind that clears
 * one track with stress on it (002:98), Momentum for Obtain Information (002:84, one question) or an Additional
 * Movement (002:70). The spends that belong to a roll (a bonus d20, extra damage …) are part of that roll.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { SpendOption } from '@shared/views/character-views'
import type { CharacterSheet, PlayerSpends } from '../../kit/system'
import { currentActor } from '../../kit/state'
import { AFFLICTIONS, lowestAttribute, trackersOf, type Track } from './schema'
import { maxOf, poolSettingsOf, poolsOf, tdState, tdStats } from './mechanics/state'
import { partyMomentum } from './mechanics/pools'

/** the group's Momentum the board shows (view.ts playerPools: the visible characters only) */
function groupMomentum(state: EncounterState): number {
  return partyMomentum(poolsOf({ ...state, combatants: state.combatants.filter((c) => !c.hidden) }), poolSettingsOf(state))
}

export function twoD20CharacterSheet(state: EncounterState, c: Combatant): CharacterSheet {
  const sb = tdStats(c)
  const st = tdState(c)
  const max = maxOf(sb)
  const resources: CharacterSheet['resources'] = trackersOf(sb).map((t) => ({ key: `2d20.trackName.${t}`, value: st.stress[t], max: max[t] }))
  for (const a of AFFLICTIONS) resources.push({ key: `2d20.afflictionName.${a}`, value: st.afflictions[a] })
  if (sb.kind === 'pc') {
    resources.push({ key: '2d20.pools.luck', value: st.luck })
    if (poolSettingsOf(state).momentumPool === 'personal') resources.push({ key: '2d20.character.savedMomentum', value: st.momentum, max: lowestAttribute(sb.attributes) })
  }
  resources.push({ key: '2d20.pools.momentum', value: groupMomentum(state), shared: true })
  return { health: null, resources }
}

const inCombat = (s: EncounterState): boolean => s.turn.phase === 'combat' || s.turn.phase === 'surprise'

/** the Momentum this character may pay from: the party pool, or its own saved Momentum (J1) */
function momentumOf(state: EncounterState, c: Combatant): number {
  return poolSettingsOf(state).momentumPool === 'party' ? (state.pools.momentum ?? 0) : tdState(c).momentum
}

interface Spend { resource: string; label: string; left: number; command: EngineCommand }

/** every spend this character may ask for now */
function spends(state: EncounterState, c: Combatant): Spend[] {
  const sb = tdStats(c)
  if (sb.kind !== 'pc') return []
  const st = tdState(c)
  const out: Spend[] = []
  const by = c.id
  if (st.luck > 0) {
    // 002:96: once per turn, so on its own turn in a fight
    if (inCombat(state) && currentActor(state) === c.id && !st.budget.luckConflictBought) {
      out.push({ resource: 'luck.extraConflictAction', label: '2d20.character.luck.extraConflictAction', left: st.luck, command: { type: 'spend', by, request: { spend: 'extraConflictAction' } } })
    }
    // 002:98: all stress from one track
    for (const t of trackersOf(sb) as readonly Track[]) {
      if (st.stress[t] > 0) out.push({ resource: `luck.secondWind.${t}`, label: `2d20.character.luck.secondWind.${t}`, left: st.luck, command: { type: 'spend', by, request: { spend: 'secondWind' }, track: t } })
    }
  }
  const momentum = momentumOf(state, c)
  if (momentum > 0) {
    out.push({ resource: 'momentum.obtainInformation', label: '2d20.character.momentum.obtainInformation', left: momentum, command: { type: 'spend', by, request: { spend: 'obtainInformation', questions: 1 } } })
    out.push({ resource: 'momentum.additionalMovement', label: '2d20.character.momentum.additionalMovement', left: momentum, command: { type: 'spend', by, request: { spend: 'additionalMovement', ignoreObstacles: false } } })
  }
  return out
}

export const twoD20PlayerSpends: PlayerSpends = {
  options: (state, c): SpendOption[] => spends(state, c).map(({ resource, label, left }) => ({ resource, label, left })),
  command: (state, c, resource): EngineCommand | null => spends(state, c).find((s) => s.resource === resource)?.command ?? null,
}
