/**
 * The second-wave Starchasers rules, each with fixed dice: armor and shield qualities, energy shields, the
 * Disarming / Grappling / Blinding / Deafening Focus, the Disarm action, movement reactions, Stealth, the heavy
 * weapon check once a round, manual initiative symbols, and duels with allies, grapples and prone defenders.
 * Default faces (S1): attack 1-3 Hit, 4 Crit, 5-6 Focus, 7-8 Blank; defense 1-3 Evade, 4-5 Focus, 6-8 Blank.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { resolveAttack, type AttackInput } from '../../../../../../src-main/rules/systems/starchasers/mechanics/attack'
import { DiceSource } from '../../../../../../src-main/rules/systems/starchasers/mechanics/dice'
import { bountyHunterBoss, chewbacca, gamorreanGuard, hanSolo, lukeAlly, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { PcStatBlock, StatBlock, Weapon } from '../../../../../../src-main/rules/systems/starchasers/schema'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
import { logEntry } from '../../../../../../src-main/rules/systems/starchasers/log'
import { formatLog } from '../../../../../../src-shared/i18n/format-log'
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
const conds = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.conditions
const find = (events: EngineEvent[], type: string) => events.find((e) => e.type === `starchasers.${type}`) as Record<string, any>
const text = (e: Record<string, any>) => formatLog(logEntry(e as EngineEvent)!, 'en')

/** An encounter with the given stat blocks, initiative values in that order, combat started. */
function fight(entries: Array<[string, StatBlock, number]>, side: Record<string, 'party' | 'enemies' | 'allies'> = {}): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const [id, sb] of entries) s = run(s, { type: 'addCombatant', statBlock: sb, id, ...(side[id] ? { side: side[id] } : {}) }).state
  for (const [id, , v] of entries) s = run(s, { type: 'setInitiative', combatantId: id, value: v }).state
  return run(s, { type: 'startCombat' }, fixedRng([1, 1, 1, 1, 1, 1, 1, 1])).state
}
const withWeapon = (pc: PcStatBlock, w: Partial<Weapon>): PcStatBlock => ({ ...pc, weapons: [{ ...pc.weapons[0], ...w }] })
const X = (n: number) => Array.from({ length: n }, () => 'blank')

describe('armor and shield qualities on the defender\'s Focus (000:864-873, 000:919-928)', () => {
  const base = (over: Partial<AttackInput['defense']>, extra: Partial<AttackInput> = {}): AttackInput => ({ pool: 3, qualities: {}, defense: { kind: 'dodge', dice: 2, ...over }, critThreshold: 9, resistance: 9, ...extra })
  it('000:871 Reflective(1): 3 Hits, 1 Evade, the spare Focus turns one surviving Hit back at the attacker', () => {
    const r = resolveAttack(base({ armorQualities: { reflective: 1 } }), new DiceSource(noRng, ['hit', 'hit', 'hit', 'evade', 'focus']))
    expect(r.ok && r.value).toMatchObject({ evades: 1, reflected: 1, netHits: 1, damage: 1, defenderFocus: { reflective: 1 } })
  })
  it('000:869 Fortifying(1): 2 uncanceled Crits against T+R 1 would be a Critical Strike; +1 Resistance stops it', () => {
    const input = (q: AttackInput['defense']['armorQualities']) => base({ dice: 1, armorQualities: q }, { pool: 2, critThreshold: 1, resistance: 0 })
    const plain = resolveAttack(input({}), new DiceSource(fixedRng([3]), ['crit', 'crit', 'focus']))
    expect(plain.ok && plain.value).toMatchObject({ criticalStrike: true, statuses: [{ status: 'stunned', roll: 3 }] })
    const fort = resolveAttack(input({ fortifying: 1 }), new DiceSource(noRng, ['crit', 'crit', 'focus']))
    expect(fort.ok && fort.value).toMatchObject({ criticalStrike: false, statuses: [], damage: 4, defenderFocus: { fortifying: 1 } })
  })
  it('000:873 Spiked hurts Melee attackers only; 000:872 Restorative heals 1 HP; 000:928 Knockback pushes 1 square', () => {
    const dice = () => new DiceSource(noRng, ['hit', 'blank', 'blank', 'focus', 'focus'])
    const q = { spiked: 1, restorative: 1, knockback: 1 }
    const melee = resolveAttack(base({ armorQualities: q }, { melee: true }), dice())
    expect(melee.ok && melee.value).toMatchObject({ spikes: 1, restored: 1, knockback: 0, damage: 1 })
    const ranged = resolveAttack(base({ armorQualities: q }), dice())
    expect(ranged.ok && ranged.value).toMatchObject({ spikes: 0, restored: 1, knockback: 1 })
    const plan = resolveAttack(base({ armorQualities: q, focusPlan: { knockback: 1, spiked: 1 } }, { melee: true }), dice())
    expect(plan.ok && plan.value).toMatchObject({ knockback: 1, spikes: 1, restored: 0 })
  })
  it('in play: Chewbacca axes a spiked, restorative Gamorrean; he takes the spike, the guard heals 1, knockback moves him', () => {
    const guard = { ...gamorreanGuard, armor: { ...gamorreanGuard.armor!, qualities: { spiked: 1, restorative: 1 } }, shield: { ...gamorreanGuard.shield!, qualities: { knockback: 1 } } }
    let s = fight([['chewie', chewbacca, 5], ['guard', guard, 3]])
    s = run(s, { type: 'move', combatantId: 'chewie', square: { x: 0, y: 0 } }).state
    s = run(s, { type: 'move', combatantId: 'guard', square: { x: 1, y: 0 } }).state
    // Vibro-axe 3 + Strength 4 = 7 dice: 3 Hits; the guard's Armor Defense 3 dice: 1 Evade, 2 Focus → Spiked, Restorative
    const r = run(s, { type: 'attack', attackerId: 'chewie', targetId: 'guard', weapon: 'Vibro-axe', band: 'melee', dice: ['hit', 'hit', 'hit', ...X(4), 'evade', 'focus', 'focus'] })
    expect(find(r.events, 'armorReacted')).toMatchObject({ spikes: 1, restored: 1, knockback: 0 })
    expect(st(r.state, 'guard').hp).toBe(14 - 2 + 1)
    expect(st(r.state, 'chewie')).toMatchObject({ hp: 17, motivation: 2 })
    // Blocking brings the shield's Knockback(1): the spare Focus pushes Chewbacca a square away (000:1295)
    const k = run(s, { type: 'attack', attackerId: 'chewie', targetId: 'guard', weapon: 'Vibro-axe', band: 'melee', defense: 'block', defenderFocusPlan: { knockback: 1 }, dice: ['hit', ...X(6), ...X(5), 'focus'] })
    expect(find(k.events, 'armorReacted')).toMatchObject({ knockback: 1, square: { x: -1, y: 0 } })
    expect(st(k.state, 'chewie').square).toEqual({ x: -1, y: 0 })
    expect(text(find(k.events, 'armorReacted'))).toMatch(/pushed back 1 squares/)
  })
})

describe('energy shields (000:884-909, 000:736, S18)', () => {
  it("Korr's wrist shield (6 HP, photonic) takes Han's blaster damage while he Blocks; the rest gets through once it is down", () => {
    let s = fight([['han', hanSolo, 5], ['korr', bountyHunterBoss, 3]])
    // Han 5 dice, 5 Hits; Korr Blocks with T4 + S4 + 2 = 10 dice, 2 Evades → 3 damage, all into the shield
    let r = run(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', dice: ['hit', 'hit', 'hit', 'hit', 'hit', 'evade', 'evade', ...X(8)] })
    expect(find(r.events, 'shieldHit')).toMatchObject({ absorbed: 3, shieldHp: 3, down: false })
    expect(st(r.state, 'korr')).toMatchObject({ hp: 30, shieldHp: 3 })
    s = r.state
    r = run(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', dice: ['hit', 'hit', 'hit', 'hit', 'hit', 'evade', ...X(9)] })
    expect(find(r.events, 'shieldHit')).toMatchObject({ absorbed: 3, shieldHp: 0, down: true })
    expect(st(r.state, 'korr').hp).toBe(29)
    // the shield is down: no Block, Armor Defense instead (5 dice)
    const third = run(r.state, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', override: true, dice: [...X(5), ...X(5)] })
    expect(find(third.events, 'attackResolved')).toMatchObject({ defense: 'armor', defenseReason: 'shieldDown', defenseDice: 5 })
  })
  it('000:736 Ionic(2): two Focus take 4 shield HP even on a miss; the shield is not attuned to ionic so Block loses its bonus', () => {
    const ionHan = withWeapon(hanSolo, { name: 'Ion Blaster', qualities: { ionic: 2 }, damageType: 'ionic' })
    const s = fight([['han', ionHan, 5], ['korr', bountyHunterBoss, 3]])
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', dice: ['focus', 'focus', ...X(3), ...X(8)] })
    expect(find(r.events, 'attackResolved')).toMatchObject({ defense: 'block', defenseDice: 8, shield: 'notAttuned', outcome: { success: false, effects: { ionic: 2 } } })
    expect(find(r.events, 'shieldHit')).toMatchObject({ ionic: 4, absorbed: 0, shieldHp: 2 })
  })
  it('000:897 the Shielding Duration runs down one round per turn of the wearer; a new battery (an Action) restores it', () => {
    const brief = { ...bountyHunterBoss, shield: { ...bountyHunterBoss.shield!, durationRounds: 1 } }
    let s = fight([['korr', brief, 5], ['han', hanSolo, 3]])
    const end = run(s, { type: 'nextTurn' })
    expect(find(end.events, 'shieldTicked')).toMatchObject({ shieldRounds: 0, down: true })
    s = end.state
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', dice: [...X(5), ...X(5)] })
    expect(find(r.events, 'attackResolved')).toMatchObject({ defense: 'armor', defenseReason: 'shieldDown' })
    s = run(r.state, { type: 'nextTurn' }).state // Korr's turn in round 2
    s = run(s, { type: 'rechargeShield', combatantId: 'korr' }).state
    expect(st(s, 'korr')).toMatchObject({ shieldRounds: 1, shieldHp: 6, actionsUsed: 1 })
  })
})

describe("the attacker's Focus effects (000:732-742) and the Disarm action (000:936)", () => {
  it('000:732 Disarming(1): a hit with one Focus knocks the trooper\'s rifle away; it cannot fire it until it is recovered', () => {
    const s = fight([['han', withWeapon(hanSolo, { qualities: { disarming: 1 } }), 5], ['trooper', stormtrooper, 3]])
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['hit', 'hit', 'focus', 'blank', 'blank', ...X(3)] })
    expect(find(r.events, 'disarmed')).toMatchObject({ weapon: 'E-11 Blaster Rifle', why: 'disarming' })
    expect(conds(r.state, 'trooper')).toEqual([expect.objectContaining({ key: 'starchasers.disarmed', source: 'E-11 Blaster Rifle' })])
    const t = run(r.state, { type: 'nextTurn' }).state
    expect(refused(t, { type: 'attack', attackerId: 'trooper', targetId: 'han', band: 'medium' })).toMatchObject({ code: 'rule', field: 'weapon' })
    expect(text(find(r.events, 'disarmed'))).toBe('Stormtrooper loses E-11 Blaster Rifle (a Disarming hit)')
  })
  it('000:936 Disarm: Challenging (3) extra defense dice, and one uncanceled Hit disarms', () => {
    const s = fight([['han', hanSolo, 5], ['trooper', stormtrooper, 3]])
    // trooper Armor Defense 3 + 3 = 6 dice, 1 Evade against 2 Hits
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', disarm: true, dice: ['hit', 'hit', ...X(3), 'evade', ...X(5)] })
    expect(find(r.events, 'attackResolved')).toMatchObject({ defenseMods: 3, outcome: { defensePool: 6, netHits: 1 } })
    expect(find(r.events, 'disarmed')).toMatchObject({ why: 'disarm' })
    const miss = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', disarm: true, dice: ['hit', ...X(4), 'evade', ...X(5)] })
    expect(find(miss.events, 'disarmed')).toBeUndefined()
  })
  it('000:740 Grappling(2): the target must get 2 Hits on its counter roll (Strength 2 dice) or be Grappled', () => {
    const snare = withWeapon(hanSolo, { name: 'Snare Gun', qualities: { grappling: 2 } })
    const s = fight([['han', snare, 5], ['trooper', stormtrooper, 3]])
    const caught = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['hit', 'focus', 'focus', 'blank', 'blank', ...X(3), 'hit', 'blank'] })
    expect(find(caught.events, 'grapplingFocus')).toMatchObject({ needed: 2, hits: 1, escaped: false })
    expect(conds(caught.state, 'trooper').map((c) => c.key)).toContain('starchasers.grappled')
    expect(st(caught.state, 'han')).toMatchObject({ grappling: 'trooper', grappleHits: 2 })
    const free = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['hit', 'focus', 'focus', 'blank', 'blank', ...X(3), 'hit', 'crit'] })
    expect(find(free.events, 'grapplingFocus')).toMatchObject({ escaped: true })
    expect(st(free.state, 'han').grappling).toBeNull()
  })
  it('000:741-742 Blinding(2) on a miss: Resistance 2 dice, 1 Evade → Insensate for 1 round; Deafening(2) resisted by 2 Evades', () => {
    const flash = withWeapon(hanSolo, { name: 'Flash Pistol', qualities: { blinding: 2 } })
    let s = fight([['han', flash, 5], ['trooper', stormtrooper, 3]])
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['focus', 'focus', ...X(3), ...X(3), 'evade', 'blank'] })
    expect(find(r.events, 'attackResolved').outcome.success).toBe(false)
    expect(find(r.events, 'senseAttack')).toMatchObject({ points: 2, evades: 1, afflicted: true, status: 'insensate' })
    expect(conds(r.state, 'trooper')).toEqual([expect.objectContaining({ key: 'starchasers.insensate', ends: { at: 'rounds', rounds: 1 } })])
    expect(text(find(r.events, 'senseAttack'))).toBe('Stormtrooper resists 2 points with 1 Evade and is Insensate for 1 round')
    s = fight([['han', withWeapon(hanSolo, { qualities: { deafening: 2 } }), 5], ['trooper', stormtrooper, 3]])
    const d = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['focus', 'focus', ...X(3), ...X(3), 'evade', 'evade'] })
    expect(find(d.events, 'senseAttack')).toMatchObject({ afflicted: false, status: 'incommunicado' })
    expect(conds(d.state, 'trooper')).toEqual([])
  })
})

describe('movement reactions (000:498-502)', () => {
  it('a PC moves as a Reaction for 1 Stress (no Motivation left), without spending an Action; an Elite pays Stress; an Extra cannot', () => {
    const s = fight([['guard', gamorreanGuard, 5], ['han', hanSolo, 3], ['trooper', stormtrooper, 1]])
    expect(refused(s, { type: 'move', combatantId: 'han', reaction: 'motivation' })).toMatchObject({ code: 'rule', field: 'reaction' })
    const r = run(s, { type: 'move', combatantId: 'han', reaction: 'stress' })
    expect(find(r.events, 'moved')).toMatchObject({ reaction: 'stress', movementPoints: 6 })
    expect(st(r.state, 'han')).toMatchObject({ stress: 1, actionsUsed: 0 })
    expect(text(find(r.events, 'moved'))).toBe('Han Solo moves as a Reaction (6 squares)')
    const g = run(r.state, { type: 'move', combatantId: 'guard', reaction: 'motivation' })
    expect(st(g.state, 'guard')).toMatchObject({ stress: 1, actionsUsed: 0 })
    expect(refused(s, { type: 'move', combatantId: 'trooper', reaction: 'stress' })?.message).toMatch(/Extra/)
  })
})

describe('Stealth (000:330-346, 000:373, 000:992-1000)', () => {
  it('a trooper hides against Han\'s Passive Alertness 2, then shoots from Stealth: Han defends with Armor only and a token is spent', () => {
    let s = fight([['trooper', stormtrooper, 5], ['han', hanSolo, 3]], { trooper: 'enemies', han: 'party' })
    // Agility 2 - armor penalty 1 + Stealth 0 = 1 die: a Crit; Han's Passive Alertness floor((3+2)/2) = 2 dice, no Evade
    const h = run(s, { type: 'hide', combatantId: 'trooper', dice: ['crit', 'blank', 'blank'] })
    expect(find(h.events, 'hid')).toMatchObject({ pool: 1, againstId: 'han', passiveAlertness: 2, tokens: 2 })
    s = h.state
    const a = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'han', band: 'medium', dice: [...X(5), ...X(2)] })
    expect(find(a.events, 'attackResolved')).toMatchObject({ defense: 'armor', defenseReason: 'surprised', defenseDice: 2 })
    expect(st(a.state, 'trooper').stealthTokens).toBe(1)
    expect(text(find(h.events, 'hid'))).toBe('Stormtrooper hides against Passive Alertness 2: 2 Stealth tokens')
  })
  it('000:346 a Quick Search while in Stealth costs 2 Stealth tokens', () => {
    let s = fight([['han', hanSolo, 5], ['trooper', stormtrooper, 3]], { trooper: 'enemies', han: 'party' })
    s = run(s, { type: 'hide', combatantId: 'han', dice: ['hit', 'hit', 'crit', 'blank', 'blank'] }).state // 4 dice vs PA 1
    expect(st(s, 'han').stealthTokens).toBe(4)
    const r = run(s, { type: 'search', combatantId: 'han', dice: ['hit', 'blank', 'blank'] }) // Perception 3 + Searching 0
    expect(find(r.events, 'searched')).toMatchObject({ hits: 1, stealthSpent: 2, tokens: 2 })
  })
})

describe('too-heavy weapons (000:779-785): the Strength check once a round', () => {
  const heavy = withWeapon(hanSolo, { name: 'Heavy Repeater', kind: 'rifle', weight: 'heavy', proficiency: 'Heavy Weapons', damage: 4 })
  it('Han (Strength 2) checks against 2 dice before his first shot; the second shot that round needs no check', () => {
    const s = fight([['han', heavy, 5], ['trooper', stormtrooper, 3]])
    const first = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['hit', 'blank', 'blank', 'blank', ...X(4), ...X(3)] })
    expect(first.events.map((e) => e.type)).toContain('starchasers.attackResolved')
    expect(st(first.state, 'han').weightChecks).toEqual({ 'Heavy Repeater': 1 })
    const second = run(first.state, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: [...X(4), ...X(3)] })
    expect(find(second.events, 'attackResolved').outcome.attackFaces).toHaveLength(4)
  })
  it('a failed check drops the weapon (000:785): the attack is lost and the weapon is out of hand', () => {
    const s = fight([['han', heavy, 5], ['trooper', stormtrooper, 3]])
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium', dice: ['blank', 'blank', 'blank', 'blank'] })
    expect(find(r.events, 'weaponTooHeavy')).toMatchObject({ combatantId: 'han', weapon: 'Heavy Repeater' })
    expect(find(r.events, 'disarmed')).toMatchObject({ weapon: 'Heavy Repeater', why: 'tooHeavy' })
    expect(refused(r.state, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium' })).toMatchObject({ field: 'weapon' })
  })
})

describe('initiative with manual dice (S2)', () => {
  it('symbols and face numbers, in the order of the combatants', () => {
    let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
    s = run(s, { type: 'addCombatant', statBlock: hanSolo, id: 'han' }).state
    s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'trooper' }).state
    // Han: Perception 3 + Alertness 2 + Quickdraw 2 = 7 dice → 1 + 2 + 2 + 1 = 6; trooper 2 dice: faces 4 (Crit), 1 (Hit) → 3
    const r = run(s, { type: 'rollInitiative', combatantIds: ['han', 'trooper'], dice: ['hit', 'crit', 'crit', 'blank', 'focus', 'blank', 'hit', 4, 1] })
    const init = (id: string) => r.state.combatants.find((c) => c.id === id)!.initiative.value
    expect([init('han'), init('trooper')]).toEqual([6, 3])
    expect(refused(s, { type: 'rollInitiative', combatantIds: ['trooper'], dice: ['evade', 'hit'] })).toMatchObject({ code: 'invalid', field: 'dice.0' })
  })
})

describe('duels: allies, grapples, prone defenders (000:1238-1327, 000:1403-1413, 000:598)', () => {
  const duel = (fighters: string[], activeId: string, s: EncounterState) => run(s, { type: 'duelStart', fighters, activeId }).state
  it('000:1405 an ally duels with typed values: the guard\'s Power against Luke\'s Dodge (Quick) REPELs; Luke\'s Finesse 9 CLASHes with Armor 3 → 6', () => {
    let s = fight([['guard', gamorreanGuard, 5], ['luke', lukeAlly, 3]], { luke: 'allies' })
    s = duel(['guard', 'luke'], 'guard', s)
    const repel = run(s, { type: 'duelExchange', defenderId: 'luke', defense: 'dodge' })
    expect(find(repel.events, 'duelExchanged')).toMatchObject({ attackType: 'power', defense: 'dodge', result: 'repel', damage: 0, nextActive: 'luke' })
    const clash = run(repel.state, { type: 'duelExchange', defenderId: 'guard' })
    expect(find(clash.events, 'duelExchanged')).toMatchObject({ attackType: 'finesse', defense: 'armor', result: 'clash', damage: 6, nextActive: 'luke' })
    expect(st(clash.state, 'guard').hp).toBe(8)
  })
  it('000:1325 a grapple that DOMINATEs grapples the defender and a Pin may follow at once', () => {
    let s = fight([['chewie', chewbacca, 5], ['guard', gamorreanGuard, 3]])
    s = duel(['chewie', 'guard'], 'chewie', s)
    // Power against a Parry the guard cannot make (no parrying weapon) → DOMINATE (000:1273)
    const d = run(s, { type: 'duelExchange', defenderId: 'guard', defense: 'parry', attackType: 'power', weapon: 'Vibro-axe', grapple: true })
    expect(find(d.events, 'duelExchanged')).toMatchObject({ result: 'dominate', defenseAvailable: false })
    expect(find(d.events, 'grappled')).toMatchObject({ grappleAttackReady: true })
    // Pin: Strength 4 + Athletics 3 = 7 dice, 1 Hit against the guard's Acrobatics (Agility 1) 1 die, a Blank
    const pin = run(d.state, { type: 'grappleAttack', attackerId: 'chewie', kind: 'pin', dice: ['hit', ...X(6), 'blank'] })
    expect(conds(pin.state, 'guard').map((c) => c.key)).toEqual(expect.arrayContaining(['starchasers.grappled', 'starchasers.pinned']))
  })
  it('000:598 a prone defender rolls half its dice in a CLASH and still rolls in a REPEL', () => {
    let s = fight([['chewie', chewbacca, 5], ['korr', bountyHunterBoss, 3]])
    s = run(s, { type: 'addCondition', combatantId: 'korr', key: 'starchasers.prone' }).state
    s = duel(['chewie', 'korr'], 'chewie', s)
    // CLASH: Power against Block (Power); Block 10 dice halved → 5
    const c = run(s, { type: 'duelExchange', defenderId: 'korr', defense: 'block', attackType: 'power', weapon: 'Vibro-axe', dice: [...X(7), ...X(5)] })
    expect(find(c.events, 'duelExchanged').outcome).toMatchObject({ defensePool: 5 })
    // REPEL: Power against Dodge (Quick) — prone, Korr must roll his Dodge (Ag 3 + Per 3 - 1 = 5 dice) anyway
    const r = run(s, { type: 'duelExchange', defenderId: 'korr', defense: 'dodge', attackType: 'power', weapon: 'Vibro-axe', dice: ['hit', ...X(6), ...X(5)] })
    expect(find(r.events, 'duelExchanged')).toMatchObject({ result: 'repel', prone: true, damage: 1 })
    expect(find(r.events, 'duelExchanged').outcome).toMatchObject({ defensePool: 5 })
  })
})

describe('odds follow the new rules', () => {
  it("Korr's energy shield (6 HP) soaks Han's shot in the odds: no damage below 7 gets through while he Blocks", async () => {
    const { starchasersSystem } = await import('../../../../../../src-main/rules/systems/starchasers/index')
    const s = fight([['han', hanSolo, 5], ['korr', bountyHunterBoss, 3]])
    const o = starchasersSystem.odds!(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium' })
    expect(o.ok).toBe(true)
    if (!o.ok) return
    // 5 attack dice can deal at most 10: minus 6 shield HP → at most 4
    expect(Math.max(...o.value.damage.map((d) => d.value))).toBe(4)
    expect(o.value.damage.reduce((n, d) => n + d.p, 0)).toBeCloseTo(1, 9)
    const armor = starchasersSystem.odds!(s, { type: 'attack', attackerId: 'han', targetId: 'korr', band: 'medium', defense: 'armor' })
    expect(armor.ok && Math.max(...armor.value.damage.map((d) => d.value))).toBe(10)
  })
})

describe('allies heal like PCs (000:1384) through the heal command', () => {
  it('an 8-hour rest clears all Stress, heals 8 HP and 1 Injury', () => {
    let s = fight([['guard', gamorreanGuard, 5], ['luke', lukeAlly, 3]], { luke: 'allies' })
    s = run(s, { type: 'damage', combatantId: 'luke', amount: 14 }).state // 0 HP: 1 Injury, unconscious
    s = run(s, { type: 'damage', combatantId: 'luke', amount: 3, kind: 'stun' }).state
    expect(st(s, 'luke')).toMatchObject({ hp: 0, stress: 3, injuries: 1, unconscious: true })
    s = run(s, { type: 'heal', combatantId: 'luke', method: 'rest', hours: 8 }).state
    expect(st(s, 'luke')).toMatchObject({ hp: 8, stress: 0, injuries: 0, unconscious: false })
  })
})

describe('Knockback on a duel REPEL (000:1295) and Stealth against allies', () => {
  it("the guard's Knockback(1) shield pushes Chewbacca a square when its Block (Power) REPELs his Finesse attack", () => {
    const guard = { ...gamorreanGuard, shield: { ...gamorreanGuard.shield!, qualities: { knockback: 1 } } }
    let s = fight([['chewie', chewbacca, 5], ['guard', guard, 3]])
    s = run(s, { type: 'move', combatantId: 'chewie', square: { x: 2, y: 2 } }).state
    s = run(s, { type: 'move', combatantId: 'guard', square: { x: 2, y: 3 } }).state
    s = run(s, { type: 'duelStart', fighters: ['chewie', 'guard'], activeId: 'chewie' }).state
    // Finesse is weak against Power (Block): REPEL, no roll
    const r = run(s, { type: 'duelExchange', defenderId: 'guard', attackType: 'finesse', defense: 'block', weapon: 'Vibro-axe' })
    expect(find(r.events, 'duelExchanged')).toMatchObject({ result: 'repel' })
    expect(find(r.events, 'armorReacted')).toMatchObject({ knockback: 1, square: { x: 2, y: 1 } })
  })
  it('an NPC hidden in Stealth attacks an ally, who may only use its Armor Defense (000:992); a token is spent', () => {
    let s = fight([['trooper', stormtrooper, 5], ['luke', lukeAlly, 3]], { trooper: 'enemies', luke: 'allies' })
    s = run(s, { type: 'hide', combatantId: 'trooper', dice: ['hit', 'blank', 'blank'] }).state // Luke's Passive Alertness 2
    expect(st(s, 'trooper').stealthTokens).toBe(1)
    const r = run(s, { type: 'attack', attackerId: 'trooper', targetId: 'luke', band: 'medium' })
    expect(find(r.events, 'allyDefended')).toMatchObject({ defense: 'armor', defenseValue: 3, attackValue: 5, damage: 2 })
    expect(st(r.state, 'trooper').stealthTokens).toBe(0)
  })
})

describe('armor qualities in a duel CLASH (000:1281-1291, 000:871)', () => {
  it("a Reflective(1) Gamorrean Blocks Chewbacca's Power attack: 3 Hits, 1 Evade, 1 Hit reflected", () => {
    const guard = { ...gamorreanGuard, armor: { ...gamorreanGuard.armor!, qualities: { reflective: 1 } } }
    let s = fight([['chewie', chewbacca, 5], ['guard', guard, 3]])
    s = run(s, { type: 'duelStart', fighters: ['chewie', 'guard'], activeId: 'chewie' }).state
    // Block 6 dice (T3 + S3 + 0): 1 Evade, 1 Focus
    const r = run(s, { type: 'duelExchange', defenderId: 'guard', attackType: 'power', defense: 'block', weapon: 'Vibro-axe', dice: ['hit', 'hit', 'hit', ...X(4), 'evade', 'focus', ...X(4)] })
    expect(find(r.events, 'duelExchanged')).toMatchObject({ result: 'clash', damage: 1, outcome: { reflected: 1 } })
    expect(st(r.state, 'guard').hp).toBe(13)
    expect(st(r.state, 'chewie').hp).toBe(17)
  })
})
