/**
 * Sample Starchasers stat blocks for the sample campaign and the worked examples: the seed's own characters
 * (Han Solo's pools 000:830-832, Luke and the Gamorrean Guard 000:1355, 000:1372) plus a small library.
 */
import type { AllyStatBlock, NpcStatBlock, PcStatBlock, StatBlock } from '../schema'
import { statBlock } from '../schema'

const noSkills = { alertness: 0, athletics: 0, acrobatics: 0, stealth: 0, observation: 0, searching: 0, firstAid: 0, medicine: 0, emotionalControl: 0 }
const pcDefaults = { species: 'Human', size: 'medium' as const, armorDefenseBonus: 0, parryBonus: 0, parryRanged: false, canParry: true, initiativeBonus: 0, features: [] as PcStatBlock['features'], vitality: 6, motivation: 0, specialMoves: [] as string[] }

export const hanSolo: PcStatBlock = {
  kind: 'pc', name: 'Han Solo', ...pcDefaults,
  attributes: { strength: 2, toughness: 2, agility: 3, deftness: 3, intelligence: 2, perception: 3, charisma: 3, confidence: 3 },
  skills: { ...noSkills, alertness: 2, athletics: 1, acrobatics: 1, stealth: 1, observation: 1 },
  hp: 12, stressCapacity: 6, resistance: 2, proficiencies: ['Pistols', 'Grenades', 'Unarmed Fighting'],
  weapons: [
    { name: 'Blaster Pistol', techLevel: 'highTech', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 2, weight: 'light', qualities: {}, damageType: 'photonic', stun: false, duelType: 'quick' },
    // Exotic weapon: its own proficiency, which Han lacks (000:832)
    { name: 'Bowcaster', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Bowcaster', attribute: 'deftness', damage: 4, weight: 'medium', qualities: {}, damageType: 'photonic', stun: false, duelType: 'power' },
    { name: 'Frag Grenade', techLevel: 'modern', group: 'thrown', kind: 'grenade', proficiency: 'Grenades', attribute: 'deftness', damage: 4, weight: 'light', qualities: { burst: 1 }, damageType: 'physical', stun: false, duelType: 'power' },
  ],
  armor: { name: 'Flight Jacket', deflection: 2, resistanceBonus: 0, agilityPenalty: 0, weight: 'light', qualities: {} },
  defaultDefense: 'dodge', features: ['quickdraw'], specialMoves: ['quickdraw', 'pistolWhip'],
}

export const chewbacca: PcStatBlock = {
  kind: 'pc', name: 'Chewbacca', ...pcDefaults, species: 'Wookiee', size: 'large',
  attributes: { strength: 4, toughness: 4, agility: 2, deftness: 3, intelligence: 2, perception: 2, charisma: 1, confidence: 3 },
  skills: { ...noSkills, alertness: 1, athletics: 3 },
  hp: 18, stressCapacity: 7, resistance: 3, proficiencies: ['Bowcaster', 'Unarmed Fighting', 'Axes'],
  weapons: [
    { name: 'Bowcaster', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Bowcaster', attribute: 'deftness', damage: 4, weight: 'medium', qualities: { piercing: 1 }, damageType: 'photonic', stun: false, duelType: 'power' },
    { name: 'Vibro-axe', techLevel: 'modern', group: 'melee', kind: 'blade', proficiency: 'Axes', attribute: 'strength', damage: 3, weight: 'heavy', qualities: { vicious: 1 }, damageType: 'physical', stun: false, duelType: 'power' },
  ],
  armor: { name: 'Bandolier', deflection: 1, resistanceBonus: 0, agilityPenalty: 0, weight: 'light', qualities: {} },
  defaultDefense: 'parry', specialMoves: ['haymaker'],
}

const npcDefaults = { species: 'Human', size: 'medium' as const, skills: noSkills, armorDefenseBonus: 0, parryBonus: 0, parryRanged: false, canParry: true, initiativeBonus: 0, features: [] as NpcStatBlock['features'], abilities: [] as NpcStatBlock['abilities'], duelDice: [] as NpcStatBlock['duelDice'] }

export const stormtrooper: NpcStatBlock = {
  kind: 'npc', tier: 'extra', name: 'Stormtrooper', ...npcDefaults,
  attributes: { strength: 2, toughness: 2, agility: 2, deftness: 2, intelligence: 1, perception: 2, charisma: 1, confidence: 2 },
  hp: 6, stressCapacity: 3, resistance: 1, proficiencies: ['Rifles'],
  weapons: [{ name: 'E-11 Blaster Rifle', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 3, weight: 'medium', qualities: { spreading: 1 }, damageType: 'photonic', stun: false, duelType: 'power' }],
  armor: { name: 'Stormtrooper Armor', deflection: 3, resistanceBonus: 1, agilityPenalty: 1, weight: 'medium', qualities: { defensive: 1 } },
  defaultDefense: 'armor', canParry: false,
}

/** Default Defense 3, Block 6, Piercing Strike 5 dice with Piercing 2 (000:1355, 000:1372). */
export const gamorreanGuard: NpcStatBlock = {
  kind: 'npc', tier: 'elite', name: 'Gamorrean Guard', ...npcDefaults, species: 'Gamorrean',
  attributes: { strength: 3, toughness: 3, agility: 1, deftness: 1, intelligence: 1, perception: 1, charisma: 1, confidence: 2 },
  hp: 14, stressCapacity: 5, resistance: 2, proficiencies: ['Axes'],
  weapons: [{ name: 'Piercing Strike (vibro-axe)', techLevel: 'modern', group: 'melee', kind: 'blade', proficiency: 'Axes', attribute: 'strength', damage: 2, weight: 'heavy', qualities: { piercing: 2 }, damageType: 'physical', stun: false, duelType: 'power' }],
  armor: { name: 'Hide Armor', deflection: 3, resistanceBonus: 0, agilityPenalty: 0, weight: 'medium', qualities: {} },
  shield: { name: 'Iron Buckler', kind: 'physical', blockBonus: 0, resistances: [], weaknesses: [], qualities: {} },
  defaultDefense: 'armor', canParry: false,
  abilities: [{ name: 'Bellow', cost: 1, duelType: 'power', bonusDice: 0, qualities: { daze: 1 }, text: 'Frightens one target in Close range' }],
}

export const bountyHunterBoss: NpcStatBlock = {
  kind: 'npc', tier: 'boss', name: 'Korr Vessik, Bounty Hunter', ...npcDefaults, species: 'Trandoshan',
  attributes: { strength: 4, toughness: 4, agility: 3, deftness: 4, intelligence: 2, perception: 3, charisma: 2, confidence: 4 },
  skills: { ...noSkills, alertness: 3, athletics: 2 },
  hp: 30, stressCapacity: 10, resistance: 3, proficiencies: ['Rifles', 'Blades', 'Unarmed Fighting'],
  weapons: [
    { name: 'Heavy Blaster Rifle', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 4, weight: 'heavy', qualities: { accurate: 1, vicious: 1 }, damageType: 'photonic', stun: false, duelType: 'finesse' },
    { name: 'Vibro-blade', techLevel: 'modern', group: 'melee', kind: 'blade', proficiency: 'Blades', attribute: 'strength', damage: 3, weight: 'medium', qualities: { wounding: 1 }, damageType: 'physical', stun: false, duelType: 'quick' },
  ],
  armor: { name: 'Mandalorian Plates', deflection: 5, resistanceBonus: 2, agilityPenalty: 1, weight: 'heavy', qualities: { defensive: 2 } },
  shield: { name: 'Wrist Energy Shield', kind: 'energy', blockBonus: 2, resistances: ['photonic'], weaknesses: ['ionic'], durationRounds: 5, energyHp: 6, qualities: {} },
  defaultDefense: 'block',
  abilities: [{ name: 'Flamethrower Burst', cost: 2, duelType: 'power', bonusDice: 2, qualities: { burning: 2, arc: 3 }, text: 'Cone(3) of fire' }],
  // phase 1 favours Power, phase 2 (below half HP) turns Quick
  duelDice: [
    { phase: 1, faces: ['power', 'power', 'power', 'finesse', 'finesse', 'quick'] },
    { phase: 2, faces: ['quick', 'quick', 'quick', 'power', 'finesse', 'finesse'] },
  ],
}

const allyDefaults = { size: 'medium' as const, acrobatics: 0, athletics: 0, emotionalControl: 0, injuriesSuffered: 0, alertness: 0, stealth: 0, observation: 0, searching: 0, virtues: [] as string[], flaws: [] as string[], passiveAbility: null, specialAttacks: [] as AllyStatBlock['specialAttacks'], parryRanged: false }

/** Melee 9, Default Defense 3, Parry 7 (000:1355, 000:1372). */
export const lukeAlly: AllyStatBlock = {
  kind: 'ally', name: 'Luke Skywalker', role: 'ally', species: 'Human', ...allyDefaults,
  attributes: { strength: 2, toughness: 2, agility: 3, deftness: 4, intelligence: 2, perception: 3, charisma: 3, confidence: 4 },
  movement: 6, melee: { value: 9, duelType: 'finesse' }, thrown: null, ranged: { value: 5, duelType: 'quick' },
  defaultDefense: 3, block: 0, dodge: 6, parry: 7, acrobatics: 2, athletics: 1, resistance: 2, hp: 14, stressCapacity: 6,
  alertness: 2, passiveAlertness: 2, parryRanged: true, virtues: ['Hopeful'], flaws: ['Impulsive'],
  passiveAbility: { name: 'Force Sense', stressCost: 1, usesPerBattle: 2, text: 'Warns the party: no one is surprised' },
  specialAttacks: [{ name: 'Saber Throw', band: 'thrown', value: 8, duelType: 'power', stressCost: 2, usesPerBattle: 1, text: '' }],
}

export const scoutDroidCompanion: AllyStatBlock = {
  kind: 'ally', name: 'R5-K Scout Droid', role: 'companion', species: 'Droid', ...allyDefaults, size: 'small',
  attributes: { strength: 1, toughness: 2, agility: 2, deftness: 3, intelligence: 3, perception: 3, charisma: 1, confidence: 2 },
  movement: 5, melee: { value: 2, duelType: 'quick' }, thrown: null, ranged: { value: 5, duelType: 'finesse' },
  defaultDefense: 3, block: 0, dodge: 5, parry: 0, resistance: 2, hp: 8, stressCapacity: 4,
  observation: 3, searching: 3, alertness: 3, passiveAlertness: 3,
  passiveAbility: { name: 'Target Painter', stressCost: 1, usesPerBattle: 2, text: 'One enemy loses 1 defense die until the end of the round' },
  specialAttacks: [{ name: 'Shock Prod', band: 'melee', value: 5, duelType: 'quick', stressCost: 1, usesPerBattle: 2, text: 'Stun damage' }],
}

export const vornskrPet: AllyStatBlock = {
  kind: 'ally', name: 'Vornskr Hound', role: 'pet', species: 'Vornskr', ...allyDefaults,
  attributes: { strength: 3, toughness: 2, agility: 4, deftness: 1, intelligence: 1, perception: 4, charisma: 1, confidence: 2 },
  movement: 7, melee: { value: 6, duelType: 'quick' }, thrown: null, ranged: null,
  defaultDefense: 2, block: 0, dodge: 8, parry: 0, athletics: 2, resistance: 1, hp: 9, stressCapacity: 4,
  alertness: 3, stealth: 2, passiveAlertness: 3,
}

export const party: PcStatBlock[] = [hanSolo, chewbacca]
export const npcLibrary: NpcStatBlock[] = [stormtrooper, gamorreanGuard, bountyHunterBoss]
export const allies: AllyStatBlock[] = [lukeAlly, scoutDroidCompanion, vornskrPet]
export const allSamples: StatBlock[] = [...party, ...npcLibrary, ...allies]

/** validates every sample (used by tests) */
export const validateSamples = (): boolean => allSamples.every((s) => statBlock.safeParse(s).success)
