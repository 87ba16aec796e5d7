import { describe, expect, it } from 'vitest'
import { makeI18n } from '@renderer/i18n'
import { checkValue, errorSentence, issueSentence, isRequired, schemaAt } from '@renderer/core/validation'
import { firstIssue } from '@shared/zod-issue'
import { sagaStatBlockSchema } from '../../../src-main/rules/systems/saga/stats'
import { describeForTest } from './support/system-descriptions'

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

})
