/** 001 Condition track: "When a vehicle is pushed down the condition track, all of the vehicle's occupants suffer
 * the same penalties as the vehicle itself until the vehicle is either disabled or repaired"; cumulative. */
import { describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { logEntries } from '../../../../../../src-main/rules/index'
import { combatantSummary } from '../../../../../../src-main/rules/systems/saga/mechanics/summary'
import { encounter, ev, run, soldier, st, trooper, tryRun, who } from './helpers'

const speeder = { name: 'Speeder Bike', kind: 'vehicle', size: 'large', abilities: { str: 14, dex: 20, con: null, int: null, wis: null, cha: null }, hp: 40, totals: { fortitude: 15 } }

describe('vehicle occupants share the vehicle’s condition track (001)', () => {
  it('speeder at step 2 (−2): Han’s attacks and defenses take −2, on top of his own −1; none once the speeder is disabled or he leaves', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'bike', ...speeder }, { id: 'st', ...trooper() }])
    const before = combatantSummary(log.state, who(log, 'han'))
    expect(before.reflex).toBe(17) // 10 + 3 level + 3 Dex + 1 class
    log = run(log, { type: 'board', combatantId: 'han', vehicleId: 'bike' })
    expect(formatLog(logEntries(log.records).at(-1)!)).toBe('Soldier boards Speeder Bike')
    log = run(log, { type: 'moveConditionTrack', combatantId: 'bike', steps: -2 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -1 })
    const s = combatantSummary(log.state, who(log, 'han'))
    expect(s.reflex).toBe(17 - 1 - 2)
    expect(s.fortitude).toBe(before.fortitude - 3)
    // his attack: d20 10 + BAB 3 + Dex 3 − 1 (own track) − 2 (vehicle) = 13
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [10] })
    const a = ev(log, 'saga.attackRolled').targets[0]
    expect(a.bonusTerms).toEqual(expect.arrayContaining([{ term: 'conditionTrack', value: -1 }, { term: 'vehicleTrack', value: -2 }]))
    expect(a.total).toBe(13)
    // 001: "until the vehicle is disabled": the speeder at the bottom of the track no longer penalizes
    log = run(log, { type: 'moveConditionTrack', combatantId: 'bike', steps: -5 })
    expect(st(log, 'bike').status).toBe('disabled')
    expect(combatantSummary(log.state, who(log, 'han')).reflex).toBe(16)
    log = run(log, { type: 'board', combatantId: 'han', vehicleId: null })
    expect(st(log, 'han').vehicle).toBeNull()
    expect(formatLog(logEntries(log.records).at(-1)!, 'pl')).toBe('Soldier opuszcza pojazd Speeder Bike')
  })

  it('only a vehicle can be boarded; leaving needs a vehicle', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    expect(tryRun(log, { type: 'board', combatantId: 'han', vehicleId: 'st' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'vehicleId' } })
    expect(tryRun(log, { type: 'board', combatantId: 'han', vehicleId: null })).toMatchObject({ ok: false, error: { code: 'rule', field: 'vehicleId' } })
  })
})
