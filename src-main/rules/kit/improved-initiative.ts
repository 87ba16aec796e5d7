/**
 * Improved Initiative stat blocks (issue 30): its informal exchange format, read into a neutral shape every system
 * builds its own stat block from, and written back from one.
 *
 * A source is one `StatBlock` (Name, Source, Type, HP {Value, Notes}, AC {Value, Notes}, InitiativeModifier,
 * Speed[], Abilities {Str…Cha}, Saves[], Skills[], damage and condition lists, Senses[], Languages[], Challenge,
 * Traits[], Actions[], Reactions[], LegendaryActions[], Description, Player, ImageURL, Version), a persistent
 * character (`{ StatBlock, CurrentHP, … }`), or a library export: an object whose keys `Creatures.<id>` (older
 * exports `ImprovedInitiative.Creatures.<id>`, values then JSON text) and `PersistentCharacters.<id>` hold them.
 * Real files are hand-edited: numbers come as text (`"13"`, `"15 (natural armor)"`, `"-"`), keys go missing, a
 * list is a single string. The reading takes what it can and names the rest (ImportNote), never drops it silently.
 *
 * The format is D&D-shaped, so each system answers ONE question ("what do its AC and HP become here": `ii.<id>`)
 * and builds its stat block from the neutral shape (`improvedInitiativeReader(spec)`). Pure: no I/O.
 */
import type { z } from 'zod'
import type { StatBlockKind } from '@shared/domain/campaign'
import type {
  FieldLanding, ImportNote, ImportQuestion, ImportReader, LostField, ReadContext, ReadOutcome, ReadStatBlock, WrittenStatBlock,
} from './imports'

export const II_FORMAT = 'improved-initiative'
export const II_ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const
export type IiAbility = (typeof II_ABILITIES)[number]
/** the source values the question maps: AC, HP, the six abilities, Initiative */
export const II_SOURCES = ['ac', 'hp', ...II_ABILITIES, 'init'] as const
export type IiSource = (typeof II_SOURCES)[number]

/** the source's own field of each mapped value (relative to the stat block) and its label as II names it */
const SOURCE_FIELD: Record<IiSource, string> = {
  ac: 'AC.Value', hp: 'HP.Value', str: 'Abilities.Str', dex: 'Abilities.Dex', con: 'Abilities.Con', int: 'Abilities.Int', wis: 'Abilities.Wis', cha: 'Abilities.Cha', init: 'InitiativeModifier',
}
export const II_LABEL: Record<IiSource, string> = { ac: 'AC', hp: 'HP', str: 'Str', dex: 'Dex', con: 'Con', int: 'Int', wis: 'Wis', cha: 'Cha', init: 'Initiative' }

/** a trait, action, reaction or legendary action */
export interface IiEntry {
  name: string
  content: string
  usage?: string
  /** its source field, relative (`Actions[2]`) */
  field: string
}

/** an action that reads as an attack: "Ranged Weapon Attack: +4 to hit … Hit: 9 (3d8) energy damage" */
export interface IiAttack {
  name: string
  kind: 'melee' | 'ranged'
  /** "Melee or Ranged Weapon Attack" */
  thrown: boolean
  toHit?: number
  /** the dice in the parenthesis (`3d8`), without the bonus */
  dice?: { count: number; sides: number }
  /** the flat part of the damage (`+ 2` in `(1d6 + 2)`), 0 when none */
  bonus: number
  /** the stated average (`9` in `9 (3d8)`) or the flat damage */
  average?: number
  /** `energy`, `slashing`, … as written, lower case */
  damageType?: string
  field: string
}

export interface IiNameModifier {
  name: string
  modifier: number
  field: string
}

/** the neutral shape of one Improved Initiative stat block */
export interface IiCreature {
  /** where the stat block sits in the source: '' for a lone stat block, `Creatures.<id>.` in a library */
  at: string
  name: string
  source: string
  type: string
  /** the library folder (Listable.Path) */
  path: string
  hp?: number
  hpNotes: string
  ac?: number
  acNotes: string
  initiative?: number
  speed: string[]
  abilities: Partial<Record<IiAbility, number>>
  saves: IiNameModifier[]
  skills: IiNameModifier[]
  damageVulnerabilities: string[]
  damageResistances: string[]
  damageImmunities: string[]
  conditionImmunities: string[]
  senses: string[]
  languages: string[]
  challenge: string
  traits: IiEntry[]
  actions: IiEntry[]
  reactions: IiEntry[]
  legendaryActions: IiEntry[]
  /** the actions that read as attacks (their `field` is the action's) */
  attacks: IiAttack[]
  description: string
  player: string
  imageUrl: string
  /** a persistent character's current HP when below its maximum (stored wounded) */
  currentHp?: number
  /** every source field that holds something, relative (`Speed[1]`, `HP.Notes`, `Traits[0]`), each to be used or noted */
  present: string[]
  /** what the parse itself has to say (a number read out of text, a value that is no number), fields absolute */
  notes: ImportNote[]
}

// ---------------------------------------------------------------------------------------------------------------
// tolerant readers

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const short = (s: string): string => (s.length > 60 ? `${s.slice(0, 57)}…` : s)

/** a number, or a number written as text (`"13"`, `"+4"`, `"15 (natural armor)"`: noted); `"-"`, `""`, junk: undefined (noted) */
function readNumber(v: unknown, field: string, notes: ImportNote[]): number | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return Math.round(v)
    notes.push({ field, key: 'importer.note.notANumber', params: { text: String(v) } })
    return undefined
  }
  if (typeof v === 'string') {
    const t = v.trim()
    const m = /^([+-]?\s*\d+(?:\.\d+)?)(.*)$/s.exec(t)
    if (m) {
      if (m[2].trim() !== '') notes.push({ field, key: 'importer.note.numberFromText', params: { text: short(t), value: Math.round(Number(m[1].replace(/\s+/g, ''))) } })
      return Math.round(Number(m[1].replace(/\s+/g, '')))
    }
    if (t !== '') notes.push({ field, key: 'importer.note.notANumber', params: { text: short(t) } })
    else notes.push({ field, key: 'importer.note.empty' })
    return undefined
  }
  notes.push({ field, key: 'importer.note.notANumber', params: { text: typeof v } })
  return undefined
}

const readString = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '')

/** a list of strings; a lone string is a list of one; other items are noted */
function readStrings(v: unknown, field: string, notes: ImportNote[]): string[] {
  if (v === undefined || v === null) return []
  const items = Array.isArray(v) ? v : [v]
  const out: string[] = []
  items.forEach((x, i) => {
    const s = readString(x)
    if (s) out.push(s)
    else if (x !== '' && x !== null) notes.push({ field: Array.isArray(v) ? `${field}[${i}]` : field, key: 'importer.note.notText' })
  })
  return out
}

function readEntries(v: unknown, key: string, at: string, notes: ImportNote[]): IiEntry[] {
  if (v === undefined || v === null) return []
  const items = Array.isArray(v) ? v : [v]
  const out: IiEntry[] = []
  items.forEach((x, i) => {
    const field = Array.isArray(v) ? `${key}[${i}]` : key
    if (typeof x === 'string' && x.trim()) {
      // "Name. Content" written as one string
      const m = /^([^.:]{1,80})[.:]\s+(.*)$/s.exec(x.trim())
      out.push(m ? { name: m[1].trim(), content: m[2].trim(), field } : { name: x.trim().slice(0, 80), content: x.trim(), field })
    } else if (isObject(x)) {
      const name = readString(x.Name)
      const content = readString(x.Content)
      if (!name && !content) notes.push({ field: at + field, key: 'importer.note.emptyEntry' })
      else out.push({ name: name || content.slice(0, 40), content, ...(readString(x.Usage) ? { usage: readString(x.Usage) } : {}), field })
    } else notes.push({ field: at + field, key: 'importer.note.notText' })
  })
  return out
}

function readModifiers(v: unknown, key: string, at: string, notes: ImportNote[]): IiNameModifier[] {
  if (!Array.isArray(v)) return []
  const out: IiNameModifier[] = []
  v.forEach((x, i) => {
    const field = `${key}[${i}]`
    if (!isObject(x)) return notes.push({ field: at + field, key: 'importer.note.notText' })
    const name = readString(x.Name)
    const modifier = readNumber(x.Modifier, `${at}${field}.Modifier`, notes)
    if (name && modifier !== undefined) out.push({ name, modifier, field })
  })
  return out
}

/** `{ Value, Notes }`, a bare number, or text */
function readValueNotes(v: unknown, key: string, at: string, notes: ImportNote[]): { value?: number; notes: string } {
  if (isObject(v)) return { value: readNumber(v.Value, `${at}${key}.Value`, notes), notes: readString(v.Notes) }
  return { value: readNumber(v, `${at}${key}.Value`, notes), notes: '' }
}

/** key lookup that forgives the case (`str`, `STR`, `Str`) */
function pick(o: Record<string, unknown>, key: string): unknown {
  if (key in o) return o[key]
  const k = Object.keys(o).find((x) => x.toLowerCase() === key.toLowerCase())
  return k === undefined ? undefined : o[k]
}

const ATTACK_KIND = /\b(melee|ranged)(\s+or\s+ranged)?\s+(?:weapon\s+|spell\s+)?attack(?:\s+roll)?\s*:/i
const TO_HIT = /([+\-−]\s*\d+)\s*(?:to\s+hit\b|,)/i
const HIT_DICE = /\bHit:\s*(\d+)?\s*\(?\s*(\d+)\s*d\s*(\d+)\s*(?:([+\-−])\s*(\d+))?\s*\)?\s*([a-z]+)?\s+damage/i
const HIT_FLAT = /\bHit:\s*(\d+)\s+([a-z]+\s+)?damage/i

/** an action's text read as an attack, or null when it is none */
export function parseAttack(e: IiEntry): IiAttack | null {
  const k = ATTACK_KIND.exec(e.content)
  if (!k) return null
  const after = e.content.slice(k.index + k[0].length)
  const toHitMatch = TO_HIT.exec(after.slice(0, 40))
  const attack: IiAttack = { name: e.name, kind: k[1].toLowerCase() === 'melee' ? 'melee' : 'ranged', thrown: !!k[2], bonus: 0, field: e.field }
  if (toHitMatch) attack.toHit = Number(toHitMatch[1].replace(/\s+/g, '').replace('−', '-'))
  const d = HIT_DICE.exec(e.content)
  if (d) {
    attack.dice = { count: Number(d[2]), sides: Number(d[3]) }
    attack.bonus = d[5] ? (d[4] === '+' ? 1 : -1) * Number(d[5]) : 0
    attack.average = d[1] ? Number(d[1]) : Math.floor((attack.dice.count * (attack.dice.sides + 1)) / 2) + attack.bonus
    if (d[6]) attack.damageType = d[6].toLowerCase()
  } else {
    const f = HIT_FLAT.exec(e.content)
    if (f) {
      attack.average = Number(f[1])
      attack.bonus = Number(f[1])
      if (f[2]) attack.damageType = f[2].trim().toLowerCase()
    }
  }
  return attack
}

/** the dice written as the systems' dice notation: `3d8`, `1d6+2` */
export const diceText = (a: IiAttack, withBonus = false): string | undefined =>
  a.dice ? `${a.dice.count}d${a.dice.sides}${withBonus && a.bonus ? (a.bonus > 0 ? `+${a.bonus}` : `${a.bonus}`) : ''}` : undefined

/** the fields of the StatBlock type this reading knows; anything else is named as unknown */
const KNOWN = new Set([
  'Id', 'Name', 'Path', 'Source', 'Type', 'HP', 'AC', 'InitiativeModifier', 'InitiativeSpecialRoll', 'InitiativeAdvantage', 'Speed', 'Abilities',
  'DamageVulnerabilities', 'DamageResistances', 'DamageImmunities', 'ConditionImmunities', 'Saves', 'Skills', 'Senses', 'Languages', 'Challenge',
  'Traits', 'Actions', 'Reactions', 'LegendaryActions', 'Description', 'Player', 'ImageURL', 'Version', 'LastUpdateMs',
])

/** one StatBlock in the neutral shape; null when it has no name (a stat block without one is no stat block) */
export function parseStatBlock(raw: Record<string, unknown>, at = ''): IiCreature | null {
  const notes: ImportNote[] = []
  const name = readString(raw.Name)
  if (!name) return null
  const hp = readValueNotes(raw.HP, 'HP', at, notes)
  const ac = readValueNotes(raw.AC, 'AC', at, notes)
  const abilities: Partial<Record<IiAbility, number>> = {}
  const rawAbilities = isObject(raw.Abilities) ? raw.Abilities : {}
  for (const a of II_ABILITIES) {
    const label = II_LABEL[a]
    const v = readNumber(pick(rawAbilities, label), `${at}Abilities.${label}`, notes)
    if (v !== undefined) abilities[a] = v
  }
  const c: IiCreature = {
    at,
    name,
    source: readString(raw.Source),
    type: readString(raw.Type),
    path: readString(raw.Path),
    ...(hp.value !== undefined ? { hp: hp.value } : {}),
    hpNotes: hp.notes,
    ...(ac.value !== undefined ? { ac: ac.value } : {}),
    acNotes: ac.notes,
    speed: readStrings(raw.Speed, `${at}Speed`, notes),
    abilities,
    saves: readModifiers(raw.Saves, 'Saves', at, notes),
    skills: readModifiers(raw.Skills, 'Skills', at, notes),
    damageVulnerabilities: readStrings(raw.DamageVulnerabilities, `${at}DamageVulnerabilities`, notes),
    damageResistances: readStrings(raw.DamageResistances, `${at}DamageResistances`, notes),
    damageImmunities: readStrings(raw.DamageImmunities, `${at}DamageImmunities`, notes),
    conditionImmunities: readStrings(raw.ConditionImmunities, `${at}ConditionImmunities`, notes),
    senses: readStrings(raw.Senses, `${at}Senses`, notes),
    languages: readStrings(raw.Languages, `${at}Languages`, notes),
    challenge: readString(raw.Challenge),
    traits: readEntries(raw.Traits, 'Traits', at, notes),
    actions: readEntries(raw.Actions, 'Actions', at, notes),
    reactions: readEntries(raw.Reactions, 'Reactions', at, notes),
    legendaryActions: readEntries(raw.LegendaryActions, 'LegendaryActions', at, notes),
    attacks: [],
    description: readString(raw.Description),
    player: readString(raw.Player),
    imageUrl: readString(raw.ImageURL),
    present: [],
    notes,
  }
  const init = readNumber(raw.InitiativeModifier, `${at}InitiativeModifier`, notes)
  if (init !== undefined) c.initiative = init
  c.attacks = c.actions.map(parseAttack).filter((a): a is IiAttack => a !== null)

  // every field that holds something: used by the system's stat block or named in a note
  const p = c.present
  if (c.source) p.push('Source')
  if (c.type) p.push('Type')
  if (c.path) p.push('Path')
  if (c.hp !== undefined) p.push('HP.Value')
  if (c.hpNotes) p.push('HP.Notes')
  if (c.ac !== undefined) p.push('AC.Value')
  if (c.acNotes) p.push('AC.Notes')
  if (c.initiative !== undefined && c.initiative !== 0) p.push('InitiativeModifier')
  if (raw.InitiativeAdvantage === true || (typeof raw.InitiativeSpecialRoll === 'string' && raw.InitiativeSpecialRoll)) p.push(raw.InitiativeAdvantage === true ? 'InitiativeAdvantage' : 'InitiativeSpecialRoll')
  for (const a of II_ABILITIES) if (abilities[a] !== undefined) p.push(SOURCE_FIELD[a])
  c.speed.forEach((_, i) => p.push(`Speed[${i}]`))
  for (const x of [...c.saves, ...c.skills]) p.push(x.field)
  const lists: Array<[string, string[]]> = [
    ['DamageVulnerabilities', c.damageVulnerabilities], ['DamageResistances', c.damageResistances], ['DamageImmunities', c.damageImmunities],
    ['ConditionImmunities', c.conditionImmunities], ['Senses', c.senses], ['Languages', c.languages],
  ]
  for (const [key, list] of lists) list.forEach((_, i) => p.push(`${key}[${i}]`))
  if (c.challenge) p.push('Challenge')
  for (const list of [c.traits, c.actions, c.reactions, c.legendaryActions]) for (const e of list) p.push(e.field)
  if (c.description) p.push('Description')
  if (c.player) p.push('Player')
  if (c.imageUrl) p.push('ImageURL')
  for (const k of Object.keys(raw)) if (!KNOWN.has(k)) notes.push({ field: at + k, key: 'importer.note.unknownField' })
  return c
}

// ---------------------------------------------------------------------------------------------------------------
// the shapes of a source: a stat block, a persistent character, a library export

const LIBRARY_KEY = /^(?:ImprovedInitiative\.)?(Creatures|PersistentCharacters)\.(.+)$/
/** the most a library value written as JSON text may nest (the service guarded the file, not text inside it) */
const MAX_DEPTH = 20
const MAX_TEXT = 1_000_000

/** whether a value nests deeper than MAX_DEPTH (iterative: a huge list inside a JSON text cannot overflow the stack) */
function tooDeep(root: unknown): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length) {
    const [v, d] = stack.pop()!
    if (d > MAX_DEPTH) return true
    if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) stack.push([x, d + 1])
  }
  return false
}

/** a library value: an object, or (older exports) JSON text of one */
function libraryValue(v: unknown): Record<string, unknown> | null {
  if (isObject(v)) return v
  if (typeof v !== 'string' || v.length > MAX_TEXT) return null
  try {
    const parsed: unknown = JSON.parse(v)
    return isObject(parsed) && !tooDeep(parsed) ? parsed : null
  } catch {
    return null
  }
}

const looksLikeStatBlock = (o: Record<string, unknown>): number => {
  if (typeof o.Name !== 'string') return 0
  const marks = ['HP', 'AC', 'Abilities', 'InitiativeModifier', 'Challenge', 'Actions', 'Traits', 'Speed'].filter((k) => k in o).length
  // a Foundry actor has `name`, `type`, `system`; an II stat block capitalised keys
  if ('system' in o || 'items' in o) return 0
  return marks >= 3 ? 0.95 : marks === 2 ? 0.7 : marks === 1 ? 0.3 : 0
}

const isPersistentCharacter = (o: Record<string, unknown>): boolean => isObject(o.StatBlock) && looksLikeStatBlock(o.StatBlock) > 0

function libraryEntries(o: Record<string, unknown>): Array<[string, string, unknown]> {
  const out: Array<[string, string, unknown]> = []
  for (const [k, v] of Object.entries(o)) {
    const m = LIBRARY_KEY.exec(k)
    if (m) out.push([k, m[1], v])
  }
  return out
}

/** how surely `source` is an Improved Initiative stat block, persistent character or library: 0 … 1 */
export function detectImprovedInitiative(source: unknown): number {
  if (!isObject(source)) return 0
  const own = looksLikeStatBlock(source)
  if (own > 0) return own
  if (isPersistentCharacter(source)) return 0.9
  const entries = libraryEntries(source)
  if (entries.length === 0) return 0
  const first = entries.map(([, , v]) => libraryValue(v)).find((v) => v !== null)
  return first && (looksLikeStatBlock(first) > 0 || isPersistentCharacter(first)) ? 0.95 : 0
}

export type IiParsed = { creature: IiCreature } | { refused: { name: string; field: string; key: string } }

/** every stat block the source holds, in the neutral shape (a library: one per `Creatures.*` / `PersistentCharacters.*` key) */
export function creaturesOf(source: unknown): IiParsed[] {
  if (!isObject(source)) return []
  const one = (raw: Record<string, unknown>, at: string, fallbackName: string, character?: Record<string, unknown>): IiParsed => {
    const c = parseStatBlock(raw, at)
    if (!c) return { refused: { name: fallbackName, field: `${at}Name`, key: 'importer.refused.noName' } }
    if (character) {
      const current = readNumber(character.CurrentHP, `${at.replace(/StatBlock\.$/, '')}CurrentHP`, c.notes)
      if (current !== undefined && c.hp !== undefined && current < c.hp) c.currentHp = current
    }
    return { creature: c }
  }
  if (looksLikeStatBlock(source) > 0) return [one(source, '', '')]
  if (isPersistentCharacter(source)) return [one(source.StatBlock as Record<string, unknown>, 'StatBlock.', readString(source.Name), source)]
  const out: IiParsed[] = []
  for (const [key, list, v] of libraryEntries(source)) {
    const value = libraryValue(v)
    if (!value) {
      out.push({ refused: { name: key, field: key, key: 'importer.refused.notStatBlock' } })
      continue
    }
    if (list === 'PersistentCharacters') {
      if (isObject(value.StatBlock)) out.push(one(value.StatBlock, `${key}.StatBlock.`, readString(value.Name) || key, value))
      else out.push({ refused: { name: readString(value.Name) || key, field: `${key}.StatBlock`, key: 'importer.refused.notStatBlock' } })
    } else out.push(one(value, `${key}.`, key))
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// the reader a system builds from its spec

/** one value the answer maps onto a system's target */
export interface IiMapped {
  from: IiSource
  to: string
  value: number
  /** its source field, absolute */
  field: string
}

/** what a system builds from one creature */
export interface IiBuilt {
  kind: StatBlockKind
  data: Record<string, unknown>
  fields: FieldLanding[]
  notes?: ImportNote[]
  /** source fields (relative) used without landing in one field of their own (e.g. `Type` read for the size) */
  used?: string[]
  tags?: string[]
}

export interface IiSpec {
  systemId: string
  /** the system's targets of the question (their labels: `<systemId>.import.target.<key>` in its catalog) */
  targets: readonly string[]
  suggested: Record<IiSource, string | null>
  /** the system's stat block from the neutral shape and the values the answer maps (each target at most once) */
  build(c: IiCreature, mapped: IiMapped[]): IiBuilt
}

/** the question's id for a system */
export const iiQuestionId = (systemId: string): string => `ii.${systemId}`

/** the mapped values of a creature under an answer; a value with no counterpart or a target taken twice is noted */
export function mapValues(c: IiCreature, answer: Record<string, string | null>, targets: Set<string>): { mapped: IiMapped[]; notes: ImportNote[]; used: string[] } {
  const mapped: IiMapped[] = []
  const notes: ImportNote[] = []
  const used: string[] = []
  const taken = new Set<string>()
  for (const from of II_SOURCES) {
    const value = from === 'ac' ? c.ac : from === 'hp' ? c.hp : from === 'init' ? c.initiative : c.abilities[from]
    if (value === undefined) continue
    const field = c.at + SOURCE_FIELD[from]
    const to = answer[from] ?? null
    used.push(SOURCE_FIELD[from])
    if (to === null || !targets.has(to)) {
      if (from !== 'init' || value !== 0) notes.push({ field, key: 'importer.note.noCounterpart', params: { label: II_LABEL[from], value } })
    } else if (taken.has(to)) {
      notes.push({ field, key: 'importer.note.targetTaken', params: { label: II_LABEL[from], value } })
    } else {
      taken.add(to)
      mapped.push({ from, to, value, field })
    }
  }
  return { mapped, notes, used }
}

/** `improvedInitiativeReader(spec)`: the `improved-initiative` ImportReader of one system */
export function improvedInitiativeReader(spec: IiSpec): ImportReader {
  const id = iiQuestionId(spec.systemId)
  const targets = new Set(spec.targets)
  const question = (): ImportQuestion => ({
    id,
    title: { key: 'importer.ii.ask' },
    from: II_SOURCES.map((k) => ({ key: k, label: II_LABEL[k] })),
    to: spec.targets.map((key) => ({ key, label: `${spec.systemId}.import.target.${key}` })),
    suggested: { ...spec.suggested },
  })
  return {
    format: II_FORMAT,
    label: 'importer.format.improvedInitiative',
    input: 'json',
    detect: detectImprovedInitiative,
    questions: (sources) => (sources.some((s) => detectImprovedInitiative(s) > 0) ? [question()] : []),
    read(source: unknown, ctx: ReadContext): ReadOutcome[] {
      const answer: Record<string, string | null> = { ...spec.suggested, ...(ctx.answers[id] ?? {}) }
      return creaturesOf(source).map((p): ReadOutcome => {
        if ('refused' in p) return { name: p.refused.name || ctx.file, refused: { field: p.refused.field, key: p.refused.key } }
        return readCreature(spec, p.creature, answer, targets)
      })
    },
  }
}

function readCreature(spec: IiSpec, c: IiCreature, answer: Record<string, string | null>, targets: Set<string>): ReadStatBlock {
  const m = mapValues(c, answer, targets)
  const built = spec.build(c, m.mapped)
  // the library folder (Listable.Path) and the source book become tags (the library filters by them)
  const own = ([['Path', c.path], ['Source', c.source]] as const).filter(([, v]) => v).map(([k, v]) => ({ from: `${c.at}${k}`, to: 'tags', value: v.slice(0, 60) }))
  const fields = [...built.fields, ...own]
  const covered = new Set([...fields.map((f) => f.from), ...m.used.map((u) => c.at + u), ...(built.used ?? []).map((u) => c.at + u)])
  const notes: ImportNote[] = [...c.notes, ...m.notes, ...(built.notes ?? [])]
  const noted = new Set(notes.map((n) => n.field))
  for (const p of c.present) {
    const field = c.at + p
    if (covered.has(field) || noted.has(field)) continue
    notes.push({ field, key: 'importer.note.unused' })
  }
  if (c.currentHp !== undefined) notes.push({ field: `${c.at.replace(/StatBlock\.$/, '')}CurrentHP`, key: 'importer.note.storedWounded', params: { current: c.currentHp, max: c.hp ?? 0 } })
  const tags = [...new Set([...own.map((f) => f.value), ...(built.tags ?? [])])]
  return { name: c.name, kind: built.kind, tags, data: built.data, fields, notes, disagreements: [] }
}

// ---------------------------------------------------------------------------------------------------------------
// writing: a neutral shape to an Improved Initiative StatBlock and a Fantasy Statblocks monster

/** an attack as the exports write it (and the reader reads back) */
export interface OutAttack {
  name: string
  kind: 'melee' | 'ranged'
  toHit?: number
  /** dice notation without the bonus (`3d8`); absent: flat damage `bonus` */
  dice?: string
  bonus: number
  damageType?: string
}

/** what a system hands the writers: the D&D-shaped fields it can fill */
export interface OutCreature {
  name: string
  type?: string
  hp?: number
  hpNotes?: string
  ac?: number
  acNotes?: string
  /** the stat block's fields written only into the AC and HP notes (Fantasy Statblocks has no place for those notes) */
  notesHold?: string[]
  initiative?: number
  speed?: string[]
  abilities: Record<IiAbility, number>
  skills?: Array<{ name: string; modifier: number }>
  senses?: string[]
  languages?: string[]
  challenge?: string
  traits?: Array<{ name: string; content: string }>
  attacks?: OutAttack[]
  actions?: Array<{ name: string; content: string }>
  description?: string
  player?: string
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`)

/** "Ranged Weapon Attack: +4 to hit, one target. Hit: 13 (3d8) energy damage." — the text `parseAttack` reads */
export function attackText(a: OutAttack): string {
  const kind = a.kind === 'melee' ? 'Melee' : 'Ranged'
  const hit = a.toHit !== undefined ? ` ${signed(a.toHit)} to hit,` : ''
  const type = a.damageType ? ` ${a.damageType}` : ''
  let damage: string
  const dm = a.dice ? /^(\d+)d(\d+)$/.exec(a.dice) : null
  if (dm) {
    const avg = Math.floor((Number(dm[1]) * (Number(dm[2]) + 1)) / 2) + a.bonus
    damage = `${avg} (${a.dice}${a.bonus ? ` ${a.bonus > 0 ? '+' : '-'} ${Math.abs(a.bonus)}` : ''})`
  } else if (a.dice) damage = `(${a.dice})`
  else damage = String(a.bonus)
  return `${kind} Weapon Attack:${hit} one target. Hit: ${damage}${type} damage.`
}

const ABILITY_LABELS = II_ABILITIES.map((a) => II_LABEL[a])

/** an Improved Initiative StatBlock (every key of its default, so II reads it as its own) */
export function toIiStatBlock(o: OutCreature, id = ''): Record<string, unknown> {
  return {
    Id: id,
    Name: o.name,
    Path: '',
    Source: '',
    Type: o.type ?? '',
    HP: { Value: o.hp ?? 1, Notes: o.hpNotes ?? '' },
    AC: { Value: o.ac ?? 10, Notes: o.acNotes ?? '' },
    InitiativeModifier: o.initiative ?? 0,
    InitiativeAdvantage: false,
    Speed: o.speed ?? [],
    Abilities: Object.fromEntries(II_ABILITIES.map((a, i) => [ABILITY_LABELS[i], o.abilities[a]])),
    DamageVulnerabilities: [],
    DamageResistances: [],
    DamageImmunities: [],
    ConditionImmunities: [],
    Saves: [],
    Skills: (o.skills ?? []).map((s) => ({ Name: s.name, Modifier: s.modifier })),
    Senses: o.senses ?? [],
    Languages: o.languages ?? [],
    Challenge: o.challenge ?? '',
    Traits: (o.traits ?? []).map((t) => ({ Name: t.name, Content: t.content, Usage: '' })),
    Actions: [
      ...(o.attacks ?? []).map((a) => ({ Name: a.name, Content: attackText(a), Usage: '' })),
      ...(o.actions ?? []).map((a) => ({ Name: a.name, Content: a.content, Usage: '' })),
    ],
    Reactions: [],
    LegendaryActions: [],
    Description: o.description ?? '',
    Player: o.player ?? '',
    ImageURL: '',
    Version: '',
  }
}

/** a Fantasy Statblocks (Obsidian) monster: its documented keys only, empty ones left out */
export function toFantasyMonster(o: OutCreature): Record<string, unknown> {
  const m: Record<string, unknown> = { name: o.name }
  if (o.type) m.type = o.type
  if (o.ac !== undefined) m.ac = o.ac
  if (o.hp !== undefined) m.hp = o.hp
  if (o.hpNotes && /\d+d\d+/.test(o.hpNotes)) m.hit_dice = o.hpNotes.replace(/[()]/g, '').trim()
  if (o.speed?.length) m.speed = o.speed.join(', ')
  m.stats = II_ABILITIES.map((a) => o.abilities[a])
  if (o.skills?.length) m.skillsaves = o.skills.map((s) => ({ [s.name.toLowerCase()]: s.modifier }))
  if (o.senses?.length) m.senses = o.senses.join(', ')
  if (o.languages?.length) m.languages = o.languages.join(', ')
  if (o.challenge) m.cr = o.challenge
  if (o.traits?.length) m.traits = o.traits.map((t) => ({ name: t.name, desc: t.content }))
  const actions = [...(o.attacks ?? []).map((a) => ({ name: a.name, desc: attackText(a) })), ...(o.actions ?? []).map((a) => ({ name: a.name, desc: a.content }))]
  if (actions.length) m.actions = actions
  if (o.description) m.desc = o.description
  return m
}

/** what Fantasy Statblocks cannot hold of what Improved Initiative can: the initiative, the notes of HP and AC, a player */
export function fantasyLost(o: OutCreature): LostField[] {
  const lost: LostField[] = (o.notesHold ?? []).map((field) => ({ field, key: 'importer.lost.noPlace' }))
  if (o.initiative) lost.push({ field: 'initiative', key: 'importer.lost.noPlace' })
  if (o.player) lost.push({ field: 'kind', key: 'importer.lost.noPlayer' })
  return lost
}

/** a stat block that does not pass its system's schema: only its name is written */
const invalid = (name: string): { creature: OutCreature; lost: LostField[] } => ({
  creature: { name, abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } },
  lost: [{ field: '*', key: 'importer.lost.invalid' }],
})

/**
 * The two writers of a system from its neutral writer (`lost`: what neither format holds, as the system names it);
 * the stat block is checked by the system's schema first.
 */
export function writers<S>(schema: z.ZodType<S>, out: (sb: S, name: string) => { creature: OutCreature; lost: LostField[] }): {
  toImprovedInitiative(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
  toFantasyStatblocks(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
} {
  const write = (name: string, statBlock: Record<string, unknown>) => {
    const p = schema.safeParse(statBlock)
    return p.success ? out(p.data, name) : invalid(name)
  }
  return {
    toImprovedInitiative(name, statBlock) {
      const { creature, lost } = write(name, statBlock)
      return { value: toIiStatBlock(creature), lost }
    },
    toFantasyStatblocks(name, statBlock) {
      const { creature, lost } = write(name, statBlock)
      return { value: toFantasyMonster(creature), lost: [...lost, ...fantasyLost(creature)] }
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// small helpers the systems' readers and writers share

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Math.round(v)))

/** the named fields of a stat block that hold something (not absent, false, 0, '' or an empty list or object), each lost */
export function lostFields(sb: Record<string, unknown>, keys: string[], key = 'importer.lost.noPlace'): LostField[] {
  const lost: LostField[] = []
  for (const k of keys) {
    const v = sb[k]
    if (v === undefined || v === null || v === false || v === 0 || v === '') continue
    if (Array.isArray(v) && v.length === 0) continue
    if (isObject(v) && Object.keys(v).length === 0) continue
    lost.push({ field: k, key })
  }
  return lost
}

/** the first speed entry in squares: `6 squares`, `30 ft.` (5 ft. a square) */
export function speedSquares(speed: string): number | undefined {
  const sq = /(\d+)\s*(?:squares?|sq\b)/i.exec(speed)
  if (sq) return Number(sq[1])
  const ft = /(\d+)\s*(?:ft\b|feet|foot|')/i.exec(speed)
  if (ft) return Math.floor(Number(ft[1]) / 5)
  const m = /(\d+)\s*(?:m\b|meters?|metres?)/i.exec(speed)
  if (m) return Math.floor(Number(m[1]) / 1.5)
  return undefined
}

/** a text of a stat block's free-text field (a string, or a list of names) */
export function proseText(v: unknown): string[] {
  if (typeof v === 'string') return v.trim() ? [v.trim()] : []
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : isObject(x) && typeof x.name === 'string' ? x.name : '')).filter((x) => x)
  return []
}

/** a landing of a source field */
export const land = (from: string, to: string, value: unknown): FieldLanding => ({ from, to, value: String(value).slice(0, 80) })

/**
 * The traits, the actions that are no attack, the reactions, legendary actions and the description as lines of text,
 * for a system that keeps them in a notes field (`to`), each landing recorded.
 */
export function textLines(c: IiCreature, fields: FieldLanding[], to = 'notes'): string[] {
  const lines: string[] = []
  const attacks = new Set(c.attacks.map((a) => a.field))
  for (const e of [...c.traits, ...c.actions.filter((x) => !attacks.has(x.field)), ...c.reactions, ...c.legendaryActions]) {
    lines.push(`${e.name}: ${e.content}`)
    fields.push(land(c.at + e.field, to, e.name))
  }
  if (c.description) {
    lines.push(c.description)
    fields.push(land(`${c.at}Description`, to, c.description))
  }
  return lines
}
