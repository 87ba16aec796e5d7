/**
 * `plan:danger`: how dangerous an encounter plan is, by running it many times through the real engine.
 * Each run: the plan's combatants (party included), initiative, then every combatant on its turn makes the rule
 * system's default attack (`RuleSystem.dangerAttack`) on a random enemy still in the fight (`isOut`), until the
 * system's win condition (`winner`, default: one team all out) or 20 rounds have passed. Reports the
 * party-win chance and histograms of rounds and of PCs down. Runs in batches, yielding to the event loop
 * between them, pushing `danger:progress`; `plan:dangerCancel` stops it (the partial report says cancelled).
 */
import { performance } from 'node:perf_hooks'
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { DangerReport } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import { getSystem } from '../rules/index'
import { decide, evolve, initialState } from '../rules/index'
import { seededRng, type Rng } from '../rules/core/rng'
import { currentActor } from '../rules/core/state'
import type { DangerWinner, RuleSystem } from '../rules/core/system'
import type { ServiceEnv } from './ports'
import { launchCommands } from './plan-commands'

export const MAX_ROUNDS = 20
/** longest stretch of simulation between two yields to the event loop */
const SLICE_MS = 25

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

export interface DangerService {
  run(req: { campaignId: string; planId: string; runs: number; seed?: string }): Promise<Result<DangerReport>>
  cancel(campaignId: string, planId: string): { cancelled: boolean }
}

export function createDangerService(env: ServiceEnv): DangerService {
  const running = new Map<string, { cancelled: boolean }>()
  const key = (c: string, p: string) => `${c}/${p}`

  const service: DangerService = {
    async run({ campaignId, planId, runs, seed }) {
      const file = await env.store.read(campaignId)
      if (!file.ok) return file
      const sys = getSystem(file.value.systemId)
      if (!sys.ok) return err(sys.error.code, sys.error.message, 'systemId')
      const setup = launchCommands(file.value, planId, sys.value)
      if (!setup.ok) return setup
      const k = key(campaignId, planId)
      if (running.has(k)) return err('conflict', 'a danger check of this plan is already running', 'planId')
      const flag = { cancelled: false }
      running.set(k, flag)
      const rng = seededRng(seed ?? env.newSeed())
      const report: DangerReport = { runs: 0, partyWinChance: 0, rounds: {}, pcsDown: {}, cancelled: false, undecided: 0 }
      let wins = 0
      try {
        for (let done = 0; done < runs; ) {
          // a slice of at most SLICE_MS (and at least one run), then the event loop gets its turn
          const sliceStart = performance.now()
          for (; done < runs && performance.now() - sliceStart < SLICE_MS; done++) {
            const r = simulateOnce(sys.value, setup.value, rng, file.value.systemSettings)
            if (!r.ok) return r
            report.runs++
            if (r.value.partyWon) wins++
            if (!r.value.decided) report.undecided++
            report.rounds[r.value.rounds] = (report.rounds[r.value.rounds] ?? 0) + 1
            report.pcsDown[r.value.pcsDown] = (report.pcsDown[r.value.pcsDown] ?? 0) + 1
          }
          env.publish('danger:progress', { planId, done, total: runs })
          await new Promise<void>((resolve) => setImmediate(resolve))
          if (flag.cancelled) {
            report.cancelled = true
            break
          }
        }
      } finally {
        running.delete(k)
      }
      report.partyWinChance = report.runs > 0 ? wins / report.runs : 0
      return ok(report)
    },

    cancel(campaignId, planId) {
      const flag = running.get(key(campaignId, planId))
      if (flag) flag.cancelled = true
      return { cancelled: flag !== undefined }
    },

  }
  return service
}
