/**
 * A Saga stat block as the books print it (001/003 stat block layout): name and CL; size, species and classes;
 * Init and Senses; Defense (Ref with flat-footed, Fort, Will; hp, Threshold); Offense (Speed, Melee and Ranged
 * lines, Base Atk and Grp); Statistics (Abilities, Talents, Feats, Skills, Possessions). Species, classes, senses,
 * talents, feats, skills and possessions are read from the stored block when the GM wrote them (text or lists).
 */
import type { CardLayout, CardLine, CardSection } from '@shared/views/system-views'
import { characterLevel, derive, GRAPPLE_SIZE, mod, reflexDex, sagaStatBlockSchema, type SagaStatBlock, type Weapon } from '../schema'
import * as en from '../i18n/en'
import * as pl from '../i18n/pl'

type Lang = 'en' | 'pl'
const text = (lang: Lang, key: string, params: Record<string, string | number> = {}): string =>
  ((lang === 'pl' ? pl.ui : en.ui)[key] ?? en.ui[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''))
const signed = (n: number): string => (n >= 0 ? `+${n}` : `−${Math.abs(n)}`)
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** a free-text field: a string, or a list of strings / { name } joined with commas */
function listText(v: unknown): string {
  if (typeof v === 'string') return v.trim()
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : isObj(x) && typeof x.name === 'string' ? x.name : '')).filter(Boolean).join(', ')
  return ''
}

function weaponLine(sb: SagaStatBlock, w: Weapon): string {
  const melee = w.kind === 'melee'
  const atk = sb.bab + (melee ? mod(sb.abilities.str) : mod(sb.abilities.dex)) + (w.attackBonus ?? 0)
  // 001 damage: ½ heroic level + Str for melee and thrown weapons + the weapon's bonus
  const bonus = Math.floor(sb.heroicLevel / 2) + (melee || w.thrown ? mod(sb.abilities.str) : 0) + (w.damageBonus ?? 0)
  return `${w.name} ${signed(atk)} (${w.damage}${bonus ? signed(bonus) : ''})`
}

export function sagaCard(input: unknown, lang: Lang): CardLayout {
  const parsed = sagaStatBlockSchema.safeParse(input)
  const raw = isObj(input) ? input : {}
  if (!parsed.success) return { title: typeof raw.name === 'string' ? raw.name : '?', subtitle: text(lang, 'saga.card.invalid'), sections: [] }
  const sb = parsed.data
  const d = derive(sb)
  const line = (label: string, value: string, strong = false): CardLine => ({ label, value, ...(strong ? { strong } : {}) })
  const extra = (key: string, label: string): CardLine[] => {
    const v = listText(raw[key])
    return v ? [line(label, v)] : []
  }
  const who = [text(lang, `saga.size.${sb.size}`), listText(raw.species), listText(raw.classes)].filter(Boolean).join(' ')
  const head: CardSection = { lines: [{ value: who }, line('saga.card.init', signed(sb.initiative)), ...extra('senses', 'saga.card.senses')] }
  const dexBonus = Math.max(0, reflexDex(sb))
  const defense: CardSection = {
    title: 'saga.card.defense',
    lines: [
      line('saga.card.ref', `${d.reflex.total}${dexBonus ? ` (${text(lang, 'saga.card.flatFooted', { n: d.reflex.total - dexBonus })})` : ''}`, true),
      line('saga.card.fort', String(d.fortitude.total), true),
      line('saga.card.will', String(d.will.total), true),
      line('saga.card.hp', String(sb.hp)),
      line('saga.card.threshold', String(d.damageThreshold.total)),
      ...(sb.sr ? [line('saga.card.sr', String(sb.sr))] : []),
      ...(sb.dr ? [line('saga.card.dr', `${sb.dr.value}${sb.dr.bypass.length ? `/${sb.dr.bypass.join(', ')}` : ''}`)] : []),
    ],
  }
  const melee = sb.weapons.filter((w) => w.kind === 'melee')
  const ranged = sb.weapons.filter((w) => w.kind === 'ranged')
  const grp = sb.bab + Math.max(mod(sb.abilities.str), mod(sb.abilities.dex)) + GRAPPLE_SIZE[sb.size]
  const offense: CardSection = {
    title: 'saga.card.offense',
    lines: [
      line('saga.card.speed', text(lang, 'saga.card.squares', { n: sb.speed })),
      ...(melee.length ? [line('saga.card.melee', melee.map((w) => weaponLine(sb, w)).join(text(lang, 'saga.card.or')))] : []),
      ...(ranged.length ? [line('saga.card.ranged', ranged.map((w) => weaponLine(sb, w)).join(text(lang, 'saga.card.or')))] : []),
      line('saga.card.baseAtk', signed(sb.bab)),
      line('saga.card.grp', signed(grp)),
    ],
  }
  const abil = (['str', 'dex', 'con', 'int', 'wis', 'cha'] as const).map((k) => `${text(lang, `saga.card.ability.${k}`)} ${sb.abilities[k] ?? '—'}`).join(', ')
  const statistics: CardSection = {
    title: 'saga.card.statistics',
    lines: [line('saga.card.abilities', abil), ...extra('talents', 'saga.card.talents'), ...extra('feats', 'saga.card.feats'), ...extra('skills', 'saga.card.skills'), ...extra('possessions', 'saga.card.possessions')],
  }
  return { title: sb.name, subtitle: text(lang, 'saga.card.cl', { n: characterLevel(sb) }), sections: [head, defense, offense, statistics] }
}
