/**
 * Every text the Improved Initiative readers and writers of the four systems say (issue 30) has a sentence in
 * English and in Polish: the question's labels, every note key a reading of the fixtures gives with every answer
 * a GM can give (each source mapped to nothing), and every `lost` key.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { uiEn } from '../../../../../src-shared/i18n/ui-en'
import { uiPl } from '../../../../../src-shared/i18n/ui-pl'
import { isRefusal, type ImportReader } from '../../../../../src-main/rules/kit/imports'
import { II_SOURCES } from '../../../../../src-main/rules/kit/improved-initiative'
import * as saga from '../../../../../src-main/rules/systems/saga/imports/other-tools'
import * as starchasers from '../../../../../src-main/rules/systems/starchasers/imports/other-tools'
import * as twoD20 from '../../../../../src-main/rules/systems/2d20/imports/other-tools'
import * as storyteller from '../../../../../src-main/rules/systems/storyteller/imports/other-tools'
import { ui as sagaEn } from '../../../../../src-main/rules/systems/saga/i18n/en'
import { ui as sagaPl } from '../../../../../src-main/rules/systems/saga/i18n/pl'
import { ui as starEn } from '../../../../../src-main/rules/systems/starchasers/i18n/en'
import { ui as starPl } from '../../../../../src-main/rules/systems/starchasers/i18n/pl'
import { ui as d20En } from '../../../../../src-main/rules/systems/2d20/i18n/en'
import { ui as d20Pl } from '../../../../../src-main/rules/systems/2d20/i18n/pl'
import { ui as stEn } from '../../../../../src-main/rules/systems/storyteller/i18n/en'
import { ui as stPl } from '../../../../../src-main/rules/systems/storyteller/i18n/pl'

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../fixtures/imports/improved-initiative', name), 'utf8'))
const nested = (o: unknown, key: string): unknown => key.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown> | undefined)?.[p], o)
const has = (flat: Record<string, string>, tree: unknown, key: string) => typeof flat[key] === 'string' || typeof nested(tree, key) === 'string'

const systems: Array<[string, ImportReader, Record<string, string>, Record<string, string>]> = [
  ['saga', saga.sagaImprovedInitiativeReader, sagaEn, sagaPl],
  ['starchasers', starchasers.starchasersImprovedInitiativeReader, starEn, starPl],
  ['2d20', twoD20.twoD20ImprovedInitiativeReader, d20En, d20Pl],
  ['storyteller', storyteller.storytellerImprovedInitiativeReader, stEn, stPl],
]

describe('Improved Initiative texts in en and pl (issue 30)', () => {
  for (const [id, reader, en, pl] of systems) {
    it(`${id}: the question, every note and refusal of every fixture under the suggested answer and under no mapping at all`, () => {
      const sources = ['dock-guard.json', 'awkward.json', 'library.json'].map(fixture)
      const [q] = reader.questions!(sources)
      const keys = new Set<string>([q.title.key, reader.label, ...q.to.map((t) => t.label)])
      const none = Object.fromEntries(II_SOURCES.map((s) => [s, null]))
      for (const answers of [{}, { [q.id]: none }]) {
        for (const s of sources) {
          for (const o of reader.read(s, { answers, file: 'f.json' })) {
            if (isRefusal(o)) keys.add(o.refused.key)
            else for (const n of o.notes) keys.add(n.key)
          }
        }
      }
      const missing = [...keys].filter((k) => !(has(en, uiEn, k) && has(pl, uiPl, k)))
      expect(missing).toEqual([])
      expect(keys.size).toBeGreaterThan(10)
    })
  }

  it('every lost key of the writers', () => {
    const lost = new Set<string>(['importer.lost.noPlace', 'importer.lost.noNull', 'importer.lost.invalid', 'importer.lost.noPlayer'])
    const w = saga.sagaToImprovedInitiative('x', { nonsense: true })
    for (const l of w.lost) lost.add(l.key)
    for (const k of lost) {
      expect(typeof nested(uiEn, k), k).toBe('string')
      expect(typeof nested(uiPl, k), k).toBe('string')
    }
  })
})
