/**
 * Storyteller and the other tools' D&D-shaped stat blocks (issue 30): Improved Initiative read in, the library
 * written out as Improved Initiative StatBlocks and Fantasy Statblocks monsters.
 *
 * Storyteller rates attributes in dots, 2 for a typical person (004, Scion 1e): a D&D score becomes
 * ⌊(score − 4) ÷ 3⌋ dots, at least 1 (10–12 → 2, 13–15 → 3, 16–18 → 4), and back 3 × dots + 5. AC becomes the
 * Dodge and Parry DVs, ⌊(AC − 10) ÷ 2⌋ + 1 (back 10 + 2 × (DV − 1)); HP the health levels before Incapacitated,
 * ⌈HP ÷ 2⌉ (back 2 × levels), their penalties spread as the Scion track spreads its six (T5).
 */
import type { FieldLanding, ImportNote, LostField } from '../../../kit/imports'
import {
  clamp, improvedInitiativeReader, land, lostFields, textLines, writers,
  type IiBuilt, type IiCreature, type IiMapped, type IiSpec, type OutAttack, type OutCreature,
} from '../../../kit/improved-initiative'
import { ABILITIES, ATTRIBUTES, statBlock, type Ability, type StatBlock } from '../schema'
import { SCION_HEALTH_TRACK } from '../mechanics/settings'

const TARGETS = [...ATTRIBUTES, 'dv', 'dodge', 'parry', 'mental', 'health'] as const
export const dotsOf = (score: number): number => clamp(Math.floor((score - 4) / 3), 1, 10)
export const scoreOf = (dots: number): number => 3 * dots + 5
export const dvOf = (ac: number): number => clamp(Math.floor((ac - 10) / 2) + 1, 0, 30)
export const acOf = (dv: number): number => 10 + 2 * (dv - 1)
/** the unmapped attributes borrow from the one nearest in kind */
const BORROW: Partial<Record<(typeof ATTRIBUTES)[number], (typeof ATTRIBUTES)[number]>> = { perception: 'wits', manipulation: 'charisma', appearance: 'charisma' }
/** D&D skills with a Storyteller ability of the same sense */
const SKILL_ABILITY: Record<string, Ability> = {
  athletics: 'athletics', stealth: 'stealth', survival: 'survival', medicine: 'medicine', investigation: 'investigation', persuasion: 'persuasion',
  perception: 'awareness', insight: 'empathy', intimidation: 'command', 'animal handling': 'animalKen', 'sleight of hand': 'larceny', arcana: 'occult', history: 'academics',
}

/** `n` health levels, their penalties spread like the Scion track's six (−0, −1, −1, −2, −2, −4) */
export function healthLevels(n: number): number[] {
  const track = SCION_HEALTH_TRACK as readonly number[]
  return Array.from({ length: n }, (_, i) => track[Math.min(track.length - 1, Math.floor((i * track.length) / n))])
}

function build(c: IiCreature, mapped: IiMapped[]): IiBuilt {
  const fields: FieldLanding[] = []
  const notes: ImportNote[] = []
  const attributes: Partial<Record<string, number>> = {}
  const dv: Partial<Record<'dodge' | 'parry' | 'mental', number>> = {}
  let health: number[] | undefined
  for (const m of mapped) {
    if ((ATTRIBUTES as readonly string[]).includes(m.to)) {
      attributes[m.to] = dotsOf(m.value)
      fields.push(land(m.field, `attributes.${m.to}`, attributes[m.to]))
    } else if (m.to === 'health') {
      health = healthLevels(clamp(Math.ceil(m.value / 2), 1, 30))
      fields.push(land(m.field, 'health', health.length))
    } else {
      const v = m.from === 'ac' ? dvOf(m.value) : clamp(m.value, 0, 30)
      for (const k of m.to === 'dv' ? (['dodge', 'parry'] as const) : [m.to as 'dodge' | 'parry' | 'mental']) {
        dv[k] = v
        fields.push(land(m.field, `dv.${k}`, v))
      }
    }
  }
  for (const a of ATTRIBUTES) {
    if (attributes[a] !== undefined) continue
    const from = BORROW[a]
    const value = from !== undefined && attributes[from] !== undefined ? attributes[from]! : 2
    attributes[a] = value
    notes.push({ field: `${c.at}Abilities`, key: `storyteller.import.defaulted.${a}`, params: { value } })
  }
  for (const k of ['dodge', 'parry', 'mental'] as const) {
    if (dv[k] !== undefined) continue
    dv[k] = 2
    notes.push({ field: `${c.at}AC.Value`, key: `storyteller.import.defaulted.${k}`, params: { value: 2 } })
  }
  const abilities: Partial<Record<Ability, number>> = {}
  for (const s of c.skills) {
    const ab = SKILL_ABILITY[s.name.toLowerCase()]
    if (!ab || abilities[ab] !== undefined) continue
    abilities[ab] = clamp(Math.round(s.modifier / 2), 0, 10)
    fields.push(land(c.at + s.field, `abilities.${ab}`, abilities[ab]))
  }
  const weapons = c.attacks.slice(0, 20).map((a, i) => {
    const melee = a.kind === 'melee'
    const ability: Ability = a.thrown ? 'thrown' : melee ? 'melee' : 'marksmanship'
    // a D&D hit averages about 3 of a Storyteller weapon's damage dice (the sample E-11 rifle 4, a D&D one 3d8 = 13.5)
    const damage = clamp(Math.round((a.average ?? 0) / 3), 0, 20)
    const w = {
      name: a.name.slice(0, 120) || 'Attack', class: melee ? 'impact' : 'ranged', attribute: 'dexterity', ability,
      accuracy: clamp(Math.round((a.toHit ?? 0) / 2), -5, 10), damage, speed: 5, damageType: a.damageType === 'bludgeoning' ? 'bashing' : 'lethal',
    }
    fields.push(land(c.at + a.field, `weapons[${i}]`, `${w.name} ${damage}`))
    return w
  })
  // what has no field of its own is kept in the notes, as the source wrote it
  const lines = textLines(c, fields)
  if (c.player) fields.push(land(`${c.at}Player`, 'kind', 'pc'))
  const data: Record<string, unknown> = {
    kind: c.player ? 'pc' : 'npc',
    name: c.name.slice(0, 120),
    attributes,
    abilities,
    dv,
    weapons,
    ...(health ? { health } : {}),
    notes: lines.join('\n').slice(0, 4000),
  }
  return { kind: c.player ? 'pc' : 'npc', data, fields, notes }
}

export const storytellerImprovedInitiativeSpec: IiSpec = {
  systemId: 'storyteller',
  targets: TARGETS,
  suggested: { ac: 'dv', hp: 'health', str: 'strength', dex: 'dexterity', con: 'stamina', int: 'intelligence', wis: 'wits', cha: 'charisma', init: null },
  build,
}

export const storytellerImprovedInitiativeReader = improvedInitiativeReader(storytellerImprovedInitiativeSpec)

// ---------------------------------------------------------------------------------------------------------------
// writing

const NOT_HELD = ['epic', 'soak', 'armor', 'joinBattle']

function out(sb: StatBlock, name: string): { creature: OutCreature; lost: LostField[] } {
  const a = sb.attributes
  const s = sb as Record<string, unknown>
  // Scion's own Join Battle (Wits + Awareness) and a zero soak say nothing
  const lost = lostFields(s, NOT_HELD.filter((k) => {
    if (k === 'soak') return Object.values(sb.soak).some((v) => v > 0)
    if (k === 'joinBattle') return sb.joinBattle.attribute !== 'wits' || sb.joinBattle.ability !== 'awareness'
    return true
  }))
  for (const k of ['manipulation', 'appearance', 'perception'] as const) lost.push({ field: `attributes.${k}`, key: 'importer.lost.noPlace' })
  if (sb.dv.parry !== sb.dv.dodge) lost.push({ field: 'dv.parry', key: 'importer.lost.noPlace' })
  lost.push({ field: 'dv.mental', key: 'importer.lost.noPlace' })
  const skills: Array<{ name: string; modifier: number }> = []
  const back = Object.fromEntries(Object.entries(SKILL_ABILITY).map(([skill, ab]) => [ab, skill]))
  for (const ab of ABILITIES) {
    const v = sb.abilities[ab]
    if (v === undefined) continue
    const skill = back[ab]
    if (skill) skills.push({ name: skill.replace(/\b\w/g, (x) => x.toUpperCase()), modifier: 2 * v })
    else lost.push({ field: `abilities.${ab}`, key: 'importer.lost.noPlace' })
  }
  const attacks: OutAttack[] = sb.weapons.map((w, i) => {
    if (w.speed !== 5) lost.push({ field: `weapons[${i}].speed`, key: 'importer.lost.noPlace' })
    return { name: w.name, kind: w.class === 'impact' || w.class === 'lightsaber' ? 'melee' : 'ranged', toHit: 2 * w.accuracy, bonus: 3 * w.damage, damageType: w.damageType === 'bashing' ? 'bludgeoning' : w.damageType }
  })
  const levels = (sb.health ?? SCION_HEALTH_TRACK).length
  const creature: OutCreature = {
    name: sb.name || name,
    hp: 2 * levels,
    ...(sb.health ? { hpNotes: `${levels} health levels` } : {}),
    ac: acOf(sb.dv.dodge),
    abilities: { str: scoreOf(a.strength), dex: scoreOf(a.dexterity), con: scoreOf(a.stamina), int: scoreOf(a.intelligence), wis: scoreOf(a.wits), cha: scoreOf(a.charisma) },
    skills,
    attacks,
    ...(sb.notes ? { description: sb.notes } : {}),
    player: sb.kind === 'pc' ? 'player' : '',
  }
  if (sb.health) lost.push({ field: 'health', key: 'importer.lost.noPlace' })
  // II and Fantasy Statblocks know players' characters and monsters, not allies
  if (sb.kind === 'ally') lost.push({ field: 'kind', key: 'importer.lost.noPlace' })
  return { creature, lost }
}

const written = writers(statBlock, out)
export const storytellerToImprovedInitiative = written.toImprovedInitiative
export const storytellerToFantasyStatblocks = written.toFantasyStatblocks
