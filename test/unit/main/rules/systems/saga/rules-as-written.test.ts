/** Issue 27: where the Saga engine departed from the seeds (001/003), each test names the line it follows. */
import { describe, expect, it } from 'vitest'
import { sagaLogEntry } from '../../../../../../src-main/rules/systems/saga/log'
import type { SagaEvent } from '../../../../../../src-main/rules/systems/saga/events'
import { encounter, ev, run, soldier, st, trooper, tryRun, who, type Log } from './helpers'

const refusal = (log: Log, cmd: Parameters<typeof tryRun>[1]) => {
  const r = tryRun(log, cmd)
  if (r.ok) throw new Error(`${cmd.type} was accepted`)
  return r.error
}

describe('Saga grab and grapple: size and one at a time (003:211, 003:226)', () => {
  it('grab: an opponent at most one size category larger, a bigger one is refused in one plain sentence (003:211)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'big', ...trooper({ name: 'Rancor', size: 'huge', hp: 80 }) }, { id: 'ox', ...trooper({ name: 'Ox', size: 'large', hp: 40 }) }])
    const e = refusal(log, { type: 'grab', attackerId: 'han', targetId: 'big', dice: [20] })
    expect(e).toMatchObject({ code: 'rule', field: 'targetId', details: { reason: 'refusal.saga.grabTooBig', rule: 'rule.saga.grabTooBig' } })
    expect(e.message).toBe('Soldier cannot grab Rancor: only a creature at most one size larger can be grabbed.')
    log = run(log, { type: 'grab', attackerId: 'han', targetId: 'ox', dice: [20] }) // large: one category larger
    expect(who(log, 'ox').conditions.map((c) => c.key)).toEqual(['saga.grabbed'])
  })

  it('grab: only one opponent at a time; the same one again, or another once it is let go, is fine (003:211)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'a', ...trooper({ name: 'A', hp: 40 }) }, { id: 'b', ...trooper({ name: 'B', hp: 40 }) }])
    log = run(log, { type: 'grab', attackerId: 'han', targetId: 'a', dice: [20] })
    const e = refusal(log, { type: 'grab', attackerId: 'han', targetId: 'b', dice: [20] })
    expect(e).toMatchObject({ code: 'rule', details: { reason: 'refusal.saga.grabOneAtATime', rule: 'rule.saga.grabOneAtATime' } })
    expect(e.message).toBe('Soldier is already holding A and can grab only one creature at a time.')
    // a grappler may turn the grab on A into a grapple (the same creature)
    expect(tryRun(log, { type: 'grapple', attackerId: 'han', targetId: 'a', dice: [20, 10, 1] }).ok).toBe(true)
    const cond = who(log, 'a').conditions.find((c) => c.key === 'saga.grabbed')!
    log = run(log, { type: 'removeCondition', combatantId: 'a', conditionId: cond.id })
    expect(tryRun(log, { type: 'grab', attackerId: 'han', targetId: 'b', dice: [20] }).ok).toBe(true)
  })

  it('grapple: the same size limit and one at a time (003:226)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'big', ...trooper({ name: 'Rancor', size: 'gargantuan', hp: 80 }) }, { id: 'a', ...trooper({ name: 'A', hp: 40 }) }, { id: 'b', ...trooper({ name: 'B', hp: 40 }) }])
    expect(refusal(log, { type: 'grapple', attackerId: 'han', targetId: 'big', dice: [20, 10, 1] })).toMatchObject({ message: 'Soldier cannot grapple Rancor: only a creature at most one size larger can be grappled.', details: { reason: 'refusal.saga.grappleTooBig', rule: 'rule.saga.grabTooBig' } })
    log = run(log, { type: 'grapple', attackerId: 'han', targetId: 'a', dice: [20, 15, 1] })
    expect(who(log, 'a').conditions.map((c) => c.key)).toEqual(['saga.grappled'])
    expect(refusal(log, { type: 'grab', attackerId: 'han', targetId: 'b', dice: [20] })).toMatchObject({ details: { reason: 'refusal.saga.grabOneAtATime', rule: 'rule.saga.grabOneAtATime' } })
  })
})

describe('Saga 8 hours of rest and persistent conditions (001:99, 001:108, 001:130, 001:133)', () => {
  /** Han knocked out, fails a Con check (persistent, 001:99), then wakes on the next one. */
  const afterFailedCheck = () => {
    let log = run(encounter([{ id: 'han', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'han', amount: 10 })
    log = run(log, { type: 'conCheck', combatantId: 'han', dice: [8] }) // 9 vs DC 10: fails by 1
    expect(st(log, 'han')).toMatchObject({ status: 'unconscious', persistent: 1 })
    log = run(log, { type: 'conCheck', combatantId: 'han', dice: [15] })
    expect(st(log, 'han')).toMatchObject({ status: 'ok', ct: 4, hp: 3, persistent: 1 })
    return log
  }

  it('eight consecutive hours of rest end the persistent condition of a failed Con check (001:99)', () => {
    let log = afterFailedCheck()
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han').persistent).toBe(0)
    expect(ev(log, 'saga.naturalHealing')).toMatchObject({ endedPersistent: 1, amount: 0 })
  })

  it('that rest heals no HP and moves no step: the condition was persistent while resting (001:108, 001:133)', () => {
    let log = afterFailedCheck()
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ hp: 3, ct: 4 })
    expect(sagaLogEntry(ev(log, 'saga.naturalHealing') as SagaEvent)).toMatchObject({ key: 'log.saga.restEndsPersistent', params: { name: 'Soldier' } })
    // the next rest is a normal one: + character level HP, back to the normal state (001:108, 001:130)
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ hp: 6, ct: 0, persistent: 0 })
  })

  it('a persistent condition such as poison is not ended by rest: the rest is still refused (001:130)', () => {
    let log = run(encounter([{ id: 'han', ...soldier() }]), { type: 'setPersistent', combatantId: 'han', count: 1 })
    expect(refusal(log, { type: 'naturalHealing', combatantId: 'han' })).toMatchObject({ details: { reason: 'refusal.saga.persistent', rule: 'rule.saga.persistent' } })
    // the injury ends with rest, the poison stays
    log = afterFailedCheck()
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: 0, persistent: true })
    expect(st(log, 'han').persistent).toBe(2)
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han').persistent).toBe(1)
    expect(refusal(log, { type: 'naturalHealing', combatantId: 'han' })).toMatchObject({ details: { reason: 'refusal.saga.persistent', rule: 'rule.saga.persistent' } })
  })
})

describe('Saga area attacks against improved cover (003:340)', () => {
  const area = (cover: 'none' | 'improved', d20: number) =>
    run(encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }]), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Heavy Repeater', autofire: true, cover, dice: [d20, 8, 8, 8] })

  it('a creature with improved cover takes no damage from an area attack that misses its Reflex (003:340)', () => {
    const log = area('improved', 3)
    expect(ev(log, 'saga.attackRolled').targets[0].hit).toBe(false)
    expect(st(log, 'st').hp).toBe(40)
    expect(log.events.some((e) => e.type === 'saga.damageDealt')).toBe(false)
  })

  it('without it, a miss still deals half; with it, a hit deals full damage (003:272, 003:340)', () => {
    const miss = area('none', 3)
    expect(st(miss, 'st').hp).toBe(40 - Math.floor(ev(miss, 'saga.damageRolled').total / 2))
    const hit = area('improved', 20)
    expect(ev(hit, 'saga.attackRolled').targets[0].hit).toBe(true)
    expect(st(hit, 'st').hp).toBe(40 - ev(hit, 'saga.damageRolled').total)
  })
})

describe('Saga: a dead or destroyed target cannot be attacked (001:92, 001:105, 003:377)', () => {
  const killed = () => {
    const log = run(encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }, { id: 'b', ...trooper({ name: 'B', hp: 30 }) }]), { type: 'applyDamage', combatantId: 'st', amount: 40 })
    expect(st(log, 'st').status).toBe('dead')
    return log
  }

  it('an attack on a dead target is refused in one plain sentence, as 2d20 refuses one out of the fight (001:105)', () => {
    const log = killed()
    const e = refusal(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [20, 6, 6, 6] })
    expect(e).toMatchObject({ code: 'rule', field: 'targetId', details: { reason: 'refusal.saga.targetDead', rule: 'rule.saga.targetDead' } })
    expect(e.message).toBe('Stormtrooper is already dead and cannot be attacked.')
  })

  it('every way of attacking it is refused the same way: area, full attack, coup de grace, grab, disarm, diceless, aid (003:377)', () => {
    const log = killed()
    const reason = (cmd: Parameters<typeof tryRun>[1]) => (refusal(log, cmd).details as { rule?: string }).rule
    expect(reason({ type: 'attack', attackerId: 'han', targets: ['b', 'st'], weapon: 'Heavy Repeater', autofire: true, dice: [20, 1, 1, 1] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'st' }], dice: [20, 1, 1, 1] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'coupDeGrace', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [6, 6] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'grab', attackerId: 'han', targetId: 'st', dice: [20] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'disarm', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [20] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'allyAttack', attackerId: 'han', targetId: 'st', override: false })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'aidAnother', helperId: 'han', targetId: 'st', mode: 'aid', dice: [20] })).toBe('rule.saga.targetDead')
    expect(reason({ type: 'applyDamage', combatantId: 'st', amount: 5 })).toBe('rule.saga.targetDead')
    // issue 27, defect 9: GM-typed damage has its own sentence
    expect(refusal(log, { type: 'applyDamage', combatantId: 'st', amount: 5 }).message).toBe('Stormtrooper is already dead and takes no more damage.')
  })

  it('a destroyed droid likewise; the unconscious can still be attacked (001:87, 001:100)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'd', name: 'Droid', kind: 'droid', abilities: { str: 10, dex: 10, con: null, int: 10, wis: 10, cha: 10 }, hp: 5, weapons: [] }, { id: 'st', ...trooper({ hp: 10 }) }])
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 30 })
    expect(st(log, 'd').status).toBe('destroyed')
    expect(refusal(log, { type: 'attack', attackerId: 'han', targetId: 'd', dice: [20, 1, 1, 1] }).message).toBe('Droid is already destroyed and cannot be attacked.')
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 10 })
    expect(st(log, 'st').status).toBe('unconscious')
    expect(tryRun(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [20, 1, 1, 1] }).ok).toBe(true)
  })

  it('the GM may still override it, and the Force Point offer of a dead PC survives the override (001:94)', () => {
    let log = run(encounter([{ id: 'han', ...soldier({ hp: 10 }) }, { id: 'st', ...trooper() }]), { type: 'applyDamage', combatantId: 'han', amount: 20 })
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: true })
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', override: true, dice: [20, 8, 8, 8] })
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: true, hp: 0 })
  })
})

describe('Saga: a Force Point to avoid death (001:94, 003:68)', () => {
  const killedPc = (forcePoints = 2) => run(encounter([{ id: 'han', ...soldier({ hp: 10, forcePoints }) }, { id: 'st', ...trooper({ hp: 40 }) }]), { type: 'startCombat', dice: [15, 2] })

  it('an attack ≥ the damage threshold that drops a PC with a Force Point to 0 leaves the choice open, and the log says so (001:94)', () => {
    let log = killedPc()
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 20 })
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: true })
    expect(sagaLogEntry(ev(log, 'saga.damageDealt') as SagaEvent)).toMatchObject({ key: 'log.saga.damage.deadAvoidable', params: { target: 'Soldier' } })
    expect(ev(log, 'saga.damageDealt').forcePoints).toBe(2)
    log = run(log, { type: 'avoidDeath', combatantId: 'han' })
    // 001:94 "remains at 0 hit points, moves −5 steps along the condition track, and falls unconscious"
    expect(st(log, 'han')).toMatchObject({ status: 'unconscious', hp: 0, ct: 5, forcePoints: 1, deathAvoidable: false, prone: true })
  })

  it('without a Force Point there is no choice and the log says plainly the PC is killed (001:92)', () => {
    let log = killedPc(0)
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 20 })
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: false })
    expect(sagaLogEntry(ev(log, 'saga.damageDealt') as SagaEvent)).toMatchObject({ key: 'log.saga.damage.dead' })
    const e = refusal(log, { type: 'avoidDeath', combatantId: 'han' })
    expect(e.message).toBe('Soldier cannot spend a Force Point to avoid death now: only right after an attack that kills, and only with a Force Point left.')
  })

  it('a death from a failed Con check is not one a Force Point avoids: 001:94 is about a killing attack (001:98)', () => {
    let log = run(encounter([{ id: 'han', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'han', amount: 10 })
    expect(st(log, 'han').status).toBe('unconscious')
    log = run(log, { type: 'conCheck', combatantId: 'han', dice: [1] }) // a natural 1: dead (001:98)
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: false, forcePoints: 5 })
    expect(refusal(log, { type: 'avoidDeath', combatantId: 'han' })).toMatchObject({ code: 'rule' })
  })

  it('the Force Point must be spent "immediately": the choice lapses when the turn ends (001:94)', () => {
    let log = killedPc()
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 20 })
    log = run(log, { type: 'nextTurn' })
    expect(st(log, 'han')).toMatchObject({ status: 'dead', deathAvoidable: false })
    expect(refusal(log, { type: 'avoidDeath', combatantId: 'han' })).toMatchObject({ code: 'rule' })
  })
})

describe('Saga: a condition-track move that changes nothing is refused, not logged (issue 27 defect 11)', () => {
  it('moving by 0 steps is refused: no event, nothing to undo', () => {
    const log = encounter([{ id: 'han', ...soldier() }])
    const e = refusal(log, { type: 'moveConditionTrack', combatantId: 'han', steps: 0 })
    expect(e).toMatchObject({ code: 'invalid', field: 'steps' })
    expect(e.message).toBe('Soldier stays where they are on the condition track: choose a number of steps other than 0.')
  })

  it('moving down at the bottom, or up at the normal state, is refused (001 condition track: steps 0..5)', () => {
    let log = encounter([{ id: 'han', ...soldier() }])
    expect(refusal(log, { type: 'moveConditionTrack', combatantId: 'han', steps: 2 }).message).toBe('Soldier is already in the normal state and cannot move up the condition track.')
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -5 })
    const records = log.records.length
    expect(refusal(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -1 }).message).toBe('Soldier is already at the bottom of the condition track.')
    expect(log.records.length).toBe(records)
  })

  it('a move that is partly possible, or that adds a persistent condition, still goes through', () => {
    let log = run(encounter([{ id: 'han', ...soldier() }]), { type: 'moveConditionTrack', combatantId: 'han', steps: -3 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: 5 })
    expect(st(log, 'han').ct).toBe(0)
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: 0, persistent: true })
    expect(st(log, 'han').persistent).toBe(1)
  })
})
