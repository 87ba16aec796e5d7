/**
 * Social rolls (004 "Social Combat"): Presence (Charisma + Presence) sets an emotion, Persuasion (Manipulation +
 * Persuasion; or Manipulation + Politics, Charisma + Command; Charisma + Animal Ken for creatures) commits the NPC to
 * an action; both roll against the NPC's Mental DV with the GM's circumstantial modifiers, and "Successes determine
 * degree". T7: net successes (raw − Mental DV) are the degree; the seed gives no scale, so the named degrees below
 * are a display scale over that number (settings `socialDegrees`, decided in src-main/rules/systems/storyteller/README.md).
 */
import { resolveAccuracy } from './combat'
import { epicAutosuccesses, makePool, type Pool, type PoolRoll } from './dice'
import type { Ability, Attribute, StatBlock } from '../schema'
import type { StorytellerSettings } from './settings'

export const SOCIAL_ROLLS = ['presence', 'persuasion', 'politics', 'command', 'animalKen'] as const
export type SocialRoll = (typeof SOCIAL_ROLLS)[number]

export const SOCIAL_POOLS: Record<SocialRoll, { attribute: Attribute; ability: Ability; aim: 'emotion' | 'action' }> = {
  presence: { attribute: 'charisma', ability: 'presence', aim: 'emotion' },
  persuasion: { attribute: 'manipulation', ability: 'persuasion', aim: 'action' },
  politics: { attribute: 'manipulation', ability: 'politics', aim: 'action' },
  command: { attribute: 'charisma', ability: 'command', aim: 'action' },
  animalKen: { attribute: 'charisma', ability: 'animalKen', aim: 'emotion' },
}

export function socialPool(sb: StatBlock, kind: SocialRoll, s: StorytellerSettings, mods: { modifier?: number; woundPenalty?: number } = {}): Pool {
  const { attribute, ability } = SOCIAL_POOLS[kind]
  return makePool([
    { key: attribute, value: sb.attributes[attribute] },
    { key: ability, value: sb.abilities[ability] ?? 0 },
    { key: 'modifier', value: mods.modifier ?? 0 },
    { key: 'wound', value: mods.woundPenalty ?? 0 },
  ], epicAutosuccesses(sb.epic[attribute] ?? 0, s.epicTable))
}

export type SocialDegree = 'none' | 'slight' | 'moderate' | 'strong' | 'total'

/** T7 display scale: below 0 (or no raw success, T3) none; then slight, moderate, strong, total by the thresholds. */
export function socialDegree(net: number, success: boolean, s: StorytellerSettings): SocialDegree {
  if (!success) return 'none'
  const d = s.socialDegrees
  return net >= d.total ? 'total' : net >= d.strong ? 'strong' : net >= d.moderate ? 'moderate' : 'slight'
}

export interface SocialOutcome {
  raw: number
  dv: number
  net: number
  success: boolean
  degree: SocialDegree
  botch: boolean
}

/** T7: net = raw − Mental DV; an effect at net ≥ 0 (with T3's raw ≥ 1, as for attacks). */
export function resolveSocial(roll: Pick<PoolRoll, 'successes' | 'botch'>, mentalDv: number, s: StorytellerSettings): SocialOutcome {
  const { raw, dv, net, hit, botch } = resolveAccuracy(roll, mentalDv, s)
  return { raw, dv, net, success: hit, degree: socialDegree(net, hit, s), botch }
}
