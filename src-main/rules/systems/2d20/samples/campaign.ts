/**
 * "John Carter: The Pits of Warhoon" (2d20, seed 002): the party, allies, minions, a monster with Menace and a
 * villain, and the prepared encounters. Numbers follow the seed as implemented in src-main/rules/systems/2d20/:
 *   stress maximum = the higher of the track's two attributes (002:165); saved Momentum ≤ the lowest attribute (J1);
 *   a weapon's damage rating N = N combat dice (J3); a monster is defeated when its afflictions exceed its Menace
 *   (002:176, J4); minions have no stress tracks and are dispatched by a won attack (002:78).
 * John Carter, Dejah Thoris, Woola, the Thark warrior, the white ape and Sab Than are the system's samples
 * (src-main/rules/systems/2d20/samples/stat-blocks.ts).
 */
import { sampleInput } from './stat-blocks'
import type { StatBlock } from '../schema'
import type { SampleContent, SampleStatBlock } from '../../../kit/samples'

type In = Record<string, unknown> & { name: string }

const sb = (id: string, kind: SampleStatBlock['kind'], tags: string[], data: In): SampleStatBlock => ({ id, name: data.name, kind, tags, data })
const from = (sampleId: string, patch: Partial<StatBlock> & Record<string, unknown> = {}): In => ({ ...(sampleInput(sampleId) as In), ...patch })

// --------------------------------------------------------------------------------------------------- the party

/** Might 8 / Passion 7: Injury max 8, Fear max 7, Confusion max 6; saved Momentum capped at Daring 4 (J1). */
const john = sb('pc-john-carter', 'pc', ['party', 'warrior', 'earthborn'], from('johnCarter'))
/** Empathy 8 / Reason 8: Confusion max 8; the sharpest shot of the party (Cunning 7 + Reason 8 = 15). */
const dejah = sb('pc-dejah-thoris', 'pc', ['party', 'princess', 'scientist'], from('dejahThoris'))

// -------------------------------------------------------------------------------------------------- the allies

/** John Carter's calot: Fearsome jaws (each Effect +1 Fear, 002:140). */
const woola = sb('ally-woola', 'ally', ['calot', 'companion'], from('woola'))
/** A Thark chieftain fighting beside the party: Might 9 (Injury max 9), a Sharp long-sword. */
const tars = sb('ally-tars-tarkas', 'ally', ['thark', 'chieftain'], {
  kind: 'ally', name: 'Tars Tarkas',
  attributes: { cunning: 6, daring: 7, empathy: 4, might: 9, passion: 6, reason: 5 },
  weapons: [
    { name: 'Long-sword', kind: 'melee', damage: 4, qualities: ['sharp'] },
    { name: 'Radium rifle', kind: 'shooting', damage: 4, qualities: [] },
  ],
})

// ------------------------------------------------------------------------------------------- narrator characters

/** Minion: no stress tracks, dispatched by a won attack, one more per extra Momentum (002:78). */
const warhoon = sb('npc-warhoon-warrior', 'npc', ['minion', 'warhoon', 'green martian'], from('tharkWarrior', { name: 'Warhoon warrior' }))
/** Minion: a Zodangan guard with a radium pistol and a short sword. */
const guard = sb('npc-zodangan-guard', 'npc', ['minion', 'zodanga'], {
  kind: 'npc', tier: 'minion', name: 'Zodangan guard',
  attributes: { cunning: 5, daring: 5, empathy: 3, might: 5, passion: 4, reason: 4 },
  weapons: [
    { name: 'Radium pistol', kind: 'shooting', damage: 3, qualities: [] },
    { name: 'Short sword', kind: 'melee', damage: 2, qualities: ['sharp'] },
  ],
})
/** Monster, Menace 3: Fear and Injury trackers only (002:137); defeated at its fourth affliction (J4). */
const ape = sb('npc-white-ape', 'npc', ['monster', 'arena'], from('whiteApe'))
/** Villain: tracks like a PC, Luck only bought with Threat (3 per Luck, 002:120); a poisoned (Dishonorable) blade. */
const sabThan = sb('npc-sab-than', 'npc', ['villain', 'zodanga', 'prince'], from('sabThan'))

export const twoD20Sample: SampleContent = {
  campaign: 'sample-2d20',
  party: [john.id, dejah.id],
  library: [john, dejah, woola, tars, warhoon, guard, ape, sabThan],
  encounters: [
    {
      id: 'enc-warhoon-arena',
      name: 'The arena of Warhoon',
      notes: [
        'The captives are thrown into the arena: two Warhoon warriors close in, the white ape is released at Far range.',
        'The narrator starts with 2 Threat (the crowd howls): a third warrior jumps in as reinforcements (1 Threat, 002:112).',
        'The white ape has Menace 3: its fourth affliction defeats it (J4).',
      ].join('\n'),
      entries: [
        { statBlockId: john.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: dejah.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: woola.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: warhoon.id, count: 2, side: 'enemies', aware: true, hidden: false, band: 'near' },
        { statBlockId: ape.id, count: 1, side: 'enemies', aware: true, hidden: false, band: 'far' },
      ],
    },
    {
      id: 'enc-zodanga-palace',
      name: 'Sab Than’s guard',
      notes: [
        'Tars Tarkas holds the palace gate; Sab Than waits behind three guards and buys Luck with Threat when pressed (002:120).',
        'His blade is poisoned: Dishonorable if anyone sees it (002:152).',
      ].join('\n'),
      entries: [
        { statBlockId: john.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: dejah.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: tars.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: guard.id, count: 3, side: 'enemies', aware: true, hidden: false, band: 'near' },
        { statBlockId: sabThan.id, count: 1, side: 'enemies', aware: true, hidden: true, band: 'far' },
      ],
    },
  ],
}
