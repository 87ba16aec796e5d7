/**
 * A Starchasers stat block laid out as seed 000 presents one: the "Ally Stats" table order (000:1423-1464) —
 * name, role, size and species; the eight attributes; movement; attacks; defenses; skills, Resistance and
 * Emotional Control; Hit Points, Stress Capacity and Injuries; awareness skills; virtues, flaws and abilities.
 * PCs and NPCs follow the same order, with their weapons' attack pools (000:828), armor and shield.
 */
import type { CardLayout, CardLine, CardSection } from '@shared/views/system-views'
import { defenses, movementPoints, passiveAlertness, weaponPool } from '../mechanics/derived'
import { statBlock, type AllyStatBlock, type Attributes, type Fighter } from '../schema'
import * as en from '../i18n/en'
import * as pl from '../i18n/pl'

type Lang = 'en' | 'pl'
const ATTRS: Array<keyof Attributes> = ['strength', 'toughness', 'agility', 'deftness', 'intelligence', 'perception', 'charisma', 'confidence']
const text = (lang: Lang, key: string): string => (lang === 'pl' ? pl.ui : en.ui)[key] ?? en.ui[key] ?? key
const line = (label: string, value: string | number, strong = false): CardLine => ({ label, value: String(value), ...(strong ? { strong } : {}) })
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** size and species (the role or tier is the card's subtitle, not repeated here) */
function head(lang: Lang, size: string, species: string): CardSection {
  return { lines: [{ value: [text(lang, `starchasers.card.size.${size}`), species].filter(Boolean).join(', ') }] }
}
/** "; Piercing 2, Accurate 1" after a weapon or armor (000:720-752, 000:864), or nothing */
function qualities(lang: Lang, map: Record<string, number | undefined>): string {
  const list = Object.entries(map).filter(([, v]) => typeof v === 'number').map(([k, v]) => `${text(lang, `starchasers.quality.${k}`)} ${v}`)
  return list.length ? `; ${list.join(', ')}` : ''
}
/** the armor worn: its name, Deflection, Resistance bonus, Agility penalty and qualities (000:848-873) */
function armorWorn(lang: Lang, a: NonNullable<Fighter['armor']>): string {
  const parts = [`${text(lang, 'starchasers.editor.deflection')} ${a.deflection}`]
  if (a.resistanceBonus) parts.push(`${text(lang, 'starchasers.resistance')} +${a.resistanceBonus}`)
  if (a.agilityPenalty) parts.push(`${text(lang, 'starchasers.agility')} −${a.agilityPenalty}`)
  return `${a.name} (${parts.join(', ')}${qualities(lang, a.qualities)})`
}
const attributes = (a: Attributes): CardSection => ({ title: 'starchasers.card.attributes', lines: ATTRS.map((k) => line(`starchasers.card.attr.${k}`, a[k])) })

function allyCard(sb: AllyStatBlock, lang: Lang): CardLayout {
  const attack = (k: 'melee' | 'thrown' | 'ranged') => {
    const a = sb[k]
    return a ? [line(`starchasers.card.${k}`, `${a.value} (${text(lang, `starchasers.duelStance.${a.duelType}`)})`)] : []
  }
  const sections: CardSection[] = [
    head(lang, sb.size, sb.species),
    attributes(sb.attributes),
    { title: 'starchasers.card.combat', lines: [line('starchasers.movement', sb.movement), ...attack('melee'), ...attack('thrown'), ...attack('ranged')] },
    {
      title: 'starchasers.card.defenses',
      lines: [line('starchasers.card.defaultDefense', sb.defaultDefense, true), line('starchasers.defense.block', sb.block), line('starchasers.defense.dodge', sb.dodge), line('starchasers.defense.parry', sb.parry)],
    },
    {
      title: 'starchasers.card.resilience',
      lines: [
        line('starchasers.card.skill.acrobatics', sb.acrobatics), line('starchasers.card.skill.athletics', sb.athletics), line('starchasers.resistance', sb.resistance),
        line('starchasers.card.skill.emotionalControl', sb.emotionalControl), line('starchasers.card.hitPoints', sb.hp, true), line('starchasers.card.stressCapacity', sb.stressCapacity),
        line('starchasers.card.injuriesSuffered', sb.injuriesSuffered),
      ],
    },
    {
      title: 'starchasers.card.awareness',
      lines: [
        line('starchasers.card.skill.alertness', sb.alertness), line('starchasers.card.skill.stealth', sb.stealth), line('starchasers.card.skill.observation', sb.observation),
        line('starchasers.card.passiveAlertness', sb.passiveAlertness ?? passiveAlertness(sb.attributes.perception, sb.alertness)), line('starchasers.card.skill.searching', sb.searching),
      ],
    },
  ]
  const traits: CardLine[] = [
    ...(sb.virtues.length ? [line('starchasers.card.virtues', sb.virtues.join(', '))] : []),
    ...(sb.flaws.length ? [line('starchasers.card.flaws', sb.flaws.join(', '))] : []),
    ...(sb.passiveAbility ? [line('starchasers.card.passiveAbility', `${sb.passiveAbility.name}${sb.passiveAbility.text ? `: ${sb.passiveAbility.text}` : ''}`)] : []),
    ...sb.specialAttacks.map((s, i) => line('starchasers.card.specialAttack', `${i + 1}. ${s.name} ${s.value} (${text(lang, `starchasers.duelStance.${s.duelType}`)})${s.text ? `: ${s.text}` : ''}`)),
  ]
  if (traits.length) sections.push({ title: 'starchasers.card.traits', lines: traits })
  return { title: sb.name, subtitle: text(lang, `starchasers.allyRoles.${sb.role}`), sections }
}

function fighterCard(sb: Fighter, lang: Lang): CardLayout {
  const d = defenses(sb)
  const kindLabel = sb.kind === 'pc' ? 'starchasers.card.pc' : `starchasers.tiers.${sb.tier}`
  const weapons = sb.weapons.map((w) =>
    line('starchasers.card.weapon', `${w.name}: ${weaponPool(sb, w)} ${text(lang, 'starchasers.card.dice')} (${text(lang, `starchasers.card.group.${w.group}`)}, ${text(lang, `starchasers.duelStance.${w.duelType}`)}${qualities(lang, w.qualities)})`),
  )
  const skills = Object.entries(sb.skills).filter(([, v]) => v > 0).map(([k, v]) => `${text(lang, `starchasers.card.skill.${k}`)} ${v}`)
  const sections: CardSection[] = [
    head(lang, sb.size, sb.species),
    attributes(sb.attributes),
    { title: 'starchasers.card.combat', lines: [line('starchasers.movement', movementPoints(sb.attributes.agility, sb.armor?.agilityPenalty ?? 0)), ...weapons] },
    {
      title: 'starchasers.card.defenses',
      lines: [
        line('starchasers.card.defaultDefense', text(lang, `starchasers.defense.${sb.defaultDefense}`), true),
        line('starchasers.card.armorDefense', d.armor), line('starchasers.defense.block', d.block), line('starchasers.defense.dodge', d.dodge), line('starchasers.defense.parry', d.parry),
        ...(sb.armor ? [line('starchasers.card.armor', armorWorn(lang, sb.armor))] : []),
        ...(sb.shield ? [line('starchasers.card.shield', `${sb.shield.name} (${text(lang, 'starchasers.defense.block')} +${sb.shield.blockBonus}${qualities(lang, sb.shield.qualities)})`)] : []),
      ],
    },
    {
      title: 'starchasers.card.resilience',
      lines: [
        line('starchasers.resistance', sb.resistance + (sb.armor?.resistanceBonus ?? 0)), line('starchasers.card.hitPoints', sb.hp, true), line('starchasers.card.stressCapacity', sb.stressCapacity),
        ...(sb.kind === 'pc' ? [line('starchasers.vitality', sb.vitality), line('starchasers.motivation', sb.motivation)] : []),
        line('starchasers.card.passiveAlertness', passiveAlertness(sb.attributes.perception, sb.skills.alertness)),
      ],
    },
  ]
  const traits: CardLine[] = [
    ...(skills.length ? [line('starchasers.card.skills', skills.join(', '))] : []),
    ...(sb.proficiencies.length ? [line('starchasers.card.proficiencies', sb.proficiencies.join(', '))] : []),
    ...(sb.kind === 'npc' ? sb.abilities.map((a) => line('starchasers.card.ability', `${a.name} (${a.cost})${a.text ? `: ${a.text}` : ''}`)) : []),
    ...(sb.kind === 'pc' && sb.specialMoves.length ? [line('starchasers.card.specialMoves', sb.specialMoves.join(', '))] : []),
  ]
  if (traits.length) sections.push({ title: 'starchasers.card.traits', lines: traits })
  return { title: sb.name, subtitle: text(lang, kindLabel), sections }
}

export function starchasersCard(input: unknown, lang: Lang): CardLayout {
  const parsed = statBlock.safeParse(input)
  if (!parsed.success) return { title: isObj(input) && typeof input.name === 'string' ? input.name : '?', subtitle: text(lang, 'starchasers.card.invalid'), sections: [] }
  const sb = parsed.data
  return sb.kind === 'ally' ? allyCard(sb, lang) : fighterCard(sb, lang)
}
