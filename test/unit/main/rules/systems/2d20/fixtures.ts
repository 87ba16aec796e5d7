import { statBlock, type StatBlock } from '../../../../../../src-main/rules/systems/2d20/schema'

/** Validated stat blocks for the tests (a parse failure fails loudly with the field). */
export function parse(input: unknown): StatBlock {
  const r = statBlock.safeParse(input)
  if (!r.success) throw new Error(JSON.stringify(r.error.issues))
  return r.data
}

/** John Carter: Cunning 5, Daring 4 as in the seed's example (002:51-53); the rest chosen for the tests. */
export const johnCarter = {
  kind: 'pc', name: 'John Carter',
  attributes: { cunning: 5, daring: 4, empathy: 6, might: 8, passion: 7, reason: 5 },
  luck: 3, momentum: 2,
  weapons: [{ name: 'Longsword', kind: 'melee', damage: 3, qualities: ['sharp'] }, { name: 'Radium pistol', kind: 'shooting', damage: 4, qualities: [] }],
}

export const thark = {
  kind: 'npc', tier: 'monster', name: 'Green Martian warrior', menace: 2,
  attributes: { cunning: 6, daring: 7, empathy: 4, might: 9, passion: 6, reason: 4 },
  weapons: [{ name: 'Radium rifle', kind: 'shooting', damage: 4, qualities: [] }],
}

export const warriorMinion = {
  kind: 'npc', tier: 'minion', name: 'Thark warrior',
  attributes: { cunning: 5, daring: 5, empathy: 3, might: 6, passion: 5, reason: 3 },
}

import { stressMax, trackersOf, TRACKS, type Attributes, type Track } from '../../../../../../src-main/rules/systems/2d20/schema'
import type { Fighter } from '../../../../../../src-main/rules/systems/2d20/mechanics/attack'
import { emptyPools, type Pools } from '../../../../../../src-main/rules/systems/2d20/mechanics/pools'

/** A fighter (the rules' view of a combatant) from a stat block. */
export function fighter(id: string, input: unknown): Fighter {
  const sb = parse(input)
  const a = sb.attributes as Attributes
  const max = Object.fromEntries(TRACKS.map((t) => [t, stressMax(a, t)])) as Record<Track, number>
  return {
    id, side: sb.kind === 'npc' ? 'narrator' : 'players', attributes: a, afflictions: sb.afflictions, stress: sb.stress, max,
    trackers: trackersOf(sb), menace: sb.kind === 'npc' ? sb.menace : undefined, minion: sb.kind === 'npc' && sb.tier === 'minion',
  }
}

export const pools = (over: Partial<Pools> = {}): Pools => ({ ...emptyPools(), ...over })
