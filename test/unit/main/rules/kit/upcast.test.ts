/** Issue 9 item 3: the upcast steps of logged events (rules/kit/upcast.ts) and the version on new records. */
import { describe, expect, it } from 'vitest'
import { EVENT_VERSION, type EngineCommand, type EventRecord } from '@shared/domain/encounter'
import { upcastCommand, upcastRecord } from '../../../../../src-main/rules/index'
import { applyCommand, createEncounter } from '../../../../../src-main/rules/index'

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

describe('upcast of logged commands', () => {
  it('Saga version 1 named the combatants attacker / target / helper / vehicle (and a full attack’s targets)', () => {
    expect(upcastCommand('saga', { type: 'attack', attacker: 'han', target: 'st', weapon: 0 })).toEqual({ type: 'attack', attackerId: 'han', targetId: 'st', weapon: 0 })
    expect(upcastCommand('saga', { type: 'heal', target: 'han', amount: 3 })).toEqual({ type: 'heal', combatantId: 'han', amount: 3 })
    expect(upcastCommand('saga', { type: 'aidAnother', helper: 'a', target: 'b', mode: 'aid' })).toEqual({ type: 'aidAnother', helperId: 'a', targetId: 'b', mode: 'aid' })
    expect(upcastCommand('saga', { type: 'board', combatantId: 'han', vehicle: null })).toEqual({ type: 'board', combatantId: 'han', vehicleId: null })
    expect(upcastCommand('saga', { type: 'fullAttack', attacker: 'han', attacks: [{ target: 'th', weapon: 1 }] })).toEqual({ type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'th', weapon: 1 }] })
  })

  it('a command already in the new names, and other systems’ commands, stay as they are', () => {
    const now = { type: 'attack', attackerId: 'han', targetId: 'st' }
    expect(upcastCommand('saga', now)).toEqual(now)
    const sc = { type: 'attack', attackerId: 'a', targetId: 't' }
    expect(upcastCommand('starchasers', sc)).toBe(sc)
  })

  it('the old-logs fixture: every logged Saga system command, upcast, passes the current schema', async () => {
    const { readFileSync, readdirSync } = await import('node:fs')
    const { resolve, join } = await import('node:path')
    const { validateCommand } = await import('../../../../../src-main/rules/kit/engine')
    const { sagaSystem } = await import('../../../../../src-main/rules/systems/saga')
    const dir = resolve(import.meta.dirname, '../../../../fixtures/old-logs')
    let n = 0
    for (const f of readdirSync(dir).filter((x) => x.startsWith('saga') || x.startsWith('sample-saga'))) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (!line.includes('"encounter.command"')) continue
        const rec = JSON.parse(line) as { command: EngineCommand }
        // the session also logs service commands (e.g. adding a prepared plan's combatants): only engine ones here
        if (!Object.hasOwn(sagaSystem.commands, rec.command.type)) continue
        const r = validateCommand(sagaSystem, upcastCommand('saga', rec.command))
        expect(r.ok, `${f}: ${JSON.stringify(rec.command)} ${r.ok ? '' : r.error.message}`).toBe(true)
        n++
      }
    }
    expect(n).toBeGreaterThan(20)
  })
})
