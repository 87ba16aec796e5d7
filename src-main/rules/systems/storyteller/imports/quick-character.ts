/**
 * An Exalted-style quick character pasted as text, read into Storyteller stat blocks (issue 30):
 *
 *   Imperial Guard
 *   Join Battle: 7 dice; Health Levels: -0x2/-1x2/-2x2/-4/Incap; Attack (Sword): 9 dice (Damage 12);
 *   Attack (Grapple): 6 dice (8 dice to control); Evasion 3, Parry 4; Soak/Hardness: 6/0; Willpower 5; Essence 1
 *
 * A quick character states dice pools; this system's stat block holds the ratings the engine adds up (004: accuracy =
 * Attribute + Ability + weapon Accuracy; T4: damage = the class's attribute + weapon damage; Join Battle = Wits +
 * Awareness). Each pool is split so that the engine rolls exactly the stated dice: Join Battle into Wits + Awareness,
 * the attacks into Dexterity + the weapon's ability (+ Accuracy where two attacks share an ability), the damage into
 * the class's attribute + the weapon's damage. Every split is named in a note. Evasion, Parry and Resolve are the
 * Dodge, Parry and Mental DVs; soak is the soak against every damage type; the health levels are the health track
 * (T5). What has no place here (Willpower, Essence, Hardness, Intimacies, Merits, motes, actions…) is named in a note
 * and kept, as written, in the stat block's notes.
 *
 * Several characters in one text: each starts at a name line (a line with no label, no colon). Parts are separated by
 * semicolons or new lines; a line wrapped in the middle of a part is joined back; en dashes and minus signs read as
 * minus; a missing part takes a default, named in a note.
 */
import type { FieldLanding, ImportNote, ImportReader, ReadContext, ReadOutcome } from '../../../kit/imports'
import { ABILITIES, ATTRIBUTES, type Ability, type Attribute, type DamageType, type WeaponClass } from '../schema'

/** the attribute a quick character leaves unsaid: Exalted's average human (2 dots) */
export const BASE_ATTRIBUTE = 2
/** T5: weapon Speed is undefined in the seed; a quick character without one takes Exalted 2e's common 5 */
export const DEFAULT_SPEED = 5

// ------------------------------------------------------------------------------------------------ text shape

/** the parts this reader knows, by the label that starts them */
const KNOWN: Array<{ id: string; re: RegExp }> = [
  { id: 'joinBattle', re: /^join\s+battle\b\s*:?\s*/i },
  { id: 'health', re: /^health(?:\s+levels?)?\b\s*:?\s*/i },
  { id: 'attack', re: /^attacks?\s*\(([^)]*)\)\s*:?\s*/i },
  { id: 'dodge', re: /^(?:evasion|dodge(?:\s+dv)?)\b\s*:?\s*/i },
  { id: 'parry', re: /^parry(?:\s+dv)?\b\s*:?\s*/i },
  { id: 'mental', re: /^(?:resolve|mental(?:\s+dv)?)\b\s*:?\s*/i },
  { id: 'soakHardness', re: /^soak\s*\/\s*hardness\b\s*:?\s*/i },
  { id: 'soak', re: /^soak\b\s*:?\s*/i },
  // a stated rating (Exalted 2e and Scion stat blocks list them): `Strength 3`, `Animal Ken 2`, `Science: Medicine 3`
  { id: 'attribute', re: new RegExp(`^(${ATTRIBUTES.join('|')})\\b\\s*:?\\s*(?=[+-]?\\d)`, 'i') },
  { id: 'ability', re: /^(academics|animal\s+ken|athletics|awareness|brawl|command|control|empathy|fortitude|integrity|investigation|larceny|marksmanship|science\s*:\s*medicine|medicine|melee|occult|persuasion|politics|presence|stealth|survival|thrown)\b\s*:?\s*(?=\d)/i },
  { id: 'combatMovement', re: /^(?:combat\s+)?movement\b\s*:?\s*/i },
  { id: 'senses', re: /^senses\b\s*:?\s*/i },
]
/** labels of parts this system has no place for (read as notes, not as unknown text) */
const NO_PLACE = /^(willpower|essence|hardness|guile|intimacies|merits?|personal\s+motes|peripheral\s+motes|motes|actions?|armou?r|charms?|special\s+attacks?|sorcery|offensive\s+charms?|defensive\s+charms?|other\s+charms?|languages?|speed|size|traits?|skills?|abilities)\b/i
/** a label the reader does not know: `Word Words:` at the start of a part */
const GENERIC_LABEL = /^(\p{Lu}[\p{L}'’ /-]{0,40}?)\s*(?:\([^)]*\))?\s*:/u

const startsLabel = (s: string): boolean => KNOWN.some((k) => k.re.test(s)) || NO_PLACE.test(s) || GENERIC_LABEL.test(s)

/** en dash, em dash, minus sign → `-`; × → x; non-breaking spaces → spaces */
export const normalize = (text: string): string =>
  text.replace(/\r\n?/g, '\n').replace(/[\u2012\u2013\u2014\u2212\uFE63\uFF0D]/g, '-').replace(/×/g, 'x').replace(/[\u00A0\u2007\u202F\t]/g, ' ')

const depthAfter = (s: string, depth = 0): number => {
  for (const c of s) {
    if (c === '(') depth++
    else if (c === ')') depth = Math.max(0, depth - 1)
  }
  return depth
}

/** a section heading inside a quick character ("Combat", "Offensive Charms"): structure, not a name */
const SECTION = /^(combat|combat stats|social|actions|merits|intimacies|special attacks|offensive charms|defensive charms|mobility charms|social charms|other charms|miscellaneous|sorcery|charms|evocations|traits)\.?$/i

/** a line that names a character: no label, no colon or semicolon, balanced brackets, starts with a letter */
const isNameLine = (line: string): boolean =>
  line.length <= 80 && line.split(' ').length <= 10 && !/[.!?]$/.test(line) && /^\p{L}/u.test(line) && !/[:;]/.test(line) && !startsLabel(line) && depthAfter(line) === 0 && !line.includes(')')

interface Block {
  name: string | null
  /** the body with parts separated by new lines where a new line starts a part, wrapped lines joined */
  body: string
  /** lines read as headings (a name line followed by another name line) */
  headings: string[]
}

/**
 * The text cut into characters: a name line followed by a line starting a part begins one; a name-like line that is
 * not (a heading, a remark) is kept as a heading of the next character, or as a part of the current one.
 */
export function blocks(text: string): Block[] {
  const out: Block[] = []
  let cur: Block | null = null
  let depth = 0
  let pendingHeadings: string[] = []
  const close = () => {
    if (cur) out.push(cur)
    cur = null
    depth = 0
  }
  const lines = normalize(text).split('\n').map((l) => l.trim().replace(/\s+/g, ' '))
  lines.forEach((line, i) => {
    if (!line) {
      if (depth === 0 && cur) close()
      return
    }
    const continuation = depth > 0 || (cur !== null && /[,/(-]$/.test(cur.body))
    const next = lines[i + 1] ?? ''
    if (!continuation && cur !== null && SECTION.test(line)) return
    if (!continuation && isNameLine(line)) {
      if (next && startsLabel(next)) {
        close()
        cur = { name: line, body: '', headings: pendingHeadings }
        pendingHeadings = []
        return
      }
      if (!cur) {
        pendingHeadings.push(line)
        return
      }
    }
    if (!cur) {
      // a name, then a description before the stats: the last heading-like line is the name
      cur = { name: pendingHeadings.pop() ?? null, body: '', headings: pendingHeadings }
      pendingHeadings = []
    }
    const c: Block = cur
    const separate = depth === 0 && (startsLabel(line) || (!continuation && isNameLine(line)))
    c.body = c.body ? c.body + (separate ? '\n' : ' ') + line : line
    depth = depthAfter(line, depth)
  })
  close()
  // headings with no character after them
  if (pendingHeadings.length && out.length) out[out.length - 1].headings.push(...pendingHeadings)
  return out
}

/** the parts of a body: split at semicolons and part-starting new lines (outside brackets), then at `, Label` */
export function parts(body: string): string[] {
  const pieces: string[] = []
  let depth = 0
  let cur = ''
  for (const c of body) {
    if (c === '(') depth++
    if (c === ')') depth = Math.max(0, depth - 1)
    if ((c === ';' || c === '\n') && depth === 0) {
      pieces.push(cur)
      cur = ''
    } else cur += c === '\n' ? ' ' : c
  }
  pieces.push(cur)
  const out: string[] = []
  for (const p of pieces) {
    // "Evasion 3, Parry 4", "Resolve 2, Guile 1": a comma before a known label starts a new part;
    // "Attributes: Strength 3, …" and "Abilities: Melee 4, …" are headings of the ratings after them
    let rest = p.trim().replace(/[.,]+$/, '').trim()
    const heading = /^(?:attributes|abilities)\s*:\s*/i.exec(rest)
    if (heading && KNOWN.some((k) => k.re.test(rest.slice(heading[0].length)))) rest = rest.slice(heading[0].length)
    while (rest) {
      let cut = -1
      let d = 0
      for (let i = 0; i < rest.length; i++) {
        const ch = rest[i]
        if (ch === '(') d++
        else if (ch === ')') d = Math.max(0, d - 1)
        else if (ch === ',' && d === 0) {
          const after = rest.slice(i + 1).trimStart()
          if (KNOWN.some((k) => k.re.test(after)) || NO_PLACE.test(after)) {
            cut = i
            break
          }
        }
      }
      if (cut < 0) {
        out.push(rest)
        break
      }
      out.push(rest.slice(0, cut).trim())
      rest = rest.slice(cut + 1).trim()
    }
  }
  return out.filter(Boolean)
}

// ------------------------------------------------------------------------------------------------ values

const int = (s: string): number | undefined => {
  const m = /[+-]?\d+/.exec(s)
  return m ? Number(m[0]) : undefined
}
const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))
const dice = (s: string): number | undefined => {
  const m = /(\d+)\s*(?:dice|die|d\b)/i.exec(s) ?? /^\s*(\d+)\b/.exec(s)
  return m ? Number(m[1]) : undefined
}

/** `-0x2/-1x2/-2x2/-4/Incap` → [0, 0, -1, -1, -2, -2, -4]; tokens not understood are returned to be named */
export function healthLevels(s: string): { levels: number[]; skipped: string[] } {
  const levels: number[] = []
  const skipped: string[] = []
  for (const token of s.replace(/\s+/g, '').split(/[/,]/).filter(Boolean)) {
    if (/^(incap(acitated)?|dying|dead|death)\.?$/i.test(token)) continue
    const m = /^([+-]?)(\d+)(?:x(\d+))?$/i.exec(token)
    if (!m) {
      skipped.push(token)
      continue
    }
    const penalty = -Math.min(10, Number(m[2]))
    const times = m[3] === undefined ? 1 : Number(m[3])
    for (let i = 0; i < times && levels.length < 30; i++) levels.push(penalty === 0 ? 0 : penalty)
  }
  return { levels, skipped }
}

// ------------------------------------------------------------------------------------------------ attacks

interface Attack {
  label: string
  name: string
  pool?: number
  damage?: number
  damageType?: DamageType
  speed?: number
  extras: string[]
  cls: WeaponClass
  ability: Ability
}

const RANGED = /\b(bow|crossbow|sling|firewand|flame\s*piece|pistol|rifle|blaster|gun|carbine|arrows?|bolt|shot|musket)\b/i
const THROWN = /\b(thrown|javelin|chakram|dart|throwing|hurled|shuriken)\b/i
const BRAWL = /\b(grapple|unarmed|punch|kick|bite|claws?|fist|brawl|headbutt|tail|gore|slam|tackle|wrestle)\b/i
const LIGHTSABER = /\b(light\s*saber|lightsaber|lightwhip|light\s*whip)\b/i
const FORCE = /\b(force)\b/i

function readAttack(label: string, name: string, rest: string): Attack {
  const cls: WeaponClass = LIGHTSABER.test(name) ? 'lightsaber' : FORCE.test(name) ? 'force' : RANGED.test(name) ? 'ranged' : 'impact'
  const ability: Ability = cls === 'ranged' ? 'marksmanship' : THROWN.test(name) ? 'thrown' : BRAWL.test(name) ? 'brawl' : cls === 'force' ? 'occult' : 'melee'
  const a: Attack = { label, name: name.trim().slice(0, 120) || label, extras: [], cls, ability }
  // the pool: the first "N dice" outside brackets, or Exalted 2e's "Accuracy N"
  const outside = rest.replace(/\([^)]*\)/g, ' ')
  a.pool = /(\d+)\s*dice/i.exec(outside) ? Number(/(\d+)\s*dice/i.exec(outside)![1]) : /accuracy\s*:?\s*(\d+)/i.exec(rest) ? Number(/accuracy\s*:?\s*(\d+)/i.exec(rest)![1]) : undefined
  const dmg = /damage\s*:?\s*(\d+)\s*([BLA])?\b/i.exec(rest)
  if (dmg) {
    a.damage = Number(dmg[1])
    if (dmg[2]) a.damageType = ({ b: 'bashing', l: 'lethal', a: 'aggravated' } as const)[dmg[2].toLowerCase() as 'b' | 'l' | 'a']
  }
  const word = /\b(bashing|lethal|aggravated)\b/i.exec(rest)
  if (!a.damageType && word) a.damageType = word[1].toLowerCase() as DamageType
  const speed = /speed\s*:?\s*(\d+)/i.exec(rest)
  if (speed) a.speed = Number(speed[1])
  // whatever else it says ("8 dice to control", "Rate 2", "minimum 1"): named, kept in the notes
  const said = rest
    .replace(/(\d+)\s*dice/i, '')
    .replace(/accuracy\s*:?\s*\d+/i, '')
    .replace(/damage\s*:?\s*\d+\s*[BLA]?\b/i, '')
    .replace(/\b(bashing|lethal|aggravated)\b/i, '')
    .replace(/speed\s*:?\s*\d+/i, '')
  for (const bit of said.split(/[(),;]/)) {
    const t = bit.trim()
    if (t && /[\p{L}\d]/u.test(t)) a.extras.push(t)
  }
  return a
}

// ------------------------------------------------------------------------------------------------ one character

class Reading {
  fields: FieldLanding[] = []
  notes: ImportNote[] = []
  kept: string[] = []
  land(from: string, to: string, value: unknown): void {
    this.fields.push({ from, to, value: String(value).slice(0, 80) })
  }
  note(field: string, key: string, params?: Record<string, string | number>): void {
    this.notes.push(params ? { field, key, params } : { field, key })
  }
}

/** a pool split into a rating pair within the schema's bounds (0–10 each; an attribute at least 1) */
function split(pool: number, fixedFirst?: number): { first: number; second: number; reached: number } {
  const first = fixedFirst ?? clamp(Math.floor(pool / 2), 1, 5)
  const second = clamp(pool - first, 0, 10)
  return { first, second, reached: first + second }
}

function readCharacter(block: Block, n: number, ctx: ReadContext): ReadOutcome {
  const r = new Reading()
  const fileBase = ctx.file.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'storyteller'
  const name = (block.name ?? `${fileBase} ${n}`).slice(0, 120)
  if (!block.name) r.note('', 'storyteller.import.noName', { name })
  for (const h of block.headings) r.note(h, 'storyteller.import.heading', { text: h.slice(0, 80) })

  const attributes = Object.fromEntries(ATTRIBUTES.map((a) => [a, BASE_ATTRIBUTE])) as Record<Attribute, number>
  const abilities: Partial<Record<Ability, number>> = {}
  const dv: Partial<Record<'dodge' | 'parry' | 'mental', number>> = {}
  let soak: { bashing: number; lethal: number; aggravated: number } | undefined
  let health: number[] | undefined
  const attacks: Attack[] = []
  let joinBattle: { label: string; pool: number } | undefined
  let movement: { label: string; pool: number } | undefined
  let senses: { label: string; pool: number } | undefined
  let recognised = 0
  /** ratings the text states: the pools are split around them */
  const statedAttr = new Set<Attribute>()
  const statedAbility = new Set<Ability>()

  for (const part of parts(block.body)) {
    const known = KNOWN.find((k) => k.re.test(part))
    if (!known) {
      const np = NO_PLACE.exec(part)
      const generic = GENERIC_LABEL.exec(part)
      if (np) {
        recognised++
        r.note(np[1], 'storyteller.import.noPlace', { label: np[1], text: part.slice(0, 120) })
      } else if (generic) r.note(generic[1], 'storyteller.import.unknownPart', { label: generic[1].trim(), text: part.slice(0, 120) })
      else r.note(part.slice(0, 40), 'storyteller.import.notUnderstood', { text: part.slice(0, 120) })
      r.kept.push(part)
      continue
    }
    const m = known.re.exec(part)!
    const rest = part.slice(m[0].length)
    const label = m[0].replace(/\s*:?\s*$/, '').trim()
    const value = int(rest)
    /** what a part says besides its value ("(buff jacket)"): named, kept in the notes */
    const leftover = (text: string) => {
      const t = text.replace(/[()[\],.;:/]/g, ' ').replace(/\s+/g, ' ').trim()
      if (!/\p{L}/u.test(t)) return
      r.note(label, 'storyteller.import.partExtra', { label, text: t.slice(0, 80) })
      r.kept.push(`${label}: ${t}`)
    }
    /** a value kept within the schema's bounds, said when it is not */
    const bounded = (v: number, lo: number, hi: number) => {
      const saved = clamp(v, lo, hi)
      if (saved !== v) r.note(label, 'storyteller.import.clamped', { label, value: v, saved })
      return saved
    }
    const numberOr = (then: (v: number) => void) => {
      if (value === undefined) {
        r.note(label, 'storyteller.import.notANumber', { label, text: rest.slice(0, 60) })
        r.kept.push(part)
      } else {
        recognised++
        then(value)
      }
    }
    switch (known.id) {
      case 'joinBattle':
      case 'combatMovement':
      case 'senses': {
        const pool = dice(rest)
        if (pool === undefined) {
          r.note(label, 'storyteller.import.notANumber', { label, text: rest.slice(0, 60) })
          r.kept.push(part)
          break
        }
        recognised++
        leftover(rest.replace(/\d+\s*(?:dice|die)?/i, ''))
        if (known.id === 'joinBattle') joinBattle = { label, pool }
        else if (known.id === 'combatMovement') movement = { label, pool }
        else senses = { label, pool }
        break
      }
      case 'health': {
        const { levels, skipped } = healthLevels(rest)
        for (const s of skipped) r.note(label, 'storyteller.import.healthSkipped', { token: s })
        if (levels.length) {
          recognised++
          health = levels
          r.land(label, 'health', levels.map((l) => (l === 0 ? '-0' : String(l))).join('/'))
        } else r.kept.push(part)
        break
      }
      case 'attack':
        recognised++
        attacks.push(readAttack(label, m[1], rest))
        break
      case 'dodge':
      case 'parry':
      case 'mental':
        numberOr((v) => {
          leftover(rest.replace(/[+-]?\d+/, ''))
          dv[known.id as 'dodge'] = bounded(v, 0, 30)
          r.land(label, `dv.${known.id}`, dv[known.id as 'dodge']!)
        })
        break
      case 'soakHardness':
      case 'soak': {
        const byType = [...rest.matchAll(/(\d+)\s*([BLA])\b/gi)]
        if (byType.length) {
          recognised++
          leftover(rest.replace(/\d+\s*[BLA]\b/gi, ''))
          soak = { bashing: 0, lethal: 0, aggravated: 0 }
          for (const [, v, t] of byType) {
            const type = ({ b: 'bashing', l: 'lethal', a: 'aggravated' } as const)[t.toLowerCase() as 'b' | 'l' | 'a']
            soak[type] = bounded(Number(v), 0, 30)
            r.land(label, `soak.${type}`, soak[type])
          }
          break
        }
        const nums = [...rest.matchAll(/\d+/g)].map((x) => Number(x[0]))
        if (!nums.length) {
          r.note(label, 'storyteller.import.notANumber', { label, text: rest.slice(0, 60) })
          r.kept.push(part)
          break
        }
        recognised++
        leftover(rest.replace(/\d+/g, ''))
        // one soak against every damage type (the quick character states one)
        const s = bounded(nums[0], 0, 30)
        soak = { bashing: s, lethal: s, aggravated: s }
        r.land(label, 'soak', s)
        if (known.id === 'soakHardness' && nums.length > 1) {
          r.note(label, 'storyteller.import.hardness', { value: nums[1] })
          r.kept.push(`Hardness ${nums[1]}`)
        }
        break
      }
      case 'attribute': {
        const a = m[1].toLowerCase() as Attribute
        numberOr((v) => {
          leftover(rest.replace(/[+-]?\d+/, ''))
          attributes[a] = bounded(v, 0, 10)
          statedAttr.add(a)
          r.land(label, `attributes.${a}`, attributes[a])
        })
        break
      }
      case 'ability': {
        const word = m[1].toLowerCase().replace(/\s+/g, ' ')
        const ab = (word.includes('medicine') ? 'medicine' : word === 'animal ken' ? 'animalKen' : word) as Ability
        if (!(ABILITIES as readonly string[]).includes(ab)) break
        // "Presence: 5 dice" (Exalted 3e's actions) is a pool, not a rating
        if (/dice/i.test(rest)) {
          r.note(label, 'storyteller.import.noPlace', { label, text: part.slice(0, 120) })
          r.kept.push(part)
          break
        }
        numberOr((v) => {
          leftover(rest.replace(/\d+/, ''))
          abilities[ab] = bounded(v, 0, 10)
          statedAbility.add(ab)
          r.land(label, `abilities.${ab}`, abilities[ab]!)
        })
        break
      }
    }
  }

  if (recognised === 0 && attacks.length === 0) return { name, refused: { field: name, key: 'storyteller.import.nothingRead' } }

  // Join Battle (Scion 1e: Wits + Awareness)
  if (joinBattle) {
    // stated ratings stay; the one not stated takes the rest of the pool
    if (!statedAttr.has('wits')) attributes.wits = statedAbility.has('awareness') ? clamp(joinBattle.pool - abilities.awareness!, 1, 10) : split(joinBattle.pool).first
    if (!statedAbility.has('awareness')) abilities.awareness = clamp(joinBattle.pool - attributes.wits, 0, 10)
    const awareness = abilities.awareness ?? 0
    r.land(joinBattle.label, 'attributes.wits', attributes.wits)
    r.land(joinBattle.label, 'abilities.awareness', awareness)
    r.note(joinBattle.label, 'storyteller.import.joinBattleSplit', { pool: joinBattle.pool, attribute: attributes.wits, ability: awareness })
    if (attributes.wits + awareness !== joinBattle.pool) r.note(joinBattle.label, 'storyteller.import.poolUnreachable', { label: joinBattle.label, pool: joinBattle.pool, saved: attributes.wits + awareness })
  }

  // the attacks: Dexterity from the smallest pool, each ability from its smallest pool, the rest as Accuracy
  const pools = attacks.map((a) => a.pool).filter((p): p is number => p !== undefined)
  if (pools.length && !statedAttr.has('dexterity')) {
    attributes.dexterity = clamp(Math.floor(Math.min(...pools) / 2), 1, 5)
    r.note('Attack', 'storyteller.import.dexterityFromAttacks', { value: attributes.dexterity, pool: Math.min(...pools) })
  }
  const abilityBase: Partial<Record<Ability, number>> = {}
  for (const a of attacks) {
    if (a.pool === undefined || statedAbility.has(a.ability)) continue
    const base = clamp(a.pool - attributes.dexterity, 0, 10)
    abilityBase[a.ability] = Math.min(abilityBase[a.ability] ?? base, base)
  }
  for (const [ab, v] of Object.entries(abilityBase)) abilities[ab as Ability] = Math.max(abilities[ab as Ability] ?? 0, v!)
  // Strength (impact damage, 004) stays at the base unless an impact attack deals less
  const impact = attacks.filter((a) => a.cls === 'impact' && a.damage !== undefined).map((a) => a.damage!)
  if (impact.length && !statedAttr.has('strength') && Math.min(...impact) < attributes.strength) attributes.strength = clamp(Math.min(...impact), 1, 10)
  const weapons: Array<Record<string, unknown>> = []
  for (const a of attacks.slice(0, 20)) {
    const i = weapons.length
    const ability = abilities[a.ability] ?? 0
    let accuracy = 0
    if (a.pool === undefined) r.note(a.label, 'storyteller.import.attackNoPool', { weapon: a.name })
    else {
      accuracy = clamp(a.pool - attributes.dexterity - ability, -5, 10)
      const reached = attributes.dexterity + ability + accuracy
      if (reached !== a.pool) r.note(a.label, 'storyteller.import.poolUnreachable', { label: a.label, pool: a.pool, saved: reached })
      r.note(a.label, `storyteller.import.attackSplit.${a.ability}`, { weapon: a.name, pool: a.pool, attribute: attributes.dexterity, ability, accuracy })
    }
    const damageAttr: Attribute = { impact: 'strength', ranged: 'wits', lightsaber: 'perception', force: 'charisma' }[a.cls] as Attribute
    let damage = 0
    if (a.damage === undefined) r.note(a.label, 'storyteller.import.attackNoDamage', { weapon: a.name })
    else {
      damage = clamp(a.damage - attributes[damageAttr], 0, 20)
      const reached = attributes[damageAttr] + damage
      if (reached !== a.damage) r.note(a.label, 'storyteller.import.poolUnreachable', { label: `${a.label} (damage)`, pool: a.damage, saved: reached })
      r.note(a.label, `storyteller.import.damageSplit.${a.cls}`, { weapon: a.name, pool: a.damage, attribute: attributes[damageAttr], damage })
    }
    const damageType: DamageType = a.damageType ?? (a.ability === 'brawl' ? 'bashing' : 'lethal')
    if (!a.damageType) r.note(a.label, `storyteller.import.damageTypeAssumed.${damageType}`, { weapon: a.name })
    const speed = clamp(a.speed ?? DEFAULT_SPEED, 1, 20)
    if (a.speed !== undefined && speed !== a.speed) r.note(a.label, 'storyteller.import.clamped', { label: `${a.label} Speed`, value: a.speed, saved: speed })
    if (a.speed === undefined) r.note(a.label, 'storyteller.import.speedAssumed', { weapon: a.name, speed })
    for (const e of a.extras) {
      r.note(a.label, 'storyteller.import.attackExtra', { weapon: a.name, text: e.slice(0, 80) })
      r.kept.push(`${a.label}: ${e}`)
    }
    weapons.push({ name: a.name, class: a.cls, attribute: 'dexterity', ability: a.ability, accuracy, damage, speed, damageType })
    r.land(a.label, `weapons[${i}]`, `${a.name}: ${a.pool ?? '?'} / ${a.damage ?? '?'}`)
  }
  if (attacks.length > 20) r.note('Attack', 'storyteller.import.tooManyAttacks', { n: attacks.length - 20 })

  // Combat Movement (Dexterity + Athletics) and Senses (Perception + Awareness), once the shared ratings are known
  if (movement) {
    if (!statedAbility.has('athletics')) abilities.athletics = clamp(movement.pool - attributes.dexterity, 0, 10)
    abilities.athletics ??= 0
    r.land(movement.label, 'abilities.athletics', abilities.athletics)
    if (attributes.dexterity + abilities.athletics !== movement.pool) r.note(movement.label, 'storyteller.import.poolUnreachable', { label: movement.label, pool: movement.pool, saved: attributes.dexterity + abilities.athletics })
  }
  if (senses) {
    if (!statedAttr.has('perception')) attributes.perception = clamp(senses.pool - (abilities.awareness ?? 0), 1, 10)
    if (abilities.awareness === undefined) abilities.awareness = clamp(senses.pool - attributes.perception, 0, 10)
    r.land(senses.label, 'attributes.perception', attributes.perception)
    const reached = attributes.perception + (abilities.awareness ?? 0)
    if (reached !== senses.pool) r.note(senses.label, 'storyteller.import.poolUnreachable', { label: senses.label, pool: senses.pool, saved: reached })
  }

  if (!joinBattle) r.note('Join Battle', 'storyteller.import.joinBattleMissing', { pool: attributes.wits + (abilities.awareness ?? 0) })

  // the DVs the schema needs: a missing one takes the lowest stated, else 1 (T5: DVs are data)
  const stated = Object.values(dv)
  const fallback = stated.length ? Math.min(...stated) : 1
  for (const k of ['dodge', 'parry', 'mental'] as const) {
    if (dv[k] !== undefined) continue
    dv[k] = fallback
    r.note(k, `storyteller.import.dvAssumed.${k}`, { value: fallback })
  }

  const data: Record<string, unknown> = {
    kind: 'npc',
    name,
    attributes,
    epic: {},
    abilities: Object.fromEntries(Object.entries(abilities).filter(([, v]) => v! > 0)),
    dv,
    soak: soak ?? { bashing: 0, lethal: 0, aggravated: 0 },
    weapons,
    joinBattle: { attribute: 'wits', ability: 'awareness' },
    notes: r.kept.join('; ').slice(0, 4000),
  }
  if (!soak) r.note('Soak', 'storyteller.import.soakMissing')
  if (health) data.health = health
  else r.note('Health Levels', 'storyteller.import.healthMissing')
  if (block.name) r.land(block.name, 'name', name)
  return { name, kind: 'npc', tags: ['quick-character'], data, fields: r.fields, notes: r.notes, disagreements: [] }
}

// ------------------------------------------------------------------------------------------------ the reader

/** how surely a text is an Exalted-style quick character: the labels only such a text has */
const MARKERS = [/join\s+battle\s*:?\s*\d+\s*dice/i, /health\s+levels?\s*:/i, /soak\s*\/\s*hardness/i, /\bevasion\s*:?\s*\d/i, /attack\s*\([^)]*\)\s*:?\s*\d+\s*dice/i, /\bessence\s*:?\s*\d/i, /\bwillpower\s*:?\s*\d/i]

export const storytellerTextReader: ImportReader = {
  format: 'storyteller-text',
  label: 'storyteller.import.format',
  input: 'text',
  detect(source: unknown): number {
    if (typeof source !== 'string') return 0
    const text = normalize(source)
    const hits = MARKERS.filter((m) => m.test(text)).length
    return hits >= 3 ? 0.9 : hits === 2 ? 0.7 : hits === 1 ? 0.4 : 0
  },
  read(source: unknown, ctx: ReadContext): ReadOutcome[] {
    if (typeof source !== 'string') return [{ name: '?', refused: { field: '', key: 'storyteller.import.notText' } }]
    const found = blocks(source)
    if (!found.length) return [{ name: '?', refused: { field: '', key: 'storyteller.import.nothingRead' } }]
    return found.map((b, i) => readCharacter(b, i + 1, ctx))
  },
}
