/**
 * The rule-system registry (src-main/rules/index.ts, issue 28): every system, listed or registered at run time, goes
 * through `registerSystem`, which registers its log templates once (it called `registerLogMessages` twice); a
 * `SystemId` is a string checked against the registry where it is parsed.
 */
import { describe, expect, it, vi } from 'vitest'
import type { RuleSystem } from '../../../../src-main/rules/kit/system'
import { fakeSystem } from './kit/fake-system'

const registered = vi.hoisted(() => [] as unknown[])
vi.mock('@shared/i18n/format-log', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shared/i18n/format-log')>()
  return { ...actual, registerLogMessages: (m: Parameters<typeof actual.registerLogMessages>[0]) => (registered.push(m), actual.registerLogMessages(m)) }
})

const { registerSystem, getSystem, hasSystem, listSystems, systemIdSchema } = await import('../../../../src-main/rules/index')
const { SYSTEMS } = await import('../../../../src-main/rules/systems/registry')

describe('the rule-system registry (issue 28)', () => {
  it('registers each listed system once, in the order of systems/registry.ts, its log templates with it', () => {
    expect(listSystems().slice(0, SYSTEMS.length)).toEqual(SYSTEMS.map((s) => s.id))
    expect(registered).toEqual(SYSTEMS.map((s) => s.catalogs.log))
  })

  it('registers a system at run time with its log templates once (issue 28: registerLogMessages ran twice)', () => {
    const counted: RuleSystem = fakeSystem('counted', 'ordered')
    const before = registered.length
    registerSystem(counted)
    expect(registered.slice(before)).toEqual([counted.catalogs.log])
    expect(hasSystem('counted')).toBe(true)
    expect(getSystem('counted')).toEqual({ ok: true, value: counted })
  })

  it('checks a SystemId against the registry when it is parsed, as a closed list of ids did', () => {
    expect(systemIdSchema.safeParse(SYSTEMS[0].id).success).toBe(true)
    expect(systemIdSchema.safeParse('late').success).toBe(false)
    registerSystem(fakeSystem('late', 'sides'))
    expect(systemIdSchema.safeParse('late')).toEqual({ success: true, data: 'late' })
    for (const bad of ['nope', 42, undefined, '__proto__']) {
      const r = systemIdSchema.safeParse(bad)
      expect(r.success).toBe(false)
      expect(r.error?.issues[0]).toMatchObject({ code: 'invalid_value', values: listSystems() })
    }
    expect(hasSystem('constructor')).toBe(false)
    expect(getSystem('nope')).toMatchObject({ ok: false, error: { code: 'not-found', field: 'systemId', message: 'The rule system "nope" is not available in this version' } })
  })
})
