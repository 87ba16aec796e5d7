import { describe, expect, it } from 'vitest'
import { decide, initialState, noRng, now, run } from './engine'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { storytellerSystem } from '../../../../../../src-main/rules/systems/storyteller'
import { bob, kaelVorn, stormtrooper } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import type { StState } from '../../../../../../src-main/rules/systems/storyteller/mechanics/state'
import { log as en } from '../../../../../../src-main/rules/systems/storyteller/i18n/en'
import { log as pl } from '../../../../../../src-main/rules/systems/storyteller/i18n/pl'

const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as StState
const tickOf = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.initiative.value
const actor = (s: EncounterState) => s.turn.order[s.turn.index]

function setup(): EncounterState {
  let s = initialState({ id: 'e1', name: 'Docking bay', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'trooper' }).state
  return s
}

/** Join Battle: Kael (Wits 3 + Awareness 2) rolls 7 8 9 10 2 = 4, the trooper (2 + 2) rolls 7 1 2 3 = 1. */
function fight(): EncounterState {
  return run(setup(), { type: 'startCombat' }, fixedRng([7, 8, 9, 10, 2, 7, 1, 2, 3])).state
}

describe('Storyteller through the engine', () => {
  it('createCombatant validates and names the bad field', () => {
    const r = storytellerSystem.createCombatant({ ...kaelVorn, dv: { dodge: 'x', parry: 1, mental: 1 } })
    expect(!r.ok && r.error.field).toBe('dv.dodge')
    const ok = storytellerSystem.createCombatant(kaelVorn)
    expect(ok.ok && ok.value.state).toEqual({ wounds: { bashing: 0, lethal: 0, aggravated: 0, dead: false }, care: null, joinBattle: null })
  })

  it('004 + T3: Join Battle puts the winner on tick 0 and the trooper 3 ticks later; the wheel starts with Kael', () => {
    const r = run(setup(), { type: 'startCombat' }, fixedRng([7, 8, 9, 10, 2, 7, 1, 2, 3]))
    const s = r.state
    expect([tickOf(s, 'kael'), tickOf(s, 'trooper')]).toEqual([0, 3])
    expect(actor(s)).toBe('kael')
    expect(s.turn.tick).toBe(0)
    expect(r.events.find((e) => e.type === 'storyteller.battleJoined')).toMatchObject({ highest: 4, cap: 5 })
    expect(s.system.storyteller).toEqual({ highest: 4 })
  })

  it('a better roll before the fight moves those who joined earlier (the gaps always count from the best roll)', () => {
    let s = setup()
    s = run(s, { type: 'rollInitiative', combatantIds: ['trooper'] }, fixedRng([7, 1, 2, 3])).state
    expect(tickOf(s, 'trooper')).toBe(0)
    s = run(s, { type: 'rollInitiative', combatantIds: ['kael'] }, fixedRng([7, 8, 9, 10, 2])).state
    expect([tickOf(s, 'kael'), tickOf(s, 'trooper')]).toEqual([0, 3])
  })

  it('004: Kael shoots the trooper (net 2, 3 lethal) and moves his blaster\'s Speed 5 forward; then the trooper acts on tick 3', () => {
    let s = fight()
    const r = run(s, { type: 'attack', attackerId: 'kael', targetId: 'trooper', dice: [7, 8, 2, 3, 10, 1, 5, 6, 7, 7, 8, 9, 10, 10, 1, 2, 3] })
    s = r.state
    const attacked = r.events.find((e) => e.type === 'storyteller.attacked')!
    expect(attacked).toMatchObject({ net: 2, hit: true, dv: 2, defense: 'dodge', damage: { successes: 6, soak: 1, armor: 2, dealt: 3 } })
    expect(st(s, 'trooper').wounds).toMatchObject({ lethal: 3 })
    expect(r.events.find((e) => e.type === 'storyteller.moved')).toMatchObject({ speed: 5, from: 0, to: 5 })
    expect(tickOf(s, 'kael')).toBe(5)
    s = run(s, { type: 'nextTurn' }).state
    expect(actor(s)).toBe('trooper')
    expect(s.turn.tick).toBe(3)
  })

  it('T5: the wounded trooper rolls 1 die fewer (−1); net 0 hits Kael but the damage is soaked', () => {
    let s = fight()
    s = run(s, { type: 'attack', attackerId: 'kael', targetId: 'trooper', dice: [7, 8, 2, 3, 10, 1, 5, 6, 7, 7, 8, 9, 10, 10, 1, 2, 3] }).state
    s = run(s, { type: 'nextTurn' }).state
    // accuracy: Dex 3 + Marksmanship 2 + 2 − 1 = 6 dice: 4 successes vs Dodge DV 4 → net 0, a hit (004)
    // damage: Wits 2 + 4 + 0 = 6 dice: 2 successes − (soak 1 + armor 1) = 0
    const r = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'kael', dice: [7, 8, 9, 10, 1, 2, 7, 8, 1, 1, 1, 1] })
    expect(r.events.find((e) => e.type === 'storyteller.attacked')).toMatchObject({ accuracy: { dice: 6 }, net: 0, hit: true, damage: { dice: 6, dealt: 0 } })
    expect(st(r.state, 'kael').wounds).toMatchObject({ lethal: 0 })
    expect(tickOf(r.state, 'trooper')).toBe(8)
  })

  it('acting out of turn is refused (overridable, and the override is logged)', () => {
    const s = fight()
    const r = decide(s, { type: 'attack', attackerId: 'trooper', targetId: 'kael', dice: [1, 1, 1, 1, 1, 1, 1] }, { rng: noRng, now })
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'attackerId' })
    const o = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'kael', override: true, dice: [2, 2, 2, 2, 2, 2, 2] })
    expect(o.events[0]).toMatchObject({ type: 'core.ruleOverridden', reason: 'rule.storyteller.notYourTick' })
  })

  it('T3: a late joiner acts at the current tick + min(highest − roll, cap)', () => {
    let s = fight()
    s = run(s, { type: 'attack', attackerId: 'kael', targetId: 'trooper', dice: [2, 2, 2, 2, 2, 2, 2, 2] }).state // a miss
    s = run(s, { type: 'nextTurn' }).state // the trooper, tick 3
    // Bob: Wits 2 + Awareness 1 = 3 dice: 7 2 3 = 1 success → tick 3 + min(4 − 1, 5) = 6
    const r = run(s, { type: 'addCombatant', statBlock: bob, id: 'bob' }, fixedRng([7, 2, 3]))
    expect(r.events.find((e) => e.type === 'storyteller.joinedBattle')).toMatchObject({ late: true, tick: 6 })
    expect(tickOf(r.state, 'bob')).toBe(6)
  })

  it('other actions and waiting move on the wheel; waiting must go forward', () => {
    let s = fight()
    s = run(s, { type: 'act', combatantId: 'kael', what: 'takes cover' }).state
    expect(tickOf(s, 'kael')).toBe(5) // the settings' action Speed
    s = run(s, { type: 'nextTurn' }).state
    s = run(s, { type: 'wait', combatantId: 'trooper', tick: 7 }).state
    expect(tickOf(s, 'trooper')).toBe(7)
    expect(decide(s, { type: 'wait', combatantId: 'trooper', tick: 2 }, { rng: noRng, now }).ok).toBe(false)
  })

  it('T7: a social roll through the engine moves the actor its Speed in a fight', () => {
    const r = run(fight(), { type: 'social', actorId: 'kael', targetId: 'trooper', roll: 'presence', aim: 'fear', dice: [7, 8, 9, 1, 2] })
    expect(r.events.find((e) => e.type === 'storyteller.socialRolled')).toMatchObject({ net: 1, success: true, degree: 'moderate', dv: 2 })
    expect(tickOf(r.state, 'kael')).toBe(5)
  })

  it('damage by hand incapacitates, then kills; the player view shows descriptors for foes', () => {
    let s = fight()
    const r = run(s, { type: 'damage', combatantId: 'trooper', amount: 7, damageType: 'lethal' })
    expect(r.events.map((e) => e.type)).toEqual(['storyteller.damaged', 'storyteller.incapacitated'])
    s = r.state
    const trooper = s.combatants.find((c) => c.id === 'trooper')!
    expect(storytellerSystem.playerView(s, trooper).health).toEqual({ kind: 'descriptor', key: 'health.storyteller.incapacitated' })
    const kael = s.combatants.find((c) => c.id === 'kael')!
    expect(storytellerSystem.playerView(s, kael).health).toEqual({ kind: 'exact', current: 7, max: 7 })
    expect(run(s, { type: 'damage', combatantId: 'trooper', amount: 1, damageType: 'lethal' }).events.map((e) => e.type)).toEqual(['storyteller.damaged', 'storyteller.died'])
  })

  it('exact odds of an attack command: hit chance and damage distribution sum to 1', () => {
    const o = storytellerSystem.odds!(fight(), { type: 'attack', attackerId: 'kael', targetId: 'trooper' })
    expect(o.ok).toBe(true)
    if (!o.ok) return
    expect(o.value.hit).toBeGreaterThan(0.9)
    expect(o.value.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12)
    expect(o.value.extra.expectedDamage).toBeGreaterThan(0)
  })

  it('every event of a played fight has a log entry whose key is in the en and pl catalogs', () => {
    let s = fight()
    const events: EngineEvent[] = []
    const push = (r: { state: EncounterState; events: EngineEvent[] }) => { s = r.state; events.push(...r.events) }
    push(run(s, { type: 'attack', attackerId: 'kael', targetId: 'trooper', dice: [7, 8, 2, 3, 10, 1, 5, 6, 7, 7, 8, 9, 10, 10, 1, 2, 3] }))
    push(run(s, { type: 'nextTurn' }))
    push(run(s, { type: 'social', actorId: 'trooper', targetId: 'kael', roll: 'persuasion', dice: [2, 2] }))
    push(run(s, { type: 'damage', combatantId: 'trooper', amount: 9, damageType: 'bashing' }))
    push(run(s, { type: 'heal', combatantId: 'trooper', amount: 1, damageType: 'bashing' }))
    push(run(s, { type: 'rest', combatantId: 'trooper', increment: 'day' }))
    push(run(s, { type: 'treat', patientId: 'trooper', medicDice: 2, medicName: 'droid', increment: 'day', dice: [2, 2] }))
    const sys = events.filter((e) => e.type.startsWith('storyteller.'))
    expect(sys.length).toBeGreaterThan(6)
    for (const e of sys) {
      const entry = storytellerSystem.logEntry(e)
      expect(entry, e.type).not.toBeNull()
      expect(en[entry!.key], entry!.key).toBeDefined()
      expect(pl[entry!.key], entry!.key).toBeDefined()
    }
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort())
  })
})

describe('004 recovery through the engine', () => {
  const bobHurt = () => {
    let s = initialState({ id: 'e2', name: 'Bar fight', systemId: 'storyteller', seed: '2' })
    s = run(s, { type: 'addCombatant', statBlock: bob, id: 'bob' }).state
    s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
    return run(s, { type: 'damage', combatantId: 'bob', amount: 3, damageType: 'bashing' }).state
  }
  it("004: Bob's 3 bashing, a droid worth 6 dice rolls 3 successes at difficulty 2: healed in an hour", () => {
    const r = run(bobHurt(), { type: 'treat', patientId: 'bob', medicDice: 6, medicName: 'medical droid', increment: 'hour', difficulty: 2, dice: [8, 9, 10, 3, 4, 5] })
    expect(r.events[0]).toMatchObject({ type: 'storyteller.treated', tended: true, net: 1, amount: 3 })
    expect(st(r.state, 'bob').wounds.bashing).toBe(0)
  })
  it('004: untended, one day later 1 bashing is left', () => {
    expect(st(run(bobHurt(), { type: 'rest', combatantId: 'bob', increment: 'day' }).state, 'bob').wounds.bashing).toBe(1)
  })
  it('T6: after a failed hour the same droid must wait; a different medic (Kael) need not; after an untended hour the droid may roll', () => {
    let s = run(bobHurt(), { type: 'treat', patientId: 'bob', medicDice: 6, medicName: 'medical droid', increment: 'hour', difficulty: 2, dice: [8, 1, 2, 3, 4, 5] }).state
    expect(st(s, 'bob').care).toEqual({ kind: 'care', increment: 'hour', medicId: 'medical droid', tended: false })
    const again = decide(s, { type: 'treat', patientId: 'bob', medicDice: 6, medicName: 'medical droid', increment: 'hour', difficulty: 2, dice: [8, 8, 8, 8, 8, 8] }, { rng: noRng, now })
    expect(!again.ok && again.error).toMatchObject({ code: 'rule', field: 'medicId' })
    // Kael: Intelligence 2 + Medicine 0 = 2 dice
    expect(run(s, { type: 'treat', patientId: 'bob', medicId: 'kael', increment: 'hour', difficulty: 2, dice: [8, 9] }).events[0]).toMatchObject({ tended: true, amount: 2 })
    s = run(s, { type: 'rest', combatantId: 'bob', increment: 'hour' }).state
    expect(run(s, { type: 'treat', patientId: 'bob', medicDice: 6, medicName: 'medical droid', increment: 'hour', difficulty: 2, dice: [8, 9, 10, 1, 1, 1] }).events[0]).toMatchObject({ tended: true })
  })
  it('T5: without a difficulty the track gives it (|−1| for 3 boxes)', () => {
    expect(run(bobHurt(), { type: 'treat', patientId: 'bob', medicDice: 1, medicName: 'droid', increment: 'hour', dice: [7] }).events[0]).toMatchObject({ difficulty: 1, net: 0, tended: true })
  })
  it('treat needs exactly one of medicId and medicDice', () => {
    const r = decide(bobHurt(), { type: 'treat', patientId: 'bob', increment: 'hour' }, { rng: noRng, now })
    expect(!r.ok && r.error.field).toBe('medicId')
  })
})

describe('settings (state.system.settings) change the T defaults', () => {
  it('T3 cap 6 and T1 10s double: a 10 on Join Battle counts twice, the gap is capped at 6', () => {
    let s = setup()
    s = { ...s, system: { ...s.system, settings: { joinBattleCap: 6, tensDouble: true } } }
    // Kael: 10 10 10 10 2 = 8 successes; the trooper: 1 2 3 4 is a botch → starts on the cap, 6
    s = run(s, { type: 'startCombat' }, fixedRng([10, 10, 10, 10, 2, 1, 2, 3, 4])).state
    expect([tickOf(s, 'kael'), tickOf(s, 'trooper')]).toEqual([0, 6])
    expect(s.system.storyteller).toEqual({ highest: 8 })
  })
})

describe('odds of a social command', () => {
  it('T7: the system reports the chance of any effect as `hit` and each degree in `extra`', () => {
    const o = storytellerSystem.odds!(fight(), { type: 'social', actorId: 'kael', targetId: 'trooper', roll: 'presence' })
    expect(o.ok && o.value.hit).toBeCloseTo(0.66304, 10)
    expect(o.ok && o.value.extra.slight).toBeCloseTo(0.3456, 10)
  })
  it('T7 (issue 12, odds panel): a social roll is labelled by what it is: chance of an effect, a total effect, net successes over the Mental DV; never a "critical hit"', () => {
    const o = storytellerSystem.odds!(fight(), { type: 'social', actorId: 'kael', targetId: 'trooper', roll: 'presence' })
    if (!o.ok) throw new Error(o.error.message)
    expect(o.value.labels).toEqual({ hit: 'storyteller.odds.socialEffect', crit: 'storyteller.odds.socialTotal', expected: 'storyteller.odds.expectedNet', dist: 'storyteller.odds.netDist' })
    // the "crit" figure is the total effect (T7 degree `total`), the distribution is of net successes (raw − Mental DV)
    expect(o.value.crit).toBeCloseTo(o.value.extra.total, 12)
    expect(o.value.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12)
    expect(o.value.damage.filter((d) => d.value >= 0).reduce((s, d) => s + d.p, 0)).toBeGreaterThanOrEqual(o.value.hit - 1e-12)
    for (const k of Object.values(o.value.labels ?? {})) {
      expect(en[k as keyof typeof en] ?? storytellerSystem.catalogs.ui.en[k as string]).toBeTruthy()
      expect(storytellerSystem.catalogs.ui.pl[k as string]).toBeTruthy()
    }
  })
  it('004 has no critical hits: an attack\'s odds hide the "critical" figure (labels.crit null)', () => {
    const o = storytellerSystem.odds!(fight(), { type: 'attack', attackerId: 'kael', targetId: 'trooper' })
    expect(o.ok && o.value.labels?.crit).toBeNull()
  })
})
