/**
 * Saga Edition stat blocks pasted from the rulebooks (issue 30), in the books' layout (the layout ui/card.ts
 * prints): "Name CL n", then "Size Species class n[/class n]", Init and Senses, Defenses (Ref with flat-footed,
 * Fort, Will), hp and Threshold, Speed, Melee and Ranged lines (several weapons joined by "or"), Base Atk and Grp,
 * Abilities, Talents, Feats, Skills, Possessions. Several stat blocks in one text each start with "Name CL n".
 *
 * Pasted text is untidy: lines wrap where the PDF wrapped them (a line that is no label of its own continues the
 * one before), minus signs come as en dashes or U+2212, lines are missing. A line this reader does not know is a
 * note naming its label; one it knows but the stat block has no place for (Languages, Atk Options, …) too.
 * A weapon's printed attack bonus and damage already hold BAB, Str/Dex, ½ heroic level: the weapon keeps only
 * what the engine's attackBonus / damageBonus (mechanics/rules.ts) do not give, so the board shows the printed one.
 */
import type { ImportReader, ReadContext, ReadOutcome } from '../../../kit/imports'
import { mod, sagaStatBlockSchema, type SagaStatBlock } from '../schema'
import { ABILITIES, applyKnownNames, CLASS_NAMES, dice, finish, fromClasses, NONHEROIC, Reading, sizeOf, tableWeapon, type ClassLevels, type Draft, type Stated } from './common'
import { freshCombatant, weaponBonuses } from './figures'

const MAX_NAMES = 100
const MAX_WEAPONS = 30

/** "Name CL n", "Name (CL n)", "Name, CL n" (CL may be printed as a dash for objects) */
const HEADER = /^(.+?)(?:\s+|\s*[(,]\s*)CL\s*(\d{1,2}|[-–—])\s*\)?\s*$/i
const SIZE_LINE = /^(fine|diminutive|tiny|small|medium|large|huge|gargantuan|colossal)\b\s*(.*)$/i

/** prestige classes (the core rulebook's and a few more), so a species word is not read as part of a class name */
const PRESTIGE = ['ace pilot', 'bounty hunter', 'crime lord', 'elite trooper', 'force adept', 'force disciple', 'gunslinger', 'jedi knight', 'jedi master', 'officer', 'sith apprentice', 'sith lord', 'droid commander', 'military engineer', 'vanguard', 'imperial knight', 'independent droid', 'infiltrator', 'master privateer', 'medic', 'saboteur', 'assassin', 'charlatan', 'outlaw', 'corporate agent', 'gladiator', 'melee duelist', 'enforcer', 'martial arts master', 'pathfinder']
const CLASS_WORDS = new Set([...CLASS_NAMES, ...PRESTIGE])

type LineKey =
  | 'init' | 'senses' | 'defenses' | 'hp' | 'threshold' | 'dr' | 'sr' | 'speed' | 'melee' | 'ranged' | 'baseAtk' | 'grp'
  | 'abilities' | 'talents' | 'feats' | 'skills' | 'possessions' | 'force' | 'noPlace'

interface Label {
  re: RegExp
  key: LineKey
  /** a list: commas and semicolons belong to it, and a line without a label of its own continues it */
  list?: boolean
  /**
   * what follows the label when the line is one: a list wrapped by the PDF may go on with a name that starts like
   * a label ("Force Sensitivity", "Melee Defense", "Speed …"), which then continues the list
   */
  value?: RegExp
}

/** order matters: the longer labels first ("Force Powers" before "Force", "Base Atk" before …) */
const LABELS: Label[] = [
  { re: /^init(?:iative)?\b/i, key: 'init', value: /^[+-]?\d/ },
  { re: /^senses\b/i, key: 'senses', list: true },
  { re: /^defen[cs]es?\b|^(?=ref(?:lex)?\s+[-+]?\d)/i, key: 'defenses', value: /\d/ },
  { re: /^(?:hp|hit points)\b/i, key: 'hp', value: /^\d/ },
  { re: /^(?:damage\s+)?threshold\b/i, key: 'threshold', value: /^\d/ },
  { re: /^DR\b/, key: 'dr' },
  { re: /^SR\b/, key: 'sr' },
  { re: /^speed\b/i, key: 'speed', value: /\d/ },
  { re: /^melee\b/i, key: 'melee', value: /[+-]\d+\s*\(/ },
  { re: /^ranged\b/i, key: 'ranged', value: /[+-]\d+\s*\(/ },
  { re: /^base\s+(?:atk|attack(?:\s+bonus)?)\b/i, key: 'baseAtk', value: /^[+-]?\d/ },
  { re: /^grp\b|^grapple\b/i, key: 'grp', value: /^[+-]?\d/ },
  { re: /^abilities\b/i, key: 'abilities', value: /\b(?:str|dex|con|int|wis|cha)\s+(?:\d|[-–—])/i },
  { re: /^talents\b/i, key: 'talents', list: true },
  { re: /^feats\b/i, key: 'feats', list: true },
  { re: /^skills\b/i, key: 'skills', list: true },
  { re: /^(?:possessions|equipment)\b/i, key: 'possessions', list: true },
  // known lines without a place in the stat block (noted by label)
  { re: /^(?:force powers(?: known)?|force techniques|force secrets|force regimens|starship maneuvers(?: known)?)\b/i, key: 'noPlace', list: true },
  { re: /^force(?:\s+points)?\b/i, key: 'force', value: /^\d/ },
  { re: /^(?:languages|atk options|attack options|special actions|special qualities|species traits|droid systems|implants|immune)\b/i, key: 'noPlace', list: true },
  { re: /^(?:dark side(?: score)?|destiny(?: points)?|fighting space|reach|availability|cost|crew|passengers|cargo|consumables|carried craft|hyperdrive)\b/i, key: 'noPlace' },
]

function labelOf(line: string): { label: Label; text: string; name: string } | undefined {
  for (const label of LABELS) {
    const m = label.re.exec(line)
    if (m) return { label, text: line.slice(m[0].length).trim(), name: m[0].trim() || line.split(/\s+/)[0] }
  }
  return undefined
}

/** the label of a line this reader does not know: its capitalised words at the start ("Morale", "Special Tactics"), else its first word */
const unknownLabel = (line: string): string => (/^[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*/.exec(line)?.[0] ?? line.split(/\s+/)[0]).slice(0, 40)

/** the dashes PDFs print for minus signs, ligatures, non-breaking spaces */
const tidy = (s: string): string =>
  s
    .replace(/[\u00a0\t]/g, ' ')
    .replace(/ﬂ/g, 'fl')
    .replace(/ﬁ/g, 'fi')
    .replace(/[−–—](?=\s*\d)/g, '-')
    .replace(/\s+/g, ' ')
    .trim()

/** a list split at commas outside parentheses */
function splitList(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of s) {
    if (ch === '(') depth++
    if (ch === ')') depth = Math.max(0, depth - 1)
    if ((ch === ',' || ch === ';') && depth === 0) {
      if (cur.trim()) out.push(cur.trim())
      cur = ''
    } else cur += ch
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

interface Line {
  label?: Label
  name: string
  text: string
}
interface Block {
  name: string
  cl?: number
  /** the heading line as printed ("Garrison Trooper CL 1"): where the name came from */
  heading: string
  type?: string
  lines: Line[]
  /** the labels of lines cut at MAX_LINE */
  cut: string[]
}

/**
 * A line of a printed stat block is under a few hundred characters; one longer is cut there (a pasted 20 MB text of
 * one line would otherwise keep the line patterns busy for minutes). Weapons and the type line are shorter still.
 */
const MAX_LINE = 2000
const MAX_PART = 200
/** a line cut at MAX_LINE, at its last comma there when it has one (no half a name in a list) */
function cutLine(raw: string): string {
  const head = raw.slice(0, MAX_LINE)
  const comma = head.lastIndexOf(',')
  return comma > MAX_LINE / 2 ? head.slice(0, comma) : head
}

/** a line continues the one before: that one ends mid-phrase, or this one starts like the middle of one */
const continues = (prev: string, line: string): boolean => /[,;(/-]$|\b(?:or|and|with)$/i.test(prev) || /^[a-z(+\-\d]/.test(line)

/**
 * A line of its own after a list: a capitalised word or two, then words in lower case ("Morale flees when …").
 * A list wrapped by the PDF goes on with a name ("Focus (rifles)", "Shot, Precise Shot", "Stealth +10").
 */
const looksLabelled = (line: string): boolean => /^[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)?\s+[a-z]/.test(line)

function blocksOf(text: string): { blocks: Block[]; before: string[] } {
  const blocks: Block[] = []
  const before: string[] = []
  let cur: Block | undefined
  let expectType = false
  for (const raw of text.split(/\r?\n/)) {
    const line = tidy(raw.length > MAX_LINE ? cutLine(raw) : raw)
    if (!line) continue
    if (raw.length > MAX_LINE && cur) cur.cut.push(labelOf(line)?.name ?? unknownLabel(line))
    const h = HEADER.exec(line)
    if (h && !labelOf(line)) {
      const cl = /\d/.test(h[2]) ? Number(h[2]) : undefined
      cur = { name: h[1].replace(/[\s,;:–—-]+$/, '').trim(), ...(cl !== undefined ? { cl } : {}), heading: line.slice(0, 120), lines: [], cut: [] }
      blocks.push(cur)
      expectType = true
      continue
    }
    if (!cur) {
      before.push(line)
      continue
    }
    if (expectType) {
      expectType = false
      if (SIZE_LINE.test(line)) {
        cur.type = line
        continue
      }
    }
    const l = labelOf(line)
    const prev = cur.lines[cur.lines.length - 1]
    if (l && !(prev?.label?.list && l.label.value && !l.label.value.test(l.text))) {
      cur.lines.push({ label: l.label, name: l.name, text: l.text })
      continue
    }
    if (prev && (continues(prev.text, line) || (prev.label?.list && !looksLabelled(line)))) {
      if (prev.text.length + line.length < MAX_LINE) prev.text = `${prev.text} ${line}`.trim()
      else if (!cur.cut.includes(prev.name)) cur.cut.push(prev.name)
    }
    else if (!prev && cur.type && continues(cur.type, line)) cur.type = `${cur.type} ${line}`
    else cur.lines.push({ name: unknownLabel(line), text: line })
  }
  return { blocks, before }
}

/** "Human scout 2/soldier 1" → species Human, classes; the first class may be several words ("Jedi Knight 2") */
function readType(rest: string): { species?: string; classes: ClassLevels[] } {
  const m = /^(.*?)((?:[A-Za-z][A-Za-z' ]*?\s+\d{1,2})(?:\s*\/\s*[A-Za-z][A-Za-z' ]*?\s+\d{1,2})*)\s*$/.exec(rest)
  if (!m) return { species: rest.trim() || undefined, classes: [] }
  const parts = m[2].split('/').map((p) => p.trim())
  const classes: ClassLevels[] = []
  let species = m[1].trim()
  parts.forEach((p, i) => {
    const pm = /^(.*?)\s+(\d{1,2})$/.exec(p)
    if (!pm) return
    let name = pm[1].trim()
    if (i === 0) {
      // the longest known class name at the end of the words; else the last word
      const words = name.split(/\s+/)
      let k = words.length - 1
      for (let j = 0; j < words.length; j++) {
        if (CLASS_WORDS.has(words.slice(j).join(' ').toLowerCase())) {
          k = j
          break
        }
      }
      species = [species, ...words.slice(0, k)].filter(Boolean).join(' ')
      name = words.slice(k).join(' ')
    }
    classes.push({ name: name[0].toUpperCase() + name.slice(1), levels: Number(pm[2]), heroic: !NONHEROIC.has(name.toLowerCase()) })
  })
  return { species: species || undefined, classes }
}

interface PrintedWeapon {
  name: string
  kind: 'melee' | 'ranged'
  attack: number
  dice: string
  constant: number
  autofire: boolean
  stun: boolean
  ion: boolean
  from: string
}

/** "blaster rifle +3 (3d8) or blaster rifle +1 (3d8) with autofire" */
function readWeapons(text: string, kind: 'melee' | 'ranged', from: string, r: Reading, out: PrintedWeapon[]): void {
  for (const part of text.split(/\s+or\s+/i)) {
    const m = part.length > MAX_PART ? null : /^(.*?)\s*([+-]\d{1,3})(?:\s*\/\s*[+-]\d{1,3})*\s*\(([^)]*)\)?\s*(.*)$/.exec(part.trim())
    const dm = m ? /(\d*d\d+)((?:\s*[+-]\s*\d+)*)/i.exec(m[3]) : null
    if (!m || !m[1].trim() || !dm) {
      r.note(from, 'weaponUnread', { value: part.trim().slice(0, 60) })
      continue
    }
    const name = m[1].trim().replace(/^./, (c) => c.toUpperCase()).slice(0, 80)
    const tail = `${m[3]} ${m[4]}`.toLowerCase()
    const constant = (dm[2].replace(/\s+/g, '').match(/[+-]\d+/g) ?? []).reduce((s, x) => s + Number(x), 0)
    const same = out.find((w) => w.name.toLowerCase() === name.toLowerCase() && w.kind === kind)
    if (same) {
      // the same weapon again, another way (with autofire, stun): a mode of the first, not a weapon of its own
      same.autofire ||= /autofire/.test(tail)
      same.stun ||= /stun/.test(tail)
      same.ion ||= /\bion\b/.test(tail)
      continue
    }
    const d = dice(/^d/i.test(dm[1]) ? `1${dm[1]}` : dm[1])
    if (!d) {
      r.note(from, 'weaponUnread', { value: part.trim().slice(0, 60) })
      continue
    }
    out.push({ name, kind, attack: Number(m[2]), dice: d, constant, autofire: /autofire/.test(tail), stun: /stun/.test(tail), ion: /\bion\b/.test(tail), from })
  }
}

function readBlock(b: Block, r: Reading): ReadOutcome {
  const d: Draft = { name: b.name.slice(0, 120) }
  // from the heading line (it was labelled "CL", the part of it that is not the name)
  r.land?.(b.heading, 'name', d.name)
  const stated: Stated = {}
  let classes: ClassLevels[] = []
  let species: string | undefined
  const feats: string[] = []
  const talents: string[] = []
  const possessions: string[] = []
  const known: Array<{ name: string; from: string }> = []
  const printed: PrintedWeapon[] = []
  let initiativeFromSkills: number | undefined
  const abilities: Record<string, number | null> = {}

  const typeField = (b.type ?? '').slice(0, 60)
  if (b.type) {
    const m = SIZE_LINE.exec(b.type)!
    d.size = sizeOf(m[1])
    r.land?.(typeField, 'size', d.size)
    const t = readType(m[2].slice(0, MAX_PART))
    classes = t.classes
    species = t.species
    if (species) {
      d.species = species.slice(0, 2000)
      r.land?.(typeField, 'species', species)
    }
    if (classes.length) {
      d.classes = classes.map((c) => `${c.name} ${c.levels}`).join('/')
      r.land?.(typeField, 'classes', d.classes)
    }
  } else r.note('type', 'typeLineMissing')

  const names = (list: string[], text: string, from: string, to: string, isKnown: boolean) => {
    for (const n of splitList(text)) {
      if (list.some((x) => x.toLowerCase() === n.toLowerCase())) continue
      if (list.length >= MAX_NAMES) {
        r.note(from, 'tooManyNames', { max: MAX_NAMES, name: n.slice(0, 80) })
        break
      }
      list.push(n.slice(0, 200))
      if (isKnown) known.push({ name: n, from })
    }
    if (list.length) r.land?.(from, to, list)
  }

  /** a number at the start of the text (or the first one, `anywhere`) into `to` */
  const number = (name: string, text: string, to: string, min: number, max: number, anywhere = false): void => {
    const v = r.int(name, (anywhere ? /\d+/ : /^[+-]?\d+/).exec(text)?.[0] ?? text, min, max)
    if (v === undefined) return
    d[to] = v
    r.land?.(name, to, v)
  }

  const segment = (key: LineKey | undefined, name: string, text: string, lineKey: LineKey | undefined): void => {
    switch (key) {
      case 'init':
        return number(name, text, 'initiative', -100, 100)
      case 'senses':
        d.senses = text.slice(0, 2000)
        r.land?.(name, 'senses', text)
        return
      case 'defenses': {
        for (const [k, re] of [['reflex', /\bref(?:lex)?\s+([+-]?\d+)/i], ['fortitude', /\bfort(?:itude)?\s+([+-]?\d+)/i], ['will', /\bwill\s+([+-]?\d+)/i]] as const) {
          const m = re.exec(text)
          const v = m ? r.int(`${name} ${k}`, m[1], -50, 500) : undefined
          if (v !== undefined) stated[k] = { value: v, from: `${name}.${k}` }
          else r.note(name, `missingDefense.${k}`)
        }
        if (/flat.footed/i.test(text)) r.note(name, 'recomputed', { label: 'flat-footed' })
        return
      }
      case 'hp':
        return number(name, text, 'hp', 1, 100000)
      case 'threshold': {
        const v = r.int(name, /^\d+/.exec(text)?.[0] ?? text, 0, 100000)
        if (v !== undefined) stated.damageThreshold = { value: v, from: name }
        return
      }
      case 'dr': {
        const m = /^(\d+)(?:\s*\/\s*(.+))?$/.exec(text)
        if (!m) return r.note(name, 'notANumber', { value: text.slice(0, 40) })
        d.dr = { value: Math.min(1000, Number(m[1])), bypass: m[2] ? m[2].split(/\s*(?:,|or)\s*/).map((x) => x.trim().toLowerCase().slice(0, 40)).filter(Boolean).slice(0, 20) : [] }
        r.land?.(name, 'dr', text)
        return
      }
      case 'sr':
        return number(name, text, 'sr', 0, 1000)
      case 'speed':
        return number(name, text, 'speed', 0, 1000, true)
      case 'melee':
      case 'ranged':
        readWeapons(text, key, name, r, printed)
        return
      case 'baseAtk':
        return number(name, text, 'bab', -100, 100)
      case 'grp':
        // 003 W10: BAB + Str or Dex + size: the rules compute it
        r.note(name, 'recomputed', { label: name })
        return
      case 'abilities': {
        for (const k of ABILITIES) {
          const m = new RegExp(`\\b${k}\\s+(\\d+|[-–—])`, 'i').exec(text)
          if (!m) continue
          if (/\d/.test(m[1])) {
            const v = Number(m[1])
            if (v <= 100) abilities[k] = v
            else r.note(`${name} ${k}`, 'outOfRange', { value: v, min: 0, max: 100 })
          } else abilities[k] = null
          if (k in abilities) r.land?.(`${name}.${k}`, `abilities.${k}`, abilities[k])
        }
        return
      }
      case 'talents':
        names(talents, text, name, 'talents', true)
        return
      case 'feats':
        names(feats, text, name, 'feats', true)
        return
      case 'skills': {
        d.skills = text.slice(0, 2000)
        r.land?.(name, 'skills', text)
        const m = /\binitiative\s+([+-]\d+)/i.exec(text)
        if (m) initiativeFromSkills = Number(m[1])
        return
      }
      case 'possessions': {
        names(possessions, text, name, 'possessions', false)
        // "stormtrooper armor (+6 armor, +2 equipment)": its Reflex and Fortitude bonuses (001 Defenses)
        for (const p of possessions) {
          const m = /^(.*?)\(\s*\+(\d+)\s+armou?r\b(?:\s*,\s*\+(\d+)\s+equipment)?/i.exec(p)
          if (m && !d.armor) {
            d.armor = { name: m[1].trim().slice(0, 80), reflex: Number(m[2]), ...(m[3] ? { fortitude: Number(m[3]) } : {}) }
            r.land?.(name, 'armor', `${m[1].trim()} +${m[2]}`)
          }
        }
        return
      }
      case 'force':
        return number(name, text, 'forcePoints', 0, 100)
      case 'noPlace':
        r.note(name, 'lineNoPlace', { label: name })
        return
      default:
        if (lineKey === 'defenses') {
          // a vehicle's "Ref 12 (flat-footed 10), Fort 26; +12 armor": its armor bonus (001: in place of heroic level)
          const armor = /^\+(\d{1,2})\s+armou?r$/i.exec(text)
          if (armor && !d.armor) {
            d.armor = { reflex: Number(armor[1]) }
            r.land?.('Defenses', 'armor', `+${armor[1]}`)
            return
          }
          // "…, Will 10; Evasion": a defensive talent printed with the defenses
          names(talents, text, 'Defenses', 'talents', true)
          return
        }
        r.note(name, 'lineUnknown', { label: name })
    }
  }

  for (const line of b.lines) {
    const key = line.label?.key
    if (!line.label) {
      segment(undefined, line.name, line.text, undefined)
      continue
    }
    if (line.label.list) {
      segment(key, line.name, line.text, key)
      continue
    }
    // a line of several parts: "Init +5; Senses Perception +6", "hp 10; Threshold 12", "Base Atk +2; Grp +3"
    line.text.split(';').forEach((seg, i) => {
      const s = seg.trim()
      if (i === 0) return segment(key, line.name, s, key)
      if (!s) return
      const l = labelOf(s)
      if (l) segment(l.label.key, l.name, l.text, key)
      else segment(undefined, unknownLabel(s), s, key)
    })
  }

  if (d.hp === undefined) return { name: b.name, refused: { field: 'hp', key: 'saga.import.noHp' } }

  // ----- kind and levels (001: heroic levels count toward Reflex, Fortitude, Will; nonheroic ones do not)
  const lv = fromClasses(classes, r, typeField)
  const type = (b.type ?? '').toLowerCase()
  const isDroid = /\bdroid\b/.test(species?.toLowerCase() ?? '')
  const isVehicle = /starfighter|freighter|transport|speeder|walker|shuttle|cruiser|vehicle/.test(type)
  const heroicLevel = lv.heroicLevel
  let otherLevels = lv.otherLevels
  if (!classes.length && b.cl !== undefined) {
    otherLevels = b.cl
    r.note('CL', 'noClasses', { cl: b.cl })
  }
  d.kind = isVehicle ? 'vehicle' : isDroid ? 'droid' : heroicLevel > 0 ? 'heroic' : 'nonheroic'
  d.heroicLevel = Math.min(40, heroicLevel)
  d.otherLevels = Math.min(40, otherLevels)
  for (const k of ['reflex', 'fortitude', 'will'] as const) {
    if (lv.defenses[k]) {
      d.defenses = { ...(d.defenses as Draft), [k]: { class: lv.defenses[k] } }
      r.land?.(typeField, `defenses.${k}.class`, lv.defenses[k])
    }
  }

  // ----- abilities: a droid or a vehicle has no Con (001); a missing score keeps the schema's 10, noted
  for (const k of ABILITIES) {
    if (k in abilities) continue
    if (k === 'con' && (isDroid || isVehicle)) abilities[k] = null
    else {
      abilities[k] = 10
      r.note(`Abilities.${k}`, 'missing', { value: 10 })
    }
  }
  d.abilities = abilities
  if (d.speed === undefined) r.note('Speed', 'lineMissing', { label: 'Speed' })

  if (d.bab === undefined && classes.length) {
    d.bab = lv.bab
    if (lv.babUnknown.length) r.note('Base Atk', 'babPartial', { value: lv.bab, name: lv.babUnknown.join(', ') })
    else r.note('Base Atk', 'babDerived', { value: lv.bab })
  }
  if (d.initiative === undefined) {
    if (initiativeFromSkills !== undefined) {
      d.initiative = initiativeFromSkills
      r.land?.('Skills', 'initiative', initiativeFromSkills)
    } else {
      const v = Math.floor(Math.max(1, heroicLevel + otherLevels) / 2) + mod(abilities.dex)
      d.initiative = v
      r.note('Init', 'initiativeDerived', { value: v })
    }
  }
  if (feats.length) d.feats = feats
  if (talents.length) d.talents = talents
  if (possessions.length) d.possessions = possessions
  applyKnownNames(known, d, r)

  // ----- weapons: the printed bonuses less what the engine adds itself (mechanics/rules.ts)
  d.weapons = []
  const base = sagaStatBlockSchema.safeParse(d)
  if (base.success) {
    const weapons = []
    for (const p of printed) {
      if (weapons.length >= MAX_WEAPONS) {
        r.note(p.from, 'tooManyWeapons', { max: MAX_WEAPONS, name: p.name })
        break
      }
      const t = tableWeapon(p.name)
      const w: SagaStatBlock['weapons'][number] = { name: p.name, damage: p.dice, kind: p.kind }
      if (p.autofire || t?.autofire) w.autofire = true
      if (p.stun || t?.stun) w.stun = true
      if (t?.stunOnly) w.stunOnly = true
      if (p.ion) w.ion = true
      if (t?.area || /grenade/i.test(p.name)) w.area = true
      if (t?.damageType) w.damageType = t.damageType
      const { state, c } = freshCombatant(base.data)
      const engine = weaponBonuses(state, c, w)
      const atk = p.attack - engine.attack
      const dmg = p.constant - engine.damage
      if (atk && Math.abs(atk) <= 100) w.attackBonus = atk
      if (dmg && Math.abs(dmg) <= 100) w.damageBonus = dmg
      r.land?.(p.from, `weapons[${weapons.length}]`, `${p.name} ${p.attack >= 0 ? '+' : ''}${p.attack} (${p.dice}${p.constant ? (p.constant > 0 ? `+${p.constant}` : p.constant) : ''})`)
      weapons.push(w)
    }
    d.weapons = weapons
  }
  d.role = 'npc'
  return finish(b.name, 'npc', ['saga-text'], d, r, stated)
}

function detect(source: unknown): number {
  if (typeof source !== 'string') return 0
  const header = /^.+\bCL\s*\d{1,2}\s*\)?\s*$/im.test(source)
  const defenses = /\bRef(?:lex)?\s+[-−–]?\d+/i.test(source) && /\bFort(?:itude)?\s+[-−–]?\d+/i.test(source)
  const hp = /^\s*hp\s+\d+/im.test(source)
  if (header && (defenses || hp)) return 0.9
  if (defenses && hp) return 0.5
  return 0
}

function read(source: unknown, _ctx: ReadContext): ReadOutcome[] {
  if (typeof source !== 'string') return [{ name: '?', refused: { field: '', key: 'saga.import.notText' } }]
  const { blocks, before } = blocksOf(source)
  if (!blocks.length) return [{ name: '?', refused: { field: '', key: 'saga.import.noStatBlock' } }]
  return blocks.map((b, i) => {
    const r = new Reading()
    if (i === 0 && before.length) r.note(before[0].slice(0, 40), 'textBeforeBlock', { lines: before.length })
    for (const label of b.cut) r.note(label, 'cut', { max: MAX_LINE })
    return readBlock(b, r)
  })
}

export const sagaTextReader: ImportReader = {
  format: 'saga-text',
  label: 'saga.import.format.text',
  input: 'text',
  detect,
  read,
}
