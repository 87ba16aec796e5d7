/**
 * A Storyteller stat block laid out as Scion-style books print one: name and kind; attributes in three columns
 * (physical, social, mental) with Epic ratings; abilities with dots; Join Battle; DVs, soak and armor; the health
 * track (T5); weapons with Accuracy, Damage, Speed and damage type (004).
 */
import type { CardLayout, CardLine, CardSection } from '@shared/views/system-views'
import { boxes } from '../mechanics/health'
import { SCION_HEALTH_TRACK } from '../mechanics/settings'
import { ATTRIBUTES, statBlock } from '../schema'
import * as en from '../i18n/en'
import * as pl from '../i18n/pl'

type Lang = 'en' | 'pl'
const text = (lang: Lang, key: string): string => (lang === 'pl' ? { ...pl.log, ...pl.ui } : { ...en.log, ...en.ui })[key] ?? en.ui[key] ?? en.log[key] ?? key
const line = (label: string, value: string | number, strong = false): CardLine => ({ label, value: String(value), ...(strong ? { strong } : {}) })
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n))

export function storytellerCard(input: unknown, lang: Lang): CardLayout {
  const parsed = statBlock.safeParse(input)
  if (!parsed.success) return { title: isObj(input) && typeof input.name === 'string' ? input.name : '?', subtitle: text(lang, 'storyteller.card.invalid'), sections: [] }
  const sb = parsed.data
  const attrs = ATTRIBUTES.map((a) => line(`storyteller.attr.${a}`, `${sb.attributes[a]}${sb.epic[a] ? ` (${text(lang, 'storyteller.epic')} ${sb.epic[a]})` : ''}`))
  const abilities = Object.entries(sb.abilities).filter(([, v]) => (v ?? 0) > 0).map(([k, v]) => `${text(lang, `storyteller.ability.${k}`)} ${v}`)
  const track = sb.health ?? SCION_HEALTH_TRACK
  const soak = (t: 'bashing' | 'lethal' | 'aggravated') => sb.soak[t] + (sb.armor?.[t] ?? 0)
  const sections: CardSection[] = [
    { title: 'storyteller.attributes', lines: attrs },
    ...(abilities.length ? [{ title: 'storyteller.abilities', lines: [{ value: abilities.join(', ') }] }] : []),
    {
      title: 'storyteller.defense',
      lines: [
        line('storyteller.dodgeDv', sb.dv.dodge, true), line('storyteller.parryDv', sb.dv.parry, true), line('storyteller.mentalDv', sb.dv.mental, true),
        line('storyteller.soak', `${soak('bashing')}B / ${soak('lethal')}L / ${soak('aggravated')}A`),
        ...(sb.armor ? [line('storyteller.armor', sb.armor.name)] : []),
        line('storyteller.health', [...track.map((p) => (p === 0 ? '−0' : String(p).replace('-', '−'))), text(lang, 'health.storyteller.incapacitated')].join(', ') + ` (${boxes(track)})`),
      ],
    },
    {
      title: 'storyteller.weapons',
      lines: [
        line('storyteller.joinBattle', `${text(lang, `storyteller.attr.${sb.joinBattle.attribute}`)} + ${text(lang, `storyteller.ability.${sb.joinBattle.ability}`)}`),
        ...sb.weapons.map((w) => line('storyteller.weapon', `${w.name} (${text(lang, `storyteller.weaponClass.${w.class}`)}): ${text(lang, 'storyteller.accuracy')} ${signed(w.accuracy)}, ${text(lang, 'storyteller.damage')} ${signed(w.damage)}${w.damageType[0].toUpperCase()}, ${text(lang, 'storyteller.speed')} ${w.speed}`)),
      ],
    },
  ]
  if (sb.notes) sections.push({ lines: [{ value: sb.notes }] })
  return { title: sb.name, subtitle: text(lang, `storyteller.kind.${sb.kind}`), sections }
}
