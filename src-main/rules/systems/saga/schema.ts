/**
 * Saga Edition stat blocks (001 "Combat Statistics", "Defenses", "Damage Threshold"; 003 objects) and the
 * values derived from them, with every term of each formula kept for display.
 */
import { z } from 'zod'
import { builtOnce, onFirstUse } from '../../kit/built-once'
import { diceNotation } from '../../kit/dice-schema'

export const SIZES = ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'huge', 'gargantuan', 'colossal'] as const
export type Size = (typeof SIZES)[number]
/** 001: Reflex size modifier */
export const REFLEX_SIZE: Record<Size, number> = { fine: 10, diminutive: 5, tiny: 2, small: 1, medium: 0, large: -1, huge: -2, gargantuan: -5, colossal: -10 }
/** 001: damage threshold size bonus */
export const DT_SIZE: Record<Size, number> = { fine: 0, diminutive: 0, tiny: 0, small: 0, medium: 0, large: 5, huge: 10, gargantuan: 20, colossal: 50 }
/** 003 grapple size modifiers (W10) */
export const GRAPPLE_SIZE: Record<Size, number> = { fine: -20, diminutive: -15, tiny: -10, small: -5, medium: 0, large: 5, huge: 10, gargantuan: 15, colossal: 20 }

export const KINDS = ['heroic', 'nonheroic', 'droid', 'object', 'vehicle'] as const
export type Kind = (typeof KINDS)[number]
export type Weapon = z.infer<Built['weaponSchema']>
export type SagaStatBlock = z.infer<Built['sagaStatBlockSchema']>

export const mod = (score: number | null | undefined): number => (score === null || score === undefined ? 0 : Math.floor(score / 2) - 5)

export interface Term {
  /** `heroicLevel`, `armor`, `dex`, `class`, `size`, ... */
  term: string
  value: number
}
export interface Breakdown {
  total: number
  terms: Term[]
}

const sum = (terms: Term[]): Breakdown => ({ total: terms.reduce((s, t) => s + t.value, 0), terms })
const opt = (term: string, v: number | undefined): Term[] => (v ? [{ term, value: v }] : [])

export const isLiving = (s: SagaStatBlock) => s.kind === 'heroic' || s.kind === 'nonheroic'
export const characterLevel = (s: SagaStatBlock) => Math.max(1, s.heroicLevel + s.otherLevels)

/** Dex modifier as it applies to Reflex (capped by armor). */
export function reflexDex(s: SagaStatBlock): number {
  const d = mod(s.abilities.dex)
  return s.armor?.maxDex !== undefined ? Math.min(d, s.armor.maxDex) : d
}

/** 001: Reflex = 10 + heroic level or armor bonus + Dex + class + natural armor + size (+ species, misc). */
export function reflexBreakdown(s: SagaStatBlock): Breakdown {
  if (s.kind === 'object' && s.objectState !== 'held') {
    // 003: unattended objects, 5 immobile / 10 mobile + size
    return sum([{ term: 'base', value: s.objectState === 'immobile' ? 5 : 10 }, { term: 'size', value: REFLEX_SIZE[s.size] }])
  }
  const d = s.defenses.reflex ?? {}
  const level: Term = s.armor ? { term: 'armor', value: s.armor.reflex } : { term: 'heroicLevel', value: s.heroicLevel }
  const b = sum([
    { term: 'base', value: 10 },
    level,
    { term: 'dex', value: reflexDex(s) },
    ...opt('class', d.class),
    ...opt('natural', d.natural),
    { term: 'size', value: REFLEX_SIZE[s.size] },
    ...opt('species', d.species),
    ...opt('equipment', d.equipment),
    ...opt('misc', d.misc),
  ])
  return s.totals?.reflex !== undefined ? { ...b, total: s.totals.reflex } : b
}

/** 001: Fortitude = 10 + heroic level + Con (Str when there is no Con) + class + equipment (+ species, misc). */
export function fortitudeBreakdown(s: SagaStatBlock): Breakdown {
  const d = s.defenses.fortitude ?? {}
  const noCon = s.abilities.con === null || !isLiving(s)
  const b = sum([
    { term: 'base', value: 10 },
    { term: 'heroicLevel', value: s.heroicLevel },
    noCon ? { term: 'str', value: mod(s.abilities.str) } : { term: 'con', value: mod(s.abilities.con) },
    ...opt('class', d.class),
    ...opt('equipment', (d.equipment ?? 0) + (s.armor?.fortitude ?? 0)),
    ...opt('species', d.species),
    ...opt('misc', d.misc),
  ])
  return s.totals?.fortitude !== undefined ? { ...b, total: s.totals.fortitude } : b
}

/** 001: Will = 10 + heroic level + Wis + class (W6: the English formula, with the class bonus). */
export function willBreakdown(s: SagaStatBlock): Breakdown {
  const d = s.defenses.will ?? {}
  const b = sum([
    { term: 'base', value: 10 },
    { term: 'heroicLevel', value: s.heroicLevel },
    { term: 'wis', value: mod(s.abilities.wis) },
    ...opt('class', d.class),
    ...opt('species', d.species),
    ...opt('misc', d.misc),
  ])
  return s.totals?.will !== undefined ? { ...b, total: s.totals.will } : b
}

/** 001: Damage Threshold = Fortitude Defense + size bonus (+ Improved Damage Threshold); a published total overrides it. */
export function damageThreshold(s: SagaStatBlock): Breakdown {
  const b = sum([{ term: 'fortitude', value: fortitudeBreakdown(s).total }, ...opt('size', DT_SIZE[s.size]), ...opt('misc', s.dtBonus)])
  return s.totals?.damageThreshold !== undefined ? { ...b, total: s.totals.damageThreshold } : b
}

export interface Derived {
  reflex: Breakdown
  fortitude: Breakdown
  will: Breakdown
  damageThreshold: Breakdown
  characterLevel: number
  mods: Record<'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha', number>
}

export function derive(s: SagaStatBlock): Derived {
  const a = s.abilities
  return {
    reflex: reflexBreakdown(s),
    fortitude: fortitudeBreakdown(s),
    will: willBreakdown(s),
    damageThreshold: damageThreshold(s),
    characterLevel: characterLevel(s),
    mods: { str: mod(a.str), dex: mod(a.dex), con: mod(a.con), int: mod(a.int), wis: mod(a.wis), cha: mod(a.cha) },
  }
}

/** 003 table "Attacking an object": DR and HP per cm of thickness for common materials. */
export const MATERIALS: Record<string, { dr: number; hpPerCm: number }> = {
  paper: { dr: 0, hpPerCm: 1 },
  rope: { dr: 0, hpPerCm: 1 },
  softPlastic: { dr: 0, hpPerCm: 1 },
  glass: { dr: 0, hpPerCm: 1 },
  ice: { dr: 0, hpPerCm: 1 },
  ceramic: { dr: 0, hpPerCm: 1 },
  hardPlastic: { dr: 2, hpPerCm: 2 },
  wood: { dr: 5, hpPerCm: 5 },
  lightMetal: { dr: 5, hpPerCm: 5 },
  stone: { dr: 10, hpPerCm: 5 },
  metal: { dr: 10, hpPerCm: 10 },
  heavyMetal: { dr: 10, hpPerCm: 15 },
  exoticMetal: { dr: 20, hpPerCm: 20 },
}
/** 003 manufactured objects */
export const OBJECTS: Record<string, { dr: number; hp: number; dt: number; str: number; breakDc: number }> = {
  fragile: { dr: 0, hp: 1, dt: 5, str: 1, breakDc: 10 },
  reinforcedDoor: { dr: 10, hp: 750, dt: 40, str: 70, breakDc: 45 },
}

/** An object stat block from the 003 material table (HP per cm of thickness, its DR). */
export function materialObject(name: string, material: keyof typeof MATERIALS, thicknessCm: number, opts: Partial<SagaStatBlock> = {}): SagaStatBlock {
  const m = MATERIALS[material]
  return sagaStatBlockSchema.parse({
    name,
    kind: 'object',
    objectState: 'immobile',
    abilities: { str: 10, dex: 0, con: null, int: null, wis: null, cha: null },
    hp: Math.max(1, m.hpPerCm * thicknessCm),
    ...(m.dr > 0 ? { dr: { value: m.dr, bypass: ['lightsaber'] } } : {}),
    ...opts,
  })
}

/** The zod schemas of this module, built on their first use (rules/kit/built-once.ts, issue 13). */
function build() {
  const int = z.number().int()

  const bonus = int.min(-100).max(100)
  /** a published defense total: 10 + level + modifiers (001), an unattended colossal object's Reflex 5 − 10 (003) */
  const defense = int.min(-50).max(500)

  const weaponSchema = z.object({
    name: z.string().min(1).max(80),
    /** damage dice, e.g. `3d8`, `2d6+1`: parsed at save by the engine's dice parser (issue 27) */
    damage: diceNotation(40),
    kind: z.enum(['melee', 'ranged']),
    /** thrown melee weapons add Str to damage (001) */
    thrown: z.boolean().optional(),
    light: z.boolean().optional(),
    twoHanded: z.boolean().optional(),
    natural: z.boolean().optional(),
    /** W8: the seed gives no band distances; squares at the end of point blank, short, medium, long */
    ranges: z.tuple([int.min(0).max(1000), int.min(0).max(1000), int.min(0).max(1000), int.min(0).max(1000)]).optional(),
    /** stun setting: its damage dice, or true to use the normal dice */
    stun: z.union([z.boolean(), diceNotation(40)]).optional(),
    /** only a stun setting (stun batons, stun grenades) */
    stunOnly: z.boolean().optional(),
    ion: z.boolean().optional(),
    autofire: z.boolean().optional(),
    autofireOnly: z.boolean().optional(),
    /** area weapon (grenade, burst) */
    area: z.boolean().optional(),
    /** energy, kinetic, slashing, piercing, bludgeoning, lightsaber, ... (DR bypass, 003) */
    damageType: z.string().max(40).optional(),
    attackBonus: bonus.optional(),
    damageBonus: bonus.optional(),
  })

  const abilities = z.object({
    str: int.min(0).max(100).nullable().default(10),
    dex: int.min(0).max(100).nullable().default(10),
    con: int.min(0).max(100).nullable().default(10),
    int: int.min(0).max(100).nullable().default(10),
    wis: int.min(0).max(100).nullable().default(10),
    cha: int.min(0).max(100).nullable().default(10),
  })

  const terms = z.object({ class: bonus.optional(), species: bonus.optional(), equipment: bonus.optional(), natural: bonus.optional(), misc: bonus.optional() })

  /**
   * The book's free text the engine does not read (species, classes, senses, talents, feats, skills, possessions):
   * the GM's words, or a list of names from an import; shown on the card as written, bounded (issue 27).
   */
  const prose = z.union([z.string().max(2000), z.array(z.union([z.string().max(200), z.object({ name: z.string().max(200) })])).max(100)]).optional()

  const sagaStatBlockSchema = z.object({
    id: z.string().max(200).optional(),
    name: z.string().min(1).max(120),
    species: prose,
    classes: prose,
    senses: prose,
    talents: prose,
    feats: prose,
    skills: prose,
    possessions: prose,
    kind: z.enum(KINDS).default('nonheroic'),
    role: z.enum(['pc', 'npc', 'ally']).optional(),
    side: z.enum(['party', 'allies', 'enemies', 'neutral']).optional(),
    aware: z.boolean().optional(),
    size: z.enum(SIZES).default('medium'),
    heroicLevel: int.min(0).max(40).default(0),
    /** nonheroic / beast levels: count toward character level, not heroic level */
    otherLevels: int.min(0).max(40).default(0),
    abilities: abilities.default({ str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }),
    bab: bonus.default(0),
    defenses: z.object({ reflex: terms.optional(), fortitude: terms.optional(), will: terms.optional() }).default({}),
    /** armor replaces heroic level in Reflex (001); maxDex caps the Dex bonus */
    armor: z.object({ name: z.string().max(80).optional(), reflex: bonus, fortitude: bonus.optional(), maxDex: int.min(0).max(20).optional() }).optional(),
    /** published totals override the derived ones (the breakdown still shows the derived terms) */
    totals: z.object({ reflex: defense.optional(), fortitude: defense.optional(), will: defense.optional(), damageThreshold: int.min(0).max(100000).optional() }).optional(),
    hp: int.min(1).max(100000),
    /** Improved Damage Threshold and other flat bonuses */
    dtBonus: bonus.optional(),
    speed: int.min(0).max(1000).default(6),
    /** W8: the Initiative skill modifier is data */
    initiative: bonus.default(0),
    forcePoints: int.min(0).max(100).default(0),
    /** shield rating (003) */
    sr: int.min(0).max(1000).optional(),
    /** damage reduction; bypass lists damage types that ignore it (003, e.g. DR 5/energy) */
    dr: z.object({ value: int.min(0).max(1000), bypass: z.array(z.string().max(40)).max(20).default([]) }).optional(),
    weapons: z.array(weaponSchema).max(30).default([]),
    /** talents and feats the engine knows: evasion, extraSecondWind, improvedDisarm, preciseShot, cyborg */
    evasion: z.boolean().optional(),
    extraSecondWind: z.boolean().optional(),
    improvedDisarm: z.boolean().optional(),
    preciseShot: z.boolean().optional(),
    combatReflexes: z.boolean().optional(),
    /** 003 Full attack: Double Attack (+1 attack, −5 to all attacks until the next turn), Triple Attack (+1 more, −5 more) */
    doubleAttack: z.boolean().optional(),
    tripleAttack: z.boolean().optional(),
    /** 003: Dual Weapon Mastery I–III reduce the −10 of two weapons / a double weapon; all three cancel it */
    dualWeaponMastery: int.min(0).max(3).optional(),
    /** 003 Careful Shot: +1 to a ranged attack after aiming */
    carefulShot: z.boolean().optional(),
    /** 003 Martial Arts I: an unarmed character threatens the squares around it (attacks of opportunity) */
    martialArts: z.boolean().optional(),
    /** cybernetic creature: ion damage affects its condition track (003) */
    cyborg: z.boolean().optional(),
    /** objects (003): unattended immobile (Reflex 5 + size), unattended mobile (10 + size), or held (W9) */
    objectState: z.enum(['immobile', 'mobile', 'held']).optional(),
    heldBy: z.string().max(200).optional(),
  })
  return { int, bonus, weaponSchema, abilities, terms, sagaStatBlockSchema }
}
type Built = ReturnType<typeof build>
const schemas = builtOnce(build)

export const sagaStatBlockSchema = onFirstUse(() => schemas().sagaStatBlockSchema)
