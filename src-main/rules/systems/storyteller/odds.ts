/** Exact odds of an `attack` command before it is rolled (mechanics/probability.ts by convolution), as the engine reports them. */
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { OddsResult } from '../../kit/system'
import { findCombatant } from '../../kit/state'
import { accuracyPool, damagePool, relevantDv, soakAgainst } from './mechanics/combat'
import { attackOdds, socialOdds } from './mechanics/probability'
import { socialPool } from './mechanics/social'
import type { storytellerCommandSchemas } from './commands'
import type { z } from 'zod'
import { findWeapon, penaltyOf, settingsOf, stState, stStats, trackOf } from './mechanics/state'
import { refuse } from '../../kit/refuse'
import { log as sentences } from './i18n/en'

/** The odds panel's words for a social roll (T7): an effect, a total effect, net successes; never "critical hit". */
const SOCIAL_ODDS_LABELS = { hit: 'storyteller.odds.socialEffect', crit: 'storyteller.odds.socialTotal', expected: 'storyteller.odds.expectedNet', dist: 'storyteller.odds.netDist' }
/** 004 has no critical hits: the attack's odds do not show one (the botch is in `extra`). */
const ATTACK_ODDS_LABELS = { crit: null }

/** T7: a social roll's chance of any effect (as `hit`), of a total effect (as `crit`), of each degree (in `extra`)
 *  and the distribution of net successes over the Mental DV (as `damage`). */
function socialCommandOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  // parsed once where main received it (the encounter service: issue 28), never parsed again here
  const cmd = command as z.output<typeof storytellerCommandSchemas.social>
  const actor = findCombatant(state, cmd.actorId)
  if (!actor) return refuse('not-found', sentences, 'refusal.storyteller.noCombatant', {}, { field: 'actorId' })
  const target = findCombatant(state, cmd.targetId)
  if (!target) return refuse('not-found', sentences, 'refusal.storyteller.noCombatant', {}, { field: 'targetId' })
  const s = settingsOf(state)
  const o = socialOdds(socialPool(stStats(actor), cmd.roll, s, { modifier: cmd.modifier, woundPenalty: penaltyOf(actor) }), stStats(target).dv.mental, s)
  return ok({ hit: o.success, crit: o.degrees.total, damage: o.net, extra: { botch: o.botch, ...o.degrees }, labels: SOCIAL_ODDS_LABELS })
}

export function commandOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  if (command.type === 'social') return socialCommandOdds(state, command)
  if (command.type !== 'attack') return refuse('invalid', sentences, 'refusal.storyteller.oddsFor', {}, { field: 'type' })
  const cmd = command as z.output<typeof storytellerCommandSchemas.attack>
  const attacker = findCombatant(state, cmd.attackerId)
  if (!attacker) return refuse('not-found', sentences, 'refusal.storyteller.noCombatant', {}, { field: 'attackerId' })
  const target = findCombatant(state, cmd.targetId)
  if (!target) return refuse('not-found', sentences, 'refusal.storyteller.noCombatant', {}, { field: 'targetId' })
  const s = settingsOf(state)
  const asb = stStats(attacker)
  const w = findWeapon(asb, cmd.weapon)
  if (!w.ok) return w
  const wound = penaltyOf(attacker)
  const { dv } = relevantDv(stStats(target), cmd.defense)
  const { soak, armor } = soakAgainst(stStats(target), w.value.damageType)
  const o = attackOdds({
    accuracy: accuracyPool(asb, w.value, s, { modifier: cmd.modifier, woundPenalty: wound }),
    dv,
    damage: damagePool(asb, w.value, 0, s, { modifier: cmd.damageModifier, woundPenalty: wound }),
    reduction: soak + armor,
    targetNumber: s.targetNumber,
    tensDouble: s.tensDouble,
    hitNeedsRawSuccess: s.hitNeedsRawSuccess,
    defender: { wounds: stState(target).wounds, track: trackOf(target), damageType: w.value.damageType },
  })
  return ok({ hit: o.hit, crit: 0, damage: o.damage, extra: { botch: o.botch, wound: o.wound, expectedDamage: o.expectedDamage, incapacitate: o.incapacitate, kill: o.kill }, labels: ATTACK_ODDS_LABELS })
}
