/**
 * The card's quick HP field (issue 10): "7" or "-7" is 7 damage, "+4" heals 4. The commands are the system's own
 * damage and heal entries of the action panel (group `damage`, labels `actions.damage` / `actions.heal`, a combatant
 * and an amount field), filled like the panel fills them (a required select takes `hp` when it offers it, else its first value), so every system
 * with such entries gets the field and no system is named here.
 */
import type { EngineCommand } from '@shared/domain/encounter'
import type { ActionEntry } from '../../stores/models/description'
import { buildCommand, type FormValues } from '../../stores/models/schema-form'

export type QuickHp = { kind: 'damage' | 'heal'; amount: number }

/** "7", "-7", "−7" → 7 damage; "+4" → heal 4; anything else (0, text, fractions) → null */
export function parseQuickHp(text: string): QuickHp | null {
  const m = /^\s*([+\-−]?)\s*(\d{1,4})\s*$/.exec(text)
  if (!m) return null
  const amount = Number(m[2])
  if (amount <= 0) return null
  return { kind: m[1] === '+' ? 'heal' : 'damage', amount }
}

/** the panel entry for a quick damage or heal: the first of its kind with a combatant and an amount field */
export function quickEntry(actions: ActionEntry[], kind: QuickHp['kind']): ActionEntry | undefined {
  return actions.find(
    (a) =>
      a.command.group === 'damage' &&
      a.command.label === `actions.${kind}` &&
      a.fields.some((f) => f.name === 'amount') &&
      a.fields.some((f) => f.widget === 'combatant' && !f.actor),
  )
}

/** the command for a quick HP change on one combatant, or null when the system has no such entry */
export function quickHpCommand(actions: ActionEntry[], combatantId: string, q: QuickHp): EngineCommand | null {
  const entry = quickEntry(actions, q.kind)
  if (!entry) return null
  const values: FormValues = {}
  for (const f of entry.fields) {
    if (f.name === 'amount') values[f.name] = q.amount
    else if (f.widget === 'combatant' && !f.actor) values[f.name] = combatantId
    // a plain hit-point change where the select offers one (Starchasers' heal method `hp`), else its first value
    else if (f.required && f.widget === 'select') values[f.name] = (f.options?.find((o) => o.value === 'hp') ?? f.options?.[0])?.value ?? ''
  }
  const built = buildCommand(entry.command.type, entry.fields, values)
  return 'command' in built ? { ...built.command, ...entry.fixed } : null
}
