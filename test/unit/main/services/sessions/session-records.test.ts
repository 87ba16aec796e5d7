import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSessionRecords, sessionRecordSchema } from '../../../../../src-main/services/sessions/session-records'

const at = '2026-03-01T18:00:00.000Z'
const valid: Array<Record<string, unknown>> = [
  { kind: 'session.started', at, sessionId: 's1', title: 'T', date: '2026-03-01', notes: '' },
  { kind: 'note', at, text: 'hello', gmOnly: false },
  { kind: 'roll', at, notation: '1d20+2', dice: [{ die: 'd20', value: 7 }], total: 9, hidden: true, seed: 'x' },
  { kind: 'rest', at, who: 'Vela', restKind: 'healing', amount: 4, text: '', gmOnly: false },
  { kind: 'pool', at, pool: 'fp', delta: -1, reason: '', gmOnly: false },
  { kind: 'encounter.started', at, encounterId: 'e', planId: null, name: 'E', systemId: 'saga', seed: 's' },
  { kind: 'encounter.command', at, encounterId: 'e', batch: 1, command: { type: 'nextTurn' } },
  { kind: 'encounter.event', at, encounterId: 'e', record: { seq: 2, at, batch: 1, event: { type: 'core.turnStarted' }, status: 'active' } },
  { kind: 'encounter.undo', at, encounterId: 'e', batch: 1 },
  { kind: 'encounter.redo', at, encounterId: 'e', batch: 1 },
  { kind: 'encounter.display', at, encounterId: 'e', side: 'enemies', mode: 'hidden' },
  { kind: 'session.ended', at },
]

describe('session log records (session-service.ts format)', () => {
  it('reads every kind, and reports malformed records with their line number', () => {
    const ok = parseSessionRecords(valid)
    expect(ok.problems).toEqual([])
    expect(ok.records.map((r) => r.record.kind)).toEqual(valid.map((v) => v.kind))
    const bad = parseSessionRecords([valid[1], { kind: 'note', at, text: 3, gmOnly: false }, { kind: 'mystery', at }])
    expect(bad.records.map((r) => r.line)).toEqual([2])
    expect(bad.problems.map((p) => p.line)).toEqual([3, 4])
    expect(bad.problems[0].message).toMatch(/text/)
  })

  it('the fast path never accepts a record the zod schema refuses (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.string(), fc.anything(), (base, field, value) => {
        const keys = Object.keys(base)
        const k = keys[Math.abs(field.length) % keys.length]
        const mutated = { ...base, [k]: value }
        const parsed = parseSessionRecords([mutated])
        if (parsed.records.length === 1) expect(sessionRecordSchema.safeParse(mutated).success).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})
