/**
 * "Starchasers: The Ember Run" (seed 000): the crew, the raiders (an Extra, an Elite and a Boss with Duel Dice),
 * the allies (a companion and a pet, every field of the Ally Stats table 000:1423-1464) and the prepared encounters.
 * Derived numbers follow the seed as implemented in src-main/rules/systems/starchasers/mechanics/derived.ts:
 *   attack dice = weapon damage + attribute when proficient (000:154, 000:828); Dodge = Agility + Perception − armor
 *   penalty (000:288); Parry = Deftness + Agility (000:296); Block = Toughness + Strength + shield (000:280);
 *   Movement = Agility + 3 (S21); Passive Alertness = ⌊(Perception + Alertness) / 2⌋ (S21).
 * Kestrel and Juno Marr start from the system's sample PCs (samples.ts: Han Solo's pools, 000:830-832).
 */
import type { AllyStatBlock, NpcStatBlock, PcStatBlock } from '../schema'
import type { SampleContent, SampleStatBlock } from '../../../kit/samples'

const noSkills = { alertness: 0, athletics: 0, acrobatics: 0, stealth: 0, observation: 0, searching: 0, firstAid: 0, medicine: 0, emotionalControl: 0 }

const sb = (id: string, name: string, kind: SampleStatBlock['kind'], tags: string[], data: PcStatBlock | NpcStatBlock | AllyStatBlock): SampleStatBlock => ({
  id,
  name,
  kind,
  tags,
  data: data as unknown as Record<string, unknown>,
})

// --------------------------------------------------------------------------------------------------- the crew

/** Pilot and gunslinger: Blaster Pistol 2 + Deftness 3 = 5 dice; Quickdraw +2 Initiative dice (000:428). */
const kestrel = sb('pc-kestrel', 'Kestrel', 'pc', ['party', 'pilot', 'gunslinger'], {
  kind: 'pc', name: 'Kestrel', species: 'Human', size: 'medium',
  attributes: { strength: 2, toughness: 2, agility: 3, deftness: 3, intelligence: 2, perception: 3, charisma: 3, confidence: 3 },
  skills: { ...noSkills, alertness: 2, athletics: 1, acrobatics: 2, stealth: 1, observation: 1 },
  hp: 12, stressCapacity: 6, resistance: 2, proficiencies: ['Pistols', 'Grenades', 'Unarmed Fighting'],
  weapons: [
    { name: 'Blaster Pistol', techLevel: 'highTech', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 2, weight: 'light', qualities: {}, damageType: 'photonic', stun: false, duelType: 'quick' },
    { name: 'Stun Pistol', techLevel: 'highTech', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 2, weight: 'light', qualities: { stunning: 1 }, damageType: 'photonic', stun: true, duelType: 'finesse' },
    { name: 'Frag Grenade', techLevel: 'modern', group: 'thrown', kind: 'grenade', proficiency: 'Grenades', attribute: 'deftness', damage: 4, weight: 'light', qualities: { burst: 1 }, damageType: 'physical', stun: false, duelType: 'power' },
  ],
  armor: { name: 'Flight Jacket', deflection: 2, resistanceBonus: 0, agilityPenalty: 0, weight: 'light', qualities: {} },
  armorDefenseBonus: 0, parryBonus: 0, parryRanged: false, canParry: false, defaultDefense: 'dodge', initiativeBonus: 0,
  features: ['quickdraw'], vitality: 6, motivation: 0, specialMoves: ['quickdraw', 'pistolWhip'],
})

/** Heavy gunner: Repeater 4 + Deftness 3 = 7 dice with Spreading 1; Parry 3 + 2 = 5 with the machete. */
const juno = sb('pc-juno-marr', 'Juno Marr', 'pc', ['party', 'gunner', 'heavy'], {
  kind: 'pc', name: 'Juno Marr', species: 'Zabrak', size: 'medium',
  attributes: { strength: 3, toughness: 3, agility: 2, deftness: 3, intelligence: 2, perception: 2, charisma: 2, confidence: 3 },
  skills: { ...noSkills, alertness: 1, athletics: 2, emotionalControl: 1 },
  hp: 16, stressCapacity: 6, resistance: 3, proficiencies: ['Rifles', 'Blades', 'Unarmed Fighting'],
  weapons: [
    { name: 'Repeating Blaster', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 4, weight: 'medium', qualities: { spreading: 1 }, damageType: 'photonic', stun: false, duelType: 'power' },
    { name: 'Vibro-machete', techLevel: 'modern', group: 'melee', kind: 'blade', proficiency: 'Blades', attribute: 'strength', damage: 3, weight: 'medium', qualities: { vicious: 1 }, damageType: 'physical', stun: false, duelType: 'power' },
  ],
  armor: { name: 'Padded Vest', deflection: 2, resistanceBonus: 0, agilityPenalty: 0, weight: 'light', qualities: {} },
  armorDefenseBonus: 0, parryBonus: 0, parryRanged: false, canParry: true, defaultDefense: 'parry', initiativeBonus: 0,
  features: [], vitality: 6, motivation: 0, specialMoves: ['rapidFire', 'suppressiveFire', 'haymaker'],
})

// -------------------------------------------------------------------------------------------------- the allies

/** Kestrel's droid companion: Dodge 2 + 3 = 5, Movement 2 + 3 = 5, Passive Alertness ⌊(3 + 3) / 2⌋ = 3. */
const sparky = sb('ally-sparky', 'Sparky', 'ally', ['droid', 'companion'], {
  kind: 'ally', name: 'Sparky', role: 'companion', size: 'small', species: 'Droid',
  attributes: { strength: 1, toughness: 2, agility: 2, deftness: 3, intelligence: 3, perception: 3, charisma: 1, confidence: 2 },
  movement: 5,
  melee: { value: 2, duelType: 'quick' },
  thrown: null,
  ranged: { value: 5, duelType: 'finesse' },
  defaultDefense: 3, block: 0, dodge: 5, parry: 0,
  acrobatics: 1, athletics: 0, resistance: 2, emotionalControl: 0,
  hp: 8, stressCapacity: 4, injuriesSuffered: 0,
  alertness: 3, stealth: 1, observation: 3, passiveAlertness: 3, searching: 3,
  virtues: ['Loyal to Kestrel'], flaws: ['Chatters when nervous'],
  passiveAbility: { name: 'Target Painter', stressCost: 1, usesPerBattle: 2, text: 'One enemy loses 1 defense die until the end of the round' },
  specialAttacks: [
    { name: 'Shock Prod', band: 'melee', value: 5, duelType: 'quick', stressCost: 1, usesPerBattle: 2, text: 'Stun damage' },
    { name: 'Flash Burst', band: 'thrown', value: 4, duelType: 'finesse', stressCost: 2, usesPerBattle: 1, text: 'Blinding 1 on the target' },
  ],
  parryRanged: false,
  fromPc: 'Kestrel',
})

/** Juno Marr's pet: Melee 6 (bite), Dodge 4 + 4 = 8, Movement 4 + 3 = 7, Passive Alertness ⌊(4 + 3) / 2⌋ = 3. */
const cinder = sb('ally-cinder', 'Cinder', 'ally', ['pet', 'beast'], {
  kind: 'ally', name: 'Cinder', role: 'pet', size: 'medium', species: 'Vornskr',
  attributes: { strength: 3, toughness: 2, agility: 4, deftness: 1, intelligence: 1, perception: 4, charisma: 1, confidence: 2 },
  movement: 7,
  melee: { value: 6, duelType: 'quick' },
  thrown: null,
  ranged: null,
  defaultDefense: 2, block: 0, dodge: 8, parry: 0,
  acrobatics: 1, athletics: 2, resistance: 1, emotionalControl: 0,
  hp: 9, stressCapacity: 4, injuriesSuffered: 0,
  alertness: 3, stealth: 2, observation: 1, passiveAlertness: 3, searching: 2,
  virtues: ['Fierce'], flaws: ['Hates droids'],
  passiveAbility: { name: 'Keen Nose', stressCost: 1, usesPerBattle: 1, text: 'Sniffs out one hidden enemy within Medium range' },
  specialAttacks: [{ name: 'Hamstring Bite', band: 'melee', value: 7, duelType: 'power', stressCost: 1, usesPerBattle: 1, text: 'Hamstring 1 on the target' }],
  parryRanged: false,
  fromPc: 'Juno Marr',
})

// ------------------------------------------------------------------------------------------------- the raiders

const npcBase = { species: 'Human', size: 'medium' as const, skills: noSkills, armorDefenseBonus: 0, parryBonus: 0, parryRanged: false, initiativeBonus: 0, features: [] as NpcStatBlock['features'], abilities: [] as NpcStatBlock['abilities'], duelDice: [] as NpcStatBlock['duelDice'] }

/** Extra, numbered mooks: Carbine 3 + Deftness 2 = 5 dice; Armor Defense 2 (Scrap Plates); Pack Tactics. */
const raider = sb('npc-ember-raider', 'Ember Raider', 'npc', ['mook', 'raiders', 'extra'], {
  kind: 'npc', tier: 'extra', name: 'Ember Raider', ...npcBase,
  attributes: { strength: 2, toughness: 2, agility: 2, deftness: 2, intelligence: 1, perception: 2, charisma: 1, confidence: 1 },
  hp: 6, stressCapacity: 3, resistance: 1, proficiencies: ['Rifles'],
  weapons: [{ name: 'Scrap Carbine', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 3, weight: 'medium', qualities: {}, damageType: 'photonic', stun: false, duelType: 'power' }],
  armor: { name: 'Scrap Plates', deflection: 2, resistanceBonus: 0, agilityPenalty: 0, weight: 'light', qualities: {} },
  canParry: false, defaultDefense: 'armor', features: ['packTactics'],
})

/** Elite: Shock Maul 3 + Strength 3 = 6 dice with Stunning 1; Block 3 + 3 + 1 with a riot shield. */
const enforcer = sb('npc-ember-enforcer', 'Ember Enforcer', 'npc', ['raiders', 'elite'], {
  kind: 'npc', tier: 'elite', name: 'Ember Enforcer', ...npcBase, species: 'Weequay',
  attributes: { strength: 3, toughness: 3, agility: 2, deftness: 2, intelligence: 1, perception: 2, charisma: 1, confidence: 2 },
  skills: { ...noSkills, alertness: 1, athletics: 2 },
  hp: 14, stressCapacity: 5, resistance: 2, proficiencies: ['Blunt', 'Pistols'],
  weapons: [
    { name: 'Shock Maul', techLevel: 'highTech', group: 'melee', kind: 'blade', proficiency: 'Blunt', attribute: 'strength', damage: 3, weight: 'heavy', qualities: { stunning: 1 }, damageType: 'physical', stun: false, duelType: 'power' },
    { name: 'Hold-out Blaster', techLevel: 'highTech', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 1, weight: 'light', qualities: {}, damageType: 'photonic', stun: false, duelType: 'quick' },
  ],
  armor: { name: 'Riveted Plates', deflection: 3, resistanceBonus: 0, agilityPenalty: 1, weight: 'medium', qualities: {} },
  shield: { name: 'Riot Shield', kind: 'physical', blockBonus: 1, resistances: ['physical'], weaknesses: [], qualities: {} },
  canParry: false, defaultDefense: 'block',
  abilities: [{ name: 'Shield Bash', cost: 1, duelType: 'power', bonusDice: 1, qualities: { daze: 1 }, text: 'Knocks one adjacent target back a square' }],
})

/**
 * Boss: Ember Rifle 4 + Deftness 4 = 8 dice, Vibro-cutlass 3 + Strength 3 = 6; one Duel Die per phase (S1: the
 * faces are data): phase 1 Finesse-heavy, phase 2 (below half HP) Power-heavy.
 */
const soot = sb('npc-captain-soot', 'Captain Soot', 'npc', ['boss', 'raiders'], {
  kind: 'npc', tier: 'boss', name: 'Captain Soot', ...npcBase,
  attributes: { strength: 3, toughness: 3, agility: 3, deftness: 4, intelligence: 3, perception: 3, charisma: 3, confidence: 4 },
  skills: { ...noSkills, alertness: 2, athletics: 1, acrobatics: 2, emotionalControl: 2 },
  hp: 26, stressCapacity: 9, resistance: 3, proficiencies: ['Rifles', 'Blades', 'Unarmed Fighting'],
  weapons: [
    { name: 'Ember Rifle', techLevel: 'highTech', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 4, weight: 'medium', qualities: { burning: 1, accurate: 1 }, damageType: 'photonic', stun: false, duelType: 'finesse' },
    { name: 'Vibro-cutlass', techLevel: 'modern', group: 'melee', kind: 'blade', proficiency: 'Blades', attribute: 'strength', damage: 3, weight: 'medium', qualities: { vicious: 1 }, damageType: 'physical', stun: false, duelType: 'quick' },
  ],
  armor: { name: 'Smoke-stained Duster', deflection: 3, resistanceBonus: 1, agilityPenalty: 0, weight: 'light', qualities: { defensive: 1 } },
  canParry: true, defaultDefense: 'parry', parryBonus: 1,
  abilities: [
    { name: 'Cinder Volley', cost: 2, duelType: 'power', bonusDice: 2, qualities: { burning: 2, spreading: 1 }, text: 'Sprays the depot floor with burning shot' },
    { name: 'Smoke Screen', cost: 1, bonusDice: 0, qualities: { blinding: 1 }, text: 'Everyone within Close range is Blinded until her next turn' },
  ],
  duelDice: [
    { phase: 1, faces: ['finesse', 'finesse', 'finesse', 'quick', 'quick', 'power'] },
    { phase: 2, faces: ['power', 'power', 'power', 'power', 'quick', 'finesse'] },
  ],
})

export const starchasersSample: SampleContent = {
  campaign: 'sample-starchasers',
  party: [kestrel.id, juno.id],
  library: [kestrel, juno, sparky, cinder, raider, enforcer, soot],
  encounters: [
    {
      id: 'enc-ember-gate',
      name: 'Raiders at the Ember Gate',
      notes: 'Captain Soot stays at long range until two raiders are down.',
      entries: [
        { statBlockId: kestrel.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: juno.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: sparky.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: raider.id, count: 3, side: 'enemies', aware: false, hidden: false, band: 'medium' },
        { statBlockId: soot.id, count: 1, side: 'enemies', aware: true, hidden: false, band: 'long' },
      ],
    },
    {
      id: 'enc-ember-depot',
      name: 'Ambush at the Ember Depot',
      notes: [
        'The crew springs the ambush: Sparky found the raiders loading fuel cells, so the four raiders are unaware (surprise round).',
        'The Enforcer guards the fuel cells at close range behind his riot shield.',
        'Captain Soot arrives on the gantry at the start of round 3 (medium range): add her from the library; her Duel Die turns to phase 2 below 13 HP.',
        'The fuel cells explode on a Burning hit: GM call, a hazard for everyone within Close range.',
      ].join('\n'),
      entries: [
        { statBlockId: kestrel.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: juno.id, count: 1, side: 'party', aware: true, hidden: false },
        { statBlockId: sparky.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: cinder.id, count: 1, side: 'allies', aware: true, hidden: false },
        { statBlockId: raider.id, count: 4, side: 'enemies', aware: false, hidden: false, band: 'medium' },
        { statBlockId: enforcer.id, count: 1, side: 'enemies', aware: true, hidden: false, band: 'close' },
      ],
    },
  ],
}
