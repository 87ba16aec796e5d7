/**
 * "The Rescue at Outpost Kessa" (Star Wars Saga Edition): the party, the NPC library, the allies and the prepared
 * encounters. Numbers follow 001 "Combat Statistics" / "Defenses" / "Damage Threshold" and 003 (weapons, DR):
 *   Reflex = 10 + heroic level (or armor) + Dex + class; Fortitude = 10 + heroic level + Con (droids: Str) + class
 *   (+ armor); Will = 10 + heroic level + Wis + class; DT = Fortitude (+ Improved Damage Threshold).
 * What the seeds lack is data (W8): class defense bonuses, HP per class, BAB progression, weapon range bands and
 * Force Points use the standard Saga values (Jedi +1/+1/+1, Soldier Ref +1 Fort +2, Scout Ref +2 Fort +1;
 * heroic HP 30/30/24 + Con at 1st level; nonheroic BAB ¾ level; Force Points 5 + ½ level).
 */
import type { z } from 'zod'
import type { sagaStatBlockSchema } from '../schema'
import type { SampleContent, SampleStatBlock } from '../../../kit/samples'

type Saga = z.input<typeof sagaStatBlockSchema>
type Weapon = NonNullable<Saga['weapons']>[number]

/** W8: squares at the end of point blank, short, medium, long */
const PISTOL: [number, number, number, number] = [20, 40, 60, 80]
const RIFLE: [number, number, number, number] = [30, 60, 150, 300]
const THROWN: [number, number, number, number] = [6, 8, 10, 12]

const blasterPistol: Weapon = { name: 'Blaster pistol', damage: '3d6', kind: 'ranged', damageType: 'energy', ranges: PISTOL, stun: true }
const heavyBlasterPistol: Weapon = { name: 'Heavy blaster pistol', damage: '3d8', kind: 'ranged', damageType: 'energy', ranges: PISTOL, stun: true }
/** 003: a blaster rifle has a stun setting and a single-shot / autofire switch */
const blasterRifle: Weapon = { name: 'Blaster rifle', damage: '3d8', kind: 'ranged', damageType: 'energy', ranges: RIFLE, stun: true, autofire: true }
const blasterCarbine: Weapon = { name: 'Blaster carbine', damage: '3d8', kind: 'ranged', damageType: 'energy', ranges: RIFLE, stun: true, autofire: true }
const fragGrenade: Weapon = { name: 'Frag grenade', damage: '4d6', kind: 'ranged', damageType: 'slashing', ranges: THROWN, area: true }
const stunBaton: Weapon = { name: 'Stun baton', damage: '2d6', kind: 'melee', damageType: 'energy', stun: true, stunOnly: true }

const sb = (id: string, name: string, kind: SampleStatBlock['kind'], tags: string[], data: Saga): SampleStatBlock => ({
  id,
  name,
  kind,
  tags,
  data: data as Record<string, unknown>,
})

// --------------------------------------------------------------------------------------------------- the party

/** Scout 3: BAB +2; Reflex 10+3+3(Dex)+2 = 18, Fort 10+3+1+1 = 15, Will 10+3+2 = 15, DT 15; HP 24+1 and 2d8+2. */
const tira = sb('pc-tira-vos', 'Tira Vos', 'pc', ['party', 'scout'], {
  name: 'Tira Vos', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 2,
  abilities: { str: 10, dex: 16, con: 12, int: 12, wis: 14, cha: 10 },
  defenses: { reflex: { class: 2 }, fortitude: { class: 1 } },
  // trained Initiative: 5 + ½ level 1 + Dex 3
  initiative: 9, speed: 6, forcePoints: 6,
  evasion: true, preciseShot: true,
  weapons: [blasterPistol, { name: 'Vibrodagger', damage: '2d4', kind: 'melee', damageType: 'piercing', light: true }],
})

/** Soldier 3: BAB +3; Reflex 10+3+1+1 = 15, Fort 10+3+2+2 = 17, Will 13; DT 17 + 5 (Improved Damage Threshold) = 22. */
const dax = sb('pc-dax-orrin', 'Dax Orrin', 'pc', ['party', 'soldier'], {
  name: 'Dax Orrin', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 42, bab: 3,
  abilities: { str: 14, dex: 13, con: 14, int: 10, wis: 10, cha: 10 },
  defenses: { reflex: { class: 1 }, fortitude: { class: 2 } },
  dtBonus: 5,
  initiative: 7, speed: 6, forcePoints: 6,
  weapons: [blasterRifle, fragGrenade, { name: 'Combat gloves', damage: '1d4', kind: 'melee', damageType: 'bludgeoning', light: true }],
})

/** Jedi 3: BAB +3; Reflex 10+3+2+1 = 16, Fort 10+3+1+1 = 15, Will 10+3+1+1 = 15, DT 15; lightsaber 2d8 (ignores DR, 003). */
const nira = sb('pc-nira-sol', 'Nira Sol', 'pc', ['party', 'jedi'], {
  name: 'Nira Sol', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 44, bab: 3,
  abilities: { str: 12, dex: 14, con: 12, int: 10, wis: 13, cha: 14 },
  defenses: { reflex: { class: 1 }, fortitude: { class: 1 }, will: { class: 1 } },
  initiative: 8, speed: 6, forcePoints: 6,
  weapons: [{ name: 'Lightsaber', damage: '2d8', kind: 'melee', damageType: 'lightsaber' }],
})

// -------------------------------------------------------------------------------------------------- the allies

/** A Small astromech: no Con, so Fortitude uses Str (001): 10 − 1 = 9 = DT; Reflex 10 + 1 (Dex) + 1 (Small) + 2 (plating) = 14. */
const r4 = sb('ally-r4-k7', 'R4-K7', 'ally', ['droid', 'companion', 'astromech'], {
  name: 'R4-K7', kind: 'droid', role: 'ally', size: 'small', otherLevels: 2, hp: 12, bab: 1,
  abilities: { str: 8, dex: 12, con: null, int: 16, wis: 12, cha: 8 },
  defenses: { reflex: { natural: 2 } },
  initiative: 2, speed: 4,
  weapons: [{ name: 'Shock prod', damage: '1d6', kind: 'melee', damageType: 'energy', stun: true }],
})

/** Nonheroic 4 (BAB +3): Reflex 10 + 4 (combat jacket) + 2 = 16, Fort 10 + 1 = 11, Will 10 + 1 = 11; Extra Second Wind. */
const hale = sb('ally-sgt-hale', 'Sergeant Hale', 'ally', ['rebel', 'commando'], {
  name: 'Sergeant Hale', kind: 'nonheroic', role: 'ally', otherLevels: 4, hp: 22, bab: 3,
  abilities: { str: 12, dex: 14, con: 12, int: 10, wis: 12, cha: 10 },
  armor: { name: 'Combat jacket', reflex: 4, maxDex: 4 },
  initiative: 7, speed: 6, extraSecondWind: true,
  weapons: [blasterCarbine, blasterPistol],
})

// ------------------------------------------------------------------------------------------------- the NPCs

/** Nonheroic 3 (BAB +2), numbered mooks: Reflex 10 + 5 (armor) + 0 = 15, Fort 10 + 0 + 1 (armor) = 11 = DT, Will 10. */
const trooper = sb('npc-outpost-trooper', 'Outpost Trooper', 'npc', ['mook', 'outpost', 'trooper'], {
  name: 'Outpost Trooper', kind: 'nonheroic', role: 'npc', otherLevels: 3, hp: 10, bab: 2,
  abilities: { str: 10, dex: 11, con: 10, int: 10, wis: 10, cha: 10 },
  armor: { name: 'Trooper armor', reflex: 5, fortitude: 1, maxDex: 3 },
  initiative: 1, speed: 6,
  weapons: [blasterRifle, stunBaton],
})

/** Nonheroic 6 (BAB +4), Precise Shot, a scope (+1): Reflex 10 + 3 (Dex) = 13, Fort 10, Will 11. */
const sniper = sb('npc-sniper', 'Sniper', 'npc', ['outpost', 'sniper'], {
  name: 'Sniper', kind: 'nonheroic', role: 'npc', otherLevels: 6, hp: 24, bab: 4,
  abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 12, cha: 8 },
  initiative: 11, speed: 6, preciseShot: true,
  weapons: [{ name: 'Sniper blaster rifle', damage: '3d10', kind: 'ranged', damageType: 'energy', ranges: RIFLE, attackBonus: 1 }, blasterPistol],
})

/**
 * Soldier 4 / Noble 2 (heroic level 6, BAB +5): Reflex 10+6+2+1 = 19, Fort 10+6+1+2 = 19, Will 10+6+2+2 = 20,
 * DT 19 + 5 = 24; HP 31 + 3d10+3 + 2d6+2; Combat Reflexes; three Force Points for the boss.
 */
const vale = sb('npc-commander-vale', 'Commander Vale', 'npc', ['boss', 'outpost', 'officer'], {
  name: 'Commander Vale', kind: 'heroic', role: 'npc', heroicLevel: 6, hp: 62, bab: 5,
  abilities: { str: 12, dex: 14, con: 12, int: 14, wis: 14, cha: 16 },
  defenses: { reflex: { class: 1 }, fortitude: { class: 2 }, will: { class: 2 } },
  dtBonus: 5,
  initiative: 10, speed: 6, forcePoints: 3, combatReflexes: true,
  weapons: [heavyBlasterPistol, { name: 'Vibroblade', damage: '2d6', kind: 'melee', damageType: 'slashing' }],
})

/** A Medium security droid, nonheroic 3 (BAB +2): Fort 10 + 3 (Str, no Con) = 13 = DT; Reflex 10 + 4 (plating) + 1 = 15; DR 2. */
const sentry = sb('npc-sentry-droid', 'KX Sentry Droid', 'npc', ['droid', 'outpost'], {
  name: 'KX Sentry Droid', kind: 'droid', role: 'npc', otherLevels: 3, hp: 18, bab: 2,
  abilities: { str: 16, dex: 12, con: null, int: 10, wis: 10, cha: 6 },
  armor: { name: 'Durasteel plating', reflex: 4 },
  dr: { value: 2, bypass: [] },
  initiative: 3, speed: 6,
  weapons: [blasterCarbine, { name: 'Slam', damage: '1d6', kind: 'melee', damageType: 'bludgeoning', natural: true }],
})

export const sagaSample: SampleContent = {
  campaign: 'sample-saga',
  party: [tira.id, dax.id, nira.id],
  library: [tira, dax, nira, r4, hale, trooper, sniper, vale, sentry],
  encounters: [
    {
      id: 'enc-hangar-ambush',
      name: 'Ambush in the hangar',
      notes: 'The sniper sits on the gantry; the troopers come through the blast doors in round 2.',
      entries: [
        { statBlockId: tira.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: dax.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: r4.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: trooper.id, count: 4, side: 'enemies', aware: true, hidden: false },
        { statBlockId: sniper.id, count: 1, side: 'enemies', aware: true, hidden: true },
      ],
    },
    {
      id: 'enc-breach-gate',
      name: 'Breach the outpost gate',
      notes: [
        'Three troopers hold the gate at short range (−2 to hit, 001) behind crates: cover (+5 Reflex, 003).',
        'The fourth trooper is hidden in the guard tower (medium range, −5); reveal him when he fires or on a Perception check.',
        'Commander Vale stays at medium range by the gate console; at half HP she spends a Force Point and falls back.',
        'The gate is a reinforced door (003: DR 10, 750 HP, DT 40); R4-K7 can slice the gate console instead (a Use Computer check, DC at the GM’s call).',
      ].join('\n'),
      entries: [
        { statBlockId: tira.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: dax.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: nira.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: r4.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: hale.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: trooper.id, count: 3, side: 'enemies', aware: true, hidden: false, band: 'short' },
        { statBlockId: trooper.id, count: 1, side: 'enemies', aware: true, hidden: true, band: 'medium' },
        { statBlockId: vale.id, count: 1, side: 'enemies', aware: true, hidden: false, band: 'medium' },
      ],
    },
  ],
}
