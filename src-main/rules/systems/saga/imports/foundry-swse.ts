/**
 * Foundry VTT actors of the Star Wars Saga Edition system (`swse`), exported as JSON (issue 30): one actor per item
 * (the service splits a compendium's array or NDJSON lines). Read: `system.attributes.*` (a number, a string, or
 * `{ base, bonus, total }`; `"-"` is no score), `system.health` (an actor stored wounded keeps its max as HP, noted),
 * `system.defense.{reflex,fortitude,will}` and the damage threshold (stated totals, held against the rules),
 * `system.cl`, `system.size`, `system.bab`, speed, initiative, Force Points, skills; the embedded `items` (class
 * levels, species, feats, talents, weapons, armor, gear) and the name references of `system.providedItems`.
 * Exports before Foundry 10 hold `data` where later ones hold `system`: both are read.
 */
import type { ImportReader, ReadContext, ReadOutcome } from '../../../kit/imports'
import type { StatBlockKind } from '@shared/domain/campaign'
import { mod } from '../schema'
import * as common from './common'
import { ABILITIES, applyKnownNames, DEFENSES, dice, finish, fromClasses, NONHEROIC, Reading, sizeOf, tableWeapon, type ClassLevels, type Draft, type Stated } from './common'

// the helpers a compendium's reading calls tens of thousands of times, bound once: under tsx (`gmc import`, the
// bench) an imported name is read through a getter on every call
const { isObj, numOf, readNum, str } = common

const ACTOR_TYPES = new Set(['character', 'npc', 'droid', 'vehicle', 'npc-vehicle'])
const MAX_NAMES = 100
const MAX_WEAPONS = 30

const systemOf = (a: Record<string, unknown>): Record<string, unknown> | undefined => (isObj(a.system) ? a.system : isObj(a.data) ? a.data : undefined)
const sysPath = (a: Record<string, unknown>): string => (isObj(a.system) ? 'system' : 'data')

/** a value that may be `{ total }`, `{ value }`, `{ max }` or the number itself */
const totalOf = (v: unknown): unknown => (isObj(v) ? (v.total ?? v.value ?? v.max) : v)

/** the ability scores: `system.attributes` (the swse system), or `system.abilities` (its foundryvtt-swse fork) */
function abilitiesOf(sys: Record<string, unknown>): { key: 'attributes' | 'abilities'; scores: Record<string, unknown> } | undefined {
  for (const key of ['attributes', 'abilities'] as const) {
    const v = sys[key]
    if (!isObj(v)) continue
    let held = 0
    for (const k of ABILITIES) if (k in v) held++
    if (held >= 3) return { key, scores: v }
  }
  return undefined
}

function detect(source: unknown): number {
  if (!isObj(source)) return 0
  const sys = systemOf(source)
  if (!sys || typeof source.type !== 'string' || !ACTOR_TYPES.has(source.type)) return 0
  const found = abilitiesOf(sys)
  if (!found) return 0
  const stats = isObj(source._stats) ? source._stats : {}
  if (stats.systemId === 'swse') return 1
  // the fork's `abilities` are also a D&D actor's: only with Saga's own defenses (a D&D actor has none)
  const defenses = isObj(sys.defenses) && isObj(sys.defenses.reflex)
  if (found.key === 'abilities') return defenses ? 0.95 : 0
  // above the app's own JSON (`{ name, data }`: 0.9), which a pre-v10 export (`data`) looks like too
  return isObj(sys.health) || isObj(sys.defense) || defenses ? 0.95 : 0.6
}

interface Item {
  name: string
  type: string
  system: Record<string, unknown>
  from: string
}

function itemsOf(a: Record<string, unknown>, sys: Record<string, unknown>, r: Reading): Item[] {
  const out: Item[] = []
  if (Array.isArray(a.items)) {
    a.items.forEach((it, i) => {
      const from = `items[${i}]`
      if (!isObj(it)) return r.note(from, 'notAnItem')
      const name = str(it.name)
      if (!name) return r.note(`${from}.name`, 'noName')
      out.push({ name, type: (str(it.type) ?? '').toLowerCase(), system: systemOf(it) ?? {}, from })
    })
  }
  const p = sysPath(a)
  // the fork keeps feats, talents and weapons as lists on the actor: names, or objects with a name (a weapon's damage)
  for (const [list, type] of [['feats', 'feat'], ['talents', 'talent'], ['weapons', 'weapon']] as const) {
    const v = sys[list]
    if (!Array.isArray(v)) continue
    v.forEach((it, i) => {
      const from = `${p}.${list}[${i}]`
      if (typeof it === 'string' && it.trim()) out.push({ name: it.trim(), type, system: {}, from })
      else if (isObj(it) && str(it.name)) out.push({ name: str(it.name)!, type, system: it, from })
      else r.note(from, 'notAnItem')
    })
  }
  const provided = Array.isArray(sys.providedItems) ? sys.providedItems : isObj(sys.providedItems) ? Object.values(sys.providedItems) : []
  provided.forEach((it, i) => {
    const from = `${p}.providedItems[${i}]`
    if (typeof it === 'string' && it.trim()) out.push({ name: it.trim(), type: '', system: {}, from })
    else if (isObj(it) && str(it.name)) out.push({ name: str(it.name)!, type: (str(it.type) ?? '').toLowerCase(), system: {}, from })
    else r.note(from, 'notAnItem')
  })
  return out
}

/** melee or ranged from what the item says of its range or group; undefined when it says nothing */
function kindOfWeapon(sys: Record<string, unknown>): 'melee' | 'ranged' | undefined {
  let said = ''
  for (const v of [sys.range, sys.subtype, sys.weaponType, sys.group, sys.category]) if (typeof v === 'string') said += ` ${v.toLowerCase()}`
  if (!said) return undefined
  if (/melee|lightsaber|unarmed/.test(said)) return 'melee'
  if (/pistol|rifle|heavy|ranged|thrown|grenade|explosive|missile/.test(said)) return 'ranged'
  return undefined
}

/**
 * A value an item gives: its own field (the first of `keys` present), else an entry `{ key, value }` of its
 * `changes` or `attributes` (the system keeps what an item provides so: `classReflexDefenseBonus`, `damage`, …),
 * with where it stands.
 */
function provided(it: Item, keys: readonly string[]): { value: unknown; from: string } | undefined {
  const s = it.system
  for (const k of keys) if (s[k] !== undefined && !isObj(s[k])) return { value: s[k], from: `${it.from}.system.${k}` }
  // (called for every class and armor item of a compendium: nothing is built until an entry is found)
  for (const list of PROVIDED_LISTS) {
    const v = s[list]
    const entries = Array.isArray(v) ? v : isObj(v) ? Object.values(v) : null
    if (!entries) continue
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]
      if (isObj(e) && typeof e.key === 'string' && keys.includes(e.key)) return { value: e.value, from: `${it.from}.system.${list}[${i}]` }
    }
  }
  return undefined
}
const PROVIDED_LISTS = ['changes', 'attributes'] as const
const DEFENSE_TERMS = ['natural', 'species', 'misc'] as const
/** the key of a class's defense bonus in its `changes`, by defense */
const CLASS_DEFENSE_KEY = { reflex: ['classReflexDefenseBonus'], fortitude: ['classFortitudeDefenseBonus'], will: ['classWillDefenseBonus'] } as const
const IS_HEROIC = ['isHeroic'] as const
const DAMAGE = ['damage'] as const

function readWeapon(it: Item, r: Reading, weapons: Draft[], possessions: string[]): void {
  const s = it.system
  const given = provided(it, DAMAGE)
  const rawDamage = (isObj(s.damage) ? str(s.damage.value) : undefined) ?? str(given?.value)
  const table = tableWeapon(it.name)
  let damage = dice(rawDamage)
  if (rawDamage && !damage) {
    r.note(given?.from ?? `${it.from}.system.damage`, 'badDice', { name: it.name, value: rawDamage.slice(0, 40) })
    possessions.push(it.name)
    return
  }
  if (!damage && table) {
    damage = table.damage
    r.note(it.from, 'weaponFromTable', { name: it.name, damage })
  }
  if (!damage) {
    r.note(it.from, 'weaponNoDamage', { name: it.name })
    possessions.push(it.name)
    return
  }
  let kind = kindOfWeapon(s) ?? table?.kind
  if (!kind) {
    kind = 'ranged'
    r.note(it.from, 'weaponKindGuessedRanged', { name: it.name })
  }
  if (weapons.length >= MAX_WEAPONS) {
    r.note(it.from, 'tooManyWeapons', { max: MAX_WEAPONS, name: it.name })
    possessions.push(it.name)
    return
  }
  const i = weapons.length
  const w: Draft = { name: it.name.slice(0, 80), damage, kind }
  const said = typeof s.range === 'string' ? s.range.toLowerCase() : ''
  if (said === 'thrown' && !/grenade/i.test(it.name)) w.thrown = true
  if (s.stun === true || s.stunSetting === true || (s.stunSetting === undefined && s.stun === undefined && table?.stun)) w.stun = true
  if (table?.stunOnly) w.stunOnly = true
  if (s.autofire === true || (s.autofire === undefined && table?.autofire)) w.autofire = true
  if (table?.area || /grenade/i.test(it.name)) w.area = true
  const type = str(s.damageType) ?? table?.damageType
  if (type) w.damageType = type.toLowerCase().slice(0, 40)
  // (the paths are built only for a value that is there: a compendium's weapons mostly have neither)
  const atk = s.attackBonus === undefined ? undefined : r.int(`${it.from}.system.attackBonus`, s.attackBonus, -100, 100)
  if (atk) w.attackBonus = atk
  const dmg = s.damageBonus === undefined ? undefined : r.int(`${it.from}.system.damageBonus`, s.damageBonus, -100, 100)
  if (dmg) w.damageBonus = dmg
  weapons.push(w)
  r.land?.(it.from, `weapons[${i}]`, `${w.name} ${damage} ${kind}`)
}

function readArmor(it: Item, r: Reading, d: Draft): boolean {
  const s = it.system
  if (s.equipped === false || d.armor) return false
  const ref = provided(it, ['reflexBonus', 'armorReflexBonus', 'armorReflexDefenseBonus', 'reflex'])
  const reflex = ref ? r.int(ref.from, ref.value, 0, 100) : undefined
  if (reflex === undefined) {
    r.note(it.from, 'armorNoBonus', { name: it.name })
    return false
  }
  const armor: Draft = { name: it.name.slice(0, 80), reflex }
  const f = provided(it, ['fortitudeBonus', 'equipmentFortitudeBonus', 'equipmentFortitudeDefenseBonus'])
  const fort = f ? r.int(f.from, f.value, 0, 100) : undefined
  if (fort) armor.fortitude = fort
  const maxDex = readNum(provided(it, ['maxDex', 'maxDexBonus', 'maxDexterity', 'maximumDexterityBonus'])?.value)
  // the swse template's 999 is "no cap"
  if ('n' in maxDex && maxDex.n >= 0 && maxDex.n <= 20) armor.maxDex = maxDex.n
  d.armor = armor
  r.land?.(it.from, 'armor', `${armor.name} +${reflex}`)
  return true
}

function read(source: unknown, ctx: ReadContext): ReadOutcome[] {
  if (!isObj(source)) return [{ name: '?', refused: { field: '', key: 'saga.import.notAnActor' } }]
  const name = str(source.name)
  const sys = systemOf(source)
  if (!name) return [{ name: '?', refused: { field: 'name', key: 'saga.import.noName' } }]
  if (!sys) return [{ name, refused: { field: 'system', key: 'saga.import.notAnActor' } }]
  const P = sysPath(source)
  const r = new Reading(ctx.fields !== false)
  const type = String(source.type)
  const d: Draft = { name: name.slice(0, 120) }
  if (name.length > 120) r.note('name', 'cut', { max: 120 })
  r.land?.('name', 'name', d.name)

  // ----- abilities: 001 "any target without a Constitution score" (droids, vehicles): null
  const found = abilitiesOf(sys)
  const attrs = found?.scores ?? {}
  const attrPath = `${P}.${found?.key ?? 'attributes'}`
  const abilities: Record<string, number | null> = {}
  for (const k of ABILITIES) {
    const raw = attrs[k]
    let v: unknown = raw
    if (isObj(raw)) {
      if (raw.total !== undefined) v = raw.total
      else if (raw.value !== undefined) v = raw.value
      else {
        const base = numOf(raw.base)
        v = base !== undefined ? base + (numOf(raw.bonus) ?? 0) : raw.base
      }
    }
    // a score as most sources give it (an integer): no path or NumRead made for it
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100) {
      abilities[k] = v
      r.land?.(`${attrPath}.${k}`, `abilities.${k}`, v)
      continue
    }
    const from = `${attrPath}.${k}`
    const n = readNum(v)
    if ('n' in n && n.n >= 0 && n.n <= 100) abilities[k] = n.n
    else if ('dash' in n) abilities[k] = null
    else if ('absent' in n && k === 'con' && (type === 'droid' || type.includes('vehicle'))) abilities[k] = null
    else {
      if ('absent' in n) r.note(from, 'missing', { value: 10 })
      else if ('n' in n) r.note(from, 'outOfRange', { value: n.n, min: 0, max: 100 })
      else if ('junk' in n) r.note(from, 'notANumber', { value: n.junk })
      abilities[k] = 10
      continue
    }
    r.land?.(from, `abilities.${k}`, abilities[k])
  }
  d.abilities = abilities

  // ----- hit points: the full HP; a wounded actor is imported whole, and says so
  const health = isObj(sys.health) ? sys.health : isObj(sys.hp) ? sys.hp : undefined
  const hpPath = isObj(sys.health) ? `${P}.health` : `${P}.hp`
  const max = health ? r.int(`${hpPath}.max`, health.max ?? health.override, 1, 100000) : undefined
  const value = health ? r.int(`${hpPath}.value`, health.value, 0, 100000) : undefined
  const hp = max ?? (value && value > 0 ? value : undefined)
  if (hp === undefined) return [{ name, refused: { field: hpPath, key: 'saga.import.noHp' } }]
  d.hp = hp
  r.land?.(max !== undefined ? `${hpPath}.max` : `${hpPath}.value`, 'hp', hp)
  if (max !== undefined && value !== undefined && value < max) r.note(`${hpPath}.value`, 'storedWounded', { value, max })

  // ----- size, speed, initiative, Force Points
  const sizeRaw = str(sys.size) ?? (isObj(sys.size) ? str(sys.size.value) : undefined)
  const size = sizeOf(sizeRaw)
  if (size) {
    d.size = size
    r.land?.(`${P}.size`, 'size', size)
  } else if (sizeRaw) r.note(`${P}.size`, 'sizeUnknown', { value: sizeRaw.slice(0, 40) })
  const speed = r.int(`${P}.speed`, typeof sys.speed === 'string' ? (/\d+/.exec(sys.speed)?.[0] ?? sys.speed) : totalOf(sys.speed), 0, 1000)
  if (speed !== undefined) {
    d.speed = speed
    r.land?.(`${P}.speed`, 'speed', speed)
  }
  const fp = r.int(`${P}.forcePoints`, isObj(sys.forcePoints) ? (sys.forcePoints.max ?? sys.forcePoints.value) : sys.forcePoints, 0, 100)
  if (fp !== undefined) {
    d.forcePoints = fp
    r.land?.(`${P}.forcePoints`, 'forcePoints', fp)
  }

  // ----- items and name references
  const items = itemsOf(source, sys, r)
  const classes: ClassLevels[] = []
  const feats: string[] = []
  const talents: string[] = []
  const skills: string[] = []
  const possessions: string[] = []
  const weapons: Draft[] = []
  const known: Array<{ name: string; from: string }> = []
  let species = str(sys.species) ?? (typeof sys.race === 'string' && sys.race !== 'custom' ? sys.race : undefined)
  const add = (list: string[], it: Item, to: string) => {
    if (list.length >= MAX_NAMES) return r.note(it.from, 'tooManyNames', { max: MAX_NAMES, name: it.name.slice(0, 80) })
    list.push(it.name.slice(0, 200))
    r.land?.(it.from, to, it.name)
  }
  for (const it of items) {
    switch (it.type) {
      case 'class': {
        const levels = readNum(it.system.levels ?? it.system.level)
        const n = 'n' in levels && levels.n > 0 && levels.n <= 40 ? levels.n : 1
        const isHeroic = provided(it, IS_HEROIC)?.value
        const heroic = isHeroic === true || isHeroic === 'true' ? true : isHeroic === false || isHeroic === 'false' ? false : !NONHEROIC.has(it.name.trim().toLowerCase())
        const given: ClassLevels['defenses'] = {}
        const def = isObj(it.system.defense) ? it.system.defense : isObj(it.system.defenses) ? it.system.defenses : undefined
        for (const k of DEFENSES) {
          const p = def?.[k] !== undefined ? { value: def[k], from: `${it.from}.system.defense.${k}` } : provided(it, CLASS_DEFENSE_KEY[k])
          const v = p ? r.int(p.from, p.value, -100, 100) : undefined
          if (v !== undefined) given[k] = v
        }
        const same = classes.find((c) => c.name.toLowerCase() === it.name.toLowerCase())
        if (same) same.levels += n
        else classes.push({ name: it.name, levels: n, heroic, ...(Object.keys(given).length ? { defenses: given } : {}) })
        r.land?.(it.from, 'classes', `${it.name} ${n}`)
        break
      }
      case 'species':
        species = it.name
        r.land?.(it.from, 'species', it.name)
        break
      case 'feat':
        add(feats, it, 'feats')
        known.push(it)
        break
      case 'talent':
        add(talents, it, 'talents')
        known.push(it)
        break
      case 'skill':
        add(skills, it, 'skills')
        break
      case 'weapon':
        readWeapon(it, r, weapons, possessions)
        break
      case 'beastattack':
        // a beast's claws and bites: natural melee weapons
        readWeapon({ ...it, system: { range: 'Melee', ...it.system } }, r, weapons, possessions)
        if (weapons.at(-1)?.name === it.name.slice(0, 80)) weapons[weapons.length - 1].natural = true
        break
      case 'trait':
        // the system keeps a creature's size as a trait named after it ("Large")
        if (sizeOf(it.name)) {
          d.size ??= sizeOf(it.name)
          r.land?.(it.from, 'size', d.size)
        } else r.note(it.from, 'noPlace', { name: it.name.slice(0, 80), type: it.type })
        break
      case 'armor':
        if (!readArmor(it, r, d)) add(possessions, it, 'possessions')
        else possessions.push(it.name.slice(0, 200))
        break
      case 'equipment':
      case 'item':
      case 'gear':
      case 'consumable':
      case 'loot':
        add(possessions, it, 'possessions')
        break
      case '': {
        // a bare name: a talent or feat the engine knows, or a common weapon; anything else cannot be placed
        const t = tableWeapon(it.name)
        if (t) readWeapon(it, r, weapons, possessions)
        else {
          if (applyKnownNames([it], d, r) > 0) add(feats, it, 'feats')
          else r.note(it.from, 'referenceUntyped', { name: it.name.slice(0, 80) })
        }
        break
      }
      default:
        r.note(it.from, 'noPlace', { name: it.name.slice(0, 80), type: it.type.slice(0, 40) })
    }
  }
  applyKnownNames(known, d, r)
  if (species) {
    d.species = species.slice(0, 2000)
    if (str(sys.species)) r.land?.(`${P}.species`, 'species', species)
  }

  // ----- skills as the actor stores them: `{ perception: { trained, value } }`
  let trainedInitiative = false
  let initiativeSkill: number | undefined
  if (isObj(sys.skills)) {
    for (const [key, v] of Object.entries(sys.skills)) {
      if (!isObj(v)) continue
      const total = readNum(v.total ?? v.value)
      if (key.toLowerCase() === 'initiative') {
        trainedInitiative = v.trained === true
        if ('n' in total) initiativeSkill = total.n
      }
      if (v.trained === true || 'n' in total) {
        if (skills.length < MAX_NAMES) skills.push(`${key[0].toUpperCase()}${key.slice(1)}${'n' in total ? ` ${total.n >= 0 ? '+' : ''}${total.n}` : ''}`.slice(0, 200))
      }
    }
    if (skills.length) r.land?.(`${P}.skills`, 'skills', skills)
  }

  // ----- levels and kind: heroic class levels count toward heroic level, nonheroic and beast ones do not (001)
  const cl = r.int(`${P}.cl`, sys.cl ?? sys.level, 0, 80)
  const lv = fromClasses(classes, r, 'items')
  let { heroicLevel, otherLevels } = lv
  if (!classes.length && cl !== undefined) {
    // no class items: the CL as the level, heroic for a character
    if (type === 'character' && sys.isNPC !== true) heroicLevel = cl
    else otherLevels = cl
    r.note(`${P}.cl`, 'noClasses', { cl })
  } else if (classes.length && cl !== undefined && cl !== heroicLevel + otherLevels && otherLevels === 0) {
    r.note(`${P}.cl`, 'clMismatch', { cl, levels: heroicLevel + otherLevels })
  }
  const isDroid = type === 'droid' || sys.isDroid === true || /droid/i.test(species ?? '')
  const kind = type.includes('vehicle') ? 'vehicle' : isDroid ? 'droid' : heroicLevel > 0 ? 'heroic' : 'nonheroic'
  d.kind = kind
  d.heroicLevel = Math.min(40, heroicLevel)
  d.otherLevels = Math.min(40, otherLevels)
  if (classes.length) d.classes = classes.map((c) => `${c.name} ${c.levels}`).join('/')
  // the actor's defenses: `system.defense` (swse) or `system.defenses` (the fork), each `{ total, class, misc, … }`
  const defense = isObj(sys.defense) ? sys.defense : isObj(sys.defenses) ? sys.defenses : {}
  const dp = isObj(sys.defense) ? `${P}.defense` : `${P}.defenses`
  // each defense's terms: the class bonus (stated, else the classes'), then natural, species, misc as stated (the
  // paths are built only for a value that is there)
  const defenses: Record<string, Draft> = {}
  for (const k of DEFENSES) {
    const o = isObj(defense[k]) ? defense[k] : {}
    const key = o.classBonus !== undefined ? 'classBonus' : 'class'
    const given = o[key] === undefined ? undefined : r.int(`${dp}.${k}.${key}`, o[key], -100, 100)
    const v = given ?? lv.defenses[k]
    if (v) {
      defenses[k] = { class: v }
      r.land?.(given !== undefined ? `${dp}.${k}.${key}` : 'items', `defenses.${k}.class`, v)
    }
  }
  for (const k of DEFENSES) {
    const o = isObj(defense[k]) ? defense[k] : {}
    for (const term of DEFENSE_TERMS) {
      if (o[term] === undefined) continue
      const v = r.int(`${dp}.${k}.${term}`, o[term], -100, 100)
      if (v) {
        defenses[k] = { ...defenses[k], [term]: v }
        r.land?.(`${dp}.${k}.${term}`, `defenses.${k}.${term}`, v)
      }
    }
  }
  if (Object.keys(defenses).length) d.defenses = defenses

  // ----- base attack bonus: stated, else the class levels' (W8 class data)
  const bab = r.int(`${P}.bab`, totalOf(sys.bab ?? sys.baseAttackBonus), -100, 100)
  if (bab !== undefined) {
    d.bab = bab
    r.land?.(`${P}.bab`, 'bab', bab)
  } else if (classes.length) {
    d.bab = lv.bab
    if (lv.babUnknown.length) r.note('items', 'babPartial', { value: lv.bab, name: lv.babUnknown.join(', ') })
    else r.note('items', 'babDerived', { value: lv.bab })
  } else r.note(`${P}.bab`, 'missing', { value: 0 })

  // ----- initiative: stated, else the skill's rule (½ level + Dex, +5 trained)
  const init = r.int(`${P}.initiative`, totalOf(sys.initiative), -100, 100) ?? initiativeSkill
  if (init !== undefined) {
    d.initiative = init
    r.land?.(sys.initiative !== undefined ? `${P}.initiative` : `${P}.skills.initiative`, 'initiative', init)
  } else {
    const level = Math.max(1, heroicLevel + otherLevels)
    const v = Math.floor(level / 2) + mod(abilities.dex) + (trainedInitiative ? 5 : 0)
    d.initiative = v
    r.note(`${P}.initiative`, 'initiativeDerived', { value: v })
  }

  if (feats.length) d.feats = feats
  if (talents.length) d.talents = talents
  if (skills.length) d.skills = skills
  if (possessions.length) d.possessions = possessions.slice(0, MAX_NAMES)
  d.weapons = weapons

  // ----- the stated totals, held against the rules
  const stated: Stated = {}
  for (const k of DEFENSES) {
    const v = r.int(`${dp}.${k}`, totalOf(defense[k]), -50, 500)
    if (v !== undefined) stated[k] = { value: v, from: `${dp}.${k}` }
  }
  const dtFrom = defense.damageThreshold !== undefined ? `${dp}.damageThreshold` : `${P}.damageThreshold`
  const dt = r.int(dtFrom, totalOf(defense.damageThreshold ?? sys.damageThreshold), 0, 100000)
  if (dt !== undefined) stated.damageThreshold = { value: dt, from: dtFrom }

  const role: StatBlockKind = type === 'character' && sys.isNPC !== true ? 'pc' : 'npc'
  d.role = role
  return [finish(name, role, ['foundry-swse'], d, r, stated)]
}

export const sagaFoundryReader: ImportReader = {
  format: 'foundry-swse',
  label: 'saga.import.format.foundry',
  input: 'json',
  detect,
  read,
}
