/** The `attack` command (004): accuracy vs the relevant DV, damage vs soak + armor (T4), the Speed move. */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../../kit/system'
import { ok, type Result } from '@shared/result'
import { accuracyPool, damagePool, relevantDv, resolveAccuracy, resolveDamage, soakAgainst } from '../combat'
import { scoreOptions } from '../dice'
import type { CommandOf } from '../../commands'
import type { StorytellerEvent } from '../../events'
import { findWeapon, penaltyOf, settingsOf, stStats } from '../state'
import { actorRules, harm, moveEvent, need, rollPool } from './common'

export function decideAttack(state: EncounterState, cmd: CommandOf<'attack'>, ctx: DecideContext): Result<EngineEvent[]> {
  const a = need(state, cmd.attackerId, 'attackerId')
  if (!a.ok) return a
  const t = need(state, cmd.targetId, 'targetId')
  if (!t.ok) return t
  const attacker = a.value
  const target = t.value
  const s = settingsOf(state)
  const asb = stStats(attacker)
  const w = findWeapon(asb, cmd.weapon)
  if (!w.ok) return w
  const events: EngineEvent[] = []
  const refused = actorRules(state, cmd, attacker, 'attackerId', events)
  if (refused) return refused
  const weapon = w.value
  const wound = penaltyOf(attacker)
  const accuracy = rollPool(accuracyPool(asb, weapon, s, { modifier: cmd.modifier, woundPenalty: wound }), ctx.rng, scoreOptions(s))
  const { defense, dv } = relevantDv(stStats(target), cmd.defense)
  const out = resolveAccuracy(accuracy, dv, s)
  let damage: Extract<StorytellerEvent, { type: 'storyteller.attacked' }>['damage'] = null
  let after: StorytellerEvent[] = []
  let changes: Array<{ id: string; patch: { wounds: ReturnType<typeof harm>['wounds'] } }> = []
  if (out.hit) {
    const pool = rollPool(damagePool(asb, weapon, out.net, s, { modifier: cmd.damageModifier, woundPenalty: wound }), ctx.rng, scoreOptions(s, true))
    const { soak, armor } = soakAgainst(stStats(target), weapon.damageType)
    const d = resolveDamage(pool, soak, armor)
    // Object.assign, not a spread followed by new fields (a slow path in V8, on every hit: issue 13)
    damage = Object.assign({}, pool, { soak, armor, net: d.net, dealt: d.dealt })
    if (d.dealt > 0) {
      const h = harm(target, weapon.damageType, d.dealt)
      changes = [{ id: target.id, patch: { wounds: h.wounds } }]
      after = h.after
    }
  }
  events.push({
    type: 'storyteller.attacked', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    weapon: weapon.name, damageType: weapon.damageType, defense, dv, accuracy, net: out.net, hit: out.hit, damage, changes,
  } satisfies StorytellerEvent)
  events.push(...after, ...moveEvent(state, attacker, weapon.speed, weapon.name))
  return ok(events)
}
