/** A valid new 2d20 stat block of each kind (the library's "new" button): PC, narrator character (a minion), ally. */
import type { StatBlockKind } from '@shared/domain/campaign'

const attributes = () => ({ cunning: 6, daring: 6, empathy: 6, might: 6, passion: 6, reason: 6 })
const sword = () => [{ name: 'Longsword', kind: 'melee', damage: 3, qualities: ['sharp'] }]

export const twoD20Templates: Record<StatBlockKind, (name: string) => Record<string, unknown>> = {
  pc: (name) => ({ kind: 'pc', name, attributes: attributes(), luck: 3, momentum: 0, weapons: sword() }),
  npc: (name) => ({ kind: 'npc', tier: 'minion', name, attributes: attributes(), weapons: sword() }),
  ally: (name) => ({ kind: 'ally', name, attributes: attributes(), weapons: sword() }),
}
