import { describe, expect, it } from 'vitest'
import { encounter, ev, run, soldier, st, trooper, tryRun, who } from './helpers'

const terms = (e: Record<string, any>, i = 0) => Object.fromEntries((e.targets[i].bonusTerms as Array<{ term: string; value: number }>).map((t) => [t.term, t.value]))
const reflexTerms = (e: Record<string, any>, i = 0) => Object.fromEntries((e.targets[i].reflexTerms as Array<{ term: string; value: number }>).map((t) => [t.term, t.value]))

describe('Saga attack (001 Attack Roll, Damage; 003 situational modifiers)', () => {
  const base = () => encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])

  it('ranged: d20 + BAB + Dex + range penalty vs Reflex; damage = dice + ½ heroic level', () => {
    // 3 BAB + 3 Dex − 2 short range = +4; d20 13 → 17 vs Reflex 17: hit; 3d6 [2,3,4] + 1 = 10
    const log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Blaster Pistol', distance: 10, dice: [13, 2, 3, 4] })
    const a = ev(log, 'saga.attackRolled')
    expect(a.targets[0]).toMatchObject({ total: 17, reflex: 17, hit: true })
    expect(terms(a)).toEqual({ bab: 3, dex: 3, 'range.short': -2 })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ rolled: 9, bonus: 1, total: 10 })
    expect(st(log, 'st').hp).toBe(30)
  })

  it('a miss deals no damage; range bands 0/−2/−5/−10', () => {
    const log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Blaster Pistol', range: 'long', dice: [19] })
    const a = ev(log, 'saga.attackRolled')
    expect(terms(a)['range.long']).toBe(-10)
    expect(a.targets[0].hit).toBe(false)
    expect(log.events.some((e) => e.type === 'saga.damageDealt')).toBe(false)
  })

  it('natural 20 always hits and crits: total damage doubled before mitigation (W1); natural 1 always misses', () => {
    let log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', cover: 'improved', range: 'long', dice: [20, 1, 1, 1] })
    expect(ev(log, 'saga.attackRolled')).toMatchObject({ crit: true, natural20: true })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ total: 8, crit: true }) // (3 + 1) × 2
    expect(st(log, 'st').hp).toBe(32)
    log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', misc: 40, dice: [1] })
    expect(ev(log, 'saga.attackRolled').targets[0].hit).toBe(false)
  })

  it('melee: Str to hit and damage, double Str two-handed but not with a light weapon (001)', () => {
    let log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', twoHanded: true, dice: [15, 3, 3] })
    expect(terms(ev(log, 'saga.attackRolled'))).toEqual({ bab: 3, str: 2 })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ rolled: 6, bonus: 1 + 4, total: 11 })
    log = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Knife', twoHanded: true, dice: [15, 2] })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ bonus: 1 + 2, total: 5 })
  })

  it('a hit deals at least 1 damage (001)', () => {
    const weak = soldier({ heroicLevel: 0, abilities: { str: 4, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } })
    const log = run(encounter([{ id: 'w', ...weak }, { id: 'st', ...trooper() }]), { type: 'attack', attackerId: 'w', targetId: 'st', weapon: 'Knife', misc: 20, dice: [10, 1] })
    expect(ev(log, 'saga.damageRolled').total).toBe(1) // 1d4 [1] − 3 Str → minimum 1
  })

  it('situational modifiers from the seeds: flanking +2, charge +2, concealment −2, cover +5, prone, helpless', () => {
    let log = base()
    log = run(log, { type: 'setProne', combatantId: 'st', prone: true })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', flanking: true, charge: true, concealment: 'concealment', cover: 'cover', dice: [2] })
    const a = ev(log, 'saga.attackRolled')
    expect(terms(a)).toEqual({ bab: 3, str: 2, flanking: 2, charge: 2, proneTarget: 5, concealment: -2 })
    expect(reflexTerms(a).cover).toBe(5)
    // charge: −2 Reflex until the start of the attacker's next turn (003)
    expect(who(log, 'han').conditions.map((c) => [c.key, c.value])).toEqual([['saga.charging', -2]])
    // ranged against a prone target: −5; total concealment −5; shooting into melee −5; fighting defensively −5
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Blaster Pistol', concealment: 'total', shootingIntoMelee: true, fightingDefensively: true, dice: [2] })
    expect(terms(ev(log, 'saga.attackRolled'))).toEqual({ bab: 3, dex: 3, proneTarget: -5, totalConcealment: -5, shootingIntoMelee: -5, fightingDefensively: -5 })
    expect(who(log, 'han').conditions.find((c) => c.key === 'saga.fightingDefensively')!.value).toBe(2)
  })

  it('prone attacker −5 in melee; a helpless target gives +5 in melee and Reflex with Dex 0 (003)', () => {
    let log = base()
    log = run(log, { type: 'setProne', combatantId: 'han', prone: true })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'st', steps: -5 })
    expect(st(log, 'st').status).toBe('unconscious')
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [2, 1, 1] })
    const a = ev(log, 'saga.attackRolled')
    expect(terms(a)).toMatchObject({ proneAttacker: -5, helplessTarget: 5 })
    expect(reflexTerms(a).helpless).toBe(-5 - 1) // trooper Dex +1 becomes −5
    expect(a.targets[0].reflex).toBe(17 - 6)
  })

  it('condition-track penalties apply to attacks and to Reflex (001 table)', () => {
    let log = base()
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -2 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'st', steps: -3 })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [10] })
    const a = ev(log, 'saga.attackRolled')
    expect(terms(a).conditionTrack).toBe(-2)
    expect(reflexTerms(a).conditionTrack).toBe(-5)
  })

  it('aid another (+2 to the next ally’s attack on that foe) and suppress (−2 to the foe’s next attack), 003', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'chewie', ...soldier({ name: 'Chewie' }) }, { id: 'st', ...trooper({ hp: 40 }) }], [{ side: 'party' }, { side: 'party' }])
    log = run(log, { type: 'aidAnother', helperId: 'chewie', targetId: 'st', mode: 'aid', dice: [5] }) // 5 + 3 + 3 = 11 ≥ 10
    log = run(log, { type: 'aidAnother', helperId: 'chewie', targetId: 'st', mode: 'suppress', dice: [5] })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [2] })
    expect(terms(ev(log, 'saga.attackRolled')).aid).toBe(2)
    expect(who(log, 'st').conditions.map((c) => c.key)).toEqual(['saga.suppressed'])
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', dice: [2] })
    expect(terms(ev(log, 'saga.attackRolled')).suppressed).toBe(-2)
    expect(who(log, 'st').conditions).toEqual([])
  })

  it('total cover: no attack (refused, GM may override); out of range refused, naming the field', () => {
    const r = tryRun(base(), { type: 'attack', attackerId: 'han', targetId: 'st', cover: 'total', dice: [20, 1, 1, 1] })
    expect(r).toMatchObject({ ok: false, error: { code: 'rule', field: 'cover' } })
    const far = tryRun(base(), { type: 'attack', attackerId: 'han', targetId: 'st', distance: 49, dice: [20, 1, 1, 1] })
    expect(far).toMatchObject({ ok: false, error: { code: 'rule', field: 'distance' } })
    const over = run(base(), { type: 'attack', attackerId: 'han', targetId: 'st', distance: 49, override: true, dice: [20, 1, 1, 1] })
    expect(over.events[0]).toMatchObject({ type: 'core.ruleOverridden', reason: 'rule.saga.outOfRange' })
    expect(tryRun(base(), { type: 'attack', attackerId: 'nobody', targetId: 'st' })).toMatchObject({ ok: false, error: { code: 'not-found', field: 'attackerId' } })
    expect(tryRun(base(), { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Lightsaber' })).toMatchObject({ ok: false, error: { field: 'weapon' } })
  })

  it('stun setting: the blaster stun reaches 6 squares (003)', () => {
    expect(tryRun(base(), { type: 'attack', attackerId: 'han', targetId: 'st', stun: true, distance: 7, dice: [15, 1, 1, 1] })).toMatchObject({ ok: false, error: { field: 'distance' } })
  })
})
