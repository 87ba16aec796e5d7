import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { starchasersSystem } from '../../../../../../src-main/rules/systems/starchasers'
import { bountyHunterBoss, chewbacca, gamorreanGuard, hanSolo, lukeAlly } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
import type { DuelState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/duel'
import { fixedRng, noRng } from './fixed-rng'
import type { Rng } from '../../../../../../src-main/rules/kit/rng'

const now = '2026-01-01T00:00:00.000Z'
function run(s: EncounterState, cmd: EngineCommand, rng: Rng = noRng): { state: EncounterState; events: EngineEvent[] } {
  const r = decide(s, cmd, { rng, now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
  let state = s
  for (const e of r.value) state = evolve(state, e)
  return { state, events: r.value }
}
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState
const conds = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.conditions.map((c) => c.key)

function setup(): EncounterState {
  let s = initialState({ id: 'e1', name: 'Cantina', systemId: 'starchasers', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: hanSolo, id: 'han' }).state
  s = run(s, { type: 'addCombatant', statBlock: chewbacca, id: 'chewie' }).state
  s = run(s, { type: 'addCombatant', statBlock: gamorreanGuard, id: 'guard', position: { band: 'melee' } }).state
  s = run(s, { type: 'addCombatant', statBlock: lukeAlly, id: 'luke' }).state
  return s
}

function inCombat(): EncounterState {
  let s = setup()
  s = run(s, { type: 'setInitiative', combatantId: 'han', value: 5 }).state
  s = run(s, { type: 'setInitiative', combatantId: 'chewie', value: 3 }).state
  s = run(s, { type: 'setInitiative', combatantId: 'guard', value: 1 }).state
  s = run(s, { type: 'setInitiative', combatantId: 'luke', value: 0 }).state
  return run(s, { type: 'startCombat' }, fixedRng([])).state
}

describe('Starchasers through the engine', () => {
  it('createCombatant validates and names the bad field', () => {
    const r = starchasersSystem.createCombatant({ ...hanSolo, attributes: { ...hanSolo.attributes, agility: 'x' } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.field).toBe('attributes.agility')
  })
  it('S2: initiative is the Action Score of Perception + Alertness dice; allies go right after the last PC (000:1341)', () => {
    let s = setup()
    // Han pool 7 (Per 3 + Alert 2 + Quickdraw 2): faces 1,1,4,5,7,8,8 → hit hit crit focus blank blank blank = 4
    // Chewie pool 3: 1,7,7 → 1; Guard pool 1: 4 → 2 (crit)
    const r = run(s, { type: 'startCombat' }, fixedRng([1, 1, 4, 5, 7, 8, 8, 1, 7, 7, 4]))
    s = r.state
    const init = (id: string) => s.combatants.find((c) => c.id === id)!.initiative.value
    expect([init('han'), init('chewie'), init('guard'), init('luke')]).toEqual([4, 1, 2, 1])
    expect(s.turn.order).toEqual(['han', 'guard', 'chewie', 'luke'])
    // placed once: the combat-start re-placement after the last PC adds no second log line when nothing moves
    expect(r.events.filter((e) => e.type === 'core.initiativeSet' && e.combatantId === 'luke')).toHaveLength(1)
  })
  it("000:830 Han's Blaster Pistol (5 dice) against the Guard's Armor Defense (3 dice), manual symbols", () => {
    let s = inCombat()
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'guard', weapon: 'Blaster Pistol', band: 'melee', dice: ['hit', 'hit', 'crit', 'focus', 'blank', 'evade', 'blank', 'blank', 'evade', 'blank'] })
    // melee band: pistol into melee gives +2 defense dice (S13): 3 + 2 = 5 defense dice, 2 Evades
    const ev = r.events.find((e) => e.type === 'starchasers.attackResolved') as any
    expect(ev.pool).toBe(5)
    expect(ev.defenseDice).toBe(3)
    expect(ev.defenseMods).toBe(2)
    expect(ev.outcome).toMatchObject({ netHits: 0, netCrits: 1, damage: 2, success: true })
    s = r.state
    expect(st(s, 'guard').hp).toBe(12)
    expect(st(s, 'han')).toMatchObject({ actionsUsed: 1, attacksThisTurn: 1 })
    // the Guard is an NPC: no Motivation (000:176)
    expect(st(s, 'guard').motivation).toBe(0)
  })
  it('a bad manual face is an invalid error naming dice.N', () => {
    const r = decide(inCombat(), { type: 'attack', attackerId: 'han', targetId: 'guard', band: 'close', dice: ['hit', 'banana'] }, { rng: noRng, now })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid', field: 'dice.1' })
  })
  it('S20 turn economy: not your turn is a rule error the GM can override', () => {
    const s = inCombat()
    const r = decide(s, { type: 'attack', attackerId: 'chewie', targetId: 'guard' }, { rng: noRng, now })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('rule')
    const o = run(s, { type: 'attack', attackerId: 'chewie', targetId: 'guard', override: true, dice: Array(12).fill('blank') })
    expect(o.events.some((e) => e.type === 'core.ruleOverridden')).toBe(true)
  })
  it('S13 a pistol cannot reach Long range', () => {
    const r = decide(inCombat(), { type: 'attack', attackerId: 'han', targetId: 'guard', band: 'long' }, { rng: noRng, now })
    expect(!r.ok && r.error.field).toBe('band')
  })
  it('000:1355 diceless: Luke hits the Guard for 6 (Default Defense 3), or 3 against its Block', () => {
    const s = inCombat()
    const a = run(s, { type: 'attack', attackerId: 'luke', targetId: 'guard', override: true })
    expect(a.events.find((e) => e.type === 'starchasers.allyAttacked')).toMatchObject({ attackValue: 9, defense: 'armor', defenseValue: 3, damage: 6 })
    expect(st(a.state, 'guard').hp).toBe(8)
    const b = run(s, { type: 'attack', attackerId: 'luke', targetId: 'guard', defense: 'block', override: true })
    expect(b.events.find((e) => e.type === 'starchasers.allyAttacked')).toMatchObject({ defenseValue: 6, damage: 3 })
    // 000:1341 one attack per turn
    const again = decide(a.state, { type: 'attack', attackerId: 'luke', targetId: 'guard', override: false }, { rng: noRng, now })
    expect(again.ok).toBe(false)
  })
  it('000:1372 the Guard attacks Luke: 5 dice + 1 (Piercing 2) = 6; Parry 7 stops it, Default Defense 3 takes 3', () => {
    const s = inCombat()
    const best = run(s, { type: 'attack', attackerId: 'guard', targetId: 'luke', override: true })
    expect(best.events.find((e) => e.type === 'starchasers.allyDefended')).toMatchObject({ attackValue: 6, qualityBonus: 1, defense: 'parry', defenseValue: 7, damage: 0, reason: 'highestAvailable' })
    const armor = run(s, { type: 'attack', attackerId: 'guard', targetId: 'luke', defense: 'armor', override: true })
    expect(armor.events.find((e) => e.type === 'starchasers.allyDefended')).toMatchObject({ damage: 3, reason: 'gmChoice' })
    expect(st(armor.state, 'luke').hp).toBe(11)
    expect(st(armor.state, 'luke').motivation).toBe(0)
  })
  it('000:1376 allies never get crits or statuses; 0 HP is an Injury and unconscious', () => {
    let s = inCombat()
    s = run(s, { type: 'damage', combatantId: 'luke', amount: 20 }).state
    expect(st(s, 'luke')).toMatchObject({ hp: 0, injuries: 1, unconscious: true })
    expect(conds(s, 'luke')).toContain('starchasers.unconscious')
  })
  it('special attacks and the passive ability spend Stress and count their uses (000:1399-1401)', () => {
    let s = inCombat()
    s = run(s, { type: 'allyPassive', allyId: 'luke' }).state
    s = run(s, { type: 'allyPassive', allyId: 'luke' }).state
    expect(st(s, 'luke')).toMatchObject({ stress: 2, uses: { 'Force Sense': 2 } })
    expect(decide(s, { type: 'allyPassive', allyId: 'luke' }, { rng: noRng, now }).ok).toBe(false)
    const sp = run(s, { type: 'attack', attackerId: 'luke', targetId: 'guard', special: 'Saber Throw', override: true })
    expect(sp.events.find((e) => e.type === 'starchasers.allyAttacked')).toMatchObject({ special: 'Saber Throw', attackValue: 8, damage: 5 })
    expect(st(sp.state, 'luke').stress).toBe(4)
  })
  it('S6 a PC gains 2 Motivation when hurt, 2 more at 0 HP, with an Injury (000:174, 000:180)', () => {
    let s = inCombat()
    s = run(s, { type: 'damage', combatantId: 'han', amount: 3 }).state
    expect(st(s, 'han')).toMatchObject({ hp: 9, motivation: 2 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 30 }).state
    expect(st(s, 'han')).toMatchObject({ hp: 0, motivation: 6, injuries: 1, vitality: 5, unconscious: true })
  })
  it('S5 a Critical Strike rolls the d8 status table and puts the status on the target', () => {
    let s = inCombat()
    s = run(s, { type: 'concentrate', combatantId: 'han' }).state
    expect(st(s, 'han').focusTokens).toBe(1)
    // Han's pistol with a back attack (+1, 000:1038) = 6 dice, all Crits; the Guard's 3 Armor dice blank.
    // 6 Crits > Toughness 3 + Resistance 2, so the d8 (5) gives Weakened
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'guard', band: 'close', backAttack: true, dice: ['crit', 'crit', 'crit', 'crit', 'crit', 'crit', 'blank', 'blank', 'blank', 5] })
    const ev = r.events.find((e) => e.type === 'starchasers.attackResolved') as any
    expect(ev.pool).toBe(6)
    expect(ev.outcome.statuses).toEqual([{ status: 'weakened', source: 'criticalStrike', roll: 5 }])
    expect(conds(r.state, 'guard')).toContain('starchasers.weakened')
    expect(st(r.state, 'guard').hp).toBe(2)
    // S17: one token is spent per roll
    expect(st(r.state, 'han').focusTokens).toBe(0)
  })
  it('000:1415 an ally card replaces an absent PC', () => {
    const s = run(inCombat(), { type: 'allyCard', combatantId: 'chewie' }).state
    const c = s.combatants.find((x) => x.id === 'chewie')!
    expect(c.role).toBe('ally')
    expect(c.stats).toMatchObject({ kind: 'ally', fromPc: 'Chewbacca', melee: { value: 7 } })
  })
  it('exact odds of an attack command', () => {
    const s = inCombat()
    const o = starchasersSystem.odds!(s, { type: 'attack', attackerId: 'han', targetId: 'guard', band: 'close' })
    expect(o.ok).toBe(true)
    if (!o.ok) return
    expect(o.value.damage.reduce((a, d) => a + d.p, 0)).toBeCloseTo(1, 9)
    expect(o.value.hit).toBeGreaterThan(0.3)
    const a = starchasersSystem.odds!(s, { type: 'attack', attackerId: 'luke', targetId: 'guard' })
    expect(a.ok && a.value.damage).toEqual([{ value: 6, p: 1 }])
  })
  it('log entries and the player view', () => {
    const s = inCombat()
    const r = run(s, { type: 'attack', attackerId: 'luke', targetId: 'guard', override: true })
    const e = r.events.find((x) => x.type === 'starchasers.allyAttacked')!
    expect(starchasersSystem.logEntry(e)).toMatchObject({ key: 'log.starchasers.allyAttacked', params: { attackerName: 'Luke Skywalker', damage: 6 } })
    const guard = r.state.combatants.find((c) => c.id === 'guard')!
    expect(starchasersSystem.playerView(r.state, guard).health).toEqual({ kind: 'descriptor', key: 'health.wounded' })
    const han = r.state.combatants.find((c) => c.id === 'han')!
    expect(starchasersSystem.playerView(r.state, han).health).toEqual({ kind: 'exact', current: 12, max: 12 })
  })
})

describe('the Dueling System through the engine (000:1238-1327)', () => {
  function duel(): EncounterState {
    let s = initialState({ id: 'd', name: 'Duel', systemId: 'starchasers', seed: '1' })
    s = run(s, { type: 'addCombatant', statBlock: hanSolo, id: 'han' }).state
    s = run(s, { type: 'addCombatant', statBlock: bountyHunterBoss, id: 'boss' }).state
    s = run(s, { type: 'addCombatant', statBlock: chewbacca, id: 'chewie' }).state
    s = run(s, { type: 'addCombatant', statBlock: lukeAlly, id: 'luke' }).state
    return run(s, { type: 'duelStart', fighters: ['boss', 'han'], activeId: 'boss' }).state
  }
  it('the duel state is exposed in EncounterState.system.duel', () => {
    const d = duel().system.duel as DuelState
    expect(d).toMatchObject({ active: 'boss', fighters: ['boss', 'han'], interactions: 0 })
  })
  it("000:1269 REPEL: the boss's Duel Die rolls Power, Han Dodges (Quick beats Power): Han becomes active", () => {
    let s = duel()
    // boss Duel Die phase 1 face 1 = power; Han's default defense is Dodge (Quick) → REPEL
    const r = run(s, { type: 'duelExchange', defenderId: 'han', weapon: 'Vibro-blade', dice: [1] })
    expect(r.events[0]).toMatchObject({ type: 'starchasers.duelExchanged', attackType: 'power', defense: 'dodge', result: 'repel', damage: 0, nextActive: 'han' })
    s = r.state
    expect(st(s, 'han').motivation).toBe(1) // S6 REPEL +1
    expect((s.system.duel as DuelState).active).toBe('han')
  })
  it('S14 DOMINATE deals the whole attack pool as damage; the attacker gains 1 Motivation and stays active', () => {
    let s = duel()
    s = run(s, { type: 'duelExchange', defenderId: 'han', weapon: 'Vibro-blade', dice: [1] }).state // repel → Han active
    // Han attacks with a Finesse move; the boss's Duel Die (face 6 = quick) makes it Dodge: Finesse beats Quick
    const r = run(s, { type: 'duelExchange', defenderId: 'boss', attackType: 'finesse', band: 'close', dice: [6] })
    expect(r.events[0]).toMatchObject({ result: 'dominate', defense: 'dodge', pool: 5, damage: 5, nextActive: 'han' })
    expect(st(r.state, 'boss').hp).toBe(25)
    expect(st(r.state, 'han').motivation).toBe(2)
  })
  it('S14 CLASH rolls the pools; S15 the attacker stays active only if a Hit survives', () => {
    let s = duel()
    // boss vibro-blade (pool 3 + Str 4 = 7), die face 6 = quick; Han Dodge (quick) → CLASH; Han dodge 6 dice
    const r = run(s, { type: 'duelExchange', defenderId: 'han', weapon: 'Vibro-blade', dice: [6, 'hit', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'evade', 'evade', 'blank', 'blank', 'blank', 'blank'] })
    expect(r.events[0]).toMatchObject({ result: 'clash', damage: 0, nextActive: 'han' })
    s = r.state
    expect((s.system.duel as DuelState).interactions).toBe(1)
  })
  it('000:1273 a defense the defender cannot perform is DOMINATE (Han has no shield to Block)', () => {
    const r = run(duel(), { type: 'duelExchange', defenderId: 'han', weapon: 'Vibro-blade', defense: 'block', dice: [1] })
    expect(r.events[0]).toMatchObject({ result: 'dominate', defenseAvailable: false, unavailableReason: 'noShield', damage: 7 })
  })
  it('000:598 prone: DOMINATE deals double damage', () => {
    let s = duel()
    s = run(s, { type: 'addCondition', combatantId: 'han', key: 'starchasers.prone' }).state
    const r = run(s, { type: 'duelExchange', defenderId: 'han', weapon: 'Vibro-blade', defense: 'parry', attackType: 'power' })
    expect(r.events[0]).toMatchObject({ result: 'dominate', damage: 14 })
  })
  it('000:1315 jumping in: a PC pays 1 Motivation, an ally 1 Stress (000:1413), then waits 3 interactions', () => {
    let s = duel()
    s = run(s, { type: 'damage', combatantId: 'chewie', amount: 1 }).state // Chewie gains 2 Motivation
    const r = run(s, { type: 'duelExchange', attackerId: 'chewie', jumpIn: 'chewie', defenderId: 'boss', weapon: 'Vibro-axe', attackType: 'power', defense: 'parry' })
    expect(r.events[0]).toMatchObject({ result: 'dominate', nextActive: 'chewie', jumpIn: 'chewie' })
    // 2 (hurt) - 1 (jump in) + 1 (DOMINATE, S6)
    expect(st(r.state, 'chewie').motivation).toBe(2)
    expect((r.state.system.duel as DuelState).fighters).toContain('chewie')
    const luke = run(s, { type: 'duelExchange', attackerId: 'luke', jumpIn: 'luke', defenderId: 'boss', attackType: 'finesse', defense: 'dodge' })
    expect(luke.events[0]).toMatchObject({ result: 'dominate', damage: 9 })
    expect(st(luke.state, 'luke').stress).toBe(1)
    // a jump-in that is REPELled leaves the jumper outside: the next try must wait 3 interactions
    const repelled = run(s, { type: 'duelExchange', attackerId: 'chewie', jumpIn: 'chewie', defenderId: 'boss', weapon: 'Vibro-axe', attackType: 'power', defense: 'dodge' })
    expect(repelled.events[0]).toMatchObject({ result: 'repel', nextActive: 'boss' })
    expect((repelled.state.system.duel as DuelState).fighters).not.toContain('chewie')
    expect(jumpAgain(repelled.state)).toBe(false)
    let later = repelled.state
    // the jump was exchange 1: exchange 3 is too soon, exchange 4 is allowed
    // Han is healed between the blows: a fighter who drops ends the duel (issue 10)
    const heal = (x: typeof later) => run(x, { type: 'heal', combatantId: 'han', method: 'hp', amount: 99 }).state
    later = run(heal(later), { type: 'duelExchange', defenderId: 'han', attackType: 'power', defense: 'parry' }).state
    expect(jumpAgain(later)).toBe(false)
    later = run(heal(later), { type: 'duelExchange', defenderId: 'han', attackType: 'power', defense: 'parry' }).state
    expect((later.system.duel as DuelState).interactions).toBe(3)
    expect(jumpAgain(later)).toBe(true)
  })
  it('duelEnd clears the duel', () => {
    const s = run(duel(), { type: 'duelEnd' }).state
    expect(s.system.duel).toBeNull()
  })
})

function jumpAgain(s: EncounterState): boolean {
  const r = decide(s, { type: 'duelExchange', attackerId: 'chewie', jumpIn: 'chewie', defenderId: 'boss', attackType: 'power', defense: 'parry' }, { rng: noRng, now })
  return r.ok
}
