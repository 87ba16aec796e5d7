/**
 * Foundry VTT actors of the 2d20 family read into this system's stat blocks (issue 30): Star Trek Adventures
 * (`sta`), Fallout (`fallout`), Conan (`conan2d20`) and John Carter of Mars (`jcom`).
 *
 * Each game has its own attributes, this system its six (002: Cunning, Daring, Empathy, Might, Passion, Reason), so
 * `questions` asks once per game present in the batch how they map (`2d20.attributes.<game>`), suggesting a
 * mapping; `read` uses the answer. A source attribute mapped to nothing is named in a note, one of ours nothing maps
 * to gets the average of the others (named too). Stress, harm and HP land on the three stress tracks within their
 * maximum (002:165), injuries on the afflictions, the NPC type on the narrator tiers (minion / monster with Menace /
 * villain, 002:78, 002:176), weapons with their combat dice and the qualities this system knows (002:130-152).
 * Skills, disciplines, focuses, talents, armor and everything else with content are named in notes and listed in the
 * stat block's notes text, in the source's own words.
 *
 * Shapes read (the systems' public template.json / data models; older Foundry exports hold `data` for `system`):
 * - sta: `attributes.{control,daring,fitness,insight,presence,reason}.value`, `disciplines.*.value`,
 *   `stress.{value,max}` (boxes marked), `determination.value`, `npcType` minor|notable|major, items
 *   `characterweapon(2e)` (`damage`, `range`, `qualities`), `injury` (`quantity`), `focus`, `value`, `talent`…
 * - fallout: `attributes.{str,per,end,cha,int,agi,luc}.value` (creatures: `body`, `mind`), `health.{value,max}`,
 *   `body_parts.*.injuryOpenCount`, `category` normal|mighty|legendary, items `weapon` (`damage.rating`,
 *   `damage.damageEffect`, `damage.weaponQuality`, `damage.damageType`, `melee`, `weaponType`), `skill` (`value`, `tag`)…
 * - conan2d20: `attributes.{agi,awa,bra,coo,int,per,wil}.value`, `health.physical.{value,max,wounds}`,
 *   `health.mental.{value,max,traumas}`, `skills`, npc `isMinion`/`isToughened`/`isNemesis` (or `type`), items
 *   `weapon`/`npcattack`/`display` (`damage.dice`, `damage.type`, `qualities.value`)…
 * - jcom (Muttley/foundryvtt-jcom): actor types `adventurer` and `enemy`, `attributes.<attribute>` (numbers, 4–12),
 *   `momentum.stored`, `biography`, items `talent`, `race`. Stress, afflictions, Menace, Luck, a tier and weapons
 *   are read where an export carries them, in this system's own names (`stress.<track>.value`, `menace`,
 *   `tier`, items `weapon` with `damage` and `qualities`).
 *
 * Scale: a test here adds two attributes (002); STA, Conan and Fallout add an attribute and a skill, discipline or
 * expertise. Their attributes are lowered by `SCALE_OFFSET` so that a pair here is about their attribute plus a
 * usual skill (STA 9 + Security 3 = 12 ≈ 6 + 6; Fallout 6 + 2 = 8 ≈ 4 + 4), named in a note.
 */
import type { StatBlockKind } from '@shared/domain/campaign'
import type { FieldLanding, ImportNote, ImportQuestion, ImportReader, ReadContext, ReadOutcome } from '../../../kit/imports'
import { AFFLICTIONS, ATTRIBUTES, QUALITIES, TRACKS, lowestAttribute, stressMax, type Affliction, type Attribute, type Attributes, type Quality, type Track } from '../schema'

export const GAMES = ['sta', 'fallout', 'conan2d20', 'jcom'] as const
export type Game = (typeof GAMES)[number]

/** the games' names as their publishers spell them (question titles) */
export const GAME_NAMES: Record<Game, string> = {
  sta: 'Star Trek Adventures',
  fallout: 'Fallout',
  conan2d20: 'Conan',
  jcom: 'John Carter of Mars',
}

/** what each game's attributes are lowered by to this system's scale (see the head of this file) */
export const SCALE_OFFSET: Record<Game, number> = { sta: 3, fallout: 2, conan2d20: 3, jcom: 0 }

/** Foundry system ids (`_stats.systemId`, `flags.exportSource.system`) of each game */
const SYSTEM_IDS: Record<string, Game> = {
  sta: 'sta',
  fallout: 'fallout',
  conan2d20: 'conan2d20',
  jcom: 'jcom',
  johncarter: 'jcom',
  'john-carter': 'jcom',
  'john-carter-of-mars': 'jcom',
}

/** each game's attributes, in its sheet's order, with the label the game gives them */
export const GAME_ATTRIBUTES: Record<Game, Array<{ key: string; label: string }>> = {
  sta: [
    { key: 'control', label: 'Control' }, { key: 'daring', label: 'Daring' }, { key: 'fitness', label: 'Fitness' },
    { key: 'insight', label: 'Insight' }, { key: 'presence', label: 'Presence' }, { key: 'reason', label: 'Reason' },
  ],
  fallout: [
    { key: 'str', label: 'Strength' }, { key: 'per', label: 'Perception' }, { key: 'end', label: 'Endurance' },
    { key: 'cha', label: 'Charisma' }, { key: 'int', label: 'Intelligence' }, { key: 'agi', label: 'Agility' },
    { key: 'luc', label: 'Luck' }, { key: 'body', label: 'Body' }, { key: 'mind', label: 'Mind' },
  ],
  conan2d20: [
    { key: 'agi', label: 'Agility' }, { key: 'awa', label: 'Awareness' }, { key: 'bra', label: 'Brawn' },
    { key: 'coo', label: 'Coordination' }, { key: 'int', label: 'Intelligence' }, { key: 'per', label: 'Personality' },
    { key: 'wil', label: 'Willpower' },
  ],
  jcom: ATTRIBUTES.map((a) => ({ key: a, label: a[0].toUpperCase() + a.slice(1) })),
}

/**
 * The suggested mapping (source → this system): by what each attribute does. STA's six match one for one (Control's
 * precision and guile → Cunning, Fitness → Might, Insight → Empathy, Presence → Passion); Conan's Coordination and
 * Fallout's Endurance and Luck have no counterpart (Passion is then filled from the others); a Fallout creature's
 * Body and Mind → Might and Reason.
 */
export const SUGGESTED: Record<Game, Record<string, Attribute | null>> = {
  sta: { control: 'cunning', daring: 'daring', fitness: 'might', insight: 'empathy', presence: 'passion', reason: 'reason' },
  fallout: { str: 'might', per: 'cunning', end: null, cha: 'empathy', int: 'reason', agi: 'daring', luc: null, body: 'might', mind: 'reason' },
  conan2d20: { agi: 'daring', awa: 'cunning', bra: 'might', coo: null, int: 'reason', per: 'empathy', wil: 'passion' },
  jcom: Object.fromEntries(ATTRIBUTES.map((a) => [a, a])) as Record<string, Attribute>,
}

export const questionId = (game: Game): string => `2d20.attributes.${game}`

// ------------------------------------------------------------------------------------------------ small readers

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const obj = (v: unknown): Obj => (isObj(v) ? v : {})
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** a number, or a string holding one (`"13"`, `" 7 "`, `"3 CD"`); `"-"`, `""`, junk: undefined */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined
  if (typeof v !== 'string') return undefined
  const m = /^\s*([+-]?\d+(?:\.\d+)?)/.exec(v)
  return m ? Number(m[1]) : undefined
}
/** `{ value: n }` or `n` */
const valueOf = (v: unknown): unknown => (isObj(v) && 'value' in v ? v.value : v)
const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/** the actor's system data: `system`, or `data` in exports made before Foundry 10 (where `data.data` may nest) */
function systemOf(actor: Obj): Obj {
  if (isObj(actor.system)) return actor.system
  if (isObj(actor.data)) return isObj(actor.data.data) ? actor.data.data : actor.data
  return {}
}
const sysPath = (actor: Obj): string => (isObj(actor.system) ? 'system' : isObj(actor.data) && isObj(actor.data.data) ? 'data.data' : 'data')
const itemsOf = (actor: Obj): unknown[] => (Array.isArray(actor.items) ? actor.items : [])
const itemSystem = (item: Obj): Obj => (isObj(item.system) ? item.system : isObj(item.data) ? item.data : {})

// ------------------------------------------------------------------------------------------------ detection

const has = (o: Obj, keys: string[]): boolean => keys.every((k) => k in o)

/** gameOf's answers: detect, questions and read each ask about the same parsed item (a compendium of 2,000) */
const gameCache = new WeakMap<object, { game: Game; sure: number } | null>()

/** which game an actor comes from, and how surely */
export function gameOf(source: unknown): { game: Game; sure: number } | null {
  if (!isObj(source) || typeof source.name !== 'string') return null
  let known = gameCache.get(source)
  if (known === undefined) gameCache.set(source, (known = findGame(source)))
  return known
}

function findGame(source: Obj): { game: Game; sure: number } | null {
  const stated = str(obj(source._stats).systemId) || str(obj(obj(source.flags).exportSource).system)
  if (stated) {
    const g = SYSTEM_IDS[stated.toLowerCase()]
    return g ? { game: g, sure: 0.95 } : null
  }
  const found = byAttributes(systemOf(source))
  // an export before Foundry 10 keeps the actor's data in `data`, as this app's own JSON does (`{ name, data }`, which
  // its reader takes at 0.9): the actor's `type` (this app's JSON has a `kind`) and its game's attributes make it sure
  return found && typeof source.type === 'string' && isObj(source.data) && !isObj(source.system) ? { ...found, sure: 0.95 } : found
}

function byAttributes(sys: Obj): { game: Game; sure: number } | null {
  const attrs = obj(sys.attributes)
  if (has(attrs, ['control', 'fitness', 'insight'])) return { game: 'sta', sure: 0.8 }
  if (has(attrs, ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc'])) return { game: 'fallout', sure: 0.8 }
  if (has(sys, ['body', 'mind', 'melee', 'guns'])) return { game: 'fallout', sure: 0.7 }
  if (has(attrs, ['agi', 'awa', 'bra', 'coo'])) return { game: 'conan2d20', sure: 0.8 }
  if (has(attrs, [...ATTRIBUTES])) return { game: 'jcom', sure: 0.75 }
  return null
}

// ------------------------------------------------------------------------------------------------ the reading

/** what one reading collects while it goes */
class Reading {
  fields: FieldLanding[] = []
  notes: ImportNote[] = []
  /** the stat block's notes text: the source's notes, then what had no place, in the source's words */
  text: string[] = []
  consumed = new Set<string>()
  /** `keepFields` false: the landings are not recorded (ReadContext.fields) */
  constructor(
    readonly base: string,
    readonly keepFields = true,
  ) {}
  land(from: string, to: string, value: unknown): void {
    if (this.keepFields) this.fields.push({ from, to, value: String(value).slice(0, 80) })
  }
  note(field: string, key: string, params?: Record<string, string | number>): void {
    this.notes.push(params ? { field, key, params } : { field, key })
  }
}

const NOT_CHARACTERS: Record<Game, string[]> = {
  sta: ['starship', 'smallcraft', 'extendedtask', 'scenetraits'],
  fallout: ['settlement'],
  conan2d20: ['transport', 'kit'],
  jcom: ['vehicle', 'airship'],
}

interface Harm {
  /** stress suffered per track, as read (before the track maximum) */
  stress: Partial<Record<Track, { value: number; from: string }>>
  afflictions: Partial<Record<Affliction, { value: number; from: string }>>
  /** HP as read (Fallout): scaled onto Injury once the attributes are known */
  hp?: { value: number; max: number; from: string }
}

interface Role {
  kind: StatBlockKind
  tier?: 'minion' | 'monster' | 'villain'
  menace?: number
  luck?: number
  /** saved Momentum (a PC; J1) */
  momentum?: number
  /** the Menace is the source's own (not set by this reading) */
  menaceStated?: boolean
  /** the source's word for it, for the landing */
  from: string
  source: string
}

function readAttributes(game: Game, sys: Obj, r: Reading, answer: Record<string, string | null>): Attributes | null {
  const attrs = obj(sys.attributes)
  const found: Array<{ key: string; value: number; from: string }> = []
  for (const { key } of GAME_ATTRIBUTES[game]) {
    const creatureKey = game === 'fallout' && (key === 'body' || key === 'mind')
    const raw = creatureKey ? valueOf(sys[key]) : valueOf(attrs[key])
    const from = creatureKey ? `${r.base}.${key}.value` : `${r.base}.attributes.${key}.value`
    if (raw === undefined) continue
    const n = num(raw)
    if (n === undefined) {
      r.note(from, '2d20.import.notANumber', { value: str(raw) || typeof raw })
      continue
    }
    found.push({ key, value: Math.round(n) - SCALE_OFFSET[game], from })
  }
  r.consumed.add('attributes')
  if (game === 'fallout') r.consumed.add('body').add('mind')
  if (found.length === 0) return null
  if (SCALE_OFFSET[game]) r.note(`${r.base}.attributes`, '2d20.import.scaled', { game: GAME_NAMES[game], by: SCALE_OFFSET[game] })
  const labelOf = (k: string) => GAME_ATTRIBUTES[game].find((a) => a.key === k)?.label ?? k
  const got: Partial<Record<Attribute, { value: number; from: string[]; labels: string[] }>> = {}
  for (const f of found) {
    const target = answer[f.key]
    if (target === null || target === undefined || !(ATTRIBUTES as readonly string[]).includes(target)) {
      r.note(f.from, '2d20.import.noCounterpart', { attribute: labelOf(f.key), value: f.value + SCALE_OFFSET[game] })
      r.text.push(`${labelOf(f.key)} ${f.value + SCALE_OFFSET[game]}`)
      continue
    }
    const t = target as Attribute
    const prev = got[t]
    if (prev) {
      prev.from.push(f.from)
      prev.labels.push(labelOf(f.key))
      if (f.value > prev.value) prev.value = f.value
    } else got[t] = { value: f.value, from: [f.from], labels: [labelOf(f.key)] }
  }
  const mapped = Object.values(got)
  if (mapped.length === 0) return null
  const mean = Math.round(mapped.reduce((s, g) => s + g!.value, 0) / mapped.length)
  const out = {} as Attributes
  for (const a of ATTRIBUTES) {
    const g = got[a]
    if (!g) {
      out[a] = clamp(mean, 1, 20)
      r.note(`${r.base}.attributes`, `2d20.import.attributeFilled.${a}`, { value: out[a], game: GAME_NAMES[game] })
      continue
    }
    const saved = clamp(g.value, 1, 20)
    if (g.from.length > 1) r.note(g.from.join(', '), `2d20.import.attributeMerged.${a}`, { attributes: g.labels.join(', '), value: g.value })
    if (saved !== g.value) r.note(g.from[0], '2d20.import.attributeClamped', { attribute: g.labels.join(', '), value: g.value, saved })
    out[a] = saved
    for (const from of g.from) r.land(from, `attributes.${a}`, saved)
  }
  return out
}

// --------------------------------------------------------------------------------------------- harm, per game

function harmOf(game: Game, sys: Obj, actor: Obj, r: Reading): Harm {
  const harm: Harm = { stress: {}, afflictions: {} }
  const b = r.base
  const addAffliction = (a: Affliction, n: number, from: string) => {
    const prev = harm.afflictions[a]
    harm.afflictions[a] = { value: (prev?.value ?? 0) + n, from: prev ? `${prev.from}, ${from}` : from }
  }
  if (game === 'sta') {
    r.consumed.add('stress')
    const s = num(valueOf(sys.stress))
    if (s !== undefined && s > 0) harm.stress.injury = { value: Math.round(s), from: `${b}.stress.value` }
    itemsOf(actor).forEach((it, i) => {
      if (isObj(it) && it.type === 'injury') {
        const q = num(itemSystem(it).quantity) ?? 1
        if (q > 0) addAffliction('wounds', Math.round(q), `items[${i}]`)
      }
    })
  } else if (game === 'fallout') {
    r.consumed.add('health').add('body_parts')
    const h = obj(sys.health)
    const value = num(h.value)
    const max = num(h.max)
    if (value !== undefined && max !== undefined && max > 0) harm.hp = { value: clamp(value, 0, max), max, from: `${b}.health.value` }
    else if (h.value !== undefined) r.note(`${b}.health`, '2d20.import.notANumber', { value: str(h.value) || '?' })
    for (const [part, p] of Object.entries(obj(sys.body_parts))) {
      const open = num(obj(p).injuryOpenCount)
      const list = Array.isArray(obj(p).injuries) ? (obj(p).injuries as unknown[]).filter((x) => num(x) !== undefined && num(x)! > 0).length : 0
      const n = Math.max(open ?? 0, list)
      if (n > 0) addAffliction('wounds', n, `${b}.body_parts.${part}.injuryOpenCount`)
    }
  } else if (game === 'conan2d20') {
    r.consumed.add('health')
    const phys = obj(obj(sys.health).physical)
    const ment = obj(obj(sys.health).mental)
    const suffered = (t: Obj) => {
      const v = num(t.value)
      const m = num(t.max)
      return v !== undefined && m !== undefined ? Math.max(0, m - v) : 0
    }
    if (suffered(phys) > 0) harm.stress.injury = { value: suffered(phys), from: `${b}.health.physical.value` }
    if (suffered(ment) > 0) harm.stress.fear = { value: suffered(ment), from: `${b}.health.mental.value` }
    const wounds = num(valueOf(phys.wounds))
    const traumas = num(valueOf(ment.traumas))
    if (wounds && wounds > 0) addAffliction('wounds', wounds, `${b}.health.physical.wounds.value`)
    if (traumas && traumas > 0) addAffliction('trauma', traumas, `${b}.health.mental.traumas.value`)
  } else {
    r.consumed.add('stress').add('afflictions')
    for (const t of TRACKS) {
      const v = num(valueOf(obj(sys.stress)[t] ?? sys[t]))
      if (v !== undefined && v > 0) harm.stress[t] = { value: Math.round(v), from: `${b}.stress.${t}.value` }
    }
    for (const a of AFFLICTIONS) {
      const v = num(valueOf(obj(sys.afflictions)[a] ?? sys[a]))
      if (v !== undefined && v > 0) addAffliction(a, Math.round(v), `${b}.afflictions.${a}.value`)
    }
    r.consumed.add('confusion').add('fear').add('injury').add('madness').add('trauma').add('wounds')
  }
  return harm
}

// --------------------------------------------------------------------------------------------- role, per game

function roleOf(game: Game, sys: Obj, actor: Obj, r: Reading): Role {
  const b = r.base
  const type = str(actor.type).toLowerCase()
  const pcLuck = (v: unknown) => {
    const n = num(valueOf(v))
    return n === undefined ? undefined : clamp(Math.round(n), 0, 20)
  }
  if (game === 'sta') {
    r.consumed.add('npcType').add('determination')
    const sheet = str(obj(obj(actor.flags).core).sheetClass).toLowerCase()
    const npcType = str(sys.npcType).toLowerCase()
    if (sheet.includes('supporting')) return { kind: 'ally', from: 'flags.core.sheetClass', source: sheet }
    // an NPC sheet, or a notable/major NPC type (a PC's stays at the initial 'minor')
    if (type === 'npc' || sheet.includes('npc') || npcType === 'notable' || npcType === 'major') {
      const from = `${b}.npcType`
      if (npcType === 'major') return { kind: 'npc', tier: 'villain', luck: pcLuck(sys.determination), from, source: npcType }
      if (npcType === 'notable') return { kind: 'npc', tier: 'monster', menace: 1, from, source: npcType }
      return { kind: 'npc', tier: 'minion', from, source: npcType || 'minor' }
    }
    r.note('flags.core.sheetClass', '2d20.import.readAsPc')
    return { kind: 'pc', luck: pcLuck(sys.determination), from: 'type', source: type || 'character' }
  }
  if (game === 'fallout') {
    r.consumed.add('category')
    if (type === 'character' || type === 'robot') return { kind: 'pc', luck: pcLuck(obj(sys).luckPoints), from: 'type', source: type }
    const cat = str(sys.category).toLowerCase() || 'normal'
    const from = `${b}.category`
    if (cat === 'legendary') return { kind: 'npc', tier: 'villain', from, source: cat }
    if (cat === 'mighty') return { kind: 'npc', tier: 'monster', menace: 1, from, source: cat }
    return { kind: 'npc', tier: 'minion', from, source: cat }
  }
  if (game === 'conan2d20') {
    r.consumed.add('isMinion').add('isToughened').add('isNemesis').add('type').add('resources')
    if (type === 'character') return { kind: 'pc', luck: pcLuck(obj(obj(sys.resources).fortune).value), from: 'type', source: type }
    const t = str(sys.type).toLowerCase()
    const from = `${b}.${t ? 'type' : 'isMinion'}`
    if (sys.isNemesis === true || t === 'nemesis') return { kind: 'npc', tier: 'villain', from, source: 'nemesis' }
    if (sys.isToughened === true || t === 'toughened') {
      const woundsMax = num(obj(obj(obj(sys.health).physical).wounds).max)
      return { kind: 'npc', tier: 'monster', menace: clamp(woundsMax !== undefined ? woundsMax - 1 : 1, 1, 20), from, source: 'toughened' }
    }
    return { kind: 'npc', tier: 'minion', from, source: 'minion' }
  }
  r.consumed.add('npcType').add('tier').add('menace').add('luck').add('momentum').add('race')
  const tier = (str(sys.tier) || str(sys.npcType)).toLowerCase()
  const luck = pcLuck(sys.luck)
  if ((type === 'adventurer' || type === 'character') && !tier) {
    const stored = num(obj(sys.momentum).stored)
    return { kind: 'pc', luck, momentum: stored === undefined ? undefined : clamp(Math.round(stored), 0, 20), from: 'type', source: type }
  }
  if (type === 'ally' || tier === 'ally') return { kind: 'ally', from: 'type', source: 'ally' }
  const from = `${b}.${str(sys.tier) ? 'tier' : 'npcType'}`
  if (tier === 'villain') return { kind: 'npc', tier: 'villain', luck, from, source: tier }
  if (tier === 'monster') {
    const stated = num(valueOf(sys.menace))
    return { kind: 'npc', tier: 'monster', menace: clamp(Math.round(stated ?? 1), 0, 20), menaceStated: stated !== undefined, from, source: tier }
  }
  if (tier === 'minion') return { kind: 'npc', tier: 'minion', from, source: tier }
  // an enemy the source gives no tier: a villain (tracks like a PC), which the GM can make a minion or a monster
  r.note('type', '2d20.import.tierAssumed', { type: type || '?' })
  return { kind: 'npc', tier: 'villain', luck, from: 'type', source: type }
}

// --------------------------------------------------------------------------------------------- weapons

/** the source's qualities this system has a counterpart for (002:130-152): by what they do */
const QUALITY_OF: Record<string, Quality> = {
  area: 'explosive', blast: 'explosive', grenade: 'explosive', explosive: 'explosive', spread: 'explosive',
  fearsome: 'fearsome', frightening: 'fearsome',
  vicious: 'sharp', sharp: 'sharp',
  hidden: 'quiet', quiet: 'quiet', suppressed: 'quiet', subtle: 'quiet', concealed: 'quiet',
  psychic: 'psychic', mental: 'psychic',
  poison: 'poison', poisonous: 'poison', toxic: 'poison',
  dishonorable: 'dishonorable', dishonourable: 'dishonorable',
}
/** `piercingx`, `piercing_x`, `Vicious 1`, `{ type: 'vicious', value: 1 }` → `vicious` */
const qualityName = (raw: string): string => raw.toLowerCase().replace(/[^a-z]/g, '').replace(/x$/, '')

/** the qualities a weapon item lists, as the source names them (`Vicious 1`) */
function sourceQualities(game: Game, sys: Obj): string[] {
  const out: string[] = []
  const flags = (o: Obj) => {
    for (const [k, v] of Object.entries(o)) {
      if (v === true) out.push(k)
      else if (typeof v === 'number' && v > 0) out.push(`${k} ${v}`)
      else if (isObj(v) && (v.value === true)) out.push(num(v.rank) ? `${k} ${num(v.rank)}` : k)
    }
  }
  const list = (a: unknown[]) => {
    for (const q of a) {
      if (typeof q === 'string' && q.trim()) out.push(q.trim())
      else if (isObj(q) && str(q.type ?? q.name)) out.push(num(q.value) ? `${str(q.type ?? q.name)} ${num(q.value)}` : str(q.type ?? q.name))
    }
  }
  const damage = obj(sys.damage)
  if (game === 'fallout') {
    flags(obj(damage.damageEffect))
    flags(obj(damage.weaponQuality))
    if (obj(damage.damageType).poison === true) out.push('poison')
    return out
  }
  const q = sys.qualities
  if (Array.isArray(q)) list(q)
  else if (isObj(q) && Array.isArray(q.value)) list(q.value)
  else if (isObj(q)) flags(q)
  else if (typeof q === 'string') list(q.split(','))
  return out
}

const WEAPON_TYPES: Record<Game, string[]> = {
  sta: ['characterweapon', 'characterweapon2e'],
  fallout: ['weapon'],
  conan2d20: ['weapon', 'npcattack', 'display'],
  jcom: ['weapon', 'attack'],
}

function readWeapon(game: Game, item: Obj, i: number, r: Reading, index: number): Record<string, unknown> | null {
  const sys = itemSystem(item)
  const name = str(item.name).slice(0, 120) || `#${i + 1}`
  const from = `items[${i}]`
  const damage = obj(sys.damage)
  const rawDamage = game === 'fallout' ? damage.rating : game === 'conan2d20' ? damage.dice : isObj(sys.damage) ? damage.value ?? damage.dice : sys.damage
  const d = num(rawDamage)
  if (d === undefined) r.note(`${from}.system.damage`, '2d20.import.notANumber', { value: str(rawDamage) || '?' })
  const dice = clamp(Math.round(d ?? 0), 0, 20)
  if (d !== undefined && dice !== Math.round(d)) r.note(`${from}.system.damage`, '2d20.import.damageClamped', { weapon: name, value: d, saved: dice })
  const range = (str(sys.range) + ' ' + str(sys.weaponType) + ' ' + str(sys.attackType) + ' ' + str(sys.kind)).toLowerCase()
  const kind =
    item.type === 'display' || str(damage.type).toLowerCase() === 'mental' || /threaten|insult|social/.test(range) ? 'insult'
      : sys.melee === true || /melee|unarmed|close|reach|brawl/.test(range) ? 'melee'
        : 'shooting'
  const qualities: Quality[] = []
  for (const q of sourceQualities(game, sys)) {
    const mine = QUALITY_OF[qualityName(q.replace(/\s*\d+$/, ''))]
    if (mine && !qualities.includes(mine)) {
      qualities.push(mine)
      r.land(`${from}.system.qualities`, `weapons[${index}].qualities`, mine)
    } else if (!mine) {
      r.note(`${from}.system.qualities`, '2d20.import.qualityNoCounterpart', { quality: q, weapon: name })
    }
  }
  r.land(`${from}.name`, `weapons[${index}].name`, name)
  r.land(`${from}.system.damage`, `weapons[${index}].damage`, dice)
  r.land(`${from}.system.range`, `weapons[${index}].kind`, kind)
  return { name, kind, damage: dice, qualities: qualities.filter((q) => (QUALITIES as readonly string[]).includes(q)) }
}

// --------------------------------------------------------------------------------------------- skills and the rest

/** skills, disciplines, focuses: no place in this system's stat block; named and listed in the notes text */
function readSkills(game: Game, sys: Obj, r: Reading): void {
  const b = r.base
  const listed: string[] = []
  if (game === 'sta') {
    r.consumed.add('disciplines')
    for (const [k, v] of Object.entries(obj(sys.disciplines))) {
      const n = num(valueOf(v))
      if (n !== undefined) listed.push(`${k} ${n}`)
    }
    if (listed.length) r.note(`${b}.disciplines`, '2d20.import.skillsInNotes', { list: listed.join(', ') })
  } else if (game === 'conan2d20') {
    r.consumed.add('skills')
    for (const [k, v] of Object.entries(obj(sys.skills))) {
      const s = obj(v)
      const ex = num(valueOf(s.expertise) ?? s.value)
      const fo = num(valueOf(s.focus))
      if ((ex ?? 0) > 0 || (fo ?? 0) > 0) listed.push(fo !== undefined ? `${k} ${ex ?? 0}/${fo}` : `${k} ${ex}`)
    }
    if (listed.length) r.note(`${b}.skills`, '2d20.import.skillsInNotes', { list: listed.join(', ') })
  } else if (game === 'fallout') {
    r.consumed.add('melee').add('guns').add('other')
    for (const k of ['melee', 'guns', 'other']) {
      const n = num(valueOf(sys[k]))
      if (n !== undefined && n > 0) listed.push(`${k} ${n}`)
    }
    if (listed.length) r.note(`${b}`, '2d20.import.skillsInNotes', { list: listed.join(', ') })
  } else {
    r.consumed.add('skills')
    for (const [k, v] of Object.entries(obj(sys.skills))) {
      const n = num(valueOf(v))
      if (n !== undefined && n > 0) listed.push(`${k} ${n}`)
    }
    if (listed.length) r.note(`${b}.skills`, '2d20.import.skillsInNotes', { list: listed.join(', ') })
  }
  if (listed.length) r.text.push(listed.join(', '))
}

/** items with no place here (skills as items, focuses, talents, armor, gear): named, grouped by type */
function readOtherItems(items: Array<{ item: Obj; i: number }>, r: Reading): void {
  const byType = new Map<string, string[]>()
  for (const { item, i } of items) {
    const type = str(item.type) || 'item'
    const sys = itemSystem(item)
    const value = num(sys.value)
    const label = `${str(item.name) || `#${i + 1}`}${type === 'skill' && value !== undefined ? ` ${value}${sys.tag === true ? '*' : ''}` : ''}`
    r.note(`items[${i}]`, '2d20.import.itemNotRead', { type, name: label })
    byType.set(type, [...(byType.get(type) ?? []), label])
  }
  for (const [type, names] of byType) r.text.push(`${type}: ${names.join(', ')}`)
}

/** the source's own notes, biography or description, as plain text */
function sourceText(sys: Obj, r: Reading): string {
  const parts: string[] = []
  for (const k of ['notes', 'biography', 'description', 'traits']) {
    const v = sys[k]
    r.consumed.add(k)
    const s = typeof v === 'string' ? v : isObj(v) && typeof v.value === 'string' ? v.value : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('; ') : ''
    const plain = s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim()
    if (plain) {
      parts.push(plain)
      r.land(`${r.base}.${k}`, 'notes', plain.slice(0, 40))
    }
  }
  return parts.join('\n')
}

/** keys of sheet bookkeeping that are not content (labels, toggles, order, derived values) */
const BOOKKEEPING = new Set(['label', 'selected', 'strmod', 'rollrepnotdis', 'img', 'sort', 'ownership', 'flags', '_id', '_stats', 'favorite', 'stashed', 'locations', 'chemDoses', 'bodyType', 'status', 'min', 'max', 'mod', 'bonus', 'templates', 'spells', 'spellslist', 'skilldice', 'optional'])
const isBookkeeping = (key: string): boolean => BOOKKEEPING.has(key) || key.startsWith('disciplineorder') || key.startsWith('show')

/** everything else with content in the system data: named, never dropped in silence */
function leftovers(sys: Obj, r: Reading): void {
  const found: string[] = []
  const walk = (v: unknown, path: string, key: string, depth: number) => {
    if (isBookkeeping(key)) return
    if (typeof v === 'string') {
      if (v.trim()) found.push(path)
    } else if (typeof v === 'number') {
      if (v !== 0) found.push(path)
    } else if (v === true) found.push(path)
    else if (Array.isArray(v)) {
      if (v.length > 0) found.push(path)
    } else if (isObj(v) && depth < 3) for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`, k, depth + 1)
  }
  for (const [k, v] of Object.entries(sys)) if (!r.consumed.has(k)) walk(v, `${r.base}.${k}`, k, 0)
  const shown = found.slice(0, 30)
  for (const f of shown) r.note(f, '2d20.import.notRead')
  if (found.length > shown.length) r.note(r.base, '2d20.import.moreNotRead', { n: found.length - shown.length })
}

// --------------------------------------------------------------------------------------------- one actor

function readActor(actor: Obj, game: Game, ctx: ReadContext): ReadOutcome {
  const name = (str(actor.name) || '?').slice(0, 120)
  const type = str(actor.type).toLowerCase()
  if (NOT_CHARACTERS[game].includes(type)) return { name, refused: { field: 'type', key: '2d20.import.notACharacter', params: { type } } }
  const sys = systemOf(actor)
  const r = new Reading(sysPath(actor), ctx.fields !== false)
  const answer = { ...SUGGESTED[game], ...(ctx.answers[questionId(game)] ?? {}) }
  const attributes = readAttributes(game, sys, r, answer)
  if (!attributes) return { name, refused: { field: `${r.base}.attributes`, key: '2d20.import.noAttributes', params: { game: GAME_NAMES[game] } } }
  r.land('name', 'name', name)

  const role = roleOf(game, sys, actor, r)
  r.land(role.from, role.tier ? 'tier' : 'kind', role.tier ?? role.kind)
  if (role.menace !== undefined && role.menaceStated) r.land(`${r.base}.menace`, 'menace', role.menace)
  else if (role.menace !== undefined) r.note(role.from, '2d20.import.menaceSet', { source: role.source, value: role.menace })

  // stress and afflictions (002:157-176): within each track's maximum (002:165)
  const harm = harmOf(game, sys, actor, r)
  const stress: Record<Track, number> = { confusion: 0, fear: 0, injury: 0 }
  const afflictions: Record<Affliction, number> = { madness: 0, trauma: 0, wounds: 0 }
  if (harm.hp) {
    const max = stressMax(attributes, 'injury')
    const lost = harm.hp.max - harm.hp.value
    const scaled = Math.round((lost / harm.hp.max) * max)
    harm.stress.injury = { value: scaled, from: harm.hp.from }
    r.note(harm.hp.from, '2d20.import.hpScaled', { value: harm.hp.value, max: harm.hp.max, stress: scaled, trackMax: max })
  }
  const minion = role.tier === 'minion'
  for (const t of TRACKS) {
    const s = harm.stress[t]
    if (!s) continue
    if (minion) {
      r.note(s.from, '2d20.import.minionNoStress', { value: s.value })
      continue
    }
    const max = stressMax(attributes, t)
    stress[t] = Math.min(s.value, max, 40)
    if (stress[t] < s.value) r.note(s.from, `2d20.import.stressCapped.${t}`, { value: s.value, max })
    r.land(s.from, `stress.${t}`, stress[t])
  }
  for (const a of AFFLICTIONS) {
    const f = harm.afflictions[a]
    if (!f) continue
    afflictions[a] = clamp(f.value, 0, 20)
    r.land(f.from, `afflictions.${a}`, afflictions[a])
  }

  // weapons, then every other item named
  const weapons: Array<Record<string, unknown>> = []
  const others: Array<{ item: Obj; i: number }> = []
  itemsOf(actor).forEach((it, i) => {
    if (!isObj(it)) {
      if (typeof it === 'string' && it.trim()) r.note(`items[${i}]`, '2d20.import.itemReference', { name: it.trim().slice(0, 80) })
      return
    }
    const t = str(it.type)
    if (WEAPON_TYPES[game].includes(t)) {
      if (weapons.length >= 30) r.note(`items[${i}]`, '2d20.import.tooManyWeapons', { name: str(it.name) })
      else {
        const w = readWeapon(game, it, i, r, weapons.length)
        if (w) weapons.push(w)
      }
    } else if (!(game === 'sta' && t === 'injury')) others.push({ item: it, i })
  })
  readSkills(game, sys, r)
  readOtherItems(others, r)
  const own = sourceText(sys, r)
  leftovers(sys, r)

  const notes = [own, ...r.text].filter(Boolean).join('\n').slice(0, 4000)
  const data: Record<string, unknown> = { kind: role.kind, name, attributes, weapons, stress, afflictions, notes }
  if (role.kind === 'npc') {
    data.tier = role.tier
    if (role.tier === 'monster') data.menace = role.menace ?? 1
    if (role.tier === 'villain' && role.luck) data.luck = role.luck
    else if (role.luck) r.note(role.from, '2d20.import.luckDropped', { value: role.luck })
  } else if (role.kind === 'pc') {
    if (role.luck) {
      data.luck = role.luck
      r.land(role.from === 'type' ? `${r.base}` : role.from, 'luck', role.luck)
    }
    if (role.momentum) {
      // J1: saved Momentum is capped at the lowest attribute
      const cap = lowestAttribute(attributes)
      data.momentum = Math.min(role.momentum, cap)
      if (data.momentum !== role.momentum) r.note(`${r.base}.momentum.stored`, '2d20.import.momentumCapped', { value: role.momentum, cap })
      r.land(`${r.base}.momentum.stored`, 'momentum', data.momentum as number)
    }
  }
  const tags: string[] = [game]
  if (role.tier) tags.push(role.tier)
  return { name, kind: role.kind, tags, data, fields: r.fields, notes: r.notes, disagreements: [] }
}

// --------------------------------------------------------------------------------------------- the reader

export const twoD20FoundryReader: ImportReader = {
  format: 'foundry-2d20',
  label: '2d20.import.format',
  input: 'json',
  detect(source: unknown): number {
    return gameOf(source)?.sure ?? 0
  },
  questions(sources: unknown[]): ImportQuestion[] {
    const present = new Map<Game, Set<string>>()
    for (const s of sources) {
      const g = gameOf(s)?.game
      if (!g) continue
      const keys = present.get(g) ?? new Set<string>()
      const sys = systemOf(s as Obj)
      for (const { key } of GAME_ATTRIBUTES[g]) {
        const creatureKey = g === 'fallout' && (key === 'body' || key === 'mind')
        if (creatureKey ? key in sys : key in obj(sys.attributes)) keys.add(key)
      }
      present.set(g, keys)
    }
    return GAMES.filter((g) => present.has(g)).map((g) => {
      const keys = present.get(g)!
      const from = GAME_ATTRIBUTES[g].filter((a) => keys.size === 0 || keys.has(a.key))
      return {
        id: questionId(g),
        title: { key: '2d20.import.askAttributes', params: { game: GAME_NAMES[g] } },
        from,
        to: ATTRIBUTES.map((a) => ({ key: a, label: `2d20.attr.${a}` })),
        suggested: Object.fromEntries(from.map((a) => [a.key, SUGGESTED[g][a.key] ?? null])),
      }
    })
  },
  read(source: unknown, ctx: ReadContext): ReadOutcome[] {
    const name = isObj(source) ? (str(source.name) || '?').slice(0, 120) : '?'
    const g = gameOf(source)
    if (!g || !isObj(source)) return [{ name, refused: { field: '', key: '2d20.import.notAnActor' } }]
    return [readActor(source, g.game, ctx)]
  },
}
