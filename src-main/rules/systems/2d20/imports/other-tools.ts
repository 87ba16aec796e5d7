/**
 * 2d20 and the other tools' D&D-shaped stat blocks (issue 30): Improved Initiative read in, the library written
 * out as Improved Initiative StatBlocks and Fantasy Statblocks monsters.
 *
 * The six attributes (002) run 4–12 for most characters: a D&D score becomes half of it, rounded (10 → 5, 16 → 8),
 * and back twice the attribute. 2d20 has no hit points and no armor class (stress tracks, 002:157-165): AC and HP
 * have no counterpart unless the GM maps HP onto Menace (a monster's, 002:176: ⌈HP ÷ 10⌉). An attack's damage
 * rating (J3: N combat dice) is the number of its damage dice.
 */
import type { FieldLanding, ImportNote, LostField } from '../../../kit/imports'
import {
  II_LABEL, clamp, improvedInitiativeReader, land, lostFields, textLines, writers,
  type IiBuilt, type IiCreature, type IiMapped, type IiSpec, type OutAttack, type OutCreature,
} from '../../../kit/improved-initiative'
import { ATTRIBUTES, statBlock, type StatBlock } from '../schema'

const TARGETS = [...ATTRIBUTES, 'menace'] as const
export const attributeOf = (score: number): number => clamp(Math.round(score / 2), 1, 20)
export const scoreOf = (attribute: number): number => attribute * 2

function build(c: IiCreature, mapped: IiMapped[]): IiBuilt {
  const fields: FieldLanding[] = []
  const notes: ImportNote[] = []
  const attributes: Partial<Record<string, number>> = {}
  let menace: number | undefined
  for (const m of mapped) {
    if (m.to === 'menace') {
      // 002:176 Menace: a monster's afflictions above it defeat it; HP by tens, another value as it is
      menace = clamp(m.from === 'hp' ? Math.ceil(m.value / 10) : m.value, 0, 20)
      fields.push(land(m.field, 'menace', menace))
    } else {
      attributes[m.to] = attributeOf(m.value)
      fields.push(land(m.field, `attributes.${m.to}`, attributes[m.to]))
    }
  }
  for (const a of ATTRIBUTES) {
    if (attributes[a] !== undefined) continue
    attributes[a] = 5
    notes.push({ field: `${c.at}Abilities`, key: `2d20.import.defaulted.${a}`, params: { value: 5 } })
  }
  const weapons = c.attacks.slice(0, 30).map((a, i) => {
    const damage = clamp(a.dice?.count ?? Math.max(1, Math.round((a.average ?? 0) / 4)), 0, 20)
    fields.push(land(c.at + a.field, `weapons[${i}]`, `${a.name} ${damage}`))
    return { name: a.name.slice(0, 120) || 'Attack', kind: a.kind === 'melee' ? 'melee' : 'shooting', damage, qualities: [] }
  })
  // what has no field of its own is kept in the notes, as the source wrote it
  const lines = textLines(c, fields)
  const common = { name: c.name.slice(0, 120), attributes, weapons, notes: lines.join('\n').slice(0, 4000) }
  if (c.player) {
    fields.push(land(`${c.at}Player`, 'kind', 'pc'))
    // a player character has no Menace (002:176: a monster's): the value mapped onto it is left out, and said
    const m = mapped.find((x) => x.to === 'menace')
    if (m) notes.push({ field: m.field, key: 'importer.note.noCounterpart', params: { label: II_LABEL[m.from], value: m.value } })
    return { kind: 'pc', data: { kind: 'pc', ...common }, fields: fields.filter((f) => f.to !== 'menace'), notes }
  }
  if (menace !== undefined) return { kind: 'npc', data: { kind: 'npc', tier: 'monster', menace, ...common }, fields, notes }
  notes.push({ field: `${c.at}Name`, key: '2d20.import.tierChosen' })
  return { kind: 'npc', data: { kind: 'npc', tier: 'villain', ...common }, fields, notes }
}

export const twoD20ImprovedInitiativeSpec: IiSpec = {
  systemId: '2d20',
  targets: TARGETS,
  suggested: { ac: null, hp: null, str: 'might', dex: 'daring', con: 'passion', int: 'reason', wis: 'cunning', cha: 'empathy', init: null },
  build,
}

export const twoD20ImprovedInitiativeReader = improvedInitiativeReader(twoD20ImprovedInitiativeSpec)

// ---------------------------------------------------------------------------------------------------------------
// writing

const NOT_HELD = ['stress', 'afflictions', 'luck', 'momentum', 'menace', 'trackers']

function out(sb: StatBlock, name: string): { creature: OutCreature; lost: LostField[] } {
  const a = sb.attributes
  const s = sb as Record<string, unknown>
  // a zero stress or affliction, all three trackers: nothing said, nothing lost
  const lost = lostFields(s, NOT_HELD.filter((k) => {
    if (k === 'stress' || k === 'afflictions') return Object.values(s[k] as Record<string, number>).some((v) => v > 0)
    if (k === 'trackers') return sb.kind === 'npc' && sb.tier === 'monster' && sb.trackers.length < 3
    return true
  }))
  const attacks: OutAttack[] = []
  const actions: Array<{ name: string; content: string }> = []
  sb.weapons.forEach((w, i) => {
    // J3: N combat dice; written as Nd6 (the d6 damage die of 002) so the reader reads back N
    if (w.kind === 'insult') {
      actions.push({ name: w.name, content: `Insult: damage rating ${w.damage}.` })
      lost.push({ field: `weapons[${i}].kind`, key: 'importer.lost.noPlace' })
    } else if (w.damage === 0) {
      attacks.push({ name: w.name, kind: w.kind === 'melee' ? 'melee' : 'ranged', bonus: 0 })
      lost.push({ field: `weapons[${i}].damage`, key: 'importer.lost.noPlace' })
    } else attacks.push({ name: w.name, kind: w.kind === 'melee' ? 'melee' : 'ranged', dice: `${w.damage}d6`, bonus: 0 })
    if (w.qualities.length) lost.push({ field: `weapons[${i}].qualities`, key: 'importer.lost.noPlace' })
  })
  const creature: OutCreature = {
    name: sb.name || name,
    ...(sb.kind === 'npc' ? { challenge: sb.tier } : {}),
    // the six attributes in the order the suggestion maps them (might, daring, passion, reason, cunning, empathy)
    abilities: { str: scoreOf(a.might), dex: scoreOf(a.daring), con: scoreOf(a.passion), int: scoreOf(a.reason), wis: scoreOf(a.cunning), cha: scoreOf(a.empathy) },
    attacks,
    actions,
    ...(sb.notes ? { description: sb.notes } : {}),
    player: sb.kind === 'pc' ? 'player' : '',
  }
  // II and Fantasy Statblocks know players' characters and monsters, not allies
  if (sb.kind === 'ally') lost.push({ field: 'kind', key: 'importer.lost.noPlace' })
  return { creature, lost }
}

const written = writers(statBlock, out)
export const twoD20ToImprovedInitiative = written.toImprovedInitiative
export const twoD20ToFantasyStatblocks = written.toFantasyStatblocks
