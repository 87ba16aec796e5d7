/**
 * Every form the action panel generates from a system's description builds a command the engine accepts: the
 * panel is mounted with the description main serves, each action's form is opened, left at its defaults (the
 * actor, a target, the first weapon...) with only its empty required fields filled in, and sent; the command
 * is validated with the engine's own schema, and no field the GM set may be dropped by it.
 */
import { describe, expect, it } from 'vitest'
import type { EngineCommand } from '@shared/domain/encounter'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import { getSystem, registerSystem, validateCommand } from '../../../../../src-main/rules/index'
import { miniSystem } from '../../../../fixtures/systems/mini'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWithSystems } from '../../support/mount'
import { combatant, encounterState, gmView } from '../../support/fixtures'

// issue 9's proof: a third system defined only under test/fixtures, registered in one line, no renderer part
registerSystem(miniSystem)

const odds = { hit: 0.5, crit: 0.05, damage: [{ value: 0, p: 1 }], extra: {} }
const weapons = [{ name: 'Blaster' }, { name: 'Knife' }]

function view(systemId: string) {
  const v = gmView({ systemId: systemId as never })
  v.encounter = encounterState({
    systemId: systemId as never,
    combatants: [
      combatant('han', { name: 'Han', stats: { weapons } }),
      combatant('th', { name: 'Thug', side: 'enemies', role: 'npc', stats: { weapons } }),
    ],
    turn: { phase: 'combat', round: 1, order: ['han', 'th'], index: 0 },
  })
  return v
}

/** a value for an empty required input, by its kind */
function sample(el: Element): string | null {
  if (el instanceof HTMLTextAreaElement) return '{}'
  if (el instanceof HTMLSelectElement) return el.multiple ? null : ([...el.options].find((o) => o.value !== '')?.value ?? null)
  if (el instanceof HTMLInputElement && el.type === 'number') return el.min && Number(el.min) > 1 ? el.min : '1'
  if (el instanceof HTMLInputElement && el.type !== 'checkbox') return 'x'
  return null
}

describe.each([...['saga', 'starchasers'], miniSystem.id])('%s: every generated form builds a command the engine accepts', (id) => {
  it('each action of the panel', async () => {
    const v = view(id)
    const bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(v))
    const { wrapper, system } = await mountWithSystems(ActionPanel, [id], (sys) => ({ props: { view: v, system: sys(id), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-advanced"]').setValue(true)
    const sys = getSystem(id)
    if (!sys.ok) throw new Error(sys.error.message)
    const entries = system(id).actions
    expect(entries.length).toBeGreaterThan(5)
    for (const a of entries) {
      await wrapper.find(`[data-testid="action-tab-${a.id}"]`).trigger('click')
      // fill what the form could not default, as the GM would
      for (const box of wrapper.findAll('[data-testid^="action-fieldbox-"]')) {
        const input = box.find('[data-testid^="action-field-"]')
        if (!input.exists() || !box.find('.req').exists()) continue
        const el = input.element
        if ((el as HTMLInputElement).value !== '' && !(el instanceof HTMLSelectElement && el.multiple)) continue
        if (el instanceof HTMLSelectElement && el.multiple) {
          for (const o of el.options) o.selected = true
          await input.trigger('change')
          continue
        }
        const value = sample(el)
        if (value !== null) await input.setValue(value)
      }
      const before = bridge.callsTo('encounter:command').length
      await wrapper.find(`[data-testid="action-form-${a.id}"]`).trigger('submit')
      await flushPromises()
      const sent = bridge.callsTo('encounter:command').slice(before)
      const why = ['action-missing', 'action-error'].map((t) => wrapper.find(`[data-testid="${t}"]`)).filter((w) => w.exists()).map((w) => w.text())
      expect(sent.length, `${a.id}: ${why.join(' ')}`).toBe(1)
      const cmd = sent[0].command as EngineCommand
      const r = validateCommand(sys.value, cmd)
      expect(r.ok ? 'valid' : `${a.id} → ${r.error.field}: ${r.error.message}`).toBe('valid')
      if (r.ok) expect(Object.keys(cmd).filter((k) => !(k in r.value)), a.id).toEqual([])
    }
  })
})
