/** What the Storyteller handlers share: rolling a pool into an event, damage on the track, a move on the wheel. */
import type { Combatant, EncounterState, EngineCommand, EngineEvent } from '@shared/domain/encounter'
import type { AppError, Result } from '@shared/result'
import type { Rng } from '../../../../kit/rng'
import { checkRule, ruleRefuser } from '../../../../kit/rules'
import { refuse } from '../../../../kit/refuse'
import { log as sentences } from '../../i18n/en'
import { currentActor, findCombatant } from '../../../../kit/state'
import { rollFaces, scorePool, type Pool, type ScoreOptions } from '../dice'
import { applyDamage, healthStatus } from '../health'
import type { DamageType } from '../../schema'
import { isOut, stState, trackOf } from '../state'
import type { RolledPool, StorytellerEvent } from '../../events'

export const inFight = (s: EncounterState): boolean => s.turn.phase === 'combat' || s.turn.phase === 'surprise'

export function need(state: EncounterState, id: string, field: string): Result<Combatant> {
  const c = findCombatant(state, id)
  return c ? { ok: true, value: c } : refuse('not-found', sentences, 'refusal.storyteller.noCombatant', {}, { field })
}

/** Roll a pool with the Rng (dice typed in by hand come first) and score it (T1, T2). */
export function rollPool(pool: Pool, rng: Rng, o: ScoreOptions): RolledPool {
  const { faces, rolls } = rollFaces(pool.dice, rng)
  const r = scorePool(faces, pool.auto, o)
  return { dice: pool.dice, auto: pool.auto, parts: pool.parts, rolls, successes: r.successes, botch: r.botch }
}

/** Damage on the track: the change for the hit, and the Incapacitated / died events it leads to. */
export function harm(c: Combatant, type: DamageType, amount: number): { wounds: ReturnType<typeof applyDamage>['wounds']; upgraded: number; after: StorytellerEvent[] } {
  const track = trackOf(c)
  const before = healthStatus(stState(c).wounds, track)
  const r = applyDamage(stState(c).wounds, type, amount, track)
  const now = healthStatus(r.wounds, track)
  const after: StorytellerEvent[] = []
  if (now === 'incapacitated' && before !== 'incapacitated' && before !== 'dead') after.push({ type: 'storyteller.incapacitated', combatantId: c.id, name: c.name })
  if (now === 'dead' && before !== 'dead') after.push({ type: 'storyteller.died', combatantId: c.id, name: c.name })
  return { wounds: r.wounds, upgraded: r.upgraded, after }
}

/** The tick a combatant acts on now (its own, or the wheel's when that is later). */
export const actingTick = (state: EncounterState, c: Combatant): number => Math.max(c.initiative.value ?? 0, state.turn.tick ?? 0)

/** 004: an action moves its actor Speed ticks forward from the tick it acts on (only in a fight). */
export function moveEvent(state: EncounterState, c: Combatant, speed: number, what: string): StorytellerEvent[] {
  if (!inFight(state)) return []
  const from = actingTick(state, c)
  return [{ type: 'storyteller.moved', combatantId: c.id, name: c.name, speed, from, to: from + speed, what }]
}

/** Rules a GM can override: acting out of turn in a fight, acting while Incapacitated. */
export function actorRules(state: EncounterState, command: EngineCommand, c: Combatant, field: string, events: EngineEvent[]): { ok: false; error: AppError } | null {
  const cur = currentActor(state)
  // 004 ties: everyone acting together is on its tick; one taken out by a simultaneous action still gets its own
  const together = inFight(state) && (state.turn.together?.includes(c.id) ?? false)
  const off = inFight(state) && cur !== null && cur !== c.id && !together
  return checkRule(command, off, 'rule.storyteller.notYourTick', `it is not ${c.name}'s tick`, field, events, { name: c.name })
    ?? checkRule(command, isOut(c) && !together, 'rule.storyteller.incapacitated', `${c.name} is incapacitated`, field, events, { name: c.name })
}

/** An overridable rule, refused in this system's own sentence (kit/rules.ts ruleRefuser). */
export const storytellerRule = ruleRefuser(sentences)
