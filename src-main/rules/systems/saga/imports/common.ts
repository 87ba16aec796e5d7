/**
 * What the two Saga readers share (issue 30): reading numbers that may be strings, the notes and landings of one
 * reading, the talents and feats the engine knows, the class data the seeds lack (W8), the book's common weapons,
 * and the last step: the stated defenses and damage threshold against the rules' values (001 "Defenses",
 * "Damage Threshold").
 */
import type { Disagreement, FieldLanding, ImportNote, ReadStatBlock } from '../../../kit/imports'
import type { StatBlockKind } from '@shared/domain/campaign'
import { parseDiceCached } from '../../../kit/dice'
import { damageThreshold, fortitudeBreakdown, reflexBreakdown, SIZES, willBreakdown, type SagaStatBlock, type Size } from '../schema'

export type Draft = Record<string, unknown>
export const ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const
export type Ability = (typeof ABILITIES)[number]

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
export const str = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined
  const t = v.trim()
  return t === '' ? undefined : t
}

/** a number as a source writes it: `13`, `"13"`, `"+3"`, `"−2"`; `"-"`/`"—"` is a dash (no score); else junk */
export type NumRead = { n: number } | { dash: true } | { absent: true } | { junk: string }
export function readNum(v: unknown): NumRead {
  if (v === undefined || v === null) return { absent: true }
  if (typeof v === 'number') return Number.isInteger(v) ? { n: v } : Number.isFinite(v) ? { n: Math.floor(v) } : { junk: String(v) }
  if (typeof v === 'string') {
    const s = v.trim()
    if (s === '') return { absent: true }
    if (/^[-−–—]$/.test(s)) return { dash: true }
    const m = /^([+\-−–]?)\s*(\d{1,6})$/.exec(s)
    if (m) return { n: (m[1] && m[1] !== '+' ? -1 : 1) * Number(m[2]) }
    return { junk: s.slice(0, 40) }
  }
  return { junk: typeof v === 'object' ? '{…}' : String(v).slice(0, 40) }
}

/** readNum's number, or undefined (a number read without a NumRead made for it) */
export function numOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v
  const r = readNum(v)
  return 'n' in r ? r.n : undefined
}

/** The landings and notes of one reading. */
export class Reading {
  fields: FieldLanding[] = []
  notes: ImportNote[] = []
  /**
   * Record that `from` landed on `to`; undefined when the landings are not recorded (ReadContext.fields). Called as
   * `r.land?.(from, to, value)`: a reading without them does not even build the paths it would have named (a
   * compendium's preview: some 40 strings an actor).
   */
  readonly land: ((from: string, to: string, value: unknown) => void) | undefined
  constructor(keepFields = true) {
    this.land = keepFields ? (from, to, value) => void this.fields.push({ from, to, value: short(value) }) : undefined
  }
  note(field: string, key: string, params?: Record<string, string | number>): void {
    const f = shared(field)
    const k = noteKey(key)
    this.notes.push(params ? { field: f, key: k, params } : { field: f, key: k })
  }
  /** an integer at `from`: junk and out-of-range values are named notes, an absent value is undefined */
  int(from: string, v: unknown, min: number, max: number): number | undefined {
    // (most sources give a number: read without a NumRead made for it)
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v
    const r = readNum(v)
    if ('n' in r) {
      if (r.n < min || r.n > max) {
        this.note(from, 'outOfRange', { value: r.n, min, max })
        return undefined
      }
      return r.n
    }
    if ('junk' in r) this.note(from, 'notANumber', { value: r.junk })
    if ('dash' in r) this.note(from, 'notANumber', { value: '-' })
    return undefined
  }
}

/**
 * One string for each note's key and field met so far (bounded): a compendium's actors repeat them (`system.bab`,
 * `saga.import.babDerived`), and a preview keeps every note until the import; as made (`${path}.${key}`) each was a
 * chain of pieces of its own, kept as long (issue 30: a compendium of 2,000 actors has some 11,000 notes).
 */
const sharedStrings = new Map<string, string>()
function shared(s: string): string {
  const known = sharedStrings.get(s)
  if (known !== undefined) return known
  if (sharedStrings.size >= 4096) sharedStrings.clear()
  sharedStrings.set(s, s)
  return s
}

/** `saga.import.<key>`, made once for each key (the keys are the readers' own words, a few dozen) */
const noteKeys = new Map<string, string>()
function noteKey(key: string): string {
  let k = noteKeys.get(key)
  if (k === undefined) {
    k = `saga.import.${key}`
    if (noteKeys.size < 512) noteKeys.set(key, k)
  }
  return k
}

function short(v: unknown): string {
  if (typeof v === 'string') return v.length > 60 ? `${v.slice(0, 57)}…` : v
  if (Array.isArray(v)) return short(v.map((x) => (isObj(x) && typeof x.name === 'string' ? x.name : String(x))).join(', '))
  if (v === null) return '—'
  return String(v)
}

/** 001 sizes by name (any case), or undefined */
export function sizeOf(v: string | undefined): Size | undefined {
  const s = v?.trim().toLowerCase()
  return SIZES.find((x) => x === s)
}

// ------------------------------------------------------------------------ talents and feats the engine knows

/** a name without its parenthesis and case: `Double Attack (rifles)` → `double attack` */
const bareOf = (name: string): string => name.replace(/\(.*?\)/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
/** the bare names met so far (a compendium's actors share their feats, talents and weapons), bounded */
const bareNames = new Map<string, string>()
const bare = (name: string): string => {
  let b = bareNames.get(name)
  if (b === undefined) {
    b = bareOf(name)
    if (bareNames.size >= 4096) bareNames.clear()
    bareNames.set(name, b)
  }
  return b
}
const roman = (s: string): number => ({ i: 1, ii: 2, iii: 3, '1': 1, '2': 2, '3': 3 })[s.toLowerCase()] ?? 0

/** the talents and feats saga/schema.ts knows as flags, by their bare name */
const FLAGS: Record<string, string> = {
  evasion: 'evasion',
  'extra second wind': 'extraSecondWind',
  'improved disarm': 'improvedDisarm',
  'precise shot': 'preciseShot',
  'combat reflexes': 'combatReflexes',
  'double attack': 'doubleAttack',
  'triple attack': 'tripleAttack',
  'careful shot': 'carefulShot',
  cyborg: 'cyborg',
  'cyborg hybrid': 'cyborg',
}
const DUAL_WEAPON_MASTERY = /^dual weapon mastery (i{1,3}|[123])$/
const MARTIAL_ARTS = /^martial arts (i{1,3}|[123])$/

/**
 * The talents and feats saga/schema.ts knows as flags (evasion, preciseShot, …), set from their names; Improved
 * Damage Threshold adds +5 to the threshold each time it is taken (the schema's `dtBonus`). Returns how many of
 * the names it placed.
 */
export function applyKnownNames(names: Array<{ name: string; from: string }>, d: Draft, r: Reading): number {
  let placed = 0
  for (const { name, from } of names) {
    const b = bare(name)
    const flag = FLAGS[b]
    if (flag) {
      d[flag] = true
      r.land?.(from, flag, true)
      placed++
      continue
    }
    const dwm = DUAL_WEAPON_MASTERY.exec(b)
    if (dwm) {
      const n = Math.max(roman(dwm[1]), typeof d.dualWeaponMastery === 'number' ? d.dualWeaponMastery : 0)
      d.dualWeaponMastery = n
      r.land?.(from, 'dualWeaponMastery', n)
      placed++
      continue
    }
    // Martial Arts II and III require Martial Arts I
    if (MARTIAL_ARTS.test(b)) {
      d.martialArts = true
      r.land?.(from, 'martialArts', true)
      placed++
      continue
    }
    if (b === 'improved damage threshold') {
      d.dtBonus = (typeof d.dtBonus === 'number' ? d.dtBonus : 0) + 5
      r.land?.(from, 'dtBonus', d.dtBonus)
      placed++
    }
  }
  return placed
}

// --------------------------------------------------------------------------------- class data (W8: data)

/**
 * W8: the seeds give no class tables. The core classes' defense bonuses and base attack progressions, the standard
 * Saga values the sample campaign uses too (samples/campaign.ts: Jedi +1/+1/+1, Soldier Ref +1 Fort +2, Scout Ref +2
 * Fort +1; nonheroic BAB ¾ level). A multiclass character takes the highest bonus of its classes for each defense.
 */
const CLASSES: Record<string, { bab: 'full' | 'threeQuarters'; reflex?: number; fortitude?: number; will?: number }> = {
  jedi: { bab: 'full', reflex: 1, fortitude: 1, will: 1 },
  noble: { bab: 'threeQuarters', reflex: 1, will: 2 },
  scoundrel: { bab: 'threeQuarters', reflex: 2, will: 1 },
  scout: { bab: 'threeQuarters', reflex: 2, fortitude: 1 },
  soldier: { bab: 'full', reflex: 1, fortitude: 2 },
  nonheroic: { bab: 'threeQuarters' },
  beast: { bab: 'threeQuarters' },
}
export const NONHEROIC = new Set(['nonheroic', 'beast'])
export const CLASS_NAMES = Object.keys(CLASSES)

export interface ClassLevels {
  name: string
  levels: number
  heroic: boolean
  /** the source's own class defense bonuses, when it gives them */
  defenses?: { reflex?: number; fortitude?: number; will?: number }
}

/**
 * Levels, kind-relevant counts, the class defense bonuses (the source's where given, else the table's) and the
 * base attack bonus the class levels give (used when the source states none).
 */
export function fromClasses(classes: ClassLevels[], r: Reading, from: string) {
  let heroicLevel = 0
  let otherLevels = 0
  let bab = 0
  /** classes whose base attack progression is not known here (their levels add nothing to `bab`) */
  const babUnknown: string[] = []
  const defenses: Record<'reflex' | 'fortitude' | 'will', number> = { reflex: 0, fortitude: 0, will: 0 }
  for (const c of classes) {
    if (c.heroic) heroicLevel += c.levels
    else otherLevels += c.levels
    const row = CLASSES[c.name.trim().toLowerCase()]
    if (row) bab += row.bab === 'full' ? c.levels : Math.floor((3 * c.levels) / 4)
    else babUnknown.push(c.name)
    const given = c.defenses
    if (!given && !row && c.heroic) r.note(from, 'classUnknown', { name: c.name })
    for (const k of ['reflex', 'fortitude', 'will'] as const) {
      const v = given?.[k] ?? row?.[k] ?? 0
      defenses[k] = Math.max(defenses[k], v)
    }
  }
  return { heroicLevel, otherLevels, bab, babUnknown, defenses }
}

// --------------------------------------------------------------------------------------- common weapons

/**
 * The core rulebook's common weapons, for a weapon the source names without its damage (a Foundry name
 * reference): damage dice and melee/ranged, as the sample campaign uses them (W8: weapons are data).
 */
const WEAPONS: Record<string, { damage: string; kind: 'melee' | 'ranged'; stun?: boolean; stunOnly?: boolean; area?: boolean; autofire?: boolean; damageType?: string }> = {
  'hold-out blaster pistol': { damage: '3d4', kind: 'ranged', stun: true, damageType: 'energy' },
  'sporting blaster pistol': { damage: '3d4', kind: 'ranged', stun: true, damageType: 'energy' },
  'blaster pistol': { damage: '3d6', kind: 'ranged', stun: true, damageType: 'energy' },
  'heavy blaster pistol': { damage: '3d8', kind: 'ranged', stun: true, damageType: 'energy' },
  'blaster carbine': { damage: '3d8', kind: 'ranged', stun: true, autofire: true, damageType: 'energy' },
  'blaster rifle': { damage: '3d8', kind: 'ranged', stun: true, autofire: true, damageType: 'energy' },
  'heavy blaster rifle': { damage: '3d10', kind: 'ranged', autofire: true, damageType: 'energy' },
  'frag grenade': { damage: '4d6', kind: 'ranged', area: true, damageType: 'slashing' },
  'stun baton': { damage: '2d6', kind: 'melee', stun: true, stunOnly: true, damageType: 'energy' },
  knife: { damage: '1d4', kind: 'melee', damageType: 'piercing' },
  vibrodagger: { damage: '2d4', kind: 'melee', damageType: 'piercing' },
  vibroblade: { damage: '2d6', kind: 'melee', damageType: 'slashing' },
  'force pike': { damage: '2d8', kind: 'melee', stun: true, damageType: 'piercing' },
  lightsaber: { damage: '2d8', kind: 'melee', damageType: 'lightsaber' },
}
export const tableWeapon = (name: string) => WEAPONS[bare(name)]

/** dice notation the engine's parser takes (`3d8`, `2d6+1`), else undefined */
export function dice(v: string | undefined): string | undefined {
  if (!v) return undefined
  const s = v.replace(/[−–]/g, '-').replace(/\s+/g, '')
  return s.length <= 40 && parseDiceCached(s).ok && /d/i.test(s) ? s : undefined
}

// ------------------------------------------------------------------------------------------ the last step

/**
 * What derive() (schema.ts) reads of the read block, with the schema's defaults for what the reading left out (a
 * test holds derive() of it against derive() of sagaStatBlockSchema's own parse). Not the schema itself: its parse
 * took most of a compendium's import time, and the service that saves the block checks it with the schema anyway
 * (issue 30, 2,000 actors).
 */
export function forDerive(d: Draft): SagaStatBlock {
  const a = (d.abilities ?? {}) as Record<string, number | null | undefined>
  const abilities = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } as Record<Ability, number | null>
  for (const k of ABILITIES) if (a[k] !== undefined) abilities[k] = a[k]
  // only what derive() reads, in one shape for every actor: a copy of the whole draft (its shape differs by actor)
  // took a tenth of the reading (issue 30)
  return {
    kind: d.kind ?? 'nonheroic',
    size: d.size ?? 'medium',
    heroicLevel: d.heroicLevel ?? 0,
    otherLevels: d.otherLevels ?? 0,
    abilities,
    defenses: d.defenses ?? {},
    armor: d.armor,
    objectState: d.objectState,
    dtBonus: d.dtBonus,
    totals: d.totals,
  } as SagaStatBlock
}

/** the totals a source states, each with where it stands in the source */
export type Stated = Partial<Record<'reflex' | 'fortitude' | 'will' | 'damageThreshold', { value: number; from: string }>>

export const DEFENSES = ['reflex', 'fortitude', 'will'] as const
const DEFENSE_LABEL = { reflex: 'saga.reflex', fortitude: 'saga.fortitude', will: 'saga.will' } as const
/** derive()'s own breakdowns (schema.ts), each asked for only when the source states its total */
const BREAKDOWN = { reflex: reflexBreakdown, fortitude: fortitudeBreakdown, will: willBreakdown } as const

/**
 * The stat block with the source's stated totals where they differ from the rules (001 "Defenses": each defense
 * from its terms; "Damage Threshold": Fortitude Defense + size), each difference a Disagreement with the rules'
 * terms. The rules' values are those of `derive()` on the block WITHOUT totals. A stated threshold that is the
 * stated Fortitude + size (+ Improved Damage Threshold) follows whichever Fortitude the GM keeps, so it is no
 * difference of its own.
 */
export function finish(name: string, kind: StatBlockKind, tags: string[], d: Draft, r: Reading, stated: Stated): ReadStatBlock {
  const sb = forDerive(d)
  const totals: Record<string, number> = {}
  const disagreements: Disagreement[] = []
  for (const key of DEFENSES) {
    const st = stated[key]
    if (st === undefined) continue
    const s = st.value
    // (the rules' value of a defense the source does not state is not needed: a compendium's actors mostly state all)
    const rule = BREAKDOWN[key](sb)
    // a stated value the rules agree with lands on the derived value (nothing stored); one they do not, in totals
    r.land?.(st.from, s === rule.total ? key : `totals.${key}`, s)
    if (s === rule.total) continue
    totals[key] = s
    disagreements.push({ key, label: DEFENSE_LABEL[key], stated: s, rules: rule.total, terms: rule.terms, path: ['totals', key] })
  }
  const dt = stated.damageThreshold?.value
  if (dt !== undefined) {
    const rule = damageThreshold(sb)
    const followsFort = () => stated.fortitude !== undefined && dt === damageThreshold({ ...sb, totals: { fortitude: stated.fortitude.value } }).total
    const differs = dt !== rule.total && !followsFort()
    r.land?.(stated.damageThreshold!.from, differs ? 'totals.damageThreshold' : 'damageThreshold', dt)
    if (differs) {
      totals.damageThreshold = dt
      disagreements.push({ key: 'damageThreshold', label: 'saga.threshold', stated: dt, rules: rule.total, terms: rule.terms, path: ['totals', 'damageThreshold'] })
    }
  }
  // (the draft is the reading's own: the totals are added to it, not to a copy of it)
  if (Object.keys(totals).length) d.totals = totals
  const out: ReadStatBlock = { name, kind, tags, data: d, fields: r.fields, notes: r.notes, disagreements }
  return out
}
