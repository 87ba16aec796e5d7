/**
 * Storyteller values to show on a live combatant's card: the wound penalty and boxes left (T5), the DVs, soak +
 * armor by damage type (004), each weapon's accuracy pool at the current wound penalty and its damage pool before
 * net successes (T4), Speed, the Join Battle pool and the tick it acts on next.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { DerivedValue } from '@shared/views/system-views'
import { accuracyPool, damagePool, joinBattlePool, soakAgainst } from '../mechanics/combat'
import { boxes, filled } from '../mechanics/health'
import { DAMAGE_TYPES } from '../schema'
import { penaltyOf, settingsOf, stState, stStats, trackOf } from '../mechanics/state'
import type { Pool } from '../mechanics/dice'

const pool = (p: Pool): string => (p.auto > 0 ? `${p.dice} +${p.auto}` : String(p.dice))

export function storytellerDerived(state: EncounterState, c: Combatant): DerivedValue[] {
  const sb = stStats(c)
  const s = settingsOf(state)
  const wound = penaltyOf(c)
  const track = trackOf(c)
  return [
    { label: 'storyteller.woundPenalty', value: wound },
    { label: 'storyteller.health', value: `${Math.max(0, boxes(track) - filled(stState(c).wounds))}/${boxes(track)}` },
    { label: 'storyteller.dodgeDv', value: sb.dv.dodge },
    { label: 'storyteller.parryDv', value: sb.dv.parry },
    { label: 'storyteller.mentalDv', value: sb.dv.mental },
    { label: 'storyteller.soak', value: DAMAGE_TYPES.map((t) => { const x = soakAgainst(sb, t); return x.soak + x.armor }).join('/'), hint: 'storyteller.soakHint' },
    ...sb.weapons.map((w) => ({
      label: 'storyteller.weapon',
      value: `${w.name}: ${pool(accuracyPool(sb, w, s, { woundPenalty: wound }))} / ${pool(damagePool(sb, w, 0, s, { woundPenalty: wound }))}${w.damageType[0].toUpperCase()} / ${w.speed}`,
      hint: 'storyteller.weaponHint',
    })),
    { label: 'storyteller.joinBattle', value: pool(joinBattlePool(sb, s, { woundPenalty: wound })) },
    ...(c.initiative.value !== null ? [{ label: 'storyteller.tick', value: c.initiative.value }] : []),
  ]
}
