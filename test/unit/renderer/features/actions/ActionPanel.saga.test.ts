/** Saga action panel: the diceless ally resolver (beyond the seed) and the full attack (003). */
import { describe, expect, it } from 'vitest'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWithSystems } from '../../support/mount'
import { combatant, encounterState, gmView } from '../../support/fixtures'

const odds = { hit: 0.5, crit: 0.05, damage: [{ value: 0, p: 0.5 }, { value: 9, p: 0.5 }], extra: {} }

/** the Wookiee ally acts; a trooper is the other side */
function allyView() {
  const view = gmView()
  view.encounter = encounterState({
    combatants: [
      combatant('wk', { name: 'Wookiee Ally', side: 'allies', role: 'ally', stats: { weapons: [{ name: 'Bowcaster' }, { name: 'Claws' }] } }),
      combatant('trooper-1', { name: 'Stormtrooper 1', side: 'enemies', role: 'npc' }),
    ],
    turn: { phase: 'combat', round: 1, order: ['wk', 'trooper-1'], index: 0 },
  })
  return view
}

describe('Saga action panel: diceless ally and full attack', () => {
  it('the ally resolver sends allyAttack (take 10) for the acting ally; "may target Fortitude or Will" lists all three defenses', async () => {
    const view = allyView()
    const bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(view))
    const { wrapper } = await mountWithSystems(ActionPanel, ['saga'], (system) => ({ props: { view, system: system('saga'), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-tab-allyAttack"]').trigger('click')
    expect(wrapper.text()).toContain('Ally (diceless)')
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('wk')
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('trooper-1')
    await wrapper.find('[data-testid="action-form-allyAttack"]').trigger('submit')
    await wrapper.find('[data-testid="action-advanced"]').setValue(true)
    await wrapper.find('[data-testid="action-field-range"]').setValue('short')
    for (const d of ['reflex', 'fortitude', 'will']) await wrapper.find(`[data-testid="action-field-against-${d}"]`).setValue(true)
    await wrapper.find('[data-testid="action-form-allyAttack"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'allyAttack', attackerId: 'wk', targetId: 'trooper-1', weapon: 0 },
      { type: 'allyAttack', attackerId: 'wk', targetId: 'trooper-1', weapon: 0, against: ['reflex', 'fortitude', 'will'], range: 'short' },
    ])
    // the diceless resolver needs no dice: there are no odds to ask for
    expect(bridge.callsTo('encounter:odds').filter((c) => c.command.type === 'allyAttack')).toEqual([])
  })

  it('the full attack form builds the attacks list row by row: two weapons (003)', async () => {
    const view = allyView()
    const bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(view))
    const { wrapper } = await mountWithSystems(ActionPanel, ['saga'], (system) => ({ props: { view, system: system('saga'), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-tab-fullAttack"]').trigger('click')
    // one row to start with, aimed at the first foe with the first weapon
    expect((wrapper.find('[data-testid="action-field-attacks.0.targetId"]').element as HTMLSelectElement).value).toBe('trooper-1')
    await wrapper.find('[data-testid="action-row-add-attacks"]').trigger('click')
    await wrapper.find('[data-testid="action-field-attacks.1.weapon"]').setValue('1')
    await wrapper.find('[data-testid="action-field-twoWeapons"]').setValue(true)
    await wrapper.find('[data-testid="action-form-fullAttack"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0].command).toEqual({
      type: 'fullAttack', attackerId: 'wk', attacks: [{ targetId: 'trooper-1', weapon: 0 }, { targetId: 'trooper-1', weapon: 1 }], twoWeapons: true,
    })
  })
})
