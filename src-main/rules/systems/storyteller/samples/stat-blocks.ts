/**
 * Sample Storyteller stat blocks (inputs to the schema; T5: every number here is data, the seed gives none).
 * Bob is the patient of 004's medical example (Stamina 2).
 */
import { statBlock, type StatBlock, type StatBlockInput } from '../schema'

export const bob: StatBlockInput = {
  kind: 'npc', name: 'Bob',
  attributes: { strength: 2, dexterity: 2, stamina: 2, charisma: 2, manipulation: 1, appearance: 2, perception: 2, intelligence: 2, wits: 2 },
  abilities: { brawl: 1, awareness: 1 },
  dv: { dodge: 2, parry: 2, mental: 2 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Fists', class: 'impact', attribute: 'dexterity', ability: 'brawl', accuracy: 1, damage: 0, speed: 5, damageType: 'bashing' }],
}

export const kaelVorn: StatBlockInput = {
  kind: 'pc', name: 'Kael Vorn',
  attributes: { strength: 3, dexterity: 4, stamina: 3, charisma: 3, manipulation: 3, appearance: 2, perception: 3, intelligence: 2, wits: 3 },
  epic: { dexterity: 1 },
  abilities: { marksmanship: 3, awareness: 2, athletics: 2, presence: 2, persuasion: 3, brawl: 1 },
  dv: { dodge: 4, parry: 2, mental: 3 },
  soak: { bashing: 3, lethal: 1, aggravated: 0 },
  armor: { name: 'Padded flight suit', bashing: 1, lethal: 1, aggravated: 0 },
  weapons: [
    { name: 'Heavy blaster pistol', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 1, damage: 4, speed: 5, damageType: 'lethal' },
    { name: 'Fists', class: 'impact', attribute: 'dexterity', ability: 'brawl', accuracy: 1, damage: 0, speed: 4, damageType: 'bashing' },
  ],
}

export const stormtrooper: StatBlockInput = {
  kind: 'npc', name: 'Stormtrooper',
  attributes: { strength: 2, dexterity: 3, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 2, intelligence: 2, wits: 2 },
  abilities: { marksmanship: 2, awareness: 2, integrity: 2 },
  dv: { dodge: 2, parry: 1, mental: 2 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  armor: { name: 'Stormtrooper armor', bashing: 2, lethal: 2, aggravated: 0 },
  weapons: [{ name: 'E-11 blaster rifle', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 2, damage: 4, speed: 5, damageType: 'lethal' }],
}

export const inquisitor: StatBlockInput = {
  kind: 'npc', name: 'Inquisitor',
  attributes: { strength: 3, dexterity: 4, stamina: 3, charisma: 4, manipulation: 3, appearance: 2, perception: 4, intelligence: 3, wits: 4 },
  epic: { perception: 2, charisma: 1 },
  abilities: { melee: 4, awareness: 3, occult: 3, presence: 3, integrity: 3 },
  dv: { dodge: 4, parry: 5, mental: 4 },
  soak: { bashing: 3, lethal: 2, aggravated: 0 },
  weapons: [
    { name: 'Lightsaber', class: 'lightsaber', attribute: 'dexterity', ability: 'melee', accuracy: 2, damage: 5, speed: 5, damageType: 'aggravated' },
    { name: 'Force choke', class: 'force', attribute: 'charisma', ability: 'occult', accuracy: 0, damage: 2, speed: 6, damageType: 'lethal' },
  ],
}

export const medicalDroid: StatBlockInput = {
  kind: 'ally', name: '2-1B medical droid',
  attributes: { strength: 1, dexterity: 2, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 3, intelligence: 3, wits: 2 },
  abilities: { medicine: 3 },
  dv: { dodge: 1, parry: 0, mental: 2 },
}

export const SAMPLES = { bob, kaelVorn, stormtrooper, inquisitor, medicalDroid }

export const parseSample = (s: StatBlockInput): StatBlock => statBlock.parse(s)
