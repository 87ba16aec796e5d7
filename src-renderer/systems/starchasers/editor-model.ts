/**
 * The Starchasers stat block editor's model (pure, no DOM): which fields each kind of block has (seed 000: PCs,
 * NPCs Extra / Elite / Boss, and the "Ally Stats" table 000:1423-1464, in the book's order), and the edits the form
 * makes to the data: comma lists, lists of weapons / abilities / special attacks added and removed, armor, shield
 * and an ally's attacks switched on and off, weapon and armor qualities with their ratings, a boss's Duel Die faces.
 * Every edit returns new data (never mutates). Labels are i18n keys of the system's own catalog (`starchasers.*`).
 */
type Data = Record<string, unknown>
export type Kind = 'pc' | 'npc' | 'ally'

export interface FieldSpec {
  path: string
  /** i18n key */
  label: string
  type: 'number' | 'text' | 'select' | 'bool'
  /** select options: value + i18n key */
  options?: Array<{ value: string; label: string }>
  /** what an emptied box means (FormField's `blank`) */
  blank?: 'omit' | 'null' | 'text'
  /** a list of words, edited as "a, b, c" */
  list?: boolean
  /** a value the rules derive when it is left empty */
  derived?: boolean
}

export const ATTRIBUTES = ['strength', 'toughness', 'agility', 'deftness', 'intelligence', 'perception', 'charisma', 'confidence'] as const
export const SKILLS = ['alertness', 'athletics', 'acrobatics', 'stealth', 'observation', 'searching', 'firstAid', 'medicine', 'emotionalControl'] as const
export const DUEL_TYPES = ['power', 'finesse', 'quick'] as const
export const WEAPON_QUALITIES = [
  'accurate', 'cleaving', 'impale', 'defensive', 'disarming', 'piercing', 'spreading', 'stunning', 'ionic', 'vicious', 'targeting', 'burning',
  'grappling', 'blinding', 'deafening', 'stunner', 'hamstring', 'weakening', 'daze', 'shocking', 'wounding', 'burst', 'splash', 'arc', 'slowLoading', 'autofire',
] as const
export const ARMOR_QUALITIES = ['augmenting', 'fortifying', 'protective', 'reflective', 'restorative', 'spiked', 'knockback', 'defensive'] as const
export const FEATURES = ['packTactics', 'opportunisticAttacks', 'quickdraw'] as const
export const ALLY_ATTACKS = ['melee', 'thrown', 'ranged'] as const
/** the seed's limit on an ally's special attacks (000: "up to 4 Special Attacks") */
export const MAX_SPECIAL_ATTACKS = 4

const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }))
const num = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ path, label, type: 'number', ...extra })
const SIZE = { path: 'size', label: 'starchasers.editor.size', type: 'select', options: opts(['small', 'medium', 'large'], 'starchasers.card.size') } as const
const SPECIES: FieldSpec = { path: 'species', label: 'starchasers.editor.species', type: 'text', blank: 'text' }

/** the plain fields of a kind, grouped as the book's block: who, attributes, skills, resilience, defenses */
export function fieldGroups(kind: Kind): Array<{ id: string; title: string; fields: FieldSpec[] }> {
  const attributes = ATTRIBUTES.map((a) => num(`attributes.${a}`, `starchasers.card.attr.${a}`))
  if (kind === 'ally') {
    return [
      { id: 'who', title: 'starchasers.editor.who', fields: [
        { path: 'role', label: 'starchasers.allyRole', type: 'select', options: opts(['ally', 'companion', 'pet'], 'starchasers.allyRoles') }, SIZE, SPECIES,
        { path: 'fromPc', label: 'starchasers.editor.fromPc', type: 'text', blank: 'omit' },
      ] },
      { id: 'attributes', title: 'starchasers.card.attributes', fields: attributes },
      { id: 'defenses', title: 'starchasers.card.defenses', fields: [
        num('movement', 'starchasers.movement'), num('defaultDefense', 'starchasers.card.defaultDefense'), num('block', 'starchasers.defense.block'),
        num('dodge', 'starchasers.defense.dodge'), num('parry', 'starchasers.defense.parry'),
        { path: 'parryRanged', label: 'starchasers.editor.parryRanged', type: 'bool' },
      ] },
      { id: 'resilience', title: 'starchasers.card.resilience', fields: [
        num('hp', 'starchasers.card.hitPoints'), num('stressCapacity', 'starchasers.card.stressCapacity'), num('injuriesSuffered', 'starchasers.card.injuriesSuffered'),
        num('resistance', 'starchasers.resistance'), num('acrobatics', 'starchasers.card.skill.acrobatics'), num('athletics', 'starchasers.card.skill.athletics'),
        num('emotionalControl', 'starchasers.card.skill.emotionalControl'),
      ] },
      { id: 'awareness', title: 'starchasers.card.awareness', fields: [
        num('alertness', 'starchasers.card.skill.alertness'), num('stealth', 'starchasers.card.skill.stealth'), num('observation', 'starchasers.card.skill.observation'),
        num('searching', 'starchasers.card.skill.searching'), num('passiveAlertness', 'starchasers.card.passiveAlertness', { blank: 'omit', derived: true }),
      ] },
      { id: 'traits', title: 'starchasers.card.traits', fields: [
        { path: 'virtues', label: 'starchasers.card.virtues', type: 'text', list: true },
        { path: 'flaws', label: 'starchasers.card.flaws', type: 'text', list: true },
      ] },
    ]
  }
  return [
    { id: 'who', title: 'starchasers.editor.who', fields: [
      ...(kind === 'npc' ? [{ path: 'tier', label: 'starchasers.tier', type: 'select', options: opts(['extra', 'elite', 'boss'], 'starchasers.tiers') } as FieldSpec] : []),
      SIZE, SPECIES,
    ] },
    { id: 'attributes', title: 'starchasers.card.attributes', fields: attributes },
    { id: 'skills', title: 'starchasers.card.skills', fields: SKILLS.map((s) => num(`skills.${s}`, `starchasers.card.skill.${s}`)) },
    { id: 'resilience', title: 'starchasers.card.resilience', fields: [
      num('hp', 'starchasers.card.hitPoints'), num('stressCapacity', 'starchasers.card.stressCapacity'), num('resistance', 'starchasers.editor.resistanceBase'),
      ...(kind === 'pc' ? [num('vitality', 'starchasers.vitality', { blank: 'omit' }), num('motivation', 'starchasers.motivation', { blank: 'omit' })] : []),
    ] },
    { id: 'defenses', title: 'starchasers.card.defenses', fields: [
      { path: 'defaultDefense', label: 'starchasers.card.defaultDefense', type: 'select', options: opts(['armor', 'block', 'dodge', 'parry'], 'starchasers.defense') },
      num('armorDefenseBonus', 'starchasers.editor.armorDefenseBonus', { blank: 'omit' }), num('parryBonus', 'starchasers.editor.parryBonus', { blank: 'omit' }),
      num('initiativeBonus', 'starchasers.editor.initiativeBonus', { blank: 'omit' }),
      { path: 'canParry', label: 'starchasers.editor.canParry', type: 'bool' },
      { path: 'parryRanged', label: 'starchasers.editor.parryRanged', type: 'bool' },
    ] },
    { id: 'traits', title: 'starchasers.card.traits', fields: [
      { path: 'proficiencies', label: 'starchasers.card.proficiencies', type: 'text', list: true },
      ...(kind === 'pc' ? [{ path: 'specialMoves', label: 'starchasers.card.specialMoves', type: 'text', list: true } as FieldSpec] : []),
    ] },
  ]
}

/** the fields of one weapon (paths under `weapons.<i>.`) */
export const WEAPON_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  { path: 'group', label: 'starchasers.editor.group', type: 'select', options: opts(['melee', 'thrown', 'ranged'], 'starchasers.card.group') },
  { path: 'kind', label: 'starchasers.editor.weaponKind', type: 'select', blank: 'omit', options: [{ value: '', label: 'starchasers.editor.none' }, ...opts(['blade', 'thrown', 'pistol', 'rifle', 'grenade', 'launcher', 'unarmed'], 'starchasers.editor.weaponKinds')] },
  { path: 'proficiency', label: 'starchasers.editor.proficiency', type: 'text', blank: 'text' },
  { path: 'attribute', label: 'starchasers.editor.attribute', type: 'select', options: opts(['strength', 'deftness', 'agility'], 'starchasers.card.attr') },
  { path: 'damage', label: 'starchasers.editor.damage', type: 'number' },
  { path: 'duelType', label: 'starchasers.duelType', type: 'select', options: opts(DUEL_TYPES, 'starchasers.duelStance') },
  { path: 'weight', label: 'starchasers.editor.weight', type: 'select', options: opts(['light', 'medium', 'heavy'], 'starchasers.editor.weights') },
  { path: 'techLevel', label: 'starchasers.editor.techLevel', type: 'select', options: opts(['primitive', 'modern', 'highTech'], 'starchasers.editor.techLevels') },
  { path: 'damageType', label: 'starchasers.editor.damageType', type: 'text', blank: 'omit' },
  { path: 'stun', label: 'starchasers.editor.stun', type: 'bool' },
]
export const ARMOR_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  num('deflection', 'starchasers.editor.deflection'), num('resistanceBonus', 'starchasers.editor.resistanceBonus', { blank: 'omit' }),
  num('agilityPenalty', 'starchasers.editor.agilityPenalty', { blank: 'omit' }),
  { path: 'weight', label: 'starchasers.editor.weight', type: 'select', options: opts(['light', 'medium', 'heavy'], 'starchasers.editor.weights') },
]
export const SHIELD_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  { path: 'kind', label: 'starchasers.editor.shieldKind', type: 'select', options: opts(['physical', 'energy', 'psychic'], 'starchasers.editor.shieldKinds') },
  num('blockBonus', 'starchasers.editor.blockBonus'), num('durationRounds', 'starchasers.editor.durationRounds', { blank: 'omit' }), num('energyHp', 'starchasers.editor.energyHp', { blank: 'omit' }),
  { path: 'resistances', label: 'starchasers.editor.resists', type: 'text', list: true },
  { path: 'weaknesses', label: 'starchasers.editor.weaknesses', type: 'text', list: true },
]
export const ABILITY_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  num('cost', 'starchasers.editor.stressCost', { blank: 'omit' }),
  { path: 'duelType', label: 'starchasers.duelType', type: 'select', blank: 'omit', options: [{ value: '', label: 'starchasers.editor.none' }, ...opts(DUEL_TYPES, 'starchasers.duelStance')] },
  num('bonusDice', 'starchasers.editor.bonusDice', { blank: 'omit' }),
  { path: 'text', label: 'starchasers.editor.text', type: 'text', blank: 'omit' },
]
export const SPECIAL_ATTACK_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  { path: 'band', label: 'starchasers.editor.group', type: 'select', options: opts(['melee', 'thrown', 'ranged'], 'starchasers.card.group') },
  num('value', 'starchasers.editor.dice'),
  { path: 'duelType', label: 'starchasers.duelType', type: 'select', options: opts(DUEL_TYPES, 'starchasers.duelStance') },
  num('stressCost', 'starchasers.editor.stressCost', { blank: 'omit' }), num('usesPerBattle', 'starchasers.editor.usesPerBattle', { blank: 'omit' }),
  { path: 'text', label: 'starchasers.editor.text', type: 'text', blank: 'omit' },
]
export const PASSIVE_FIELDS: FieldSpec[] = [
  { path: 'name', label: 'starchasers.editor.name', type: 'text', blank: 'text' },
  num('stressCost', 'starchasers.editor.stressCost', { blank: 'omit' }), num('usesPerBattle', 'starchasers.editor.usesPerBattle', { blank: 'omit' }),
  { path: 'text', label: 'starchasers.editor.text', type: 'text', blank: 'omit' },
]

// ── the label of a data path, for a refusal said away from its box (the library's flag, prep, the banner) ──
/** lists of objects, each item's fields */
const ITEM_FIELDS: Record<string, FieldSpec[]> = { weapons: WEAPON_FIELDS, abilities: ABILITY_FIELDS, specialAttacks: SPECIAL_ATTACK_FIELDS }
/** optional parts, their fields (an ally's attacks: dice and Duel Type, as the special attacks') */
const PART_FIELDS: Record<string, FieldSpec[]> = { armor: ARMOR_FIELDS, shield: SHIELD_FIELDS, passiveAbility: PASSIVE_FIELDS, melee: SPECIAL_ATTACK_FIELDS, thrown: SPECIAL_ATTACK_FIELDS, ranged: SPECIAL_ATTACK_FIELDS }
const WHOLE: Record<string, string> = {
  weapons: 'starchasers.weapons', abilities: 'starchasers.editor.abilities', specialAttacks: 'starchasers.card.specialAttack', duelDice: 'starchasers.editor.duelDice',
  armor: 'starchasers.card.armor', shield: 'starchasers.card.shield', passiveAbility: 'starchasers.card.passiveAbility',
  melee: 'starchasers.card.melee', thrown: 'starchasers.card.thrown', ranged: 'starchasers.card.ranged',
}
/** the i18n key of the box of a data path (`shield.energyHp`, `weapons.2.damage`, `weapons`), or undefined */
export function fieldLabelKey(path: string): string | undefined {
  if (WHOLE[path]) return WHOLE[path]
  const [head, ...rest] = path.split('.')
  const indexed = ITEM_FIELDS[head] && /^\d+$/.test(rest[0] ?? '')
  const inner = indexed ? rest.slice(1).join('.') : rest.join('.')
  const own = (indexed ? ITEM_FIELDS[head] : PART_FIELDS[head])?.find((f) => f.path === inner)
  if (own) return own.label
  if (head === 'duelDice' && rest[1] === 'phase') return 'starchasers.command.phase'
  for (const kind of ['pc', 'npc', 'ally'] as const) {
    const f = fieldGroups(kind).flatMap((g) => g.fields).find((x) => x.path === path)
    if (f) return f.label
  }
  return undefined
}

// ── lists of words ──
/** a list as the GM reads it: "Pistols, Rifles" */
export const listText = (v: unknown): string => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : typeof v === 'string' ? v : '')
/** "Pistols, , Rifles " → ['Pistols', 'Rifles'] */
export const parseList = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean)

// ── lists of objects ──
const listOf = (d: Data, key: string): Data[] => (Array.isArray(d[key]) ? (d[key] as Data[]) : [])
export const items = listOf

/** a new weapon, valid for the schema: a blaster pistol, as the system's templates start */
export const newWeapon = (name: string): Data => ({ name, group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 4, duelType: 'quick' })
export const newAbility = (name: string): Data => ({ name, cost: 1 })
export const newSpecialAttack = (name: string): Data => ({ name, band: 'melee', value: 6, duelType: 'power' })

export function addItem(d: Data, key: string, item: Data): Data {
  if (key === 'specialAttacks' && listOf(d, key).length >= MAX_SPECIAL_ATTACKS) return d
  return { ...d, [key]: [...listOf(d, key), item] }
}
export function removeItem(d: Data, key: string, i: number): Data {
  return { ...d, [key]: listOf(d, key).filter((_, j) => j !== i) }
}

// ── optional parts: armor, shield, an ally's passive ability and attacks ──
const OPTIONAL: Record<string, { absent: 'omit' | 'null'; make: (name: string) => Data }> = {
  armor: { absent: 'omit', make: (name) => ({ name, deflection: 2 }) },
  shield: { absent: 'omit', make: (name) => ({ name, kind: 'physical', blockBonus: 1 }) },
  passiveAbility: { absent: 'null', make: (name) => ({ name }) },
  melee: { absent: 'null', make: () => ({ value: 6, duelType: 'power' }) },
  thrown: { absent: 'null', make: () => ({ value: 4, duelType: 'quick' }) },
  ranged: { absent: 'null', make: () => ({ value: 4, duelType: 'quick' }) },
}
export const has = (d: Data, key: string): boolean => !!d[key] && typeof d[key] === 'object'
/** switch an optional part on (with a valid start) or off (removed, or null where the schema wants null) */
export function togglePart(d: Data, key: string, name = ''): Data {
  const spec = OPTIONAL[key]
  if (!spec) return d
  if (has(d, key)) {
    if (spec.absent === 'null') return { ...d, [key]: null }
    const { [key]: _gone, ...rest } = d
    return rest
  }
  return { ...d, [key]: spec.make(name) }
}

// ── qualities with their ratings (000:720-752, armor 000:864) ──
export interface QualityRow { key: string; rating: number }
export function qualityRows(map: unknown): QualityRow[] {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return []
  return Object.entries(map as Record<string, unknown>).map(([key, v]) => ({ key, rating: typeof v === 'number' ? v : 1 }))
}
const clampRating = (n: number): number => (Number.isFinite(n) ? Math.min(10, Math.max(1, Math.round(n))) : 1)
/** the qualities of the object at `path` (a weapon, the armor, an ability) with one quality set (rating 1–10) */
export function setQuality(d: Data, path: string, key: string, rating: number, replaces?: string): Data {
  return updateAt(d, path, (o) => {
    const target = replaces ?? key
    const rows = qualityRows(o.qualities)
    // the changed row stays in its place; a row already holding the new key gives way
    const next = rows.filter((r) => r.key === target || r.key !== key).map((r) => (r.key === target ? { key, rating: clampRating(rating) } : r))
    if (!rows.some((r) => r.key === target)) next.push({ key, rating: clampRating(rating) })
    return { ...o, qualities: Object.fromEntries(next.map((r) => [r.key, r.rating])) }
  })
}
export function removeQuality(d: Data, path: string, key: string): Data {
  return updateAt(d, path, (o) => {
    const next = Object.fromEntries(qualityRows(o.qualities).filter((r) => r.key !== key).map((r) => [r.key, r.rating]))
    return { ...o, qualities: next }
  })
}
/** the first quality of the list the object has not got yet (null: it has them all) */
export function unusedQuality(map: unknown, allowed: readonly string[]): string | null {
  const used = new Set(qualityRows(map).map((r) => r.key))
  return allowed.find((q) => !used.has(q)) ?? null
}

// ── a boss's Duel Die per phase (S1: the faces are data) ──
export function parseFaces(text: string): { faces: string[] } | { bad: string } {
  const words = parseList(text.toLowerCase())
  const bad = words.find((w) => !(DUEL_TYPES as readonly string[]).includes(w))
  return bad !== undefined ? { bad } : { faces: words }
}
export const newDuelDie = (d: Data): Data => ({ phase: listOf(d, 'duelDice').length + 1, faces: ['power', 'finesse', 'quick'] })

/** the object at a dotted path (`weapons.0`, `armor`) replaced by `fn` of it; lists along the path stay lists */
function updateAt(d: Data, path: string, fn: (o: Data) => Data): Data {
  const [head, ...rest] = path.split('.')
  const cur = d[head]
  if (rest.length === 0) return { ...d, [head]: fn(cur && typeof cur === 'object' ? (cur as Data) : {}) }
  if (Array.isArray(cur)) {
    const i = Number(rest[0])
    const copy = [...cur]
    copy[i] = rest.length === 1 ? fn((copy[i] ?? {}) as Data) : updateAt(copy[i] as Data, rest.slice(1).join('.'), fn)
    return { ...d, [head]: copy }
  }
  return { ...d, [head]: updateAt((cur ?? {}) as Data, rest.join('.'), fn) }
}
