/**
 * The danger check's simulation, shared by the worker threads (danger-worker.ts) and the in-process fallback: one
 * fight through the real engine (`simulateOnce`), and a chunk of fights tallied (`runChunk`). Each chunk has its own
 * seed, so a report depends only on the request's seed and run count, never on how many threads shared the work.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { DangerReport } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import { decide, evolve, initialState } from '../rules/index'
import { seededRng, type Rng } from '../rules/core/rng'
import { currentActor } from '../rules/core/state'
import type { DangerWinner, RuleSystem } from '../rules/core/system'

export const MAX_ROUNDS = 20

const team = (c: Combatant): 'party' | 'foes' | null => (c.side === 'party' || c.side === 'allies' ? 'party' : c.side === 'enemies' ? 'foes' : null)

/** the default win condition: a team wins when every combatant of the other team is out */
function defaultWinner(system: RuleSystem, state: EncounterState): DangerWinner {
  const up = (t: 'party' | 'foes') => state.combatants.some((c) => team(c) === t && !system.isOut(c))
  if (!up('foes') && up('party')) return 'party'
  if (!up('party')) return 'foes'
  return null
}
export const winnerOf = (system: RuleSystem, state: EncounterState): DangerWinner => (system.winner ? system.winner(state) : defaultWinner(system, state))

function apply(state: EncounterState, command: EngineCommand, rng: Rng): EncounterState | null {
  const r = decide(state, command, { rng, now: '1970-01-01T00:00:00.000Z' })
  if (!r.ok) return null
  let s = state
  for (const e of r.value) s = evolve(s, e)
  return s
}

export interface RunOutcome {
  partyWon: boolean
  decided: boolean
  rounds: number
  pcsDown: number
}

/** One simulated fight. Pure apart from the rng. */
export function simulateOnce(system: RuleSystem, setup: EngineCommand[], rng: Rng, settings?: Record<string, unknown>): Result<RunOutcome> {
  let state: EncounterState | null = initialState({ id: 'sim', name: 'sim', systemId: system.id, seed: 'sim', settings })
  for (const [i, c] of setup.entries()) {
    state = apply(state, c, rng)
    if (!state) return err('invalid', `combatant ${i + 1} of the plan could not be added`, `entries.${i}`)
  }
  const started = apply(state, { type: 'startCombat' }, rng)
  if (!started) return err('rule', 'the encounter could not start', 'planId')
  state = started
  const living = (s: EncounterState, t: 'party' | 'foes') => s.combatants.filter((c) => team(c) === t && !system.isOut(c))
  // a generous bound on turns, so a system that never ends a turn cannot hang the loop
  const maxSteps = (MAX_ROUNDS + 2) * (state.combatants.length + 2) * 2
  for (let step = 0; step < maxSteps; step++) {
    if (winnerOf(system, state) !== null) break
    if (state.turn.round > MAX_ROUNDS) break
    const actorId = currentActor(state)
    const actor = actorId ? state.combatants.find((c) => c.id === actorId) : undefined
    if (actor && !system.isOut(actor)) {
      const mine = team(actor)
      const foes = mine ? living(state, mine === 'party' ? 'foes' : 'party') : []
      if (foes.length > 0) {
        const target = foes[rng.int(0, foes.length - 1)]
        const after = apply(state, system.dangerAttack(state, actor, target), rng)
        if (after) state = after
      }
    }
    const next = apply(state, { type: 'nextTurn' }, rng)
    if (!next) break
    state = next
  }
  const winner = winnerOf(system, state)
  const pcsDown = state.combatants.filter((c) => c.role === 'pc' && system.isOut(c)).length
  return ok({ partyWon: winner === 'party', decided: winner !== null, rounds: Math.min(MAX_ROUNDS, Math.max(1, state.turn.round)), pcsDown })
}

/** What every chunk of one danger check shares: the plan as engine commands, and the campaign's system settings. */
export interface DangerJob {
  systemId: string
  setup: EngineCommand[]
  settings?: Record<string, unknown>
}

/** The tallies of a number of fights: what a chunk sends back, and what the report is summed from. */
export interface DangerTally {
  runs: number
  wins: number
  undecided: number
  rounds: Record<string, number>
  pcsDown: Record<string, number>
}

export const emptyTally = (): DangerTally => ({ runs: 0, wins: 0, undecided: 0, rounds: {}, pcsDown: {} })

export function addTally(into: DangerTally, t: DangerTally): void {
  into.runs += t.runs
  into.wins += t.wins
  into.undecided += t.undecided
  for (const [k, v] of Object.entries(t.rounds)) into.rounds[k] = (into.rounds[k] ?? 0) + v
  for (const [k, v] of Object.entries(t.pcsDown)) into.pcsDown[k] = (into.pcsDown[k] ?? 0) + v
}

export function reportOf(t: DangerTally, cancelled: boolean): DangerReport {
  return { runs: t.runs, partyWinChance: t.runs > 0 ? t.wins / t.runs : 0, rounds: t.rounds, pcsDown: t.pcsDown, cancelled, undecided: t.undecided }
}

/** fights per chunk: small enough for smooth progress and a quick cancel, large enough to keep messages rare */
export const CHUNK_RUNS = 200

/** The chunks of a request: `runs` split into CHUNK_RUNS-sized pieces, each with a seed derived from the request's. */
export function chunksOf(runs: number, seed: string): Array<{ index: number; runs: number; seed: string }> {
  const out: Array<{ index: number; runs: number; seed: string }> = []
  for (let i = 0, left = runs; left > 0; i++, left -= CHUNK_RUNS) out.push({ index: i, runs: Math.min(CHUNK_RUNS, left), seed: `${seed}#${i}` })
  return out
}

/** One chunk's fights, run one at a time (`next()` plays one; false once the chunk is done), tallied as they go. */
export function chunkRunner(system: RuleSystem, job: DangerJob, chunk: { runs: number; seed: string }): { tally: DangerTally; next(): Result<boolean> } {
  const rng = seededRng(chunk.seed)
  const tally = emptyTally()
  return {
    tally,
    next() {
      if (tally.runs >= chunk.runs) return ok(false)
      const r = simulateOnce(system, job.setup, rng, job.settings)
      if (!r.ok) return r
      tally.runs++
      if (r.value.partyWon) tally.wins++
      if (!r.value.decided) tally.undecided++
      tally.rounds[r.value.rounds] = (tally.rounds[r.value.rounds] ?? 0) + 1
      tally.pcsDown[r.value.pcsDown] = (tally.pcsDown[r.value.pcsDown] ?? 0) + 1
      return ok(tally.runs < chunk.runs)
    },
  }
}

/**
 * Run one chunk of fights. `stop()` is asked between fights (a cancelled check ends early with what it has);
 * `progress(done)` is told every `progressEvery` fights and at the end.
 */
export function runChunk(
  system: RuleSystem,
  job: DangerJob,
  chunk: { runs: number; seed: string },
  opts: { stop?: () => boolean; progress?: (done: number) => void; progressEvery?: number } = {},
): Result<DangerTally> {
  const runner = chunkRunner(system, job, chunk)
  const every = opts.progressEvery ?? 25
  for (let more = chunk.runs > 0; more; ) {
    if (opts.stop?.()) break
    const r = runner.next()
    if (!r.ok) return r
    more = r.value
    if (opts.progress && (runner.tally.runs % every === 0 || !more)) opts.progress(runner.tally.runs)
  }
  return ok(runner.tally)
}
