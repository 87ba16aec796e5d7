/** A valid new Storyteller stat block of each kind (the library's "new" button). */
import type { StatBlockKind } from '@shared/domain/campaign'

const block = (kind: StatBlockKind, name: string): Record<string, unknown> => ({
  kind, name,
  attributes: { strength: 2, dexterity: 2, stamina: 2, charisma: 2, manipulation: 2, appearance: 2, perception: 2, intelligence: 2, wits: 2 },
  abilities: { awareness: 1, marksmanship: 1 },
  dv: { dodge: 2, parry: 1, mental: 2 },
  soak: { bashing: 2, lethal: 1, aggravated: 0 },
  weapons: [{ name: 'Blaster pistol', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 1, damage: 3, speed: 5, damageType: 'lethal' }],
})

export const storytellerTemplates: Record<StatBlockKind, (name: string) => Record<string, unknown>> = {
  pc: (name) => block('pc', name),
  npc: (name) => block('npc', name),
  ally: (name) => block('ally', name),
}
