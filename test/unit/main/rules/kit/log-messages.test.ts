import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import core from '@shared/i18n/log-core'
import * as sagaEn from '../../../../../src-main/rules/systems/saga/i18n/en'
import * as sagaPl from '../../../../../src-main/rules/systems/saga/i18n/pl'

const saga = { en: sagaEn.log, pl: sagaPl.log }
import { formatLog } from '@shared/i18n/format-log'
import { resolveScenario } from '../../../../../src-main/cli/scenario'

const root = join(import.meta.dirname, '../../../../..')

describe('log messages (en + pl)', () => {
  it('English and Polish tables have the same keys', () => {
    expect(Object.keys(core.pl).sort()).toEqual(Object.keys(core.en).sort())
    expect(Object.keys(saga.pl).sort()).toEqual(Object.keys(saga.en).sort())
  })

  it('every log key and nested key emitted by the Saga examples has a template in both languages', () => {
    const files = readdirSync(join(root, 'docs/examples')).filter((f) => f.startsWith('saga-'))
    const all: Record<string, string> = { ...core.en, ...saga.en }
    const allPl: Record<string, string> = { ...core.pl, ...saga.pl }
    for (const f of files) {
      const r = resolveScenario(JSON.parse(readFileSync(join(root, 'docs/examples', f), 'utf8')), { seed: '1', defaultSeed: '1' })
      if (!r.ok) throw new Error(r.error.message)
      for (const e of r.value.log) {
        expect(all[e.key], e.key).toBeDefined()
        expect(allPl[e.key], e.key).toBeDefined()
        for (const v of Object.values(e.params)) if (typeof v === 'string' && /^(cond|rule|action|side)\./.test(v)) expect(all[v], v).toBeDefined()
        expect(formatLog(e, 'pl')).not.toMatch(/\{\w+\}/)
      }
    }
  })

  it('formatLog fills params and translates nested keys', () => {
    expect(formatLog({ key: 'log.core.nextTurn', params: { name: 'Han', round: 2 } }, 'en')).toBe('Round 2: Han’s turn')
    expect(formatLog({ key: 'log.core.conditionAdded', params: { name: 'Han', condition: 'cond.saga.flatFooted' } }, 'pl')).toBe('Han: nieprzygotowany')
    expect(formatLog({ key: 'log.core.conditionAdded', params: { name: 'Han', condition: 'cond.custom.blinded' } }, 'en')).toBe('Han: blinded')
    expect(formatLog({ key: 'log.core.ruleOverridden', params: { reason: 'rule.saga.notYourTurn', name: 'Han' } }, 'en')).toBe('GM override: it was not Han’s turn')
    expect(formatLog({ key: 'no.such.key', params: {} }, 'en')).toBe('no.such.key')
  })
})

describe('side names are translated', () => {
  it('log.core.combatantAdded in Polish', () => {
    expect(formatLog({ key: 'log.core.combatantAdded', params: { name: 'Han', side: 'side.party' } }, 'pl')).toBe('Han dołącza (drużyna)')
  })
})
