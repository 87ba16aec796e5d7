/** The `social` command (004 Social "Combat", T7): the roll vs the Mental DV; in a fight the actor moves its Speed. */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../../kit/system'
import { scoreOptions } from '../dice'
import type { CommandOf } from '../../commands'
import type { StorytellerEvent } from '../../events'
import { resolveSocial, socialPool } from '../social'
import { penaltyOf, settingsOf, stStats } from '../state'
import { actorRules, moveEvent, need, rollPool } from './common'

export function decideSocial(state: EncounterState, cmd: CommandOf<'social'>, ctx: DecideContext): Result<EngineEvent[]> {
  const a = need(state, cmd.actorId, 'actorId')
  if (!a.ok) return a
  const t = need(state, cmd.targetId, 'targetId')
  if (!t.ok) return t
  const s = settingsOf(state)
  const events: EngineEvent[] = []
  const refused = actorRules(state, cmd, a.value, 'actorId', events)
  if (refused) return refused
  const pool = rollPool(socialPool(stStats(a.value), cmd.roll, s, { modifier: cmd.modifier, woundPenalty: penaltyOf(a.value) }), ctx.rng, scoreOptions(s))
  const dv = stStats(t.value).dv.mental
  const o = resolveSocial(pool, dv, s)
  events.push({
    type: 'storyteller.socialRolled', actorId: a.value.id, actorName: a.value.name, targetId: t.value.id, targetName: t.value.name,
    roll: cmd.roll, aim: cmd.aim ?? '', pool, dv, net: o.net, success: o.success, degree: o.degree,
  } satisfies StorytellerEvent)
  events.push(...moveEvent(state, a.value, cmd.speed ?? s.actionSpeed, cmd.roll))
  return ok(events)
}
