import { describe, expect, it } from 'vitest'
import { makeI18n } from '@renderer/i18n'
import { checkValue, errorSentence, importProblem, issueSentence, isRequired, schemaAt } from '@renderer/components/forms/validation'
import { firstIssue } from '@shared/zod-issue'
import { sagaStatBlockSchema } from '../../../../../src-main/rules/systems/saga/schema'
import { describeForTest } from '../../support/system-descriptions'

const tr = (lang: 'en' | 'pl') => {
  const global = makeI18n(lang).global as unknown as { t: (key: string, params: Record<string, unknown>) => string }
  return (key: string, params?: Record<string, unknown>) => global.t(key, params ?? {})
}
const schema = describeForTest('saga').statBlock.schema
const labels: Record<string, string> = { hp: 'Hit points', 'abilities.dex': 'Dexterity', name: 'Name', 'weapons.0.damage': 'Damage' }

describe('validation sentences (issue 10: no zod paths, the UI language)', () => {
  it('main\'s zod issue becomes "Hit points can\'t be below 1" (Saga hp min 1), en and pl', () => {
    const parsed = sagaStatBlockSchema.safeParse({ name: 'Trooper', hp: 0 })
    expect(parsed.success).toBe(false)
    const f = firstIssue(parsed.error!, 'record.data')
    const error = { code: 'invalid' as const, message: f.message, field: f.field, details: { issue: f.issue } }
    expect(errorSentence(tr('en'), error, { prefix: 'record.data.', labelOf: (p) => labels[p] })).toBe("Hit points can't be below 1")
    expect(errorSentence(tr('pl'), error, { prefix: 'record.data.', labelOf: () => 'Punkty wytrzymałości' })).toBe('Punkty wytrzymałości: wartość nie może być mniejsza niż 1')
  })

  it('the form\'s own check of the served JSON Schema says the same sentences', () => {
    const t = tr('en')
    const say = (path: string, v: unknown) => {
      const issue = checkValue(schema, schemaAt(schema, path), v, isRequired(schema, path))
      return issue ? issueSentence(t, issue, labels[path] ?? path) : null
    }
    expect(say('hp', 0)).toBe("Hit points can't be below 1")
    expect(say('hp', 12)).toBeNull()
    expect(say('hp', Number.NaN)).toBe('Hit points must be a number')
    expect(say('hp', 2.5)).toBe('Hit points must be a whole number')
    expect(say('hp', undefined)).toBe('Hit points is required')
    expect(say('abilities.dex', 101)).toBe("Dexterity can't be above 100")
    expect(say('abilities.dex', null)).toBeNull()
    expect(say('name', '')).toBe("Name can't be empty")
    expect(say('weapons.0.damage', '')).toBe("Damage can't be empty")
    expect(say('kind', 'wizard')).toContain('must be one of: heroic, nonheroic')
  })


  it('a garbage import says what is wrong in words (issue 10), en and pl', () => {
    const notExport = { code: 'invalid' as const, message: 'the imported file: not a GM Console campaign export: kind: Invalid input', field: 'kind', details: { notExport: true, issue: { code: 'invalid_value', values: ['gm-console.campaign-export'] } } }
    expect(importProblem(tr('en'), notExport)).toBe('This file is not a GM Console export: it does not say it is one (no "kind": "gm-console.campaign-export")')
    const json = { code: 'damaged' as const, message: 'the imported file: not valid JSON (at line 3, column 7)' }
    expect(importProblem(tr('en'), json)).toBe('This file is not a GM Console export: it is not JSON (at line 3, column 7)')
    // a Polish screen says where in Polish (issue 27: main's English "at line" stayed in the sentence)
    expect(importProblem(tr('pl'), json)).toBe('To nie jest plik eksportu GM Console: to nie jest JSON (wiersz 3, kolumna 7)')
    expect(importProblem(tr('pl'), { ...json, message: 'the imported file: not valid JSON (at column 12)' })).toBe('To nie jest plik eksportu GM Console: to nie jest JSON (kolumna 12)')
    const badSessions = { code: 'invalid' as const, message: 'x', field: 'sessions', details: { notExport: true, issue: { code: 'invalid_type', expected: 'array' } } }
    expect(importProblem(tr('en'), badSessions)).toBe('This file is not a GM Console export: Sessions has the wrong form')
  })
})
