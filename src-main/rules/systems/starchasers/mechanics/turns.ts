/** Initiative (000:15-17, S2) and turn hooks: action budget, Wounded, Burning, the Dying clock (S10). */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { CoreEvent, EventOf } from '../../../kit/events'
import type { StarchasersEvent } from '../events'

type Event = CoreEvent | StarchasersEvent
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../kit/system'
import type { CommandDice } from '../../../kit/rng'
import { actionScore, DiceSource } from './dice'
import { initiativePool } from './derived'
import { newBatch } from '../evolve'
import { written } from '../../../kit/batch'
import { conditionEndedEvent } from '../../../kit/conditions'
import { STATUS_TABLE } from './conditions'
import { DYING_ROUNDS, tickRound } from './harm'
import { facesOf, harm, syncConditions } from './resolve-helpers'
import { burningDue, conditionKeys, fighter, isAlly, scState, scStats, shieldRoundsOf, trackOf, type ScState } from './state'

/**
 * S2: Action Score = Hits + 2 × Crits of the Perception + Alertness (+ bonuses) pool. Ties: larger pool, then PC
 * before NPC, then the core's recorded tie-break — encoded in the modifier as pool + 0.5 for PCs.
 * Allies do not roll: they act right after the last PC (000:1341), placed at that PC's count with a lower modifier.
 */
export function rollInitiative(state: EncounterState, c: Combatant, ctx: DecideContext): Result<Event[]> {
  if (isAlly(c)) return ok([allyInitiative(state, c)])
  const f = fighter(c)!
  const pool = initiativePool(f, conditionKeys(c))
  // manual dice: symbols ('hit', 'crit' ...) or face numbers of the attack die, in the order of the combatants rolled
  const cd = ctx.rng as Partial<CommandDice>
  const manual = cd.values && typeof cd.used === 'number' ? cd.values.slice(cd.used) : []
  const start = cd.used ?? 0
  if (manual.length > 0) cd.used = cd.values!.length
  const dice = new DiceSource(ctx.rng, manual, facesOf(state))
  const r = dice.attack(pool)
  if (manual.length > 0) cd.used = start + dice.rolls.filter((x) => x.manual).length
  if (!r.ok) return r
  const modifier = pool + (f.kind === 'pc' ? 0.5 : 0)
  return ok([{ type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: actionScore(r.value), modifier, dice: dice.rolls, pool }])
}

function allyInitiative(state: EncounterState, c: Combatant): EventOf<CoreEvent, 'core.initiativeSet'> {
  const pcs = state.combatants.filter((x) => scStats(x).kind === 'pc' && x.initiative.value !== null)
  const last = [...pcs].sort((a, b) => (a.initiative.value! - b.initiative.value!) || (a.initiative.modifier - b.initiative.modifier))[0]
  const value = last ? last.initiative.value! : 0
  const modifier = last ? last.initiative.modifier - 0.25 : -1
  return { type: 'core.initiativeSet', combatantId: c.id, name: c.name, value, modifier, dice: [], afterLastPc: last?.id ?? null }
}

/** At the start of combat every PC has rolled: place the allies after the last PC now. */
export function onCombatStart(state: EncounterState): Event[] {
  // an ally already placed after the (now final) last PC is not placed, nor logged, twice
  return state.combatants
    .filter(isAlly)
    .map((c) => allyInitiative(state, c))
    .filter((e) => {
      const c = state.combatants.find((x) => x.id === e.combatantId)!
      return c.initiative.value !== e.value || c.initiative.modifier !== e.modifier
    })
}

export function onTurnStart(state: EncounterState, id: string): Event[] {
  const b = newBatch(state)
  const c = b.get(id)
  if (!c) return []
  const st = scState(c)
  // 000:582 Stunned: the victim loses 1 Action on its next Turn, once per Stunned (the condition itself lasts until
  // cleared or the Combat ends, 000:184); a Stunned that landed during this combatant's own turn is due now
  const spent = st.stunsSpent ?? []
  const due = c.conditions.filter((k) => k.key === 'starchasers.stunned' && !spent.includes(k.id)).map((k) => k.id)
  const lost = due.length > 0 ? 1 : 0
  const turnPatch: Partial<ScState> = {
    actionsUsed: 0, attacksThisTurn: 0, freeActionsUsed: 0,
    ...(lost > 0 || (st.actionsLost ?? 0) > 0 ? { actionsLost: lost } : {}),
    ...(due.length > 0 ? { stunsSpent: [...spent, ...due] } : {}),
    ...((st.movementLeft ?? 0) > 0 ? { movementLeft: 0 } : {}),
  }
  b.push({ type: 'starchasers.turnStarted', combatantId: id, name: c.name, stunned: lost > 0, changes: [{ id: id, patch: turnPatch }] })
  // 000:701 / S10: a Dying clock that has run its 10 rounds, whoever's turn starts now (it counts from the 7th Injury)
  for (const x of b.state.combatants) {
    const xs = scState(x)
    if (!xs.dying || !xs.dyingSince) continue
    const left = dyingRoundsLeft(b.state, xs.dyingSince)
    if (left <= 0) {
      b.push({ type: 'starchasers.clockTicked', combatantId: x.id, name: x.name, dyingRounds: null, deadRounds: 0, died: true, permanentlyDead: false, changes: [{ id: x.id, patch: { dying: false, dyingRounds: null, dead: true, deadRounds: 0 } }] })
      syncConditions(b, x.id)
    } else if (x.id === id) {
      b.push({ type: 'starchasers.clockTicked', combatantId: id, name: c.name, dyingRounds: left, deadRounds: null, died: false, permanentlyDead: false, changes: [{ id: id, patch: { dyingRounds: left } }] })
    }
  }
  const now = scState(b.get(id) ?? c)
  if (now.dying && now.dyingSince) return written(b)
  if (now.dead && st.dying && st.dyingSince) return written(b)
  // the revival window counts one round per turn of the dead character (S10); a Dying clock of an older log too
  if (st.dying || st.dead) {
    const t = tickRound(trackOf(st))
    b.push({ type: 'starchasers.clockTicked', combatantId: id, name: c.name, dyingRounds: t.track.dyingRounds, deadRounds: t.track.deadRounds, died: t.died, permanentlyDead: t.permanentlyDead, changes: [{ id: id, patch: { ...t.track } }] })
    syncConditions(b, id)
    return written(b)
  }
  // 000:739 Burning: the damage of an earlier Round's Focus (not the Round it came in); 000:587 Wounded: 1
  // unavoidable lethal damage each turn
  const burn = burningDue(st, state.turn.round)
  if (burn > 0) {
    b.push({ type: 'starchasers.burned', combatantId: id, name: c.name, amount: burn, changes: [{ id: id, patch: { burning: st.burning - burn } }] })
    harm(b, id, burn, 0, 'burning')
  }
  if (conditionKeys(c).includes('wounded')) harm(b, id, 1, 0, 'wounded')
  return written(b)
}

/**
 * Rounds left on a Dying clock started at `since` (000:701: 10 rounds, 1 minute): like the core's N-round effects,
 * it runs out just before the count where it began, 10 rounds later. 0 = the character dies now.
 */
export function dyingRoundsLeft(state: EncounterState, since: { round: number; turnOf: string | null }): number {
  const end = since.round + DYING_ROUNDS
  const slot = since.turnOf ? state.turn.order.indexOf(since.turnOf) : 0
  const beforeSlot = slot >= 0 && state.turn.index < slot
  return Math.max(0, end - state.turn.round + (beforeSlot ? 1 : 0))
}

/** 000:184: a Status Condition (the Critical Strike table's, 000:184; a quality's, 000:747) "lasts until it is
 *  cleared or the Combat ends": ending the encounter ends every one still on. */
export function onEncounterEnd(state: EncounterState): Event[] {
  const statuses = new Set<string>(STATUS_TABLE.map((k) => `starchasers.${k}`))
  return state.combatants.flatMap((x) => x.conditions.filter((k) => statuses.has(k.key)).map((k) => conditionEndedEvent(x, k, 'combatEnded')))
}

export function onTurnEnd(state: EncounterState, id: string): Event[] {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) return []
  const out: Event[] = []
  // S17: Aim is for the next attack this turn
  if (scState(c).aim) out.push({ type: 'starchasers.aimLapsed', combatantId: id, name: c.name, changes: [{ id: id, patch: { aim: false } }] })
  // 000:897 an energy shield protects for its Shielding Duration in rounds: one is used up with each of the
  // wearer's turns while it is up
  const rounds = shieldRoundsOf(c)
  const sh = fighter(c)?.shield
  if (sh && sh.kind !== 'physical' && rounds !== null && rounds > 0) {
    out.push({ type: 'starchasers.shieldTicked', combatantId: id, name: c.name, shield: sh.name, shieldRounds: rounds - 1, down: rounds - 1 === 0, changes: [{ id: id, patch: { shieldRounds: rounds - 1 } }] })
  }
  return out
}
