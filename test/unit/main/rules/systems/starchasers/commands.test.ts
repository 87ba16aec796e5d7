import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { chewbacca, gamorreanGuard, hanSolo, lukeAlly, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
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
const refused = (s: EncounterState, cmd: EngineCommand) => { const r = decide(s, cmd, { rng: noRng, now }); return r.ok ? null : r.error }
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState
const conds = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.conditions.map((c) => c.key)
const find = (events: EngineEvent[], type: string) => events.find((e) => e.type === `starchasers.${type}`) as Record<string, any>

function base(): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const [id, sb] of [['han', hanSolo], ['chewie', chewbacca], ['trooper', stormtrooper], ['guard', gamorreanGuard], ['luke', lukeAlly]] as const) s = run(s, { type: 'addCombatant', statBlock: sb, id }).state
  return s
}
function fight(order: Record<string, number>, aware: Record<string, boolean> = {}): EncounterState {
  let s = base()
  for (const [id, a] of Object.entries(aware)) s = run(s, { type: 'setAware', combatantId: id, aware: a }).state
  for (const [id, v] of Object.entries(order)) s = run(s, { type: 'setInitiative', combatantId: id, value: v }).state
  const rest = s.combatants.filter((c) => order[c.id] === undefined).map((c) => c.id)
  for (const id of rest) s = run(s, { type: 'removeCombatant', combatantId: id }).state
  return run(s, { type: 'startCombat' }, fixedRng([1, 1, 1, 1, 1, 1])).state
}

describe('actions, reactions and turns', () => {
  it('000:87 Concentrate gives a Focus token; 000:168 the defender spends its token on an active defense', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'nextTurn' }).state // trooper's turn
    s = run(s, { type: 'concentrate', combatantId: 'han', override: true }).state
    expect(st(s, 'han').focusTokens).toBe(1)
    // trooper rifle: 3 + De 2 = 5 dice at Close; Han Dodge 6 dice
    const r = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'han', band: 'close', dice: ['hit', 'hit', 'blank', 'blank', 'blank', 'focus', 'focus', 'blank', 'blank', 'blank', 'blank'] })
    expect(find(r.events, 'attackResolved').outcome).toMatchObject({ evades: 2, success: false })
    expect(st(r.state, 'han').focusTokens).toBe(0)
  })
  it('000:25 two Standard Actions per turn, one when Stunned (000:582: on the next turn)', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'aim', combatantId: 'han' }).state
    s = run(s, { type: 'concentrate', combatantId: 'han' }).state
    expect(refused(s, { type: 'concentrate', combatantId: 'han' })).toMatchObject({ code: 'rule' })
    let t = fight({ han: 5, trooper: 3 })
    t = run(t, { type: 'addCondition', combatantId: 'han', key: 'starchasers.stunned' }).state
    t = run(run(t, { type: 'nextTurn' }).state, { type: 'nextTurn' }).state
    t = run(t, { type: 'concentrate', combatantId: 'han' }).state
    expect(refused(t, { type: 'aim', combatantId: 'han' })?.message).toMatch(/no Standard Action/)
  })
  it('S17 Aim lapses at the end of the turn', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'aim', combatantId: 'han' }).state
    expect(st(s, 'han').aim).toBe(true)
    s = run(s, { type: 'nextTurn' }).state
    expect(st(s, 'han').aim).toBe(false)
  })
  it('000:500 a reaction: Change Defense for 1 Motivation or 1 Stress; Extras cannot react', () => {
    let s = fight({ han: 5, trooper: 3, guard: 2 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 1 }).state // +2 Motivation
    s = run(s, { type: 'nextTurn' }).state
    s = run(s, { type: 'changeDefense', combatantId: 'han', defense: 'parry', reaction: 'motivation' }).state
    expect(st(s, 'han')).toMatchObject({ defense: 'parry', motivation: 1 })
    s = run(s, { type: 'changeDefense', combatantId: 'guard', defense: 'block', reaction: 'stress' }).state
    expect(st(s, 'guard')).toMatchObject({ defense: 'block', stress: 1 })
    expect(refused(s, { type: 'changeDefense', combatantId: 'trooper', defense: 'dodge', reaction: 'stress' })?.message).toMatch(/Extra/)
  })
  it('000:1000 surprise round: a surprised target defends with Armor only', () => {
    const s = fight({ trooper: 5, han: 3 }, { han: false })
    expect(s.turn.phase).toBe('surprise')
    const r = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'han', band: 'close', dice: Array(5).fill('blank').concat(Array(2).fill('blank')) })
    expect(find(r.events, 'attackResolved')).toMatchObject({ defense: 'armor', defenseReason: 'surprised', defenseDice: 2 })
  })
  it('000:587 Wounded costs 1 HP at the start of each turn; 000:739 Burning deals its damage next turn', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.wounded' }).state
    s = run(s, { type: 'nextTurn' }).state
    expect(st(s, 'trooper').hp).toBe(5)
  })
  it('S10 the Dying clock ticks on the dying character\'s turns and kills after 10', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 7, kind: 'injury' }).state
    expect(st(s, 'han')).toMatchObject({ dying: true, dyingRounds: 10 })
    expect(conds(s, 'han')).toContain('starchasers.dying')
    for (let i = 0; i < 20; i++) s = run(s, { type: 'nextTurn' }).state
    expect(st(s, 'han')).toMatchObject({ dead: true })
    expect(conds(s, 'han')).toContain('starchasers.dead')
    s = run(s, { type: 'heal', combatantId: 'han', method: 'revive' }).state
    expect(st(s, 'han').dead).toBe(false)
  })
  it('000:596 waking for 1 Motivation clears Stress; not at 0 HP', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 2 }).state
    s = run(s, { type: 'damage', combatantId: 'han', amount: 6, kind: 'stun' }).state
    expect(st(s, 'han')).toMatchObject({ unconscious: true, stress: 6, motivation: 2 })
    s = run(s, { type: 'wake', combatantId: 'han' }).state
    expect(st(s, 'han')).toMatchObject({ unconscious: false, stress: 0, motivation: 1 })
    expect(conds(s, 'han')).not.toContain('starchasers.unconscious')
    const z = run(s, { type: 'damage', combatantId: 'han', amount: 30 }).state
    expect(refused(z, { type: 'wake', combatantId: 'han' })?.code).toBe('rule')
  })
  it('000:598 standing up from Prone spends a Movement Action; Unbalanced Extras fall Prone (000:599)', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'addCondition', combatantId: 'han', key: 'starchasers.prone' }).state
    s = run(s, { type: 'move', combatantId: 'han', standUp: true }).state
    expect(conds(s, 'han')).not.toContain('starchasers.prone')
    s = run(s, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.unbalanced' }).state
    const r = run(s, { type: 'steady', combatantId: 'trooper', dice: ['hit'] })
    expect(find(r.events, 'steadied')).toMatchObject({ falls: true, damage: 1 })
    expect(conds(r.state, 'trooper')).toEqual(['starchasers.prone'])
    // a PC rolls Agility + Acrobatics (3 + 1) against 2 dice
    s = run(s, { type: 'addCondition', combatantId: 'han', key: 'starchasers.unbalanced' }).state
    const h = run(s, { type: 'steady', combatantId: 'han', dice: ['hit', 'blank', 'blank', 'blank', 'blank', 'blank'] })
    expect(find(h.events, 'steadied')).toMatchObject({ falls: false })
  })
  it('S6 Motivation gains are encounter settings', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = { ...s, system: { ...s.system, settings: { motivationOnHpLoss: 1, motivationAtZero: 3 } } }
    s = run(s, { type: 'damage', combatantId: 'han', amount: 20 }).state
    expect(st(s, 'han').motivation).toBe(4)
    // and a cap
    let t = fight({ han: 5, trooper: 3 })
    t = { ...t, system: { ...t.system, settings: { motivationCap: 3 } } }
    t = run(t, { type: 'damage', combatantId: 'han', amount: 20 }).state
    expect(st(t, 'han').motivation).toBe(3)
  })
})

describe('moves, weight and qualities through attack', () => {
  it('000:779 a weapon above the Strength: a failed Strength check wastes the attack', () => {
    let s = fight({ han: 5, trooper: 3 })
    // Weakened: Strength 2 → 1, the medium Bowcaster needs 2: Strength 1 die against 2 defense dice
    s = run(s, { type: 'addCondition', combatantId: 'han', key: 'starchasers.weakened' }).state
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', weapon: 'Bowcaster', band: 'close', dice: ['hit', 'evade', 'blank'] })
    expect(find(r.events, 'weaponTooHeavy').check).toMatchObject({ pool: 1, difficulty: 2, success: false })
    s = r.state
    expect(st(s, 'han').actionsUsed).toBe(1)
    expect(st(s, 'trooper').hp).toBe(6)
  })
  it('000:395 Haymaker doubles the weapon dice, costs 1 Motivation and leaves the Brawler Unbalanced', () => {
    let s = fight({ chewie: 5, guard: 3 })
    s = run(s, { type: 'damage', combatantId: 'chewie', amount: 1 }).state
    const r = run(s, { type: 'attack', attackerId: 'chewie', targetId: 'guard', weapon: 'Vibro-axe', move: 'haymaker', dice: Array(10).fill('blank').concat(['blank', 'blank', 'blank']) })
    expect(find(r.events, 'attackResolved').pool).toBe(3 * 2 + 4)
    expect(st(r.state, 'chewie').motivation).toBe(1)
    expect(conds(r.state, 'chewie')).toContain('starchasers.unbalanced')
    // without Motivation a PC may pay with Stress (000:360)
    const t = run(fight({ chewie: 5, guard: 3 }), { type: 'attack', attackerId: 'chewie', targetId: 'guard', weapon: 'Vibro-axe', move: 'haymaker', pay: 'stress', dice: Array(13).fill('blank') })
    expect(st(t.state, 'chewie').stress).toBe(1)
    expect(refused(fight({ chewie: 5, guard: 3 }), { type: 'attack', attackerId: 'chewie', targetId: 'guard', move: 'haymaker' })?.message).toMatch(/cannot pay/)
  })
  it('000:483 Piercing Shot: +2 dice, Piercing 2 and -2 Armor Defense for the round', () => {
    let s = fight({ han: 5, guard: 3 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 1 }).state
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'guard', move: 'piercingShot', band: 'close', defense: 'armor', dice: ['hit', 'focus', 'focus', 'blank', 'blank', 'blank', 'blank', 'blank'] })
    const ev = find(r.events, 'attackResolved')
    expect(ev.pool).toBe(7)
    // Armor 3 - Piercing 2 = 1 die (blank); 1 Hit + 0 excess
    expect(ev.outcome).toMatchObject({ defensePool: 1, damage: 1 })
    expect(r.state.combatants.find((c) => c.id === 'guard')!.conditions.find((c) => c.key === 'starchasers.armorPierced')?.value).toBe(2)
    // later attacks this round: Armor 3 - 2 = 1 die; Block is not affected
    const next = run(r.state, { type: 'attack', attackerId: 'han', targetId: 'guard', band: 'close', defense: 'armor', dice: Array(5).fill('blank').concat(['blank']) })
    expect(find(next.events, 'attackResolved')).toMatchObject({ defenseDice: 1, defenseReasons: ['armorPierced'] })
  })
  it('000:461 Stabilizing Shot heals 1d4+1 on a hit against Armor Defense', () => {
    let s = fight({ han: 5, chewie: 3 })
    s = run(s, { type: 'damage', combatantId: 'chewie', amount: 6 }).state
    s = run(s, { type: 'damage', combatantId: 'han', amount: 1 }).state
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'chewie', move: 'stabilizingShot', band: 'close', dice: ['hit', 'blank', 'blank', 'blank', 'blank', 'blank', 3] })
    expect(find(r.events, 'healed')).toMatchObject({ amount: 4 })
    expect(st(r.state, 'chewie').hp).toBe(16)
  })
  it('NPC abilities cost Stress (000:115)', () => {
    const s = fight({ guard: 5, han: 3 })
    const r = run(s, { type: 'attack', attackerId: 'guard', targetId: 'han', move: 'Bellow', dice: Array(5).fill('blank').concat(Array(6).fill('blank')) })
    expect(st(r.state, 'guard').stress).toBe(1)
  })
  it('000:1214 partial cover soaks 3 Hits before the defender rolls', () => {
    const s = fight({ han: 5, trooper: 3 })
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'close', cover: 'partial', dice: ['hit', 'hit', 'hit', 'crit', 'blank', 'blank', 'blank', 'blank'] })
    expect(find(r.events, 'attackResolved').outcome).toMatchObject({ soaked: { hits: 3, crits: 0 }, netCrits: 1, damage: 2 })
  })
})

describe('grenades, falls, hazards, grapples, healing', () => {
  it('000:210 the grenade scatters and the burst finds combatants by square', () => {
    let s = fight({ han: 5, trooper: 3, guard: 2 })
    s = run(s, { type: 'move', combatantId: 'trooper', square: { x: 6, y: 0 }, override: true }).state
    s = run(s, { type: 'move', combatantId: 'guard', square: { x: 8, y: 1 }, override: true }).state
    const r = run(s, { type: 'throwGrenade', attackerId: 'han', weapon: 'Frag Grenade', from: { x: 0, y: 0 }, target: { x: 4, y: 0 }, dice: ['focus', 'focus', 'hit', 'hit', 'blank', 'blank', 'blank', 3], override: true }, fixedRng(Array(40).fill(8)))
    expect(find(r.events, 'grenadeThrown')).toMatchObject({ landing: { x: 6, y: 0 }, bounce: 2 })
    const blasts = r.events.filter((e) => e.type === 'starchasers.blast')
    expect(blasts.map((b) => [b.targetId, b.zone, b.pool])).toEqual([['trooper', 'full', 7], ['guard', 'half', 3]])
  })
  it('S21 falling 9 m: 4 dice against the default defense, then Prone', () => {
    const s = fight({ han: 5, trooper: 3 })
    const r = run(s, { type: 'fall', combatantId: 'trooper', meters: 9, dice: ['hit', 'hit', 'crit', 'blank', 'evade', 'blank', 'blank'] })
    expect(find(r.events, 'fell')).toMatchObject({ fallDice: 4, damage: 3 })
    expect(conds(r.state, 'trooper')).toContain('starchasers.prone')
  })
  it('000:538 cold: a failed Resistance check (vs 4) costs `hour` dice; radiation an Injury', () => {
    const s = fight({ han: 5, trooper: 3 })
    const r = run(s, { type: 'hazard', combatantId: 'han', hazard: 'cold', hour: 2, dice: ['hit', 'hit', 'evade', 'evade', 'blank', 'blank', 'hit', 'crit'] })
    expect(find(r.events, 'hazard')).toMatchObject({ damage: 3 })
    const rad = run(s, { type: 'hazard', combatantId: 'han', hazard: 'radiation' })
    expect(st(rad.state, 'han').injuries).toBe(1)
  })
  it('000:938-972 grapple, a Pin with Stun, and breaking free', () => {
    let s = fight({ chewie: 5, trooper: 3 })
    // Chewie: Strength 4 + Athletics 3 = 7 dice vs the trooper's Armor 3
    s = run(s, { type: 'grapple', attackerId: 'chewie', targetId: 'trooper', dice: ['hit', 'hit', 'hit', 'blank', 'blank', 'blank', 'blank', 'evade', 'blank', 'blank'] }).state
    expect(st(s, 'chewie')).toMatchObject({ grappling: 'trooper', grappleHits: 2 })
    expect(conds(s, 'trooper')).toContain('starchasers.grappled')
    // the grappled trooper cannot Dodge (000:952)
    const pin = run(s, { type: 'grappleAttack', attackerId: 'chewie', kind: 'pin', dice: ['hit', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank'] })
    expect(conds(pin.state, 'trooper')).toContain('starchasers.pinned')
    expect(st(pin.state, 'trooper').stress).toBe(5) // 1 + Strength 4, not capped at capacity 3 (000:526, issue 10)
    const free = run(pin.state, { type: 'breakFree', combatantId: 'trooper', dice: ['hit', 'crit'] })
    expect(find(free.events, 'breakFree')).toMatchObject({ free: true })
    expect(conds(free.state, 'trooper')).not.toContain('starchasers.grappled')
  })
  it('healing: First Aid, bacta vial, Medicine, rest (000:665-697, S11)', () => {
    let s = fight({ han: 5, chewie: 3 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 8 }).state
    s = run(s, { type: 'heal', combatantId: 'han', healerId: 'chewie', method: 'firstAid', dice: ['hit', 'crit'] }).state
    expect(st(s, 'han').hp).toBe(7)
    s = run(s, { type: 'heal', combatantId: 'han', method: 'bacta', size: 'tiny', dice: [4] }).state
    expect(st(s, 'han').hp).toBe(11)
    s = run(s, { type: 'damage', combatantId: 'han', amount: 2, kind: 'injury' }).state
    s = run(s, { type: 'heal', combatantId: 'han', healerId: 'chewie', method: 'medicine', dice: ['hit', 'blank', 'blank', 'blank'] }).state
    expect(st(s, 'han').injuries).toBe(1)
    s = run(s, { type: 'heal', combatantId: 'han', method: 'rest', hours: 8 }).state
    expect(st(s, 'han')).toMatchObject({ injuries: 0, vitality: 6, stress: 0 })
  })
})

describe('areas, spread, free actions, symptoms, morale', () => {
  function placed(): EncounterState {
    let s = fight({ han: 5, trooper: 3, guard: 2, chewie: 1 })
    s = run(s, { type: 'move', combatantId: 'trooper', square: { x: 3, y: 0 }, override: true }).state
    s = run(s, { type: 'move', combatantId: 'guard', square: { x: 3, y: 1 }, override: true }).state
    s = run(s, { type: 'move', combatantId: 'chewie', square: { x: 9, y: 9 }, override: true }).state
    return s
  }
  it('000:1106 a line (Spread 1 = 3 squares) splits the rolled Hits between the two inside; each defends', () => {
    const s = placed()
    // Han's pistol: 5 dice → 3 Hits 1 Crit; line from (3,0) southwards covers (3,0),(3,1),(3,2)
    const r = run(s, { type: 'areaAttack', attackerId: 'han', area: { shape: 'line', spread: 1 }, origin: { x: 3, y: 0 }, facing: 'e', weapon: 'Blaster Pistol',
      dice: ['hit', 'hit', 'hit', 'crit', 'blank', /* trooper armor 3 */ 'blank', 'blank', 'blank', /* guard armor 3 */ 'evade', 'blank', 'blank'] })
    const ev = find(r.events, 'areaAttack')
    expect(ev.targets).toEqual(['trooper', 'guard'])
    expect(ev.shares).toEqual([{ id: 'trooper', hits: 2, crits: 1 }, { id: 'guard', hits: 1, crits: 0 }])
    const hits = r.events.filter((e) => e.type === 'starchasers.areaHit')
    expect(hits.map((h) => h.damage)).toEqual([4, 0])
  })
  it('000:1165 a burst: the outer ring rolls against half the dice', () => {
    const s = placed()
    const r = run(s, { type: 'areaAttack', attackerId: 'han', weapon: 'Frag Grenade', area: { shape: 'burst', radius: 1 }, origin: { x: 3, y: -1 }, dice: Array(7 + 3 + 3 + 3).fill('blank') })
    const hits = r.events.filter((e) => e.type === 'starchasers.areaHit')
    expect(hits.map((h) => [h.targetId, h.zone])).toEqual([['trooper', 'full'], ['guard', 'half']])
    // Frag Grenade 4 + Deftness 3 = 7 dice in the full zone, 3 in the ring
    expect(hits.map((h) => (h.outcome as { pool: number }).pool)).toEqual([7, 3])
  })
  it('000:1102 Spread(1): a Focus becomes a Hit on a neighbour, who defends', () => {
    let s = fight({ trooper: 5, han: 3, chewie: 2 })
    const r = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'han', band: 'close', spreadTo: ['chewie'],
      dice: ['focus', 'blank', 'blank', 'blank', 'blank', /* han dodge 6 */ 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', /* chewie parry 5 */ 'blank', 'blank', 'blank', 'blank', 'blank'] })
    expect(find(r.events, 'attackResolved').outcome.effects).toEqual({ spreading: 1 })
    expect(find(r.events, 'areaHit')).toMatchObject({ targetId: 'chewie', source: 'spread', damage: 1 })
    s = r.state
    expect(st(s, 'chewie').hp).toBe(17)
  })
  it('000:25 at most five Free Actions a turn', () => {
    let s = fight({ han: 5, trooper: 3 })
    for (let i = 0; i < 5; i++) s = run(s, { type: 'freeAction', combatantId: 'han', what: 'shout' }).state
    expect(refused(s, { type: 'freeAction', combatantId: 'han' })?.code).toBe('rule')
  })
  it('000:621 one symptom per Injury, a 6 is rolled again', () => {
    let s = fight({ han: 5, trooper: 3 })
    s = run(s, { type: 'damage', combatantId: 'han', amount: 2, kind: 'injury' }).state
    const r = run(s, { type: 'symptoms', combatantId: 'han', dice: [6, 3, 5] })
    expect(find(r.events, 'symptoms').symptoms).toEqual(['troubleBreathing', 'pain'])
  })
  it('000:611 a Charmed character will not attack its charmer', () => {
    let s = fight({ trooper: 5, han: 3 })
    s = run(s, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.charmed', source: 'han' }).state
    expect(refused(s, { type: 'attack', attackerId: 'trooper', targetId: 'han' })?.message).toMatch(/charmed/)
  })
})

describe('shields and Ionic through attack', () => {
  it("000:909 the boss's energy shield is attuned to photonic: it counts against a blaster, not against an axe", async () => {
    const { bountyHunterBoss } = await import('../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks')
    let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
    s = run(s, { type: 'addCombatant', statBlock: hanSolo, id: 'han' }).state
    s = run(s, { type: 'addCombatant', statBlock: chewbacca, id: 'chewie' }).state
    s = run(s, { type: 'addCombatant', statBlock: bountyHunterBoss, id: 'boss' }).state
    const blaster = run(s, { type: 'attack', attackerId: 'han', targetId: 'boss', band: 'close', dice: Array(5 + 10).fill('blank') })
    expect(find(blaster.events, 'attackResolved')).toMatchObject({ defense: 'block', defenseDice: 10, shield: null })
    const axe = run(s, { type: 'attack', attackerId: 'chewie', targetId: 'boss', weapon: 'Vibro-axe', dice: Array(7 + 8).fill('blank') })
    expect(find(axe.events, 'attackResolved')).toMatchObject({ defenseDice: 8, shield: 'notAttuned' })
  })
  it('000:736 Ionic Focus is Stress on a droid', () => {
    const droid = { ...stormtrooper, name: 'Battle Droid', species: 'Droid' }
    const ion = { ...hanSolo, weapons: [{ ...hanSolo.weapons[0], name: 'Ion Pistol', qualities: { ionic: 2 } }] }
    let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
    s = run(s, { type: 'addCombatant', statBlock: ion, id: 'han' }).state
    s = run(s, { type: 'addCombatant', statBlock: droid, id: 'droid' }).state
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'droid', band: 'close', dice: ['hit', 'focus', 'focus', 'blank', 'blank', 'blank', 'blank', 'blank'] })
    expect(st(r.state, 'droid')).toMatchObject({ hp: 5, stress: 2 })
  })
})

describe('range band movement (000:59-66, 000:140)', () => {
  it('Medium to Melee needs 2 Movement Actions: Extra Movement does it, one move does not', () => {
    let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
    s = run(s, { type: 'addCombatant', statBlock: hanSolo, id: 'han', position: { band: 'medium' } }).state
    expect(refused(s, { type: 'move', combatantId: 'han', band: 'melee' })?.message).toMatch(/needs 2 Movement Actions/)
    const r = run(s, { type: 'move', combatantId: 'han', band: 'melee', extra: true })
    expect(find(r.events, 'moved')).toMatchObject({ movementPoints: 12, extra: true })
    expect(r.state.combatants[0].position?.band).toBe('melee')
    expect(st(r.state, 'han').actionsUsed).toBe(2)
  })
})
