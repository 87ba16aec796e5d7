import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'

const dir = join(import.meta.dirname, '../../../../../../docs/examples')
const files = readdirSync(dir).filter((f) => f.startsWith('starchasers-') && f.endsWith('.json'))

/** Exactly what `gmc resolve --in <file> --seed N` runs (expectations in the file included). */
function play(file: string, seed = '1'): { state: EncounterState; events: EngineEvent[] } {
  const r = resolveScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')), { seed, defaultSeed: seed })
  if (!r.ok) throw new Error(`${file}: ${r.error.message} (${r.error.field})`)
  return { state: r.value.state, events: r.value.events.map((e) => e.event) }
}
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState

describe('docs/examples/starchasers-*.json run through the engine', () => {
  it('there are at least 6, with a diceless ally example and a duel', () => {
    expect(files.length).toBeGreaterThanOrEqual(6)
    expect(files).toContain('starchasers-ally-diceless.json')
    expect(files).toContain('starchasers-duel.json')
  })
  for (const f of files) it(`${f} runs with seed 1 and with seed 7`, () => {
    expect(play(f).events.length).toBeGreaterThan(0)
    expect(play(f, '7').events.length).toBeGreaterThan(0)
  })
  it("attack example: the range band comes from each combatant's position (the scenario keeps `position`)", () => {
    const { state, events } = play('starchasers-attack.json')
    expect(state.combatants.map((c) => c.position?.band)).toEqual(['medium', 'medium'])
    const attacks = events.filter((e) => e.type === 'starchasers.attackResolved')
    expect(attacks.map((e) => e.band)).toEqual(['medium', 'medium', 'medium'])
    expect(attacks[2]).toMatchObject({ soak: 3 })
  })
  it('shields and stealth example: the shield soaks 3, a Disarm, 2 Stealth tokens, a reaction move', () => {
    const { state, events } = play('starchasers-shields-stealth.json')
    expect(events.find((e) => e.type === 'starchasers.shieldHit')).toMatchObject({ absorbed: 3, shieldHp: 3 })
    expect(events.find((e) => e.type === 'starchasers.disarmed')).toMatchObject({ weapon: 'E-11 Blaster Rifle', why: 'disarm' })
    expect(state.combatants.find((c) => c.id === 'han')!.position?.band).toBe('long')
    expect(st(state, 'korr')).toMatchObject({ hp: 30, shieldHp: 3, shieldRounds: 4 })
  })
  it('ally example: the seed numbers (000:1355, 000:1372)', () => {
    const { events } = play('starchasers-ally-diceless.json')
    const attacks = events.filter((e) => e.type === 'starchasers.allyAttacked')
    expect(attacks[0]).toMatchObject({ attackerId: 'luke', damage: 6 })
    expect(attacks[1]).toMatchObject({ attackerId: 'hound', defenseValue: 6, damage: 0 })
    const defended = events.filter((e) => e.type === 'starchasers.allyDefended')
    expect(defended[0]).toMatchObject({ attackValue: 6, defense: 'parry', damage: 0 })
    expect(defended[1]).toMatchObject({ defense: 'armor', damage: 3 })
  })
  it('duel example: REPEL, DOMINATE, REPEL, jump-ins, phase 2', () => {
    const { state, events } = play('starchasers-duel.json')
    const ex = events.filter((e) => e.type === 'starchasers.duelExchanged')
    expect(ex.slice(0, 5).map((e) => e.result)).toEqual(['repel', 'dominate', 'repel', 'dominate', 'dominate'])
    // the boss Blocks with his wrist energy shield (6 shield HP, S18): it takes damage first
    const absorbed = events.filter((e) => e.type === 'starchasers.shieldHit').reduce((n, e) => n + (e.absorbed as number), 0)
    expect(absorbed).toBe(5) // Han's DOMINATE of 5 on the Block; the shield keeps 1 HP
    expect(st(state, 'boss').hp).toBe(30 - 5 - 7 - 9 - (ex[5].damage as number) - (ex[5].stress as number) + absorbed)
    expect(st(state, 'luke').stress).toBe(1)
    expect(state.system.duel).toBeNull()
  })
  it("grenade example: Han's bounce of 2 squares in direction 3", () => {
    const { events } = play('starchasers-grenade.json')
    expect(events.find((e) => e.type === 'starchasers.grenadeThrown')).toMatchObject({ needed: 4, focus: 2, bounce: 2, direction: 3, landing: { x: 6, y: 0 } })
    expect(events.filter((e) => e.type === 'starchasers.blast')).toHaveLength(3)
  })
  it('critical example: Stunned from the d8', () => {
    const { state } = play('starchasers-critical.json')
    expect(state.combatants.find((c) => c.id === 'trooper')!.conditions.map((c) => c.key)).toContain('starchasers.stunned')
  })
})
