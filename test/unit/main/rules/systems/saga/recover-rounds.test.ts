/** 001 Removing Conditions: the three swift actions of recover go "in a single round, or spread across consecutive
 * rounds"; 003 the same for restoring shields. A round without one starts the count again. */
import { describe, expect, it } from 'vitest'
import { encounter, run, soldier, st, trooper, type Log } from './helpers'

const untilRound = (log: Log, round: number, actor: string): Log => {
  do log = run(log, { type: 'nextTurn' })
  while (log.state.turn.round < round || log.state.turn.order[log.state.turn.index] !== actor)
  return log
}

describe('recover across rounds (001)', () => {
  const start = () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -2 })
    return run(log, { type: 'startCombat', dice: [15, 2] }) // Han acts first
  }

  it('one swift action at the end of round 1, two at the start of round 2: +1 step', () => {
    let log = run(start(), { type: 'recover', combatantId: 'han' })
    log = untilRound(log, 2, 'han')
    log = run(log, { type: 'recover', combatantId: 'han' })
    log = run(log, { type: 'recover', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ ct: 1, recover: 0 })
  })

  it('a round skipped (round 1, then round 3): the count starts again', () => {
    let log = run(start(), { type: 'recover', combatantId: 'han' })
    log = run(log, { type: 'recover', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ recover: 2, recoverRound: 1 })
    log = untilRound(log, 3, 'han')
    log = run(log, { type: 'recover', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ ct: 2, recover: 1, recoverRound: 3 })
  })
})
