/**
 * "Storyteller: The Mos Pelgo Job" (seed 004, Scion-style Star Wars): the crew, the Imperials, a medical droid and
 * the prepared encounters. Every number the seed leaves undefined is data (T5): DVs, soak, armor, weapon accuracy,
 * damage, Speed and damage type follow the system's samples (src-main/rules/systems/storyteller/samples/stat-blocks.ts).
 * Pools as the engine builds them (004, T2, T4):
 *   accuracy = Attribute + Ability + weapon Accuracy (+ Epic autosuccesses); damage = the class's attribute (004:
 *   impact Strength, ranged Wits, lightsaber Perception, Force Charisma) + weapon damage + net successes.
 * Ilsa Dorne is the crew's face and medic (Presence, Persuasion, Science: Medicine); 2-1B is the seed's "medical
 * droid worth 6 dice of Science: Medicine" (Intelligence 3 + Medicine 3).
 */
import type { StatBlockInput } from '../schema'
import { inquisitor, kaelVorn, stormtrooper } from './stat-blocks'
import type { SampleContent, SampleStatBlock } from '../../../kit/samples'

const sb = (id: string, kind: SampleStatBlock['kind'], tags: string[], data: StatBlockInput): SampleStatBlock => ({
  id,
  name: data.name,
  kind,
  tags,
  data: data as unknown as Record<string, unknown>,
})

// --------------------------------------------------------------------------------------------------- the crew

/** Gunslinger: Dexterity 4 + Marksmanship 3 + Accuracy 1 = 8 dice, +1 autosuccess (Epic Dexterity 1, T2). */
const kael = sb('pc-kael-vorn', 'pc', ['party', 'gunslinger'], kaelVorn)

/** Face and medic: Charisma 4 + Presence 3 = 7 dice; Manipulation 3 + Persuasion 3 = 6; Intelligence 3 + Medicine 3 = 6. */
const ilsa = sb('pc-ilsa-dorne', 'pc', ['party', 'face', 'medic'], {
  kind: 'pc', name: 'Ilsa Dorne',
  attributes: { strength: 2, dexterity: 3, stamina: 2, charisma: 4, manipulation: 3, appearance: 3, perception: 3, intelligence: 3, wits: 3 },
  epic: { charisma: 1 },
  abilities: { marksmanship: 2, awareness: 2, presence: 3, persuasion: 3, politics: 2, medicine: 3, empathy: 2, athletics: 1 },
  dv: { dodge: 3, parry: 1, mental: 4 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Hold-out blaster', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 1, damage: 3, speed: 4, damageType: 'lethal' }],
  notes: 'Knows the Mos Pelgo garrison commander from the Academy.',
})

// -------------------------------------------------------------------------------------------------- the allies

/** 004's "medical droid worth 6 dice of Science: Medicine": Intelligence 3 + Medicine 3; it does not fight. */
const droid = sb('ally-2-1b', 'ally', ['droid', 'medic'], {
  kind: 'ally', name: '2-1B',
  attributes: { strength: 1, dexterity: 2, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 3, intelligence: 3, wits: 2 },
  abilities: { medicine: 3, awareness: 1 },
  dv: { dodge: 1, parry: 0, mental: 2 },
  soak: { bashing: 2, lethal: 2, aggravated: 0 },
})

/** A Rodian guide the crew hires by the day: a hunting blaster, keen senses (Perception 4 + Awareness 3 to join battle). */
const vesk = sb('ally-vesk', 'ally', ['guide', 'hireling'], {
  kind: 'ally', name: 'Vesk',
  attributes: { strength: 2, dexterity: 3, stamina: 2, charisma: 1, manipulation: 2, appearance: 1, perception: 4, intelligence: 2, wits: 3 },
  abilities: { marksmanship: 2, awareness: 3, survival: 3, stealth: 2 },
  dv: { dodge: 3, parry: 1, mental: 2 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Hunting blaster', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 1, damage: 3, speed: 5, damageType: 'lethal' }],
  joinBattle: { attribute: 'perception', ability: 'awareness' },
})

// ------------------------------------------------------------------------------------------------ the Imperials

const trooper = sb('npc-stormtrooper', 'npc', ['imperial', 'mook'], stormtrooper)

/** Scout trooper on the water tower: long-range rifle, Speed 6 (T5: data). */
const scout = sb('npc-scout-sniper', 'npc', ['imperial', 'sniper'], {
  ...stormtrooper,
  name: 'Scout sniper',
  attributes: { strength: 2, dexterity: 4, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 3, intelligence: 2, wits: 3 },
  abilities: { marksmanship: 3, awareness: 3, stealth: 3 },
  armor: { name: 'Scout armor', bashing: 1, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Sniper rifle', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 3, damage: 5, speed: 6, damageType: 'lethal' }],
})

/** Dock thug (Bob's kind, 004's bar fight): fists for bashing damage. */
const thug = sb('npc-dock-thug', 'npc', ['thug', 'mook'], {
  kind: 'npc', name: 'Dock thug',
  attributes: { strength: 3, dexterity: 2, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 2, intelligence: 1, wits: 2 },
  abilities: { brawl: 2, awareness: 1 },
  dv: { dodge: 2, parry: 2, mental: 1 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Fists', class: 'impact', attribute: 'dexterity', ability: 'brawl', accuracy: 1, damage: 0, speed: 5, damageType: 'bashing' }],
})

const inq = sb('npc-inquisitor', 'npc', ['imperial', 'boss', 'force'], inquisitor)

export const storytellerSample: SampleContent = {
  campaign: 'sample-storyteller',
  party: [kael.id, ilsa.id],
  library: [kael, ilsa, droid, vesk, trooper, scout, thug, inq],
  encounters: [
    {
      id: 'enc-pelgo-checkpoint',
      name: 'The checkpoint at Mos Pelgo',
      notes: [
        'Ilsa may talk the sergeant down first (Manipulation + Persuasion vs Mental DV 2) before anyone joins battle.',
        'The scout sniper on the water tower stays hidden until it fires.',
        '2-1B waits in the speeder and patches the crew up afterwards (Science: Medicine, 6 dice).',
      ].join('\n'),
      entries: [
        { statBlockId: kael.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: ilsa.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: droid.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: trooper.id, count: 3, side: 'enemies', aware: true, hidden: false },
        { statBlockId: scout.id, count: 1, side: 'enemies', aware: true, hidden: true },
      ],
    },
    {
      id: 'enc-cantina-brawl',
      name: 'Brawl in the Dune Sea cantina',
      notes: 'Fists only: bashing damage (004 Recovery: it heals Stamina per day untended, per hour with a medic).',
      entries: [
        { statBlockId: kael.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: ilsa.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: vesk.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: thug.id, count: 4, side: 'enemies', aware: true, hidden: false },
      ],
    },
    {
      id: 'enc-inquisitor',
      name: 'The Inquisitor at the hangar',
      notes: 'The Inquisitor joins battle late (T3: current tick + min(highest − roll, 5)) when the troopers call for help.',
      entries: [
        { statBlockId: kael.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: ilsa.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: trooper.id, count: 2, side: 'enemies', aware: true, hidden: false },
        { statBlockId: inq.id, count: 1, side: 'enemies', aware: true, hidden: false },
      ],
    },
  ],
}
