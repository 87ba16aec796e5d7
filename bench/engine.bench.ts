/**
 * Engine benchmark (issues 3, 28): one Saga attack as play runs it, the command parsed where main receives it and then
 * decided on the encounter's live history and taken in (`validateCommand`, `History.prepare`, `commit`: what the
 * encounter service does, without the disk and the views), and the time for exact Saga attack odds (target < 1 ms).
 *
 * The machine is shared, so the attack is also given as a ratio to a reference measured in the same run (a JSON round
 * trip of the same encounter state: no engine code in it), early in a history and again after 10,000 attacks (the cost
 * of an attack must not grow with the history). Best of several windows: the best is the closest to one free core.
 * Only names every version of the rules' index exports, so the same file measures the code before a change too.
 */
import { performance } from 'node:perf_hooks'
import type { EncounterState, EngineCommand, EventRecord } from '../src-shared/domain/encounter'
import { applyCommand, createEncounter, decide, getSystem, openHistory, validateCommand, type History } from '../src-main/rules/index'
import type { Figure } from './run'

export const name = 'engine'

const NOW = '2026-01-01T00:00:00.000Z'
const hero = { name: 'Han', kind: 'heroic', heroicLevel: 3, bab: 3, abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 10, cha: 10 }, hp: 30, weapons: [{ name: 'Blaster Pistol', damage: '3d6', kind: 'ranged', ranges: [6, 12, 24, 48] }] }
// a Fortitude no blaster crosses: the damage threshold never moves them down the condition track; ten of them, attacked
// in turn, so every one lives through every window and the long history (issue 27: Saga refuses an attack on the dead)
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', otherLevels: 4, bab: 3, armor: { reflex: 6, fortitude: 60 }, hp: 100000, sr: 0, weapons: [{ name: 'Blaster Rifle', damage: '3d8', kind: 'ranged' }] }
const TROOPERS = Array.from({ length: 10 }, (_, i) => `st${i + 1}`)
/** the attacks as the console sends them (raw: parsed by the path they take), one on each trooper in turn */
const ATTACKS: EngineCommand[] = TROOPERS.map((targetId) => ({ type: 'attack', attackerId: 'han', targetId, distance: 10 }))

function setup(troopers: readonly string[]): { state: EncounterState; records: EventRecord[] } {
  const c = createEncounter({ id: 'bench', name: 'Bench', systemId: 'saga', seed: 'bench' }, NOW)
  if (!c.ok) throw new Error(c.error.message)
  let { state, records } = c.value
  for (const [id, statBlock] of [['han', hero], ...troopers.map((t) => [t, trooper] as const)] as const) {
    const r = applyCommand(records, state, { type: 'addCombatant', id, statBlock }, { now: NOW })
    if (!r.ok) throw new Error(r.error.message)
    state = r.value.state
    records = r.value.records
  }
  return { state, records }
}

interface Timed {
  /** the code timed, `chunk` calls at a time */
  f: () => void
  chunk: number
  /** untimed, before each chunk */
  before?: () => void
}

/**
 * µs per call of `a` and of `b`, and `a` / `b`, their chunks taken in turn (so a load that comes and goes on the
 * shared machine falls on both alike): each window about `ms` long, the median window's ratio, the best window's µs.
 */
function paired(a: Timed, b: Timed, { windows = 7, ms = 300 } = {}): { a: number; b: number; ratio: number } {
  const ratios: number[] = []
  let bestA = Infinity
  let bestB = Infinity
  const chunkOf = (t: Timed): number => {
    t.before?.()
    const t0 = performance.now()
    for (let i = 0; i < t.chunk; i++) t.f()
    return performance.now() - t0
  }
  for (let w = 0; w < windows; w++) {
    let ta = 0
    let tb = 0
    let na = 0
    let nb = 0
    while (ta + tb < ms) {
      ta += chunkOf(a)
      na += a.chunk
      tb += chunkOf(b)
      nb += b.chunk
    }
    const ua = (ta * 1000) / na
    const ub = (tb * 1000) / nb
    ratios.push(ua / ub)
    bestA = Math.min(bestA, ua)
    bestB = Math.min(bestB, ub)
  }
  return { a: bestA, b: bestB, ratio: [...ratios].sort((x, y) => x - y)[ratios.length >> 1] }
}

export async function run(): Promise<Record<string, Figure>> {
  const start = setup(TROOPERS)
  const saga = getSystem('saga')
  if (!saga.ok || !saga.value.odds) throw new Error('no saga odds')
  const system = saga.value

  // one attack as the encounter service runs it: parsed once, decided on the history, taken in
  let n = 0
  const attack = (h: History): void => {
    const valid = validateCommand(system, ATTACKS[n++ % ATTACKS.length])
    if (!valid.ok) throw new Error(valid.error.message)
    const p = h.prepare(valid.value, { now: NOW })
    if (!p.ok) throw new Error(p.error.message)
    h.commit(p.value)
  }
  const fresh = () => openHistory(start.records, { state: start.state })
  let h = fresh()
  const reference = () => JSON.parse(JSON.stringify(start.state)) as unknown

  for (let i = 0; i < 2000; i++) attack(h) // warm-up
  for (let i = 0; i < 2000; i++) reference()
  // early: every chunk on a new history (at most 100 attacks deep); late: a history 10,000 attacks deep and deeper
  const long = fresh()
  for (let i = 0; i < 10000; i++) attack(long)
  const early: Timed = { f: () => attack(h), chunk: 100, before: () => (h = fresh()) }
  const vsReference = paired(early, { f: reference, chunk: 20 })
  const vsEarly = paired({ f: () => attack(long), chunk: 100 }, early)

  // issue 3's figure: one attack decided on a small encounter (Han and one trooper), as `decide` takes it from a tool
  const small = setup(['st1'])
  let k = 0
  const rngOf = { int: (min: number, max: number) => min + ((k = (k * 1103515245 + 12345) % 2147483648) % (max - min + 1)) }
  const decideOne = () => {
    const r = decide(small.state, ATTACKS[0], { rng: rngOf, now: NOW })
    if (!r.ok) throw new Error(r.error.message)
  }
  for (let i = 0; i < 2000; i++) decideOne()
  const decided = paired({ f: decideOne, chunk: 100 }, { f: reference, chunk: 20 })

  const odds = system.odds!
  const oddsCmd: EngineCommand = { type: 'attack', attackerId: 'han', targetId: 'st1', range: 'short', cover: 'cover' }
  for (let i = 0; i < 50; i++) odds(small.state, oddsCmd)
  const oddsMs = paired({ f: () => void odds(small.state, oddsCmd), chunk: 20 }, { f: reference, chunk: 20 }, { windows: 3, ms: 200 }).a / 1000

  const r2 = (x: number) => Math.round(x * 100) / 100
  return {
    'engine.reference': { value: r2(vsReference.b), unit: 'µs', target: 'reference: a JSON round trip of the encounter state (11 combatants)' },
    'engine.saga.attack': { value: r2(vsReference.a), unit: 'µs', target: 'as play: parsed once, decided once, applied once (issue 28)' },
    'engine.saga.attack.ratio': { value: r2(vsReference.ratio), unit: 'x', target: 'the attack / the reference, in turns: lower is better' },
    'engine.saga.attack.late.ratio': { value: r2(vsEarly.ratio), unit: 'x', target: '≈ 1: after 10,000 attacks / early, in turns (no growth with the history)' },
    'engine.saga.attacksPerSecond': { value: Math.round(1e6 / decided.a), unit: '/s', target: '>= 50000 (decide, Han and one trooper)' },
    'engine.saga.decide.ratio': { value: r2(decided.ratio), unit: 'x', target: 'that decide / the reference, in turns: lower is better' },
    'engine.saga.odds': { value: Math.round(oddsMs * 1000) / 1000, unit: 'ms', target: '< 1' },
  }
}
