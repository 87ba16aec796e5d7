/**
 * Sample 2d20 stat blocks (invented for GM Console, in the spirit of seed 002): two PCs, an ally, minions, a
 * monster and a villain. Used by the tests, the worked examples and a sample campaign.
 */
import { statBlock, type StatBlock } from '../schema'

const raw: Record<string, unknown> = {
  johnCarter: {
    kind: 'pc', name: 'John Carter',
    attributes: { cunning: 5, daring: 4, empathy: 6, might: 8, passion: 7, reason: 5 },
    luck: 3, momentum: 0,
    weapons: [
      { name: 'Longsword', kind: 'melee', damage: 3, qualities: ['sharp'] },
      { name: 'Radium pistol', kind: 'shooting', damage: 4, qualities: [] },
      { name: 'Virginian scorn', kind: 'insult', damage: 2, qualities: [] },
    ],
  },
  dejahThoris: {
    kind: 'pc', name: 'Dejah Thoris',
    attributes: { cunning: 7, daring: 5, empathy: 8, might: 4, passion: 6, reason: 8 },
    luck: 3, momentum: 0,
    weapons: [
      { name: 'Radium rifle', kind: 'shooting', damage: 4, qualities: [] },
      { name: 'Royal rebuke', kind: 'insult', damage: 3, qualities: ['psychic'] },
    ],
  },
  woola: {
    kind: 'ally', name: 'Woola',
    attributes: { cunning: 6, daring: 8, empathy: 5, might: 9, passion: 7, reason: 2 },
    weapons: [{ name: 'Tusks and jaws', kind: 'melee', damage: 3, qualities: ['fearsome'] }],
  },
  tharkWarrior: {
    kind: 'npc', tier: 'minion', name: 'Thark warrior',
    attributes: { cunning: 5, daring: 6, empathy: 3, might: 7, passion: 5, reason: 3 },
    weapons: [{ name: 'Radium rifle', kind: 'shooting', damage: 4, qualities: [] }, { name: 'Long-sword', kind: 'melee', damage: 3, qualities: ['sharp'] }],
  },
  whiteApe: {
    kind: 'npc', tier: 'monster', name: 'White ape', menace: 3, trackers: ['fear', 'injury'],
    attributes: { cunning: 4, daring: 8, empathy: 2, might: 10, passion: 7, reason: 2 },
    weapons: [{ name: 'Four fists', kind: 'melee', damage: 4, qualities: ['fearsome'] }],
  },
  sabThan: {
    kind: 'npc', tier: 'villain', name: 'Sab Than', luck: 0,
    attributes: { cunning: 8, daring: 6, empathy: 4, might: 6, passion: 7, reason: 6 },
    weapons: [
      { name: 'Poisoned blade', kind: 'melee', damage: 3, qualities: ['sharp', 'poison'] },
      { name: 'Princely sneer', kind: 'insult', damage: 2, qualities: [] },
    ],
  },
}

export const SAMPLE_IDS = Object.keys(raw)

/** A sample stat block, validated (throws on a broken sample: a programming error). */
export function sample(id: string): StatBlock {
  const r = statBlock.safeParse(raw[id])
  if (!r.success) throw new Error(`2d20 sample ${id}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`)
  return r.data
}

/** The raw input of a sample (what a stat block editor or a JSON file holds). */
export const sampleInput = (id: string): unknown => structuredClone(raw[id])
