/**
 * 2d20 values to show on a live combatant's card: the attack and defense targets of each conflict pair (002:13-19,
 * total / lower attribute), the difficulty its afflictions add to each (J5), and the Conflict
 * actions left this turn (002:3).
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { DerivedValue } from '@shared/views/system-views'
import { attackPair, defensePair } from '../mechanics/combat'
import { difficultyOf, testTarget } from '../mechanics/roll'
import { ATTACK_KINDS } from '../schema'
import { fighterOf, tdState } from '../mechanics/state'

const cap = (s: string) => s[0].toUpperCase() + s.slice(1)

export function twoD20Derived(_state: EncounterState, c: Combatant): DerivedValue[] {
  const f = fighterOf(c)
  const st = tdState(c)
  const out: DerivedValue[] = []
  for (const k of ATTACK_KINDS) {
    const a = testTarget(f.attributes, attackPair(k))
    const d = testTarget(f.attributes, defensePair(k))
    const up = difficultyOf({ base: 0, pair: attackPair(k), afflictions: f.afflictions })
    out.push({ label: `2d20.card.attack${cap(k)}`, value: `${a.total} / ${a.low}${up.ok && up.value.total > 0 ? ` (+${up.value.total})` : ''}`, hint: '2d20.derived.targetHint' })
    out.push({ label: `2d20.card.def${cap(k)}`, value: `${d.total} / ${d.low}` })
  }
  out.push({ label: '2d20.derived.conflictLeft', value: st.budget.conflict })
  return out
}
