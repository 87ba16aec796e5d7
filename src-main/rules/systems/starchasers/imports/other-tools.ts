/**
 * Starchasers and the other tools' D&D-shaped stat blocks (issue 30): Improved Initiative read in, the library
 * written out as Improved Initiative StatBlocks and Fantasy Statblocks monsters.
 *
 * Starchasers rates its eight attributes 0–10, a typical person 2 (000; the seed's Stormtrooper, Han Solo): a D&D
 * score becomes ⌊(score − 2) ÷ 4⌋ (10–13 → 2, 14–17 → 3, 18–21 → 4), and back 4 × rating + 3. AC becomes armor
 * deflection ⌊(AC − 10) ÷ 2⌋ (back 10 + 2 × deflection), HP the hit points as they are. The attributes D&D lacks
 * (Deftness, Confidence) take the mapped one nearest in kind when unmapped (Dex, Wis), else 2, and say so.
 */
import type { FieldLanding, ImportNote, LostField } from '../../../kit/imports'
import {
  clamp, improvedInitiativeReader, land, lostFields, writers,
  type IiBuilt, type IiCreature, type IiMapped, type IiSpec, type OutAttack, type OutCreature,
} from '../../../kit/improved-initiative'
import { statBlock, type Attributes, type StatBlock } from '../schema'

const ATTRIBUTES = ['strength', 'toughness', 'agility', 'deftness', 'intelligence', 'perception', 'charisma', 'confidence'] as const
const TARGETS = ['hp', 'deflection', 'resistance', 'stressCapacity', 'initiativeBonus', ...ATTRIBUTES] as const
/** a score read as an attribute rating, and back */
export const ratingOf = (score: number): number => clamp(Math.floor((score - 2) / 4), 0, 10)
export const scoreOf = (rating: number): number => 4 * rating + 3
/** the attribute an unmapped one borrows from (nearest in kind) */
const BORROW: Partial<Record<(typeof ATTRIBUTES)[number], (typeof ATTRIBUTES)[number]>> = { deftness: 'agility', confidence: 'perception' }

function build(c: IiCreature, mapped: IiMapped[]): IiBuilt {
  const fields: FieldLanding[] = []
  const notes: ImportNote[] = []
  const attributes: Partial<Record<string, number>> = {}
  let hp: number | undefined
  const extra: Record<string, number> = {}
  let deflection: number | undefined
  for (const m of mapped) {
    if ((ATTRIBUTES as readonly string[]).includes(m.to)) {
      attributes[m.to] = ratingOf(m.value)
      fields.push(land(m.field, `attributes.${m.to}`, attributes[m.to]))
    } else if (m.to === 'hp') {
      hp = clamp(m.value, 1, 999)
      fields.push(land(m.field, 'hp', hp))
    } else if (m.to === 'deflection') {
      deflection = clamp(Math.floor((m.value - 10) / 2), 0, 20)
      fields.push(land(m.field, 'armor.deflection', deflection))
    } else {
      const v = m.to === 'resistance' ? clamp(m.value, 0, 20) : m.to === 'stressCapacity' ? clamp(m.value, 1, 99) : clamp(m.value, 0, 10)
      extra[m.to] = v
      fields.push(land(m.field, m.to, v))
    }
  }
  for (const a of ATTRIBUTES) {
    if (attributes[a] !== undefined) continue
    const from = BORROW[a]
    const value = from !== undefined && attributes[from] !== undefined ? attributes[from]! : 2
    attributes[a] = value
    notes.push({ field: `${c.at}Abilities`, key: `starchasers.import.defaulted.${a}`, params: { value } })
  }
  if (hp === undefined) {
    hp = 1
    notes.push({ field: `${c.at}HP.Value`, key: 'importer.note.defaulted', params: { label: 'HP', value: 1 } })
  }
  const stressCapacity = extra.stressCapacity ?? clamp(2 + (attributes.confidence ?? 2), 1, 99)
  if (extra.stressCapacity === undefined) notes.push({ field: `${c.at}Abilities`, key: 'starchasers.import.stressDefaulted', params: { value: stressCapacity } })
  const weapons: Array<Record<string, unknown>> = []
  for (const a of c.attacks.slice(0, 30)) {
    const melee = a.kind === 'melee'
    const average = a.average ?? 0
    // a D&D hit averages about 4 of a Starchasers weapon's damage points (the seed's blaster rifle 3, a D&D one 3d8 = 13.5)
    const damage = clamp(Math.round(average / 4), 1, 30)
    const name = a.name.slice(0, 120) || 'Attack'
    weapons.push({
      name, group: a.thrown ? 'thrown' : melee ? 'melee' : 'ranged', proficiency: name.slice(0, 60), attribute: melee ? 'strength' : 'deftness',
      damage, weight: 'light', qualities: {}, damageType: (a.damageType ?? 'physical').slice(0, 60), stun: false, techLevel: 'modern', duelType: 'power',
    })
    fields.push(land(c.at + a.field, `weapons[${weapons.length - 1}]`, `${name} ${damage}`))
  }
  const common: Record<string, unknown> = {
    name: c.name.slice(0, 120),
    attributes: attributes as Attributes,
    hp,
    stressCapacity,
    resistance: extra.resistance ?? 0,
    initiativeBonus: extra.initiativeBonus ?? 0,
    weapons,
    ...(deflection ? { armor: { name: (c.acNotes.replace(/[()]/g, '').trim() || `AC ${Math.round(deflection * 2 + 10)}`).slice(0, 120), deflection } } : {}),
  }
  if (c.acNotes && deflection) fields.push(land(`${c.at}AC.Notes`, 'armor.name', (common.armor as { name: string }).name))
  const type = c.type.split(/\s+/)
  const size = ['small', 'medium', 'large'].find((s) => s === type[0]?.toLowerCase())
  if (size) {
    common.size = size
    fields.push(land(`${c.at}Type`, 'size', size))
  }
  if (c.player) {
    fields.push(land(`${c.at}Player`, 'kind', 'pc'))
    return { kind: 'pc', data: { kind: 'pc', ...common }, fields, notes }
  }
  // the actions that are no attack, and the traits: a Stress-powered ability each (000 "abilities"), their text kept
  const abilities = [...c.traits, ...c.actions.filter((e) => !c.attacks.some((a) => a.field === e.field))].slice(0, 30).map((e, i) => {
    fields.push(land(c.at + e.field, `abilities[${i}]`, e.name))
    return { name: e.name.slice(0, 120) || 'Ability', cost: 1, bonusDice: 0, qualities: {}, text: e.content.slice(0, 2000) }
  })
  notes.push({ field: `${c.at}Name`, key: 'starchasers.import.tierChosen' })
  return { kind: 'npc', data: { kind: 'npc', tier: 'extra', ...common, abilities }, fields, notes }
}

export const starchasersImprovedInitiativeSpec: IiSpec = {
  systemId: 'starchasers',
  targets: TARGETS,
  suggested: { ac: 'deflection', hp: 'hp', str: 'strength', dex: 'agility', con: 'toughness', int: 'intelligence', wis: 'perception', cha: 'charisma', init: 'initiativeBonus' },
  build,
}

export const starchasersImprovedInitiativeReader = improvedInitiativeReader(starchasersImprovedInitiativeSpec)

// ---------------------------------------------------------------------------------------------------------------
// writing

const NOT_HELD = [
  'skills', 'stressCapacity', 'resistance', 'proficiencies', 'shield', 'armorDefenseBonus', 'parryBonus', 'parryRanged',
  'defaultDefense', 'initiativeBonus', 'features', 'vitality', 'motivation', 'specialMoves', 'duelDice',
  'movement', 'melee', 'thrown', 'ranged', 'block', 'dodge', 'parry', 'injuriesSuffered', 'virtues', 'flaws', 'passiveAbility', 'specialAttacks', 'fromPc', 'role',
]

function out(sb: StatBlock, name: string): { creature: OutCreature; lost: LostField[] } {
  const a = sb.attributes
  // a default Starchasers keeps (Dodge as the default defense) says nothing and is not lost
  const lost = lostFields(sb as Record<string, unknown>, NOT_HELD.filter((k) => !(k === 'defaultDefense' && sb.kind !== 'ally' && sb.defaultDefense === 'dodge')))
  lost.push({ field: 'attributes.deftness', key: 'importer.lost.noPlace' }, { field: 'attributes.confidence', key: 'importer.lost.noPlace' })
  const attacks: OutAttack[] = []
  const actions: Array<{ name: string; content: string }> = []
  if (sb.kind !== 'ally') {
    sb.weapons.forEach((w, i) => {
      attacks.push({ name: w.name, kind: w.group === 'melee' ? 'melee' : 'ranged', bonus: w.damage * 4, damageType: w.damageType })
      for (const k of ['qualities', 'proficiency', 'duelType', 'weight', 'stun'] as const) {
        const v = w[k]
        if (v && !(typeof v === 'object' && Object.keys(v).length === 0)) lost.push({ field: `weapons[${i}].${k}`, key: 'importer.lost.noPlace' })
      }
    })
    if (sb.kind === 'npc') for (const ab of sb.abilities) actions.push({ name: ab.name, content: ab.text })
  }
  const deflection = sb.kind === 'ally' ? 0 : (sb.armor?.deflection ?? 0)
  const creature: OutCreature = {
    name: sb.name || name,
    type: [sb.size, sb.species].filter((x) => x).join(' '),
    hp: sb.hp,
    ac: 10 + 2 * deflection,
    ...(sb.kind !== 'ally' && sb.armor ? { acNotes: `(${sb.armor.name})` } : {}),
    abilities: { str: scoreOf(a.strength), dex: scoreOf(a.agility), con: scoreOf(a.toughness), int: scoreOf(a.intelligence), wis: scoreOf(a.perception), cha: scoreOf(a.charisma) },
    ...(sb.kind === 'npc' ? { challenge: sb.tier } : {}),
    attacks,
    actions,
    player: sb.kind === 'pc' ? 'player' : '',
  }
  if (sb.kind !== 'ally' && sb.armor) for (const k of ['resistanceBonus', 'agilityPenalty', 'qualities'] as const) {
    const v = sb.armor[k]
    if (v && !(typeof v === 'object' && Object.keys(v).length === 0)) lost.push({ field: `armor.${k}`, key: 'importer.lost.noPlace' })
  }
  // II and Fantasy Statblocks know players' characters and monsters, not allies
  if (sb.kind === 'ally') lost.push({ field: 'kind', key: 'importer.lost.noPlace' })
  return { creature, lost }
}

const written = writers(statBlock, out)
export const starchasersToImprovedInitiative = written.toImprovedInitiative
export const starchasersToFantasyStatblocks = written.toFantasyStatblocks
