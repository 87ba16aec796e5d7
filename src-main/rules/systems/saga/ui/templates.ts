/** A valid new Saga stat block of each kind (the library's "new" button). */
import type { StatBlockKind } from '@shared/domain/campaign'

export const sagaTemplates: Record<StatBlockKind, (name: string) => Record<string, unknown>> = {
  pc: (name) => block(name, 'pc'),
  npc: (name) => block(name, 'npc'),
  ally: (name) => block(name, 'ally'),
}

function block(name: string, kind: StatBlockKind): Record<string, unknown> {
  return {
    name,
    kind: kind === 'pc' ? 'heroic' : 'nonheroic',
    role: kind,
    heroicLevel: kind === 'pc' ? 1 : 0,
    otherLevels: kind === 'pc' ? 0 : 1,
    hp: 10,
    bab: 0,
    initiative: 0,
    speed: 6,
    abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }],
  }
}
