/** Builds an engine command from an action form (pure; tested without the DOM). */
import type { EngineCommand } from '@shared/domain/encounter'
import type { ActionSpec } from '../../systems/types'

export type FormValues = Record<string, string | number | boolean | null | undefined>

/** "14, 6 3" → [14, 6, 3]; symbols stay strings ("hit", "crit") for custom dice faces (S1). */
export function parseDice(text: string): Array<number | string> {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/^-?\d+$/.test(s) ? Number(s) : s))
}

export interface BuildOptions {
  manualDice?: string
  override?: boolean
}

/** The command, or the name of the first required field left empty. */
export function buildCommand(spec: ActionSpec, values: FormValues, opts: BuildOptions = {}): { command: EngineCommand } | { missing: string } {
  const cmd: EngineCommand = { type: spec.command, ...(spec.fixed ?? {}) }
  for (const f of spec.fields) {
    const v = values[f.name]
    const empty = v === undefined || v === null || v === ''
    if (empty) {
      if (f.optional || f.kind === 'bool') continue
      return { missing: f.name }
    }
    if (f.kind === 'number') {
      const n = typeof v === 'number' ? v : Number(v)
      if (!Number.isFinite(n)) return { missing: f.name }
      if (f.optional && n === 0 && f.default === 0) continue
      cmd[f.name] = n
    } else if (f.kind === 'weapon') {
      cmd[f.name] = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
    } else if (f.kind === 'bool') {
      if (v) cmd[f.name] = true
    } else cmd[f.name] = v
  }
  const dice = opts.manualDice ? parseDice(opts.manualDice) : []
  if (dice.length) cmd.dice = dice
  if (opts.override) cmd.override = true
  return { command: spec.map ? spec.map(cmd) : cmd }
}

/** Maps an IPC error field (`command.targetId`, `targetId`) to a form field name. */
export function fieldOfError(field: string | undefined): string | null {
  if (!field) return null
  const parts = field.split('.')
  return parts[0] === 'command' ? (parts[1] ?? null) : parts[0]
}
