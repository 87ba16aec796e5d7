/**
 * `plan:danger`: how dangerous an encounter plan is, by running it many times through the real engine.
 * Each run: the plan's combatants (party included), initiative, then every combatant on its turn attacks a
 * random living enemy with its first weapon, until one side is down or 20 rounds have passed. Reports the
 * party-win chance and histograms of rounds and of PCs down. Runs in batches, yielding to the event loop
 * between them, pushing `danger:progress`; `plan:dangerCancel` stops it (the partial report says cancelled).
 */
import { performance } from 'node:perf_hooks'
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { DangerReport } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import type { HandlerMap } from '../ipc/handlers'
import { getSystem } from '../rules/index'
import { decide, evolve, initialState } from '../rules/core/engine'
import { seededRng, type Rng } from '../rules/core/rng'
import { currentActor } from '../rules/core/state'
import type { RuleSystem } from '../rules/core/system'
import type { ServiceEnv } from './ports'
import { launchCommands } from './plan-commands'

export const MAX_ROUNDS = 20
/** longest stretch of simulation between two yields to the event loop */
const SLICE_MS = 25

/** "attack with the first weapon" in each system's command vocabulary */
const ATTACK: Record<string, (attacker: Combatant, target: Combatant) => EngineCommand> = {
  saga: (a, t) => ({ type: 'attack', attackerId: a.id, targetId: t.id, weapon: 0 }),
  starchasers: (a, t) => ({ type: 'attack', attackerId: a.id, targetId: t.id, weapon: 0 }),
}
const attackCommand = (systemId: string, a: Combatant, t: Combatant): EngineCommand =>
  (ATTACK[systemId] ?? ((x: Combatant, y: Combatant) => ({ type: 'attack', attackerId: x.id, targetId: y.id })))(a, t)

const DOWN_KEY = /(^|\.)(down|dead|dying|unconscious|helpless|disabled|destroyed|knockedOut|defeated)$/i

/** out of the fight: 0 HP, a down-like flag or condition, or the system's player view says so */
export function isDown(state: EncounterState, c: Combatant, system: Pick<RuleSystem, 'playerView'>): boolean {
  const s = c.state as Record<string, unknown>
  if (typeof s.hp === 'number' && s.hp <= 0) return true
  if (typeof s.status === 'string' && DOWN_KEY.test(s.status)) return true
  if (s.dead === true || s.unconscious === true || s.down === true || s.disabled === true || s.destroyed === true) return true
  if (c.conditions.some((k) => DOWN_KEY.test(k.key))) return true
  try {
    const h = system.playerView({ ...state, display: { party: 'exact', allies: 'exact', enemies: 'exact', neutral: 'exact' } }, c).health
    if (h.kind === 'exact') return h.current <= 0
    if (h.kind === 'descriptor') return DOWN_KEY.test(h.key)
  } catch {
    return false
  }
  return false
}

const team = (c: Combatant): 'party' | 'foes' | null => (c.side === 'party' || c.side === 'allies' ? 'party' : c.side === 'enemies' ? 'foes' : null)

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
export function simulateOnce(system: RuleSystem, setup: EngineCommand[], rng: Rng): Result<RunOutcome> {
  let state: EncounterState | null = initialState({ id: 'sim', name: 'sim', systemId: system.id, seed: 'sim' })
  for (const [i, c] of setup.entries()) {
    state = apply(state, c, rng)
    if (!state) return err('invalid', `combatant ${i + 1} of the plan could not be added`, `entries.${i}`)
  }
  const started = apply(state, { type: 'startCombat' }, rng)
  if (!started) return err('rule', 'the encounter could not start', 'planId')
  state = started
  const living = (s: EncounterState, t: 'party' | 'foes') => s.combatants.filter((c) => team(c) === t && !isDown(s, c, system))
  // a generous bound on turns, so a system that never ends a turn cannot hang the loop
  const maxSteps = (MAX_ROUNDS + 2) * (state.combatants.length + 2) * 2
  for (let step = 0; step < maxSteps; step++) {
    if (living(state, 'party').length === 0 || living(state, 'foes').length === 0) break
    if (state.turn.round > MAX_ROUNDS) break
    const actorId = currentActor(state)
    const actor = actorId ? state.combatants.find((c) => c.id === actorId) : undefined
    if (actor && !isDown(state, actor, system)) {
      const mine = team(actor)
      const foes = mine ? living(state, mine === 'party' ? 'foes' : 'party') : []
      if (foes.length > 0) {
        const target = foes[rng.int(0, foes.length - 1)]
        const after = apply(state, attackCommand(system.id, actor, target), rng)
        if (after) state = after
      }
    }
    const next = apply(state, { type: 'nextTurn' }, rng)
    if (!next) break
    state = next
  }
  const partyUp = living(state, 'party').length
  const foesUp = living(state, 'foes').length
  const pcsDown = state.combatants.filter((c) => c.role === 'pc' && isDown(state!, c, system)).length
  return ok({ partyWon: partyUp > 0 && foesUp === 0, decided: partyUp === 0 || foesUp === 0, rounds: Math.min(MAX_ROUNDS, Math.max(1, state.turn.round)), pcsDown })
}

export interface DangerService {
  run(req: { campaignId: string; planId: string; runs: number; seed?: string }): Promise<Result<DangerReport>>
  cancel(campaignId: string, planId: string): { cancelled: boolean }
  handlers: HandlerMap
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
            const r = simulateOnce(sys.value, setup.value, rng)
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

    handlers: {},
  }
  service.handlers = {
    'plan:danger': (r) => service.run(r),
    'plan:dangerCancel': async (r) => ok(service.cancel(r.campaignId, r.planId)),
  }
  return service
}
