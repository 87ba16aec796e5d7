/**
 * 000:741-742 Blinding / Deafening: "all in the radius must roll Resistance". Single attacks with a Burst / Splash
 * weapon, area attacks and grenades make everyone caught roll. Default faces (S1); Stormtrooper Resistance 1 +
 * armor 1 = 2 dice. All dice are entered by hand.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { PcStatBlock, StatBlock, Weapon } from '../../../../../../src-main/rules/systems/starchasers/schema'
import { fixedRng, noRng } from './fixed-rng'

const now = '2026-01-01T00:00:00.000Z'
function run(s: EncounterState, cmd: EngineCommand): { state: EncounterState; events: EngineEvent[] } {
  const r = decide(s, cmd, { rng: noRng, now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
  return { state: r.value.reduce(evolve, s), events: r.value }
}
const X = (n: number) => Array.from({ length: n }, () => 'blank')
const frag = hanSolo.weapons.find((w) => w.name === 'Frag Grenade')!
const withExtra = (w: Partial<Weapon>): PcStatBlock => ({ ...hanSolo, weapons: [...hanSolo.weapons, { ...hanSolo.weapons[0], ...w } as Weapon] })

/** Han and three troopers: t1 at (3,0), t2 at (3,1) next to it, t3 far away at (9,9). */
function scene(han: StatBlock): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: han, id: 'han' }).state
  for (const id of ['t1', 't2', 't3']) s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id }).state
  for (const [id, v] of [['han', 5], ['t1', 3], ['t2', 2], ['t3', 1]] as const) s = run(s, { type: 'setInitiative', combatantId: id, value: v }).state
  const r = decide(s, { type: 'startCombat' }, { rng: fixedRng(Array(8).fill(1)), now })
  if (!r.ok) throw new Error(r.error.message)
  s = r.value.reduce(evolve, s)
  for (const [id, x, y] of [['t1', 3, 0], ['t2', 3, 1], ['t3', 9, 9]] as const) s = run(s, { type: 'move', combatantId: id, square: { x, y }, override: true }).state
  return s
}
const senses = (events: EngineEvent[]) => events.filter((e) => e.type === 'starchasers.senseAttack').map((e) => [e.targetId, e.quality, e.points, e.afflicted])
const insensate = (s: EncounterState) => s.combatants.filter((c) => c.conditions.some((k) => k.key === 'starchasers.insensate')).map((c) => c.id)

describe('Blinding / Deafening on everyone in the radius (000:741-742)', () => {
  it('a Flash Pistol with Blinding(2) and Burst(1): the target and its neighbour roll, the far trooper does not', () => {
    const s = scene(withExtra({ name: 'Flash Pistol', qualities: { blinding: 2, burst: 1 } }))
    // 5 dice: 2 Focus → Blinding 2 (a miss); t1's Armor 3 dice; then Resistance: t1 1 Evade (< 2, blinded), t2 2 Evades (resists)
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 'Flash Pistol', band: 'close', dice: ['focus', 'focus', ...X(3), ...X(3), 'evade', 'blank', 'evade', 'evade'] })
    expect(senses(r.events)).toEqual([['t1', 'blinding', 2, true], ['t2', 'blinding', 2, false]])
    expect(insensate(r.state)).toEqual(['t1'])
  })
  it('without Burst / Splash the radius is the target alone', () => {
    const s = scene(withExtra({ name: 'Flash Pistol', qualities: { blinding: 2 } }))
    const r = run(s, { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 'Flash Pistol', band: 'close', dice: ['focus', 'focus', ...X(3), ...X(3), 'blank', 'blank'] })
    expect(senses(r.events)).toEqual([['t1', 'blinding', 2, true]])
  })
  it('000:1106 an area (line, Spread 1) with Deafening(1): the spare Focus makes both troopers inside roll', () => {
    const s = scene(withExtra({ name: 'Sonic Rifle', qualities: { deafening: 1 } }))
    // 5 dice: 1 Hit, 1 Focus → Deafening 1; the Hit goes to t1 (Armor 3 dice), t2's share is 0; then t1 0 Evades, t2 1 Evade
    const r = run(s, { type: 'areaAttack', attackerId: 'han', weapon: 'Sonic Rifle', area: { shape: 'line', spread: 1 }, origin: { x: 3, y: 0 }, facing: 'e',
      dice: ['hit', 'focus', ...X(3), ...X(3), 'blank', 'blank', 'evade', 'blank'] })
    expect(senses(r.events)).toEqual([['t1', 'deafening', 1, true], ['t2', 'deafening', 1, false]])
    expect(r.state.combatants.filter((c) => c.conditions.some((k) => k.key === 'starchasers.incommunicado')).map((c) => c.id)).toEqual(['t1'])
  })
  it('000:210 a Flashbang (Burst 1, Blinding 1) aimed 3 squares away: 4 Focus, 1 spare → everyone in the burst rolls', () => {
    const s = scene({ ...hanSolo, weapons: [...hanSolo.weapons, { ...frag, name: 'Flashbang', qualities: { burst: 1, blinding: 1 } }] })
    // placement 7 dice: 4 Focus for 3 squares; the blast (both within 1 square: full zone): 7 dice vs Armor 3 each; Resistance t1 0, t2 1 Evade
    const r = run(s, { type: 'throwGrenade', attackerId: 'han', weapon: 'Flashbang', from: { x: 0, y: 0 }, target: { x: 3, y: 0 }, override: true,
      dice: ['focus', 'focus', 'focus', 'focus', ...X(3), ...X(7), ...X(3), ...X(7), ...X(3), 'blank', 'blank', 'evade', 'blank'] })
    expect(r.events.filter((e) => e.type === 'starchasers.blast').map((e) => [e.targetId, e.zone])).toEqual([['t1', 'full'], ['t2', 'full']])
    expect(senses(r.events)).toEqual([['t1', 'blinding', 1, true], ['t2', 'blinding', 1, false]])
    expect(insensate(r.state)).toEqual(['t1'])
  })
  it('a grenade that falls short spends its Focus on distance: no Blinding', () => {
    const s = scene({ ...hanSolo, weapons: [...hanSolo.weapons, { ...frag, name: 'Flashbang', qualities: { burst: 1, blinding: 1 } }] })
    // 2 Focus for 3 squares: scatters (d8 = 1, entered by hand); whoever it lands on is not blinded
    const r = run(s, { type: 'throwGrenade', attackerId: 'han', weapon: 'Flashbang', from: { x: 0, y: 0 }, target: { x: 3, y: 0 }, override: true, targets: [],
      dice: ['focus', 'focus', ...X(5), 1] })
    expect(senses(r.events)).toEqual([])
  })
})
