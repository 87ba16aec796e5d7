/**
 * Area attacks, grenades and falls use the defender's side of a single attack (defend.ts): a Blocking energy
 * shield soaks (000:884-909, S18), armor / shield qualities spend the defender's Focus (000:864-873, 000:919-928).
 * Default faces (S1). All dice are entered by hand.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { bountyHunterBoss, hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { StatBlock } from '../../../../../../src-main/rules/systems/starchasers/schema'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
import { fixedRng, noRng } from './fixed-rng'

const now = '2026-01-01T00:00:00.000Z'
function run(s: EncounterState, cmd: EngineCommand): { state: EncounterState; events: EngineEvent[] } {
  const r = decide(s, cmd, { rng: noRng, now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
  let state = s
  for (const e of r.value) state = evolve(state, e)
  return { state, events: r.value }
}
function fight(entries: Array<[string, StatBlock, number]>): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const [id, sb] of entries) s = run(s, { type: 'addCombatant', statBlock: sb, id }).state
  for (const [id, , v] of entries) s = run(s, { type: 'setInitiative', combatantId: id, value: v }).state
  const r = decide(s, { type: 'startCombat' }, { rng: fixedRng([1, 1, 1, 1, 1, 1, 1, 1]), now })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.reduce(evolve, s)
}
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState
const find = (events: EngineEvent[], type: string) => events.find((e) => e.type === `starchasers.${type}`) as Record<string, any>
const X = (n: number) => Array.from({ length: n }, () => 'blank')
// a trooper whose armor also has Protective(1), Reflective(1) and Restorative(1) besides Defensive(1) (000:869-873)
const tough: StatBlock = { ...stormtrooper, armor: { ...stormtrooper.armor!, qualities: { defensive: 1, protective: 1, reflective: 1, restorative: 1 } } }

describe('area attacks, grenades and falls: energy shields and armor qualities as in single attacks', () => {
  it("S18 / 000:1106: Han's pistol line hits Korr alone; he Blocks and his wrist shield (6 HP, photonic) soaks the 3 damage", () => {
    let s = fight([['han', hanSolo, 5], ['korr', bountyHunterBoss, 3]])
    s = run(s, { type: 'move', combatantId: 'korr', square: { x: 3, y: 0 }, override: true }).state
    // 5 dice: 5 Hits, all Korr's share; Block T4 + S4 + 2 = 10 dice: 2 Evades → 3 damage into the shield
    const r = run(s, { type: 'areaAttack', attackerId: 'han', area: { shape: 'line', spread: 1 }, origin: { x: 3, y: 0 }, facing: 'e', weapon: 'Blaster Pistol',
      dice: ['hit', 'hit', 'hit', 'hit', 'hit', 'evade', 'evade', ...X(8)] })
    expect(find(r.events, 'areaHit')).toMatchObject({ targetId: 'korr', defense: 'block', damage: 3 })
    expect(find(r.events, 'shieldHit')).toMatchObject({ absorbed: 3, shieldHp: 3, down: false })
    expect(st(r.state, 'korr')).toMatchObject({ hp: 30, shieldHp: 3 })
    expect(find(r.events, 'harmed')).toBeUndefined()
  })
  it('000:900-909: a frag grenade (physical) is not what the photonic shield is attuned to: Block 8 dice, no soak', () => {
    let s = fight([['han', hanSolo, 5], ['korr', bountyHunterBoss, 3]])
    s = run(s, { type: 'move', combatantId: 'korr', square: { x: 2, y: 0 }, override: true }).state
    // placement roll (7 dice, distance 0: no scatter), then the blast: 7 dice, 4 Hits; Block 8 dice, 1 Evade → 3 damage
    const r = run(s, { type: 'throwGrenade', attackerId: 'han', weapon: 'Frag Grenade', from: { x: 0, y: 0 }, target: { x: 2, y: 0 }, override: true,
      dice: ['focus', 'focus', ...X(5), 'hit', 'hit', 'hit', 'hit', ...X(3), 'evade', ...X(7)] })
    expect(find(r.events, 'blast')).toMatchObject({ targetId: 'korr', zone: 'full', defense: 'block', damage: 3, outcome: { defensePool: 8 } })
    expect(find(r.events, 'shieldHit')).toBeUndefined()
    expect(st(r.state, 'korr').hp).toBe(27)
  })
  it('000:870-872: a grenade on an armored trooper: Defensive/Protective turn a Focus into an Evade, Reflective hits Han, Restorative heals', () => {
    let s = fight([['han', hanSolo, 5], ['trooper', tough, 3]])
    s = run(s, { type: 'move', combatantId: 'trooper', square: { x: 2, y: 0 }, override: true }).state
    // blast 7 dice: 4 Hits; Armor Defense 3 dice: 3 Focus → 2 Evades (Defensive 1 + Protective 1), 1 Focus → Reflective
    const r = run(s, { type: 'throwGrenade', attackerId: 'han', weapon: 'Frag Grenade', from: { x: 0, y: 0 }, target: { x: 2, y: 0 }, override: true,
      dice: ['focus', 'focus', ...X(5), 'hit', 'hit', 'hit', 'hit', ...X(3), 'focus', 'focus', 'focus'] })
    const blast = find(r.events, 'blast')
    expect(blast.outcome).toMatchObject({ evades: 2, reflected: 1, defenderFocus: { reflective: 1 } })
    expect(find(r.events, 'armorReacted')).toMatchObject({ attackerId: 'han', reflected: 1 })
    expect(st(r.state, 'han').hp).toBe(hanSolo.hp - 1)
  })
  it('S21 / 000:872: a fall has no attacker: Reflective is not offered, so the armored trooper\'s spare Focus heals 1 HP', () => {
    const s = fight([['han', hanSolo, 5], ['trooper', tough, 3]])
    // 9 m: 4 dice, 3 Hits; Armor Defense 3 dice: 3 Focus → 2 Evades, 1 Restorative → 1 damage, 1 HP back
    const r = run(s, { type: 'fall', combatantId: 'trooper', meters: 9, dice: ['hit', 'hit', 'hit', 'blank', 'focus', 'focus', 'focus'] })
    expect(find(r.events, 'fell')).toMatchObject({ fallDice: 4, damage: 1, outcome: { evades: 2, reflected: 0, restored: 1 } })
    expect(find(r.events, 'armorReacted')).toBeUndefined()
    expect(find(r.events, 'healed')).toMatchObject({ method: 'restorative', amount: 1 })
    expect(st(r.state, 'trooper').hp).toBe(stormtrooper.hp)
  })
})
