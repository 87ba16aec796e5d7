/**
 * Issue 27, defect 8: a stat block refused away from its box (the library's "Needs fixing" reason, prep's banner,
 * the editor's banner) names the field by the label the editor shows, in the reader's language ("Tarcza, PW tarczy"),
 * not by its key humanized in English ("Shield, Energy Hp"). Every label a system gives for a path of its stat block
 * schema is a key of its own catalogs in en and pl (never a raw key on screen).
 */
import { describe, expect, it } from 'vitest'
import { systemUi } from '@renderer/systems/registry'
import { pathWords, labelsOf } from '@renderer/features/stat-blocks/problems'
import { getSystem, listSystems } from '../../../../../src-main/rules/index'
import { toJsonSchema } from '../../../../../src-main/services/campaigns/system-service'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'

type J = Record<string, any>

/** every path of a JSON Schema: objects by their properties, lists by their first index, records by their keys */
function paths(root: J): string[] {
  const out = new Set<string>()
  const defs: J = root.$defs ?? {}
  const walk = (s: J | undefined, path: string, depth: number): void => {
    if (!s || typeof s !== 'object' || depth > 8) return
    if (path) out.add(path)
    if (typeof s.$ref === 'string') return walk(defs[s.$ref.replace('#/$defs/', '')], path, depth + 1)
    for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(v, path, depth + 1)
    const at = (k: string) => (path ? `${path}.${k}` : k)
    for (const [k, v] of Object.entries<J>(s.properties ?? {})) walk(v, at(k), depth + 1)
    if (s.items && typeof s.items === 'object') walk(s.items, at('0'), depth + 1)
    for (const k of s.propertyNames?.enum ?? []) walk(s.additionalProperties, at(k), depth + 1)
  }
  walk(root, '', 0)
  return [...out]
}

describe('stat block fields named by the editor\'s labels (issue 27, defect 8)', () => {
  for (const id of listSystems()) {
    it(`${id}: every label given for a schema path is a key of the system's catalogs, en and pl; the common fields have one`, () => {
      const sys = getSystem(id)
      if (!sys.ok) throw new Error(sys.error.message)
      const ui = systemUi(id, null)
      const ui18n = { en: uiEn, pl: uiPl }
      const known = (key: string, lang: 'en' | 'pl') => key in sys.value.catalogs.ui[lang] || typeof key.split('.').reduce<any>((o, k) => o?.[k], ui18n[lang]) === 'string'
      const labelled = paths(toJsonSchema(sys.value.statBlockSchema)).flatMap((p) => {
        const key = ui.fieldLabel?.(p)
        return key ? [[p, key] as const] : []
      })
      const missing = labelled.filter(([, key]) => !known(key, 'en') || !known(key, 'pl'))
      expect(missing).toEqual([])
      expect(labelled.map(([p]) => p)).toEqual(expect.arrayContaining(['weapons', 'weapons.0.name', 'weapons.0.damage']))
    })
  }

  it('the words of a path: each step by its label, an index counted from 1, the rest humanized', () => {
    const t = (k: string) => ({ 'a.weapons': 'Bronie', 'a.damage': 'Obrażenia' })[k] ?? k
    const labelOf = labelsOf(t, (p) => ({ weapons: 'a.weapons', 'weapons.2.damage': 'a.damage' })[p])
    expect(pathWords('weapons.2.damage', labelOf)).toBe('Bronie 3, Obrażenia')
    expect(pathWords('weapons.2.damageType', labelOf)).toBe('Bronie 3, Damage Type')
  })
})
