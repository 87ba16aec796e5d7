/**
 * The action panel's forms are written in the renderer (which never imports main), so they could drift from the
 * engine's command schemas. This contract test fills every form of every system with plausible values, builds the
 * command exactly as the panel does (fields → fixed → map) and validates it with the engine's own schema.
 */
import { describe, expect, it } from 'vitest'
import type { EngineCommand } from '@shared/domain/encounter'
import { systemUi } from '../../../src-renderer/systems/registry'
import type { ActionField, ActionSpec } from '../../../src-renderer/systems/types'
import { getSystem } from '../../../src-main/rules'
import { validateCommand } from '../../../src-main/rules/core/engine'

function sample(f: ActionField, spec: ActionSpec, weapon: string): unknown {
  switch (f.kind) {
    case 'combatant': return f.actor ? 'actor-1' : 'target-1'
    case 'weapon': return weapon
    case 'number': return f.default !== undefined ? f.default : Math.max(f.min ?? 1, 1)
    case 'text': return spec.command === 'setNote' ? 'a note' : 'x'
    case 'select': return f.options?.[0]?.value
    case 'bool': return f.default ?? false
    case 'condition': return 'x'
  }
}

function build(spec: ActionSpec, weapon: string): EngineCommand {
  const cmd: EngineCommand = { type: spec.command }
  for (const f of spec.fields) {
    const v = sample(f, spec, weapon)
    if (v !== undefined) cmd[f.name] = v
  }
  Object.assign(cmd, spec.fixed ?? {})
  return spec.map ? spec.map(cmd) : cmd
}

describe.each(['saga', 'starchasers'] as const)('%s action forms build commands the engine accepts', (id) => {
  const ui = systemUi(id)
  const sys = getSystem(id)
  if (!sys.ok) throw new Error(sys.error.message)
  it.each(ui.actions.map((a) => [a.id, a] as const))('%s', (_name, spec) => {
    const built = build(spec, 'Blaster')
    const r = validateCommand(sys.value, built)
    expect(r.ok ? 'valid' : `${r.error.field}: ${r.error.message}`).toBe('valid')
    // a form field the schema does not know would be dropped silently: the engine would ignore what the GM set
    if (r.ok) expect(Object.keys(built).filter((k) => !(k in r.value))).toEqual([])
  })
})
