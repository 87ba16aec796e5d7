/**
 * The values the library and `gmc import` show of a Saga stat block (issue 30): the three defenses, HP, damage
 * threshold, initiative, speed, and each weapon's attack bonus and damage, computed by the code the board uses:
 * combatantSummary (mechanics/summary.ts) for the defenses, threshold and speed, attackBonus and damageBonus
 * (mechanics/rules.ts) for the weapons, on a combatant made as the engine makes it (initialSagaState), fresh:
 * no condition, no range penalty (point blank), no target.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { StatBlockFigure } from '../../../kit/imports'
import { parseDiceCached } from '../../../kit/dice'
import { sagaStatBlockSchema, type SagaStatBlock, type Weapon } from '../schema'
import { initialSagaState } from '../mechanics/state'
import { combatantSummary } from '../mechanics/summary'
import { attackBonus, damageBonus } from '../mechanics/rules'

/** signed as the card prints it (ui/card.ts): `+3`, `−1` */
const signed = (n: number): string => (n >= 0 ? `+${n}` : `−${Math.abs(n)}`)

/** a fresh combatant of the stat block in an encounter of its own, as the engine's createCombatant builds it */
export function freshCombatant(sb: SagaStatBlock): { state: EncounterState; c: Combatant } {
  const c: Combatant = {
    id: 'import',
    name: sb.name,
    side: 'enemies',
    role: sb.role ?? (sb.kind === 'heroic' ? 'pc' : 'npc'),
    hidden: false,
    aware: true,
    notes: '',
    stats: sb as Record<string, unknown>,
    state: initialSagaState(sb) as unknown as Record<string, unknown>,
    conditions: [],
    initiative: { value: null, modifier: sb.initiative },
  }
  const state: EncounterState = {
    id: 'import',
    name: sb.name,
    systemId: 'saga',
    seed: 'import',
    combatants: [c],
    turn: { phase: 'setup', round: 0, order: [], index: -1 },
    pools: {},
    system: {},
    display: {},
  }
  return { state, c }
}

/** the engine's attack bonus (point blank, no target) and damage bonus of a weapon */
export function weaponBonuses(state: EncounterState, c: Combatant, w: Weapon): { attack: number; damage: number } {
  return { attack: attackBonus(state, c, null, w).total, damage: damageBonus(c, w).total }
}

/** `3d8` and +2 → `3d8+2`; `2d6+1` and +1 → `2d6+2` (the constants summed) */
export function damageText(notation: string, bonus: number): string {
  const p = parseDiceCached(notation)
  if (!p.ok) return bonus ? `${notation}${signed(bonus)}` : notation
  let k = bonus
  const dice: string[] = []
  for (const t of p.value.terms) {
    if (t.kind === 'const') k += t.sign * t.value
    else dice.push(`${t.sign < 0 ? '-' : dice.length ? '+' : ''}${t.count}d${t.custom ? t.custom.name : t.sides}`)
  }
  return `${dice.join('')}${k ? signed(k) : ''}`
}

/** the figures of any stat block: none when the schema refuses it */
export function sagaFigures(statBlock: Record<string, unknown>): StatBlockFigure[] {
  const p = sagaStatBlockSchema.safeParse(statBlock)
  return p.success ? sagaParsedFigures(p.data) : []
}

/** the figures of a stat block the schema has parsed (kit/imports.ts `figures`: the import has just checked it; a
 *  compendium of 2,000 need not parse each twice) */
export function sagaParsedFigures(sb: SagaStatBlock): StatBlockFigure[] {
  const { state, c } = freshCombatant(sb)
  const s = combatantSummary(state, c)
  const out: StatBlockFigure[] = [
    { label: 'saga.reflex', value: String(s.reflex) },
    { label: 'saga.fortitude', value: String(s.fortitude) },
    { label: 'saga.will', value: String(s.will) },
    { label: 'saga.hp', value: String(s.maxHp) },
    { label: 'saga.threshold', value: String(s.damageThreshold) },
    { label: 'saga.initiative', value: signed(c.initiative.modifier) },
    { label: 'saga.speed', value: String(s.speed) },
  ]
  for (const w of sb.weapons) {
    const b = weaponBonuses(state, c, w)
    out.push({ label: w.name, literal: true, value: `${signed(b.attack)} (${damageText(w.damage, b.damage)})` })
  }
  return out
}
