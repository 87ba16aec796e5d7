/** A valid new Starchasers stat block of each kind (the library's "new" button): PC, NPC Extra, ally card (000:1423). */
import type { StatBlockKind } from '@shared/domain/campaign'

const attributes = () => ({ strength: 2, toughness: 2, agility: 2, deftness: 2, intelligence: 2, perception: 2, charisma: 2, confidence: 2 })
const weapons = () => [{ name: 'Blaster', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 4, duelType: 'quick' }]

export const starchasersTemplates: Record<StatBlockKind, (name: string) => Record<string, unknown>> = {
  pc: (name) => ({ kind: 'pc', name, attributes: attributes(), hp: 20, stressCapacity: 6, resistance: 2, weapons: weapons(), proficiencies: ['Pistols'] }),
  npc: (name) => ({ kind: 'npc', tier: 'extra', name, attributes: attributes(), hp: 8, stressCapacity: 4, resistance: 2, weapons: weapons() }),
  ally: (name) => ({
    kind: 'ally', name, role: 'ally', attributes: attributes(), movement: 6, melee: { value: 6, duelType: 'power' }, thrown: null, ranged: null,
    defaultDefense: 6, block: 4, dodge: 6, parry: 4, resistance: 2, hp: 10, stressCapacity: 4,
  }),
}
