/**
 * A History builds its log lines on their first read (issue 13: a restore describes no event). Changes made before
 * that read (commands, undo, redo, a redo branch discarded) show in the lines it then builds, and once built the
 * lines are kept in step: both equal the reference `logEntries` of the records.
 */
import { describe, expect, it } from 'vitest'
import type { EngineCommand } from '@shared/domain/encounter'
import { createEncounter, engineFor, logEntries, openHistory, registerSystem } from '../../../../../src-main/rules/index'
import { fakeSystem } from './fake-system'

registerSystem(fakeSystem('fake', 'ordered'))

const now = '2026-01-01T00:00:00.000Z'

function opened() {
  const r = createEncounter({ id: 'e1', name: 'Test', systemId: 'fake' as never, seed: 'seed-lazy' }, now)
  if (!r.ok) throw new Error(r.error.message)
  return openHistory(r.value.records, { state: r.value.state, spacing: 2, recent: 2 })
}

function run(h: ReturnType<typeof opened>, command: EngineCommand): void {
  // the history takes a parsed command (issue 28): parsed here, at the test's edge
  const valid = engineFor('fake')
  if (!valid.ok) throw new Error(valid.error.message)
  const parsed = valid.value.validateCommand(command)
  if (!parsed.ok) throw new Error(parsed.error.message)
  const p = h.prepare(parsed.value, { now })
  if (!p.ok) throw new Error(p.error.message)
  h.commit(p.value)
}

function play(h: ReturnType<typeof opened>): void {
  run(h, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 20, init: 2 } })
  run(h, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 12, init: 1 } })
  run(h, { type: 'hit', targetId: 'a' })
  run(h, { type: 'hit', targetId: 'b' })
  expect(h.undo().ok).toBe(true)
  expect(h.undo().ok).toBe(true)
  expect(h.redo().ok).toBe(true)
  // a new command discards the batch still undone
  run(h, { type: 'hit', targetId: 'b' })
  expect(h.undo().ok).toBe(true)
}

describe('History log lines: built on the first read, kept in step after it', () => {
  it('changes made before the first read are in the lines it builds', () => {
    const h = opened()
    play(h)
    expect(h.records.some((r) => r.status === 'discarded')).toBe(true)
    expect(h.records.some((r) => r.status === 'undone')).toBe(true)
    expect(h.log.slice()).toEqual(logEntries(h.records))
  })

  it('once read, the lines follow every change, and a history reopened from the records reads the same', () => {
    const h = opened()
    expect(h.log.slice()).toEqual(logEntries(h.records))
    play(h)
    expect(h.log.slice()).toEqual(logEntries(h.records))
    const again = openHistory(h.records)
    expect(again.log.slice()).toEqual(h.log.slice())
  })
})
