/** 003 "Pełny atak": two weapons / a double weapon (−10, −5 more when not proficient; Dual Weapon Mastery), Double
 * and Triple Attack (−5 each), penalties until the start of the next turn; attacks of opportunity: who threatens. */
import { describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { logEntries } from '../../../../../../src-main/rules/index'
import { encounter, ev, run, soldier, st, tryRun } from './helpers'

/** Reflex 10 (no armor, Dex 10), 30 HP, Fortitude 20 (published) so DT 20 keeps it off the track */
const thug = (over: Record<string, unknown> = {}) => ({ name: 'Thug', kind: 'nonheroic', otherLevels: 1, hp: 30, totals: { fortitude: 20 }, weapons: [{ name: 'Club', damage: '1d6', kind: 'melee' }], ...over })
const attacksOf = (events: Array<Record<string, any>>) => events.filter((e) => e.type === 'saga.attackRolled').map((e) => e.targets[0])

describe('full attack (003)', () => {
  it('two weapons: −10 to every attack; Vibroblade 15 + 5 − 10 = 10 hits Reflex 10, the knife 14 − 5 = 9 misses', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'th', ...thug() }])
    log = run(log, { type: 'startCombat', dice: [15, 2] }) // Han 21, Thug 2
    log = run(log, { type: 'fullAttack', attackerId: 'han', twoWeapons: true, attacks: [{ targetId: 'th', weapon: 'Vibroblade' }, { targetId: 'th', weapon: 'Knife' }], dice: [15, 3, 4, 14] })
    expect(ev(log, 'saga.fullAttack')).toMatchObject({ count: 2, penalty: -10, terms: [{ term: 'twoWeapons', value: -10 }] })
    const [a1, a2] = attacksOf(log.events)
    expect(a1).toMatchObject({ total: 10, reflex: 10, hit: true })
    expect(a1.bonusTerms).toContainEqual({ term: 'extraAttacks', value: -10 })
    expect(a2).toMatchObject({ total: 9, hit: false })
    // 2d6 [3, 4] + ½ level 1 + Str 2 = 10 damage
    expect(st(log, 'th').hp).toBe(20)
    expect(st(log, 'han').actions).toMatchObject({ standard: 0, move: 0, swift: 0 }) // a full-round action
    expect(formatLog(logEntries(log.records).find((e) => e.key === 'log.saga.fullAttack')!)).toBe('Soldier makes a full attack: 2 attacks, -10 to every attack until the next turn')
  })

  it('the penalty lasts until the start of the attacker’s next turn: an attack of opportunity in between takes it too', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'th', ...thug() }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'fullAttack', attackerId: 'han', twoWeapons: true, proficient: false, attacks: [{ targetId: 'th', weapon: 'Vibroblade' }], dice: [2] })
    expect(ev(log, 'saga.fullAttack')).toMatchObject({ penalty: -15 }) // −10, −5 more when not proficient
    log = run(log, { type: 'nextTurn' }) // the thug's turn
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'th', weapon: 'Vibroblade', aoo: true, action: 'free', dice: [2] })
    expect(attacksOf(log.events)[0].bonusTerms).toContainEqual({ term: 'extraAttacks', value: -15 })
    log = run(log, { type: 'nextTurn' }) // Han's turn again: the penalty ends
    expect(log.state.combatants.find((c) => c.id === 'han')!.conditions.some((k) => k.key === 'saga.extraAttacks')).toBe(false)
  })

  it('Double Attack −5 (one extra attack), Triple Attack −5 more; both feats required; Dual Weapon Mastery I: two weapons at −5', () => {
    let log = encounter([{ id: 'han', ...soldier({ doubleAttack: true, tripleAttack: true, dualWeaponMastery: 1 }) }, { id: 'th', ...thug() }, { id: 'plain', ...soldier({ name: 'Recruit' }) }])
    expect(tryRun(log, { type: 'fullAttack', attackerId: 'plain', doubleAttack: true, attacks: [{ targetId: 'th' }, { targetId: 'th' }] })).toMatchObject({ ok: false, error: { field: 'doubleAttack', details: { reason: 'rule.saga.noFeat' } } })
    expect(tryRun(log, { type: 'fullAttack', attackerId: 'han', tripleAttack: true, attacks: [{ targetId: 'th' }] })).toMatchObject({ ok: false, error: { field: 'tripleAttack', details: { reason: 'rule.saga.noFeat' } } })
    expect(tryRun(log, { type: 'fullAttack', attackerId: 'han', doubleAttack: true, attacks: [{ targetId: 'th' }, { targetId: 'th' }, { targetId: 'th' }] })).toMatchObject({ ok: false, error: { field: 'attacks', details: { reason: 'rule.saga.tooManyAttacks' } } })
    expect(tryRun(log, { type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'th', weapon: 'Lightsaber' }] })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'attacks.0.weapon' } })
    log = run(log, { type: 'fullAttack', attackerId: 'han', doubleAttack: true, tripleAttack: true, attacks: [{ targetId: 'th', weapon: 1 }, { targetId: 'th', weapon: 1 }, { targetId: 'th', weapon: 1 }], dice: [1, 1, 1] })
    expect(ev(log, 'saga.fullAttack')).toMatchObject({ count: 3, penalty: -10 })
    log = run(log, { type: 'fullAttack', attackerId: 'han', twoWeapons: true, doubleAttack: true, attacks: [{ targetId: 'th', weapon: 1 }, { targetId: 'th', weapon: 2 }, { targetId: 'th', weapon: 1 }], dice: [1, 1, 1] })
    expect(ev(log, 'saga.fullAttack')).toMatchObject({ count: 3, penalty: -10, terms: [{ term: 'twoWeapons', value: -5 }, { term: 'doubleAttack', value: -5 }] })
  })
})

describe('attacks of opportunity: who threatens (003)', () => {
  it('moving away from an armed trooper, an unarmed thug, and a martial artist: only the armed and the martial artist are offered the AoO; a withdraw provokes none', () => {
    let log = encounter([
      { id: 'han', ...soldier() },
      { id: 'th', ...thug() },
      { id: 'fist', ...thug({ name: 'Brawler', weapons: [] }) },
      { id: 'monk', ...thug({ name: 'Teras Kasi Master', weapons: [], martialArts: true }) },
      { id: 'gren', ...thug({ name: 'Grenadier', weapons: [{ name: 'Frag Grenade', damage: '4d6', kind: 'ranged', area: true }] }) },
    ])
    log = run(log, { type: 'move', combatantId: 'han', provokesFrom: ['th', 'fist', 'monk', 'gren'] })
    expect(ev(log, 'saga.moved')).toMatchObject({ aooOffered: ['th', 'monk'], notThreatening: ['fist', 'gren'] })
    expect(formatLog(logEntries(log.records).at(-1)!)).toBe('Soldier moves and provokes attacks of opportunity from Thug, Teras Kasi Master')
    log = run(log, { type: 'move', combatantId: 'han', provokesFrom: ['th'], withdraw: true })
    expect(ev(log, 'saga.moved')).toMatchObject({ aooOffered: [], withdraw: true })
  })
})
