/** Issue 9 item 3: the upcast steps of logged events (rules/core/upcast.ts) and the version on new records. */
import { describe, expect, it } from 'vitest'
import { EVENT_VERSION, type EventRecord } from '@shared/domain/encounter'
import { upcastRecord } from '../../../../../src-main/rules/index'
import { applyCommand, createEncounter } from '../../../../../src-main/rules/core/history'

const rec = (event: EventRecord['event'], v?: number): EventRecord => ({ ...(v !== undefined ? { v } : {}), seq: 5, at: '2026-01-01T00:00:00.000Z', batch: 2, event, status: 'active' })

describe('upcast of logged events', () => {
  it('Starchasers version 1: `patches: {id: patch}` becomes `changes: [{id, patch}]`, in the same order', () => {
    const old = rec({ type: 'starchasers.attackResolved', attackerId: 'a', patches: { a: { actionsUsed: 1 }, t: { hp: 3, focusTokens: 0 } } })
    const up = upcastRecord(old)
    expect(up.v).toBe(EVENT_VERSION)
    expect(up.event).toEqual({ type: 'starchasers.attackResolved', attackerId: 'a', changes: [{ id: 'a', patch: { actionsUsed: 1 } }, { id: 't', patch: { hp: 3, focusTokens: 0 } }] })
    expect(up.seq).toBe(5)
    expect(up.batch).toBe(2)
  })

  it('an event already in the new shape is left as it is, even when its record lost the version', () => {
    const now = rec({ type: 'starchasers.aimed', combatantId: 'a', changes: [{ id: 'a', patch: { aim: true } }] })
    expect(upcastRecord(now).event).toEqual(now.event)
    const current = rec(now.event, EVENT_VERSION)
    expect(upcastRecord(current)).toBe(current)
  })

  it('core and Saga events of version 1 keep their shape (they already used `changes`)', () => {
    const saga = rec({ type: 'saga.turnBudget', combatantId: 'x', changes: [{ id: 'x', patch: { actions: null } }] })
    expect(upcastRecord(saga).event).toEqual(saga.event)
    const core = rec({ type: 'core.roundStarted', round: 2, phase: 'combat', order: ['x'] })
    expect(upcastRecord(core)).toEqual({ ...core, v: EVENT_VERSION })
  })

  it('records written now carry the current version', () => {
    const c = createEncounter({ id: 'e', name: 'E', systemId: 'saga', seed: 's' })
    if (!c.ok) throw new Error(c.error.message)
    expect(c.value.records[0].v).toBe(EVENT_VERSION)
    const a = applyCommand(c.value.records, c.value.state, { type: 'adjustPool', pool: 'threat', delta: 2 }, { now: '2026-01-01T00:00:00.000Z' })
    if (!a.ok) throw new Error(a.error.message)
    expect(a.value.records.at(-1)).toMatchObject({ v: EVENT_VERSION, event: { type: 'core.poolAdjusted', value: 2 } })
  })
})
