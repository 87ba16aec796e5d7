/**
 * The danger check's simulation, shared by the worker threads (danger-worker.ts) and the in-process fallback: one
 * fight through the real engine (`fight`, the same rule functions as play), and a chunk of fights tallied
 * (`runChunk`). Each chunk has its own seed, so a report depends only on the request's seed and run count, never
 * on how many threads shared the work.
 *
 * Cheap by design (issue 13): the plan's commands are validated once (`prepareFight`), then every command of a
 * fight goes through the engine's trusted `step` (no zod parse, no GM-only marks, the batch's state kept rather
 * than evolved twice), every fight starts from the one set-up state (a copy of it, evolved in place: `fight`), and
 * nothing keeps a history or a log.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { DangerReport } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../kit/refuse'
import { entryRefused } from '../plan-commands'
import { engineFor, initialState, type Engine } from '../index'
import { createEngine, type StepHow } from '../kit/engine'
import { trustedCommand, type ParsedCommand } from '../kit/command'
import { seededRng, type Rng } from '../kit/rng'
import { currentActor, withField } from '../kit/state'
import type { DangerWinner, RuleSystem } from '../kit/system'

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

const NOW = '1970-01-01T00:00:00.000Z'
const START = trustedCommand({ type: 'startCombat' })
const NEXT = trustedCommand({ type: 'nextTurn' })

/**
 * A plan ready to fight many times: its commands validated once (the edge: the engine takes them as trusted after
 * that) and, when adding them rolls no dice (the usual case: combatants join before combat without a roll), the
 * state after them, which every fight starts from (states are never changed in place, so they share it).
 */
export interface PreparedFight {
  system: RuleSystem
  engine: Engine
  setup: ParsedCommand[]
  settings?: Record<string, unknown>
  /** the state after the setup, or null when the setup rolled dice (then each fight adds the combatants itself) */
  start: EncounterState | null
}

/** the state after the plan's commands; `rng` rolls any dice they need */
function setUp(p: Omit<PreparedFight, 'start'>, rng: Rng): Result<EncounterState> {
  let state = initialState({ id: 'sim', name: 'sim', systemId: p.system.id, seed: 'sim', settings: p.settings })
  for (const [i, c] of p.setup.entries()) {
    const r = p.engine.step(state, c, { rng, now: NOW })
    if (!r.ok) return entryRefused(r.error, c, i)
    state = r.value
  }
  return ok(state)
}

/** Validate the plan's commands against the system once and set the plan up (see PreparedFight). */
export function prepareFight(system: RuleSystem, setup: EngineCommand[], settings?: Record<string, unknown>): Result<PreparedFight> {
  const registered = engineFor(system.id)
  const engine = registered.ok && registered.value.system === system ? registered.value : createEngine(system)
  const valid: ParsedCommand[] = []
  for (const [i, c] of setup.entries()) {
    const v = engine.validateCommand(c)
    if (!v.ok) return entryRefused(v.error, c, i)
    valid.push(v.value)
  }
  const base = { system, engine, setup: valid, settings }
  let rolled = false
  const dice = seededRng('setup')
  const watch: Rng = { int: (min, max) => ((rolled = true), dice.int(min, max)) }
  const start = setUp(base, watch)
  if (!start.ok) return start
  return ok({ ...base, start: rolled ? null : start.value })
}

export interface RunOutcome {
  partyWon: boolean
  decided: boolean
  rounds: number
  pcsDown: number
  /** undecided, and nobody at all was taken out: neither side got through the other's defenses (issue 27) */
  stalled: boolean
}

/**
 * One simulated fight of a prepared plan. Pure apart from the rng. The fight runs on its own copy of the start state,
 * changed in place (`Engine.step` with `inPlace`: rules/kit/batch.ts `evolverFor`). A command refused halfway may already have changed that copy,
 * where play would leave the state as it was: then the fight is fought again on copies, with the same dice (the
 * ones drawn so far, then the rng's next ones), so the outcome is the one play's rules give either way.
 */
export function fight(p: PreparedFight, rng: Rng, how: { inPlace?: boolean } = {}): Result<RunOutcome> {
  // on copies throughout, as play evolves a state: the reference the in-place fights are tested against
  if (how.inPlace === false) return fightWith(p, rng, false) as Result<RunOutcome>
  const recorded = new Recorded(rng)
  const first = fightWith(p, recorded, true)
  if (first !== REFUSED) return first
  const again = fightWith(p, new Replayed(recorded.drawn, rng), false)
  return again === REFUSED ? err('internal', 'a fight was refused on copies') : again
}

// Classes rather than literals with closures, made per fight: see rng.ts SeededRng.
/** the rng's dice, each kept as it is drawn */
class Recorded implements Rng {
  readonly drawn: number[] = []
  constructor(private readonly rng: Rng) {}
  int(min: number, max: number): number {
    const v = this.rng.int(min, max)
    this.drawn.push(v)
    return v
  }
}
/** the dice drawn before, then the rng's next ones */
class Replayed implements Rng {
  private i = 0
  constructor(
    private readonly drawn: number[],
    private readonly rng: Rng,
  ) {}
  int(min: number, max: number): number {
    return this.i < this.drawn.length ? this.drawn[this.i++] : this.rng.int(min, max)
  }
}
/** a command of an in-place fight was refused (fight it again on copies) */
const REFUSED = Symbol('refused')

/** the start state as the fight's own: what an in-place fight changes (the turn, each combatant's system state) */
function ownCopy(s: EncounterState): EncounterState {
  const x = withField(s, 'turn', { ...s.turn })
  x.combatants = s.combatants.map((c) => withField(c, 'state', { ...c.state }))
  return x
}

function fightWith(p: PreparedFight, rng: Rng, own: boolean): Result<RunOutcome> | typeof REFUSED {
  const { system, engine } = p
  const ctx = { rng, now: NOW }
  let state: EncounterState
  if (p.start) state = p.start
  else {
    const s = setUp(p, rng)
    if (!s.ok) return s
    state = s.value
  }
  if (own) state = ownCopy(state)
  const how: StepHow = { inPlace: own, spoiled: false }
  const started = engine.step(state, START, ctx, how)
  if (!started.ok) return how.spoiled ? REFUSED : refuse('rule', core.en, 'refusal.core.planNoStart', {}, { field: 'planId' })
  state = started.value
  const foesOf = (mine: 'party' | 'foes') => state.combatants.filter((c) => team(c) !== null && team(c) !== mine && !system.isOut(c))
  // a generous bound on turns, so a system that never ends a turn cannot hang the loop
  const maxSteps = (MAX_ROUNDS + 2) * (state.combatants.length + 2) * 2
  for (let step = 0; step < maxSteps; step++) {
    if (winnerOf(system, state) !== null) break
    if (state.turn.round > MAX_ROUNDS) break
    const actorId = currentActor(state)
    const actor = actorId ? state.combatants.find((c) => c.id === actorId) : undefined
    if (actor && !system.isOut(actor)) {
      const mine = team(actor)
      let foes = mine ? foesOf(mine) : []
      let me = actor
      // a fighter picks among the foes it can reach; with none, it closes in first (its move, by the system's rules)
      if (foes.length > 0 && system.dangerReach) {
        const inReach = (who: Combatant) => foes.filter((f) => system.dangerReach!(state, who, f))
        let reach = inReach(me)
        if (reach.length === 0 && system.dangerApproach) {
          const move = system.dangerApproach(state, actor, foes)
          const moved = move ? engine.step(state, trustedCommand(move), ctx, how) : null
          if (moved?.ok) {
            state = moved.value
            me = state.combatants.find((c) => c.id === actor.id) ?? me
            reach = inReach(me)
          } else if (how.spoiled) return REFUSED
        }
        foes = reach
      }
      if (foes.length > 0) {
        const target = foes[rng.int(0, foes.length - 1)]
        // the system's own attack command, built by its code: trusted (a test checks each system's validates)
        const after = engine.step(state, trustedCommand(system.dangerAttack(state, me, target)), ctx, how)
        if (after.ok) state = after.value
        else if (how.spoiled) return REFUSED
      }
    }
    const next = engine.step(state, NEXT, ctx, how)
    if (!next.ok) {
      if (how.spoiled) return REFUSED
      break
    }
    state = next.value
  }
  const winner = winnerOf(system, state)
  const pcsDown = state.combatants.filter((c) => c.role === 'pc' && system.isOut(c)).length
  const stalled = winner === null && !state.combatants.some((c) => team(c) !== null && system.isOut(c))
  return ok({ partyWon: winner === 'party', decided: winner !== null, rounds: Math.min(MAX_ROUNDS, Math.max(1, state.turn.round)), pcsDown, stalled })
}

/** One simulated fight from the plan's commands (prepared for this one fight). Pure apart from the rng. */
export function simulateOnce(system: RuleSystem, setup: EngineCommand[], rng: Rng, settings?: Record<string, unknown>): Result<RunOutcome> {
  const p = prepareFight(system, setup, settings)
  return p.ok ? fight(p.value, rng) : p
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
  /** undecided fights in which nobody was taken out (RunOutcome.stalled) */
  stalled: number
  rounds: Record<string, number>
  pcsDown: Record<string, number>
}

export const emptyTally = (): DangerTally => ({ runs: 0, wins: 0, undecided: 0, stalled: 0, rounds: {}, pcsDown: {} })

export function addTally(into: DangerTally, t: DangerTally): void {
  into.runs += t.runs
  into.wins += t.wins
  into.undecided += t.undecided
  into.stalled += t.stalled ?? 0
  for (const [k, v] of Object.entries(t.rounds)) into.rounds[k] = (into.rounds[k] ?? 0) + v
  for (const [k, v] of Object.entries(t.pcsDown)) into.pcsDown[k] = (into.pcsDown[k] ?? 0) + v
}

export function reportOf(t: DangerTally, cancelled: boolean): DangerReport {
  return { runs: t.runs, partyWinChance: t.runs > 0 ? t.wins / t.runs : 0, rounds: t.rounds, pcsDown: t.pcsDown, cancelled, undecided: t.undecided, stalled: t.stalled }
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
export function chunkRunner(prepared: PreparedFight, chunk: { runs: number; seed: string }): { tally: DangerTally; next(): Result<boolean> } {
  const rng = seededRng(chunk.seed)
  const tally = emptyTally()
  return {
    tally,
    next() {
      if (tally.runs >= chunk.runs) return ok(false)
      const r = fight(prepared, rng)
      if (!r.ok) return r
      tally.runs++
      if (r.value.partyWon) tally.wins++
      if (!r.value.decided) tally.undecided++
      if (r.value.stalled) tally.stalled++
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
  prepared: PreparedFight,
  chunk: { runs: number; seed: string },
  opts: { stop?: () => boolean; progress?: (done: number) => void; progressEvery?: number } = {},
): Result<DangerTally> {
  const runner = chunkRunner(prepared, chunk)
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
