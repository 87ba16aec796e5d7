/**
 * A 2d20 stat block laid out as the seed presents a character: the six attributes (002:157), the three stress
 * tracks with their maxima (the higher of two attributes, 002:165) and afflictions, the conflict pairs with their
 * targets (002:13-19), weapons with damage and qualities (002:130-152), Luck and saved Momentum (J1), Menace.
 */
import type { CardLayout, CardLine, CardSection } from '@shared/views/system-views'
import { attackPair, defensePair } from '../mechanics/combat'
import { testTarget } from '../mechanics/roll'
import { AFFLICTION_OF, ATTACK_KINDS, ATTRIBUTES, lowestAttribute, statBlock, stressMax, trackersOf, type StatBlock } from '../schema'
import * as en from '../i18n/en'
import * as pl from '../i18n/pl'

type Lang = 'en' | 'pl'
const text = (lang: Lang, key: string): string => (lang === 'pl' ? pl.ui : en.ui)[key] ?? en.ui[key] ?? key
const line = (label: string, value: string | number, strong = false): CardLine => ({ label, value: String(value), ...(strong ? { strong } : {}) })
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const cap = (s: string) => s[0].toUpperCase() + s.slice(1)

function kindLabel(sb: StatBlock): string {
  return sb.kind === 'npc' ? `2d20.card.tier.${sb.tier}` : `2d20.card.${sb.kind}`
}

export function twoD20Card(input: unknown, lang: Lang): CardLayout {
  const parsed = statBlock.safeParse(input)
  if (!parsed.success) return { title: isObj(input) && typeof input.name === 'string' ? input.name : '?', subtitle: text(lang, '2d20.card.invalid'), sections: [] }
  const sb = parsed.data
  const a = sb.attributes
  const trackers = trackersOf(sb)
  const sections: CardSection[] = [
    { title: '2d20.card.attributes', lines: ATTRIBUTES.map((k) => line(`2d20.attr.${k}`, a[k])) },
  ]
  if (trackers.length > 0) {
    sections.push({ title: '2d20.card.stress', lines: trackers.map((t) => line(`2d20.trackName.${t}`, `${sb.stress[t]} / ${stressMax(a, t)}`, true)) })
    sections.push({ title: '2d20.card.afflictions', lines: trackers.map((t) => line(`2d20.afflictionName.${AFFLICTION_OF[t]}`, sb.afflictions[AFFLICTION_OF[t]])) })
  } else sections.push({ lines: [{ value: text(lang, '2d20.card.noTrackers') }] })
  sections.push({
    title: '2d20.card.conflict',
    lines: ATTACK_KINDS.flatMap((k) => {
      const at = testTarget(a, attackPair(k))
      const df = testTarget(a, defensePair(k))
      return [line(`2d20.card.attack${cap(k)}`, `${at.total} / ${at.low}`), line(`2d20.card.def${cap(k)}`, `${df.total} / ${df.low}`)]
    }),
  })
  if (sb.weapons.length > 0) {
    sections.push({
      title: '2d20.card.weapons',
      lines: sb.weapons.map((w) => line('2d20.card.weapon', `${w.name} (${text(lang, `2d20.kind.${w.kind}`)}): ${w.damage} ${text(lang, '2d20.card.damage')}${w.qualities.length ? `, ${w.qualities.map((q) => text(lang, `2d20.quality.${q}`)).join(', ')}` : ''}`)),
    })
  }
  // each under its own heading: a PC's Luck and saved Momentum (J1), a villain's Luck (002:120), a monster's Menace (002:176)
  if (sb.kind === 'pc') sections.push({ title: '2d20.card.pools', lines: [line('2d20.card.luck', sb.luck), line('2d20.card.savedMomentum', `${sb.momentum} (${text(lang, '2d20.card.cap')} ${lowestAttribute(a)})`)] })
  if (sb.kind === 'npc' && sb.tier === 'villain') sections.push({ title: '2d20.card.luck', lines: [line('2d20.card.luck', sb.luck)] })
  if (sb.kind === 'npc' && sb.menace !== undefined) sections.push({ title: '2d20.card.menace', lines: [line('2d20.card.menace', `${sb.menace} (${text(lang, '2d20.card.menaceRule')})`, true)] })
  return { title: sb.name, subtitle: text(lang, kindLabel(sb)), sections }
}
