// The gate of scripts/electronegativity.mjs: which findings fail the build, which suppressions are valid or stale.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { gate, readSuppressions, SUPPRESSIONS } from '../../../../scripts/electronegativity.mjs'

const finding = (rule: string, severity: string, file: string, sample = 'x', line = 1) => ({ tree: 'sources', rule, severity, confidence: 'FIRM', file, line, sample, description: '' })

describe('electronegativity gate', () => {
  it('fails on high and medium findings, not on low or informational ones', () => {
    const r = gate([finding('A_CHECK', 'HIGH', 'a.ts'), finding('B_CHECK', 'MEDIUM', 'b.ts'), finding('C_CHECK', 'LOW', 'c.ts'), finding('D_CHECK', 'INFORMATIONAL', 'd.ts')], [])
    expect(r.open.map((f: { rule: string }) => f.rule)).toEqual(['A_CHECK', 'B_CHECK'])
  })

  it('suppresses by rule + file + matching text or line; other files or rules stay open; unused suppressions are stale', () => {
    const findings = [finding('PRELOAD_JS_CHECK', 'MEDIUM', 'a.ts', 'preload: p,', 40), finding('PRELOAD_JS_CHECK', 'MEDIUM', 'b.ts', 'preload: p,', 7), finding('SANDBOX_JS_CHECK', 'MEDIUM', 'a.ts', 'preload: p,', 40)]
    const sup = [
      { rule: 'PRELOAD_JS_CHECK', file: 'a.ts', match: 'preload: p', reason: 'a reviewed reason long enough' },
      { rule: 'PRELOAD_JS_CHECK', file: 'b.ts', line: 8, reason: 'a reviewed reason long enough' },
    ]
    const r = gate(findings, sup)
    expect(r.open.map((f: { rule: string; file: string }) => `${f.rule} ${f.file}`)).toEqual(['PRELOAD_JS_CHECK b.ts', 'SANDBOX_JS_CHECK a.ts'])
    expect(r.stale).toEqual([sup[1]])
  })

  it('reads the reviewed suppression file, and refuses entries without a rule, a place or a reason', () => {
    expect(readSuppressions(SUPPRESSIONS).length).toBeGreaterThan(0)
    const dir = mkdtempSync(join(tmpdir(), 'gmc-sup-'))
    const bad = (entry: unknown) => {
      writeFileSync(join(dir, 's.json'), JSON.stringify([entry]))
      return () => readSuppressions(join(dir, 's.json'))
    }
    expect(bad({ file: 'a.ts', match: 'x', reason: 'long enough reason here' })).toThrow(/"rule"/)
    expect(bad({ rule: 'X_CHECK', match: 'x', reason: 'long enough reason here' })).toThrow(/"file"/)
    expect(bad({ rule: 'X_CHECK', file: 'a.ts', reason: 'long enough reason here' })).toThrow(/"match".*"line"/)
    expect(bad({ rule: 'X_CHECK', file: 'a.ts', match: 'x', reason: 'ok' })).toThrow(/"reason"/)
  })
})
