import { describe, expect, it } from 'vitest'
import { encounter, ev, run, soldier, st, trooper, tryRun } from './helpers'

const droid = (over: Record<string, unknown> = {}) => ({
  name: 'Battle Droid',
  kind: 'droid',
  abilities: { str: 10, dex: 10, con: null, int: 10, wis: 10, cha: 10 },
  hp: 30,
  weapons: [],
  ...over,
})

describe('Saga damage (001 Damage Threshold, 0 HP, Death; 003 SR, DR, stun, ion; W2–W4)', () => {
  it('W2: SR, then DR, then HP; SR drops by 5 only when the damage exceeds it', () => {
    let log = encounter([{ id: 'd', ...droid({ sr: 10, dr: { value: 5, bypass: [] }, totals: { fortitude: 30 } }) }])
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 20 })
    expect(ev(log, 'saga.damageDealt')).toMatchObject({ raw: 20, srBefore: 10, srAfter: 5, dr: 5, dealt: 5, hpAfter: 25 })
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 5 }) // not more than SR 5: absorbed, SR stays
    expect(ev(log, 'saga.damageDealt')).toMatchObject({ dealt: 0, srAfter: 5, hpAfter: 25, outcome: 'noEffect' })
  })

  it('DR is bypassed by its listed damage types, and lightsabers ignore DR (003)', () => {
    let log = encounter([{ id: 't', ...soldier({ dr: { value: 5, bypass: ['energy'] }, hp: 60, totals: { fortitude: 40 } }) }])
    log = run(log, { type: 'applyDamage', combatantId: 't', amount: 10, damageType: 'energy' })
    expect(st(log, 't').hp).toBe(50)
    log = run(log, { type: 'applyDamage', combatantId: 't', amount: 10, damageType: 'kinetic' })
    expect(st(log, 't').hp).toBe(45)
    log = run(log, { type: 'applyDamage', combatantId: 't', amount: 10, damageType: 'lightsaber' })
    expect(st(log, 't').hp).toBe(35)
  })

  it('damage ≥ DT without dropping to 0 moves −1 step on the condition track (001)', () => {
    let log = encounter([{ id: 'h', ...soldier() }]) // DT 16, 30 HP
    log = run(log, { type: 'applyDamage', combatantId: 'h', amount: 15 })
    expect(st(log, 'h')).toMatchObject({ hp: 15, ct: 0 })
    log = run(log, { type: 'applyDamage', combatantId: 'h', amount: 16 - 2 })
    expect(st(log, 'h')).toMatchObject({ hp: 1, ct: 0 })
    log = run(encounter([{ id: 'h', ...soldier() }]), { type: 'applyDamage', combatantId: 'h', amount: 16 })
    expect(st(log, 'h')).toMatchObject({ hp: 14, ct: 1 })
    expect(ev(log, 'saga.damageDealt').outcome).toBe('threshold')
  })

  it('0 HP: unconscious and −5 steps; dead when the damage ≥ DT; a Force Point avoids death (001)', () => {
    let log = run(encounter([{ id: 'h', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'h', amount: 12 })
    expect(st(log, 'h')).toMatchObject({ hp: 0, ct: 5, status: 'unconscious', prone: true })
    log = run(encounter([{ id: 'h', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'h', amount: 16 })
    expect(st(log, 'h')).toMatchObject({ hp: 0, status: 'dead', deathAvoidable: true })
    log = run(log, { type: 'avoidDeath', combatantId: 'h' })
    expect(st(log, 'h')).toMatchObject({ hp: 0, status: 'unconscious', ct: 5, forcePoints: 4, deathAvoidable: false })
    expect(tryRun(log, { type: 'avoidDeath', combatantId: 'h' })).toMatchObject({ ok: false, error: { code: 'rule' } })
  })

  it('an unconscious creature hit for damage ≥ DT dies (001)', () => {
    let log = run(encounter([{ id: 'h', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'h', amount: 10 })
    expect(st(log, 'h').status).toBe('unconscious')
    log = run(log, { type: 'applyDamage', combatantId: 'h', amount: 16 })
    expect(st(log, 'h').status).toBe('dead')
  })

  it('droids, objects, vehicles: disabled at 0 HP, destroyed when the damage ≥ DT (001)', () => {
    let log = run(encounter([{ id: 'd', ...droid() }]), { type: 'applyDamage', combatantId: 'd', amount: 30 }) // DT 10
    expect(st(log, 'd')).toMatchObject({ hp: 0, status: 'destroyed', ct: 5 })
    log = run(encounter([{ id: 'd', ...droid({ hp: 5 }) }]), { type: 'applyDamage', combatantId: 'd', amount: 8 })
    expect(st(log, 'd')).toMatchObject({ hp: 0, status: 'disabled', ct: 5 })
    log = run(encounter([{ id: 'd', ...droid({ hp: 5, forcePoints: 1 }) }]), { type: 'applyDamage', combatantId: 'd', amount: 12 })
    expect(st(log, 'd').deathAvoidable).toBe(true)
    log = run(log, { type: 'avoidDeath', combatantId: 'd' })
    expect(st(log, 'd').status).toBe('disabled') // 001: a droid spends a Force Point to be disabled instead
  })

  it('stun (003, W3): half to HP rounded down; ≥ DT → −2 steps; 0 HP → unconscious, never dead; droids immune', () => {
    let log = encounter([{ id: 'st', ...trooper() }, { id: 'd', ...droid() }]) // trooper DT 12, 10 HP
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 13, mode: 'stun' })
    expect(st(log, 'st')).toMatchObject({ hp: 4, ct: 2 })
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 30, mode: 'stun' })
    expect(st(log, 'st')).toMatchObject({ hp: 0, ct: 5, status: 'unconscious', stunnedOut: true })
    log = run(log, { type: 'conCheck', combatantId: 'st', dice: [1] })
    expect(st(log, 'st').status).toBe('unconscious') // natural 1 does not kill a stunned creature (003)
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 30, mode: 'stun' })
    expect(st(log, 'd')).toMatchObject({ hp: 30, ct: 0 })
  })

  it('stun attack from a weapon with a stun setting', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 20 }) }])
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', stun: true, dice: [18, 6, 6, 4] }) // 16 + 1 = 17
    expect(ev(log, 'saga.damageDealt')).toMatchObject({ mode: 'stun', dealt: 17, hpLoss: 8, ctAfter: 2 })
  })

  it('ion (003, W3): half damage; droids −2 steps at ≥ DT and disabled at 0 HP; living creatures only lose HP', () => {
    let log = encounter([{ id: 'd', ...droid() }, { id: 'st', ...trooper({ hp: 20 }) }])
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 11, mode: 'ion' })
    expect(st(log, 'd')).toMatchObject({ hp: 25, ct: 2 })
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 60, mode: 'ion' })
    expect(st(log, 'd')).toMatchObject({ hp: 0, status: 'disabled', ct: 5 })
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 30, mode: 'ion' })
    expect(st(log, 'st')).toMatchObject({ hp: 5, ct: 0, status: 'ok' })
  })

  it('autofire (003): one roll at −5 against a 2×2 area; hit full, miss half, Evasion halves or negates; no crit doubling (W1)', () => {
    let log = encounter([
      { id: 'han', ...soldier() },
      { id: 'a', ...trooper({ hp: 40 }) },
      { id: 'b', ...trooper({ hp: 40, defenses: { reflex: { misc: 5 } } }) },
      { id: 'c', ...soldier({ name: 'Jedi', evasion: true, hp: 40 }) },
    ])
    // +3 BAB +3 Dex −5 autofire = +1; d20 20 → hits everyone, but area damage is not doubled
    log = run(log, { type: 'attack', attackerId: 'han', targets: ['a', 'b', 'c'], weapon: 'Heavy Repeater', autofire: true, dice: [16, 8, 8, 8] })
    const a = ev(log, 'saga.attackRolled')
    expect(a.targets.map((t: any) => [t.total, t.reflex, t.hit])).toEqual([
      [17, 17, true],
      [17, 22, false],
      [17, 17, true],
    ])
    expect(ev(log, 'saga.damageRolled').total).toBe(25)
    expect(st(log, 'a').hp).toBe(15) // full
    expect(st(log, 'b').hp).toBe(28) // half of 25
    expect(st(log, 'c').hp).toBe(28) // Evasion: half on a hit
    log = run(log, { type: 'attack', attackerId: 'han', targets: ['a', 'b', 'c'], weapon: 'Heavy Repeater', autofire: true, dice: [20, 1, 1, 1] })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ total: 4, crit: false })
    const single = tryRun(log, { type: 'attack', attackerId: 'han', targets: ['a', 'b'], weapon: 'Blaster Pistol' })
    expect(single).toMatchObject({ ok: false, error: { field: 'targets' } })
  })

  it('W4: HP never below 0; the track clamps to 0..5', () => {
    let log = run(encounter([{ id: 'h', ...soldier() }]), { type: 'applyDamage', combatantId: 'h', amount: 500 })
    expect(st(log, 'h').hp).toBe(0)
    log = run(encounter([{ id: 'h', ...soldier() }]), { type: 'moveConditionTrack', combatantId: 'h', steps: -3 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'h', steps: -5 })
    expect(st(log, 'h').ct).toBe(5)
    // a move past the end changes nothing: refused (issue 27), see rules-as-written.test.ts
    expect(tryRun(log, { type: 'moveConditionTrack', combatantId: 'h', steps: -5 }).ok).toBe(false)
  })

  it('attacking an object (003): Reflex 5 + size, DR from the material table, lightsabers ignore DR', () => {
    const door = { name: 'Door', kind: 'object', objectState: 'immobile', abilities: { str: 10, dex: 0, con: null, int: null, wis: null, cha: null }, hp: 50, dr: { value: 10, bypass: [] } }
    let log = encounter([{ id: 'han', ...soldier({ weapons: [{ name: 'Lightsaber', damage: '2d8', kind: 'melee', damageType: 'lightsaber' }, { name: 'Blaster', damage: '3d6', kind: 'ranged' }] }) }, { id: 'door', ...door }])
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'door', weapon: 'Blaster', dice: [2, 6, 6, 6] })
    expect(ev(log, 'saga.attackRolled').targets[0]).toMatchObject({ reflex: 5, hit: true })
    expect(ev(log, 'saga.damageDealt')).toMatchObject({ raw: 19, dr: 10, dealt: 9, hpAfter: 41 })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'door', weapon: 'Lightsaber', dice: [2, 8, 8] })
    expect(ev(log, 'saga.damageDealt')).toMatchObject({ raw: 19, dr: 0, dealt: 19 })
  })

  it('a held object (W9, 003:153 literal): 10 + size + the wielder’s Reflex without armor', () => {
    const blaster = { name: 'E-11', kind: 'object', size: 'tiny', objectState: 'held', heldBy: 'st', abilities: { str: 10, dex: 0, con: null, int: null, wis: null, cha: null }, hp: 5 }
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }, { id: 'gun', ...blaster }])
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'gun', dice: [10, 1, 1, 1] })
    expect(ev(log, 'saga.attackRolled').targets[0]).toMatchObject({ reflex: 10 + 2 + (17 - 6), flags: ['W9'] })
  })
})

describe('Coup de grace and fighting defensively (003)', () => {
  it('coup de grace: full-round, automatic critical; an unconscious target dies; not against a conscious foe', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    expect(tryRun(log, { type: 'coupDeGrace', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [1, 1] })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.notHelpless' } } })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'st', steps: -5 })
    log = run(log, { type: 'coupDeGrace', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [1, 2] })
    expect(ev(log, 'saga.damageRolled')).toMatchObject({ total: (3 + 1 + 2) * 2, crit: true })
    expect(st(log, 'st')).toMatchObject({ hp: 28, status: 'dead' })
  })

  it('fighting defensively without attacking: +5 dodge to Reflex until the next turn', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'fightDefensively', combatantId: 'han', noAttack: true })
    log = run(log, { type: 'nextTurn' })
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', dice: [10] })
    expect(ev(log, 'saga.attackRolled').targets[0]).toMatchObject({ reflex: 22 })
  })
})
