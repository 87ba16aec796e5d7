import { describe, expect, it } from 'vitest'
import { freshActions, spendAction } from '../../../../../../src-main/rules/systems/saga/mechanics/decide'
import { encounter, ev, run, soldier, st, trooper, tryRun, who } from './helpers'

describe('Saga turn and action economy (001 Actions in Combat, Surprise, Flat-Footed)', () => {
  it('standard, move, swift; move or swift in place of standard; swift in place of move; full-round uses all', () => {
    let a = freshActions(false)
    a = spendAction(a, 'move')!
    a = spendAction(a, 'move')! // second move replaces the standard
    expect(a).toMatchObject({ standard: 0, move: 0, swift: 1 })
    expect(spendAction(a, 'standard')).toBeNull()
    a = spendAction(a, 'swift')!
    expect(spendAction(a, 'swift')).toBeNull()
    let b = freshActions(false)
    b = spendAction(spendAction(spendAction(b, 'swift')!, 'swift')!, 'swift')! // three swift actions
    expect(b).toMatchObject({ standard: 0, move: 0, swift: 0 })
    expect(spendAction(freshActions(false), 'fullRound')).toMatchObject({ standard: 0, move: 0, swift: 0 })
    expect(spendAction(spendAction(freshActions(false), 'swift')!, 'fullRound')).toBeNull()
    // surprise round: one standard, move or swift action, no full-round action
    expect(spendAction(freshActions(true), 'fullRound')).toBeNull()
    expect(spendAction(spendAction(freshActions(true), 'swift')!, 'swift')).toBeNull()
  })

  it('surprise round: the unaware are flat-footed (no Dex to Reflex) until their first turn; one action each', () => {
    let log = encounter([{ id: 'han', ...soldier(), aware: false }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'startCombat', dice: [10, 12] })
    expect(log.state.turn).toMatchObject({ phase: 'surprise', order: ['st'] })
    expect(who(log, 'han').conditions.map((c) => c.key)).toEqual(['saga.flatFooted'])
    expect(who(log, 'st').conditions).toEqual([]) // its own turn started: it acts, so no longer flat-footed
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', dice: [12, 1, 1, 1] })
    const a = ev(log, 'saga.attackRolled')
    expect(a.targets[0].reflex).toBe(17 - 3)
    expect(a.targets[0].reflexTerms).toContainEqual({ term: 'flatFooted', value: -3 })
    const second = tryRun(log, { type: 'useAction', combatantId: 'st', action: 'swift' })
    expect(second).toMatchObject({ ok: false, error: { code: 'rule', details: { reason: 'rule.saga.noAction' } } })
    log = run(log, { type: 'nextTurn' })
    expect(log.state.turn).toMatchObject({ phase: 'combat', round: 1 })
    expect(log.state.turn.order).toEqual(['han', 'st']) // 10 + 6 = 16 vs 12 + 1 = 13
    expect(who(log, 'han').conditions).toEqual([])
  })

  it('attacking out of turn is refused unless a reaction / attack of opportunity, or a GM override (logged)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    const r = tryRun(log, { type: 'attack', attackerId: 'st', targetId: 'han', dice: [10] })
    expect(r).toMatchObject({ ok: false, error: { code: 'rule', field: 'attackerId' } })
    if (!r.ok) expect(r.error.message).toMatch(/not Stormtrooper's turn/)
    const o = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', override: true, dice: [10] })
    expect(o.events[0]).toMatchObject({ type: 'core.ruleOverridden', reason: 'rule.saga.notYourTurn' })
    // the current actor: standard action used, a second attack is refused
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [2] })
    expect(st(log, 'han').actions).toMatchObject({ standard: 0, move: 1, swift: 1 })
    expect(tryRun(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [2] })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.noAction' } } })
  })

  it('moving out of a threatened square offers attacks of opportunity; one per round, not while flat-footed (003)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40, weapons: [{ name: 'Baton', damage: '1d6', kind: 'melee' }] }) }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'move', combatantId: 'han', provokesFrom: ['st'] })
    expect(ev(log, 'saga.moved')).toMatchObject({ aooOffered: ['st'], aooNames: 'Stormtrooper' })
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', aoo: true, dice: [3] })
    expect(st(log, 'st').aooRound).toBe(1)
    expect(tryRun(log, { type: 'attack', attackerId: 'st', targetId: 'han', aoo: true, dice: [3] })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.aooUsed' } } })
    log = run(log, { type: 'move', combatantId: 'han', provokesFrom: ['st'] }) // second move (replaces standard)
    expect(ev(log, 'saga.moved').aooOffered).toEqual([])
  })

  it('one reaction per trigger (001)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', reaction: true, trigger: 'han-shot', dice: [3] })
    expect(tryRun(log, { type: 'attack', attackerId: 'st', targetId: 'han', reaction: true, trigger: 'han-shot', dice: [3] })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.reactionUsed' } } })
  })

  it('grab (W10): −5, no damage; the grabbed takes −2 with non-light weapons and cannot move', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'grab', attackerId: 'han', targetId: 'st', dice: [16] }) // 16 + 3 + 2 − 5 = 16 vs 17: miss
    expect(ev(log, 'saga.grabRolled')).toMatchObject({ total: 16, hit: false })
    log = run(log, { type: 'grab', attackerId: 'han', targetId: 'st', dice: [17] })
    expect(who(log, 'st').conditions.map((c) => c.key)).toEqual(['saga.grabbed'])
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', dice: [5] })
    expect(ev(log, 'saga.attackRolled').targets[0].bonusTerms).toContainEqual({ term: 'grabbed', value: -2 })
    expect(tryRun(log, { type: 'move', combatantId: 'st' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.grabbedCannotMove' } } })
  })

  it('grapple (W10): on a hit, opposed d20 + BAB + max(Str, Dex) + size; ties go to the attacker', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    // attack 15 + 3 + 2 = 20 ≥ 17; checks: han 10 + 3 + 3 = 16, trooper 12 + 3 + 1 = 16 → tie: attacker wins
    log = run(log, { type: 'grapple', attackerId: 'han', targetId: 'st', dice: [15, 10, 12] })
    expect(ev(log, 'saga.grappleChecked')).toMatchObject({ attackerTotal: 16, targetTotal: 16, won: true })
    expect(who(log, 'st').conditions.map((c) => c.key)).toEqual(['saga.grappled'])
  })

  it('disarm (003): melee attack vs Reflex + 10, −5 against a two-handed grip; a miss allows a free attack', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }) }])
    log = run(log, { type: 'disarm', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', twoHandedGrip: true, dice: [19] })
    const d = ev(log, 'saga.disarmRolled')
    expect(d).toMatchObject({ total: 19 + 3 + 2 - 5, reflex: 27, hit: false, freeAttack: true })
    log = run(log, { type: 'disarm', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [20] })
    expect(who(log, 'st').conditions.map((c) => c.key)).toEqual(['saga.disarmed'])
  })
})

describe('Saga recovery (001 Recover, Second Wind, Falling Unconscious, Natural Healing)', () => {
  it('recover: three swift actions move +1 step; spread over turns; blocked by a persistent condition', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -2 })
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'recover', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ recover: 1, ct: 2 })
    log = run(log, { type: 'nextTurn' })
    log = run(log, { type: 'nextTurn' })
    log = run(log, { type: 'recover', combatantId: 'han' })
    log = run(log, { type: 'recover', combatantId: 'han' })
    expect(st(log, 'han')).toMatchObject({ recover: 0, ct: 1 })
    log = run(log, { type: 'setPersistent', combatantId: 'han', count: 1 })
    expect(tryRun(log, { type: 'recover', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.persistent' } } })
  })

  it('W5 second wind: at half HP or less, heals max(⌊max/4⌋, Con score); once a day, once an encounter; heroic only', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    expect(tryRun(log, { type: 'secondWind', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.notBloodied' } } })
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 15 })
    log = run(log, { type: 'secondWind', combatantId: 'han' })
    expect(ev(log, 'saga.secondWind')).toMatchObject({ amount: 12, hp: 27 }) // max(7, Con 12)
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 15 })
    expect(tryRun(log, { type: 'secondWind', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.secondWindDay' } } })
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 6 })
    expect(tryRun(log, { type: 'secondWind', combatantId: 'st' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.notHeroic' } } })
    const big = run(encounter([{ id: 'j', ...soldier({ hp: 80 }) }]), { type: 'applyDamage', combatantId: 'j', amount: 50 })
    expect(ev(run(big, { type: 'secondWind', combatantId: 'j' }), 'saga.secondWind').amount).toBe(20) // ⌊80/4⌋ > 12
  })

  it('unconscious: DC 10 Con check; success +1 step and + character level HP; failure persistent; nat 1 or fail by 5 dies', () => {
    const down = () => run(encounter([{ id: 'han', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'han', amount: 10 })
    let log = run(down(), { type: 'conCheck', combatantId: 'han', dice: [9] }) // 9 + 1 = 10
    expect(st(log, 'han')).toMatchObject({ status: 'ok', ct: 4, hp: 3, prone: true })
    log = run(down(), { type: 'conCheck', combatantId: 'han', dice: [6] }) // 7: fails by 3
    expect(st(log, 'han')).toMatchObject({ status: 'unconscious', persistent: 1 })
    log = run(down(), { type: 'conCheck', combatantId: 'han', dice: [4] }) // 5: fails by 5
    expect(st(log, 'han').status).toBe('dead')
    log = run(down(), { type: 'conCheck', combatantId: 'han', dice: [1] })
    expect(st(log, 'han').status).toBe('dead')
  })

  it('healing an unconscious creature revives it with that many HP and +1 step (001)', () => {
    let log = run(encounter([{ id: 'han', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'han', amount: 10 })
    log = run(log, { type: 'heal', combatantId: 'han', amount: 4 })
    expect(st(log, 'han')).toMatchObject({ hp: 4, status: 'ok', ct: 4 })
  })

  it('natural healing: + character level HP after 8 hours; not with a persistent condition; once a day', () => {
    let log = run(encounter([{ id: 'han', ...soldier() }]), { type: 'applyDamage', combatantId: 'han', amount: 10 })
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han').hp).toBe(23)
    expect(tryRun(log, { type: 'naturalHealing', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.onceADay' } } })
    log = run(log, { type: 'newDay' })
    log = run(log, { type: 'setPersistent', combatantId: 'han', count: 1 })
    expect(tryRun(log, { type: 'naturalHealing', combatantId: 'han' })).toMatchObject({ ok: false, error: { details: { reason: 'refusal.saga.persistent', rule: 'rule.saga.persistent' } } })
  })
})

describe('Saga summary for the GM view', () => {
  it('defenses carry the condition-track penalty, speed halves at step 4, unconscious Will uses Wis 0 (001)', async () => {
    const { combatantSummary } = await import('../../../../../../src-main/rules/systems/saga/mechanics/summary')
    let log = encounter([{ id: 'han', ...soldier({ speed: 6, abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 14, cha: 10 } }) }])
    expect(combatantSummary(log.state, who(log, 'han'))).toMatchObject({ reflex: 17, fortitude: 16, will: 15, damageThreshold: 16, speed: 6, ctPenalty: 0 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -4 })
    expect(combatantSummary(log.state, who(log, 'han'))).toMatchObject({ reflex: 7, fortitude: 6, will: 5, speed: 3, ctPenalty: -10 })
    log = run(log, { type: 'moveConditionTrack', combatantId: 'han', steps: -1 })
    expect(combatantSummary(log.state, who(log, 'han'))).toMatchObject({ helpless: true, will: 13 - 5, reflex: 17 - 3 - 5 })
  })

  it('removing the combatant whose turn it is passes the turn to the next one', () => {
    let log = encounter([{ id: 'a', ...soldier({ name: 'A' }) }, { id: 'b', ...trooper({ name: 'B' }) }, { id: 'c', ...trooper({ name: 'C' }) }])
    log = run(log, { type: 'startCombat', dice: [15, 10, 5] })
    log = run(log, { type: 'nextTurn' }) // B
    log = run(log, { type: 'removeCombatant', combatantId: 'b' })
    expect(log.state.turn.order).toEqual(['a', 'c'])
    expect(log.state.turn.order[log.state.turn.index]).toBe('c')
    log = run(log, { type: 'removeCombatant', combatantId: 'c' }) // last in the order: a new round
    expect(log.state.turn).toMatchObject({ round: 2, index: 0, order: ['a'] })
  })

  it('after the encounter ends, healing still works; ending twice is refused', () => {
    let log = encounter([{ id: 'han', ...soldier() }])
    log = run(log, { type: 'applyDamage', combatantId: 'han', amount: 10 })
    log = run(log, { type: 'endEncounter' })
    log = run(log, { type: 'naturalHealing', combatantId: 'han' })
    expect(st(log, 'han').hp).toBe(23)
    expect(tryRun(log, { type: 'endEncounter' })).toMatchObject({ ok: false, error: { code: 'rule' } })
  })
})

describe('Saga effects that last until the start of the next turn (003 Charge, Fighting Defensively)', () => {
  it('a charger has −2 Reflex until its next turn; a defensive fighter +2; both end when that turn starts', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40, weapons: [{ name: 'Baton', damage: '1d6', kind: 'melee' }] }) }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', charge: true, dice: [2] })
    log = run(log, { type: 'nextTurn' })
    log = run(log, { type: 'attack', attackerId: 'st', targetId: 'han', fightingDefensively: true, dice: [10] })
    const a = ev(log, 'saga.attackRolled')
    expect(a.targets[0].reflexTerms).toContainEqual({ term: 'charging', value: -2 })
    expect(a.targets[0].reflex).toBe(15)
    expect(a.targets[0].bonusTerms).toContainEqual({ term: 'fightingDefensively', value: -5 })
    log = run(log, { type: 'nextTurn' }) // Han's turn: his charge penalty ends
    expect(who(log, 'han').conditions).toEqual([])
    log = run(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Vibroblade', dice: [2] })
    expect(ev(log, 'saga.attackRolled').targets[0].reflexTerms).toContainEqual({ term: 'fightingDefensively', value: 2 })
    log = run(log, { type: 'nextTurn' })
    expect(who(log, 'st').conditions).toEqual([])
  })

  it('a flat-footed combatant cannot make an attack of opportunity (003)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 40 }), aware: false }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'move', combatantId: 'han', provokesFrom: ['st'] })
    expect(ev(log, 'saga.moved').aooOffered).toEqual([]) // still flat-footed: nothing to offer
    expect(tryRun(log, { type: 'attack', attackerId: 'st', targetId: 'han', aoo: true, dice: [3] })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.flatFootedAoo' } } })
  })

  it('useAction records any other action with the allowed trades (001)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { type: 'useAction', combatantId: 'han', action: 'fullRound', what: 'bypass a lock' })
    expect(st(log, 'han').actions).toMatchObject({ standard: 0, move: 0, swift: 0, used: ['fullRound'] })
    expect(ev(log, 'saga.actionTaken')).toMatchObject({ action: 'fullRound', what: 'bypass a lock' })
    expect(tryRun(log, { type: 'useAction', combatantId: 'han', action: 'swift' })).toMatchObject({ ok: false, error: { code: 'rule' } })
  })
})
