/** 003 "Wycelowanie" (aim): two swift actions in the same round; the next ranged attack ignores all cover bonuses to
 * the target's Reflex; Careful Shot +1 after aiming; lost at the end of the turn. */
import { describe, expect, it } from 'vitest'
import { sagaOdds } from '../../../../../../src-main/rules/systems/saga/odds'
import { encounter, ev, run, soldier, st, trooper, tryRun } from './helpers'

describe('aim (003)', () => {
  const fight = (over: Record<string, unknown> = {}) => run(encounter([{ id: 'han', ...soldier(over) }, { id: 'st', ...trooper({ hp: 30 }) }]), { type: 'startCombat', dice: [15, 2] })

  it('two swift actions; 11 + 6 = 17 hits the trooper behind cover (Reflex 17, not 22); the aim is used up', () => {
    let log = fight()
    const oddsNoAim = sagaOdds(log.state, { type: 'attack', attackerId: 'han', targetId: 'st', cover: 'cover' })
    log = run(log, { type: 'aim', combatantId: 'han' })
    expect(st(log, 'han').actions).toMatchObject({ swift: 0, move: 0, standard: 1 }) // 001: a swift action may replace a move action
    const oddsAim = sagaOdds(log.state, { type: 'attack', attackerId: 'han', targetId: 'st', cover: 'cover' })
    if (!oddsNoAim.ok || !oddsAim.ok) throw new Error('odds')
    expect(oddsAim.value.extra.reflex).toBe(17)
    expect(oddsNoAim.value.extra.reflex).toBe(22)
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', cover: 'cover', dice: [11, 1, 1, 1] })
    expect(ev(log, 'saga.attackRolled').targets[0]).toMatchObject({ total: 17, reflex: 17, hit: true })
    expect(log.state.combatants.find((c) => c.id === 'han')!.conditions.some((k) => k.key === 'saga.aiming')).toBe(false)
  })

  it('Careful Shot: +1 after aiming; no third swift action is left for a second aim', () => {
    let log = fight({ carefulShot: true })
    log = run(log, { type: 'aim', combatantId: 'han' })
    expect(tryRun(log, { type: 'aim', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.noAction' } } })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [10, 1, 1, 1] })
    expect(ev(log, 'saga.attackRolled').targets[0].bonusTerms).toContainEqual({ term: 'carefulShot', value: 1 })
  })

  it('the aim is lost at the end of the turn', () => {
    let log = fight()
    log = run(log, { type: 'aim', combatantId: 'han' })
    log = run(log, { type: 'nextTurn' })
    expect(log.state.combatants.find((c) => c.id === 'han')!.conditions).toEqual([])
  })
})
