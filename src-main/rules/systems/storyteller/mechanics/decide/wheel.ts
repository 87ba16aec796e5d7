/**
 * The tick wheel on the engine (004, T3): Join Battle as the system's initiative roll, the fight's highest roll
 * fixed when combat starts, late joiners, other actions and waiting.
 * The engine's tick model keeps each combatant's next tick in `initiative.value` and orders the same tick by
 * `initiative.modifier` (here: the Join Battle successes, 004), then a recorded random tie-break.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { CoreEvent } from '../../../../kit/events'
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../../kit/system'
import { joinBattlePool } from '../combat'
import { scoreOptions } from '../dice'
import type { CommandOf } from '../../commands'
import type { StorytellerEvent } from '../../events'

type Event = CoreEvent | StorytellerEvent
import { settingsOf, penaltyOf, stState, stStats, systemOf } from '../state'
import { startOffset } from '../wheel'
import { refuse } from '../../../../kit/refuse'
import { log as sentences } from '../../i18n/en'
import { actingTick, actorRules, inFight, moveEvent, need, rollPool } from './common'

/** a count on the wheel; `recountedBy`: counted down again from this (better) roller's Join Battle */
const initiativeSet = (c: Combatant, value: number, modifier: number, recountedBy?: string): Event =>
  ({ type: 'core.initiativeSet', combatantId: c.id, name: c.name, value, modifier, ...(recountedBy !== undefined ? { recountedBy } : {}) })

/** Join Battle for one combatant. Before the fight every start tick is counted from the best roll so far (and
 * moved when a better roll comes); in a fight the joiner starts on the current tick + min(highest − roll, cap) (T3). */
export function rollJoinBattle(state: EncounterState, c: Combatant, ctx: DecideContext): Result<Event[]> {
  const s = settingsOf(state)
  const pool = rollPool(joinBattlePool(stStats(c), s, { woundPenalty: penaltyOf(c) }), ctx.rng, scoreOptions(s))
  const roll = { id: c.id, successes: pool.successes, botch: pool.botch }
  const jb = { successes: pool.successes, botch: pool.botch }
  const order = pool.botch ? 0 : pool.successes
  if (inFight(state)) {
    const tick = (state.turn.tick ?? 0) + startOffset(roll, systemOf(state).highest, s.joinBattleCap)
    const ev: StorytellerEvent = { type: 'storyteller.joinedBattle', combatantId: c.id, name: c.name, pool, tick, late: true, changes: [{ id: c.id, patch: { joinBattle: jb } }] }
    return ok([ev, initiativeSet(c, tick, order)])
  }
  const others = state.combatants.filter((x) => x.id !== c.id && stState(x).joinBattle)
  const highest = Math.max(roll.botch ? 0 : roll.successes, ...others.map((x) => { const j = stState(x).joinBattle!; return j.botch ? 0 : j.successes }))
  const tick = startOffset(roll, highest, s.joinBattleCap)
  const events: Event[] = [
    { type: 'storyteller.joinedBattle', combatantId: c.id, name: c.name, pool, tick, late: false, changes: [{ id: c.id, patch: { joinBattle: jb } }] } satisfies StorytellerEvent,
    initiativeSet(c, tick, order),
  ]
  // a better roll moves everyone who joined before
  for (const x of others) {
    const j = stState(x).joinBattle!
    const t = startOffset({ id: x.id, ...j }, highest, s.joinBattleCap)
    if (t !== x.initiative.value) events.push(initiativeSet(x, t, j.botch ? 0 : j.successes, c.name))
  }
  return ok(events)
}

/** When the fight starts: record its highest Join Battle (late joiners count from it). */
export function onCombatStart(state: EncounterState): Event[] {
  const s = settingsOf(state)
  const highest = state.combatants.reduce((m, x) => { const j = stState(x).joinBattle; return j && !j.botch ? Math.max(m, j.successes) : m }, 0)
  return [{ type: 'storyteller.battleJoined', highest, cap: s.joinBattleCap } satisfies StorytellerEvent]
}

export function decideAct(state: EncounterState, cmd: CommandOf<'act'>): Result<Event[]> {
  const c = need(state, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  if (!inFight(state)) return refuse('rule', sentences, 'refusal.storyteller.wheelOnlyInFight', {}, { field: 'type' })
  const s = settingsOf(state)
  const events: Event[] = []
  const refused = actorRules(state, cmd, c.value, 'combatantId', events)
  if (refused) return refused
  events.push(...moveEvent(state, c.value, cmd.speed ?? s.actionSpeed, cmd.what ?? ''))
  return ok(events)
}

/** Beyond the seed: wait, without acting, until a later tick (decided in src-main/rules/systems/storyteller/README.md). */
export function decideWait(state: EncounterState, cmd: CommandOf<'wait'>): Result<Event[]> {
  const c = need(state, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  if (!inFight(state)) return refuse('rule', sentences, 'refusal.storyteller.wheelOnlyInFight', {}, { field: 'type' })
  const from = actingTick(state, c.value)
  if (cmd.tick <= from) return refuse('rule', sentences, 'refusal.storyteller.waitAfter', { name: c.value.name, tick: from }, { field: 'tick' })
  const ev: StorytellerEvent = { type: 'storyteller.waited', combatantId: c.value.id, name: c.value.name, from, to: cmd.tick }
  return ok([ev])
}
