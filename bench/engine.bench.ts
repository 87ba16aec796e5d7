/**
 * Engine benchmark (issue 3): Saga attacks resolved per second through decide + evolve (target ≥ 50,000/s on one
 * core), and the time for exact Saga attack odds (target < 1 ms). Best of several windows (shared machine).
 */
import { performance } from 'node:perf_hooks'
import type { EncounterState, EngineCommand } from '../src-shared/domain/encounter'
import { decide, evolve } from '../src-main/rules/index'
import { applyCommand, createEncounter } from '../src-main/rules/index'
import { seededRng } from '../src-main/rules/kit/rng'
import { getSystem } from '../src-main/rules/index'
import type { Figure } from './run'

export const name = 'engine'

const hero = { name: 'Han', kind: 'heroic', heroicLevel: 3, bab: 3, abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 10, cha: 10 }, hp: 30, weapons: [{ name: 'Blaster Pistol', damage: '3d6', kind: 'ranged', ranges: [6, 12, 24, 48] }] }
// a Fortitude no blaster crosses: the damage threshold never moves it down the condition track, so the target lives
// through every window (issue 27: Saga refuses an attack on the dead, as 2d20 does; at Fortitude 2 it died mid-bench)
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', otherLevels: 4, bab: 3, armor: { reflex: 6, fortitude: 60 }, hp: 100000, sr: 0, weapons: [{ name: 'Blaster Rifle', damage: '3d8', kind: 'ranged' }] }

function setup(): EncounterState {
  const c = createEncounter({ id: 'bench', name: 'Bench', systemId: 'saga', seed: 'bench' })
  if (!c.ok) throw new Error(c.error.message)
  let { state, records } = c.value
  for (const [id, statBlock] of [['han', hero], ['st', trooper]] as const) {
    const r = applyCommand(records, state, { type: 'addCombatant', id, statBlock }, { now: '2026-01-01T00:00:00.000Z' })
    if (!r.ok) throw new Error(r.error.message)
    state = r.value.state
    records = r.value.records
  }
  return state
}

export async function run(): Promise<Record<string, Figure>> {
  const initial = setup()
  const rng = seededRng('bench')
  const ctx = { rng, now: '2026-01-01T00:00:00.000Z' }
  const cmd: EngineCommand = { type: 'attack', attackerId: 'han', targetId: 'st', distance: 10 }
  const attack = (state: EncounterState) => {
    const r = decide(state, cmd, ctx)
    if (!r.ok) throw new Error(r.error.message)
    let s = state
    for (const e of r.value) s = evolve(s, e)
    return s
  }
  let s = initial
  for (let i = 0; i < 2000; i++) s = attack(i % 500 === 0 ? initial : s) // warm-up
  // best of 5 windows of 250 ms: the machine is shared, the best window is the closest to one free core
  let perSecond = 0
  for (let w = 0; w < 5; w++) {
    let n = 0
    s = initial
    const t0 = performance.now()
    while (performance.now() - t0 < 250) {
      for (let i = 0; i < 250; i++) s = attack(s)
      n += 250
      s = initial
    }
    perSecond = Math.max(perSecond, Math.round((n * 1000) / (performance.now() - t0)))
  }

  const saga = getSystem('saga')
  if (!saga.ok || !saga.value.odds) throw new Error('no saga odds')
  const odds = saga.value.odds
  const oddsCmd: EngineCommand = { type: 'attack', attackerId: 'han', targetId: 'st', range: 'short', cover: 'cover' }
  for (let i = 0; i < 50; i++) odds(initial, oddsCmd)
  const runs = 100
  let oddsMs = Infinity
  for (let w = 0; w < 3; w++) {
    const t1 = performance.now()
    for (let i = 0; i < runs; i++) {
      const r = odds(initial, oddsCmd)
      if (!r.ok) throw new Error(r.error.message)
    }
    oddsMs = Math.min(oddsMs, (performance.now() - t1) / runs)
  }

  return {
    'engine.saga.attacksPerSecond': { value: perSecond, unit: '/s', target: '>= 50000' },
    'engine.saga.odds': { value: Math.round(oddsMs * 1000) / 1000, unit: 'ms', target: '< 1' },
  }
}
