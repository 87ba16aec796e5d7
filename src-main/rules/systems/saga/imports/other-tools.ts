/**
 * Saga Edition and the other tools' D&D-shaped stat blocks (issue 30): Improved Initiative read in, the library
 * written out as Improved Initiative StatBlocks and Fantasy Statblocks monsters.
 *
 * Saga is a d20 game: its six abilities are on the same scale as D&D's, taken as they are. AC becomes the
 * published Reflex total (001: the totals override the derived defenses), HP the hit points; attacks keep their
 * stated bonus to hit and damage (the weapon's own bonus is the stated one less BAB and the ability, 001).
 */
import type { FieldLanding, ImportNote, LostField } from '../../../kit/imports'
import {
  clamp, diceText, improvedInitiativeReader, land, lostFields, proseText, speedSquares, writers,
  type IiBuilt, type IiCreature, type IiMapped, type IiSpec, type OutAttack, type OutCreature,
} from '../../../kit/improved-initiative'
import { SIZES, characterLevel, derive, mod, sagaStatBlockSchema, type SagaStatBlock } from '../schema'

const ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const
const TARGETS = ['reflex', 'fortitude', 'will', 'damageThreshold', 'hp', ...ABILITIES, 'initiative'] as const

function build(c: IiCreature, mapped: IiMapped[]): IiBuilt {
  const fields: FieldLanding[] = []
  const notes: ImportNote[] = []
  const used: string[] = []
  const abilities: Record<string, number> = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }
  const totals: Record<string, number> = {}
  let hp: number | undefined
  let initiative = 0
  for (const m of mapped) {
    if ((ABILITIES as readonly string[]).includes(m.to)) {
      abilities[m.to] = clamp(m.value, 0, 100)
      fields.push(land(m.field, `abilities.${m.to}`, abilities[m.to]))
    } else if (m.to === 'hp') {
      hp = clamp(m.value, 1, 100000)
      fields.push(land(m.field, 'hp', hp))
    } else if (m.to === 'initiative') {
      initiative = clamp(m.value, -100, 100)
      fields.push(land(m.field, 'initiative', initiative))
    } else {
      totals[m.to] = m.to === 'damageThreshold' ? clamp(m.value, 0, 100000) : clamp(m.value, -50, 500)
      fields.push(land(m.field, `totals.${m.to}`, totals[m.to]))
    }
  }
  if (hp === undefined) {
    hp = 1
    notes.push({ field: `${c.at}HP.Value`, key: 'importer.note.defaulted', params: { label: 'HP', value: 1 } })
  }
  const data: Record<string, unknown> = {
    name: c.name.slice(0, 120),
    kind: c.player ? 'heroic' : 'nonheroic',
    abilities,
    hp,
    initiative,
  }
  if (c.player) {
    data.role = 'pc'
    fields.push(land(`${c.at}Player`, 'role', 'pc'))
  }
  // Type "Medium humanoid (human)": the size, and the rest as the species
  if (c.type) {
    const words = c.type.split(/\s+/)
    const size = SIZES.find((s) => s === words[0].toLowerCase())
    if (size) {
      data.size = size
      fields.push(land(`${c.at}Type`, 'size', size))
    }
    const species = (size ? words.slice(1) : words).join(' ').trim().slice(0, 2000)
    if (species) {
      data.species = species
      fields.push(land(`${c.at}Type`, 'species', species))
    }
  }
  if (c.speed.length) {
    const squares = speedSquares(c.speed[0])
    if (squares !== undefined) {
      data.speed = clamp(squares, 0, 1000)
      fields.push(land(`${c.at}Speed[0]`, 'speed', data.speed))
    }
  }
  if (c.senses.length) {
    data.senses = c.senses.slice(0, 100).map((s) => s.slice(0, 200))
    c.senses.slice(0, 100).forEach((s, i) => fields.push(land(`${c.at}Senses[${i}]`, `senses[${i}]`, s)))
  }
  if (c.skills.length) {
    data.skills = c.skills.slice(0, 100).map((s) => `${s.name} ${s.modifier >= 0 ? '+' : ''}${s.modifier}`.slice(0, 200))
    c.skills.slice(0, 100).forEach((s, i) => fields.push(land(c.at + s.field, `skills[${i}]`, (data.skills as string[])[i])))
  }
  // what this app's own export writes (sagaToImprovedInitiative): "Reflex; Fort 12, Will 10, DT 12" and "CL 4"
  const stated: Array<[string, RegExp]> = [['fortitude', /\bFort(?:itude)?\s+(\d+)/i], ['will', /\bWill\s+(\d+)/i], ['damageThreshold', /\b(?:DT|Damage Threshold|Threshold)\s+(\d+)/i]]
  for (const [key, re] of stated) {
    const m = re.exec(c.acNotes)
    if (!m || totals[key] !== undefined) continue
    totals[key] = key === 'damageThreshold' ? clamp(Number(m[1]), 0, 100000) : clamp(Number(m[1]), -50, 500)
    fields.push(land(`${c.at}AC.Notes`, `totals.${key}`, totals[key]))
  }
  if (Object.keys(totals).length) data.totals = totals
  const cl = /^CL\s*(\d+)$/i.exec(c.challenge)
  const level = cl ? clamp(Number(cl[1]), 0, 40) : 0
  if (cl) {
    // a player character's levels are heroic (001: half of them adds to damage), an NPC's nonheroic
    data[c.player ? 'heroicLevel' : 'otherLevels'] = level
    fields.push(land(`${c.at}Challenge`, c.player ? 'heroicLevel' : 'otherLevels', level))
  }
  const halfHeroic = c.player ? Math.floor(level / 2) : 0
  const weapons: Array<Record<string, unknown>> = []
  for (const a of c.attacks) {
    const dice = diceText(a)
    if (!dice) {
      notes.push({ field: c.at + a.field, key: 'importer.note.noDice', params: { name: a.name } })
      continue
    }
    if (weapons.length >= 30) break
    const melee = a.kind === 'melee'
    const abilityMod = mod(melee ? abilities.str : abilities.dex)
    const w: Record<string, unknown> = { name: a.name.slice(0, 80) || 'Attack', damage: dice, kind: a.kind }
    if (a.thrown) w.thrown = true
    if (a.damageType) w.damageType = a.damageType.slice(0, 40)
    // 001: attack = BAB (0 here) + Str or Dex + the weapon's bonus; damage = dice + ½ heroic level + Str (melee, thrown) + the weapon's bonus
    if (a.toHit !== undefined && a.toHit - abilityMod !== 0) w.attackBonus = clamp(a.toHit - abilityMod, -100, 100)
    const damageBonus = a.bonus - halfHeroic - (melee || a.thrown ? mod(abilities.str) : 0)
    if (damageBonus !== 0) w.damageBonus = clamp(damageBonus, -100, 100)
    fields.push(land(c.at + a.field, `weapons[${weapons.length}]`, `${w.name} ${dice}`))
    weapons.push(w)
  }
  if (weapons.length) data.weapons = weapons
  return { kind: c.player ? 'pc' : 'npc', data, fields, notes, used }
}

export const sagaImprovedInitiativeSpec: IiSpec = {
  systemId: 'saga',
  targets: TARGETS,
  suggested: { ac: 'reflex', hp: 'hp', str: 'str', dex: 'dex', con: 'con', int: 'int', wis: 'wis', cha: 'cha', init: 'initiative' },
  build,
}

export const sagaImprovedInitiativeReader = improvedInitiativeReader(sagaImprovedInitiativeSpec)

// ---------------------------------------------------------------------------------------------------------------
// writing

/** what neither Improved Initiative nor Fantasy Statblocks has a place for */
const NOT_HELD = [
  'classes', 'talents', 'feats', 'possessions', 'side', 'aware', 'forcePoints', 'sr', 'dr', 'dtBonus', 'armor',
  'evasion', 'extraSecondWind', 'improvedDisarm', 'preciseShot', 'combatReflexes', 'doubleAttack', 'tripleAttack',
  'dualWeaponMastery', 'carefulShot', 'martialArts', 'cyborg', 'objectState', 'heldBy',
]
const WEAPON_NOT_HELD = ['ranges', 'stun', 'stunOnly', 'ion', 'autofire', 'autofireOnly', 'area', 'light', 'twoHanded', 'natural']

function out(sb: SagaStatBlock, name: string): { creature: OutCreature; lost: LostField[] } {
  const d = derive(sb)
  const lost = lostFields(sb as Record<string, unknown>, NOT_HELD)
  const abilities = { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 }
  for (const a of ABILITIES) {
    const v = sb.abilities[a]
    if (v === null) lost.push({ field: `abilities.${a}`, key: 'importer.lost.noNull' })
    abilities[a] = v ?? 0
  }
  const attacks: OutAttack[] = sb.weapons.map((w, i) => {
    const melee = w.kind === 'melee'
    const dm = /^(\d*d\d+)\s*([+-]\s*\d+)?$/i.exec(w.damage.trim())
    const dice = dm ? (dm[1].startsWith('d') ? `1${dm[1]}` : dm[1]) : w.damage
    const diceBonus = dm?.[2] ? Number(dm[2].replace(/\s+/g, '')) : 0
    const bonus = diceBonus + Math.floor(sb.heroicLevel / 2) + (melee || w.thrown ? mod(sb.abilities.str) : 0) + (w.damageBonus ?? 0)
    for (const k of WEAPON_NOT_HELD) if (w[k as keyof typeof w] !== undefined && w[k as keyof typeof w] !== false) lost.push({ field: `weapons[${i}].${k}`, key: 'importer.lost.noPlace' })
    return { name: w.name, kind: w.kind, toHit: sb.bab + mod(melee ? sb.abilities.str : sb.abilities.dex) + (w.attackBonus ?? 0), dice, bonus, ...(w.damageType ? { damageType: w.damageType } : {}) }
  })
  const skills: Array<{ name: string; modifier: number }> = []
  const skillTexts = proseText(sb.skills)
  for (const s of skillTexts) {
    const m = /^(.+?)\s*([+-]\d+)$/.exec(s)
    if (m) skills.push({ name: m[1].trim(), modifier: Number(m[2]) })
  }
  if (skillTexts.length !== skills.length) lost.push({ field: 'skills', key: 'importer.lost.noPlace' })
  const species = proseText(sb.species).join(', ')
  const creature: OutCreature = {
    name: sb.name || name,
    type: [sb.size, species].filter((x) => x).join(' '),
    hp: sb.hp,
    ac: d.reflex.total,
    // the book's own abbreviations (001): the other defenses and the threshold have no field of their own there
    acNotes: `Reflex; Fort ${d.fortitude.total}, Will ${d.will.total}, DT ${d.damageThreshold.total}`,
    notesHold: ['fortitude', 'will', 'damageThreshold'],
    initiative: sb.initiative,
    speed: [`${sb.speed} squares`],
    abilities,
    skills,
    senses: proseText(sb.senses),
    challenge: `CL ${characterLevel(sb)}`,
    attacks,
    player: sb.role === 'pc' ? 'player' : '',
  }
  // II and Fantasy Statblocks know players' characters and monsters, not allies
  if (sb.role === 'ally') lost.push({ field: 'role', key: 'importer.lost.noPlace' })
  return { creature, lost }
}

const written = writers(sagaStatBlockSchema, out)
export const sagaToImprovedInitiative = written.toImprovedInitiative
export const sagaToFantasyStatblocks = written.toFantasyStatblocks
