/** Saga action panel: the diceless ally resolver (beyond the seed) and the full attack (003). */
import { describe, expect, it } from 'vitest'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import { buildCommand } from '@renderer/features/actions/command-form'
import { systemUi } from '@renderer/systems/registry'
import { fakeBridge, okR } from './support/fake-bridge'
import { flushPromises, mountWith } from './support/mount'
import { combatant, encounterState, gmView } from './support/fixtures'

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
  const saga = systemUi('saga')
  it('every command the Saga panel offers is in the system’s command list (src-main/rules/systems/saga/commands.ts)', () => {
    for (const a of saga.actions) expect(saga.commandTypes, a.command).toContain(a.command)
    expect(saga.commandTypes).toEqual(expect.arrayContaining(['allyAttack', 'fullAttack', 'aim', 'board']))
  })

  it('the ally resolver sends allyAttack (take 10) for the acting ally; "may target Fortitude or Will" lists all three defenses', async () => {
    const view = allyView()
    const { wrapper, bridge } = await mountWith(ActionPanel, { props: { view, system: saga, selectedId: null }, bridge: fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(view)) })
    await wrapper.find('[data-testid="action-tab-allyAttack"]').trigger('click')
    expect(wrapper.text()).toContain('Ally (diceless)')
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('wk')
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('trooper-1')
    await wrapper.find('[data-testid="action-field-range"]').setValue('short')
    await wrapper.find('[data-testid="action-form-allyAttack"]').trigger('submit')
    await wrapper.find('[data-testid="action-field-allDefenses"]').setValue(true)
    await wrapper.find('[data-testid="action-form-allyAttack"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'allyAttack', attackerId: 'wk', targetId: 'trooper-1', weapon: 0, range: 'short' },
      { type: 'allyAttack', attackerId: 'wk', targetId: 'trooper-1', weapon: 0, range: 'short', against: ['reflex', 'fortitude', 'will'] },
    ])
    // the diceless resolver needs no dice: there are no odds to ask for
    expect(bridge.callsTo('encounter:odds').filter((c) => c.command.type === 'allyAttack')).toEqual([])
  })

  it('the full attack form builds the attacks list: two weapons, then Double Attack with the first weapon', () => {
    const spec = saga.actions.find((a) => a.id === 'fullAttack')!
    expect(buildCommand(spec, { attackerId: 'han', targetId: 't1', weapon: '1', twoWeapons: true, weapon2: '2', doubleAttack: true })).toEqual({
      command: { type: 'fullAttack', attackerId: 'han', twoWeapons: true, doubleAttack: true, attacks: [{ targetId: 't1', weapon: 1 }, { targetId: 't1', weapon: 2 }, { targetId: 't1', weapon: 1 }] },
    })
    expect(buildCommand(spec, { attackerId: 'han', targetId: 't1', weapon: 0, weapon2: 0 })).toEqual({ command: { type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 't1', weapon: 0 }] } })
  })
})
