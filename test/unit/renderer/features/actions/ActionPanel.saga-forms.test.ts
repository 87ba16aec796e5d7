/** Saga action panel: full-attack odds before rolling (003), the board (001) and restore-shields (003) forms. */
import { describe, expect, it } from 'vitest'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWithSystems } from '../../support/mount'
import { combatant, encounterState, gmView } from '../../support/fixtures'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

// the shape sagaOdds returns for a two-weapon full attack (test/unit/main/rules/systems/saga/full-attack-odds.test.ts)
const fullOdds = { hit: 0.51, crit: 0.0975, damage: [{ value: 0, p: 0.49 }, { value: 10, p: 0.51 }], extra: { attack1Hit: 0.3, attack1Crit: 0.05, attack1Bonus: -5, attack2Hit: 0.3, attack2Crit: 0.05, attack2Bonus: -5, meanDamage: 5.1 } }

function view() {
  const v = gmView()
  v.encounter = encounterState({
    combatants: [
      combatant('han', { name: 'Han', stats: { weapons: [{ name: 'Vibroblade' }, { name: 'Knife' }] } }),
      combatant('bike', { name: 'Speeder Bike', stats: { kind: 'vehicle', sr: 10 } }),
      combatant('th', { name: 'Thug', side: 'enemies', role: 'npc' }),
    ],
    turn: { phase: 'combat', round: 1, order: ['han', 'bike', 'th'], index: 0 },
  })
  return v
}

describe('Saga action panel: full-attack odds, board, restore shields', () => {
  it('the full-attack tab asks for the odds of the whole full attack and shows each attack’s hit chance', async () => {
    const v = view()
    const bridge = fakeBridge().handle('encounter:odds', okR(fullOdds)).handle('encounter:command', okR(v))
    const { wrapper } = await mountWithSystems(ActionPanel, ['saga'], (system) => ({ props: { view: v, system: system('saga'), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-tab-fullAttack"]').trigger('click')
    await wrapper.find('[data-testid="action-field-attacks.0.targetId"]').setValue('th')
    await wrapper.find('[data-testid="action-row-add-attacks"]').trigger('click')
    await wrapper.find('[data-testid="action-field-attacks.1.targetId"]').setValue('th')
    await wrapper.find('[data-testid="action-field-attacks.1.weapon"]').setValue('1')
    await wrapper.find('[data-testid="action-field-twoWeapons"]').setValue(true)
    await wait(200)
    await flushPromises()
    expect(bridge.callsTo('encounter:odds').at(-1)?.command).toEqual({ type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'th', weapon: 0 }, { targetId: 'th', weapon: 1 }], twoWeapons: true })
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('51.0%')
    expect(wrapper.find('[data-testid="odds-extra-attack2Hit"]').text()).toBe('30.0%')
    expect(wrapper.find('[data-testid="odds-extra-attack1Bonus"]').text()).toBe('-5')
    expect(wrapper.text()).toContain('Attack 2: hit')
  })

  it('board sends the chosen vehicle, or null to leave it; restore shields names the device', async () => {
    const v = view()
    const bridge = fakeBridge().handle('encounter:odds', okR(fullOdds)).handle('encounter:command', okR(v))
    const { wrapper } = await mountWithSystems(ActionPanel, ['saga'], (system) => ({ props: { view: v, system: system('saga'), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-tab-board"]').trigger('click')
    expect(wrapper.text()).toContain('Board vehicle')
    await wrapper.find('[data-testid="action-field-vehicleId"]').setValue('bike')
    await wrapper.find('[data-testid="action-form-board"]').trigger('submit')
    await flushPromises()
    // leaving: no vehicle
    await wrapper.find('[data-testid="action-field-vehicleId"]').setValue('')
    await wrapper.find('[data-testid="action-form-board"]').trigger('submit')
    await flushPromises()
    await wrapper.find('[data-testid="action-tab-restoreShields"]').trigger('click')
    await wrapper.find('[data-testid="action-field-targetId"]').setValue('bike')
    await wrapper.find('[data-testid="action-field-bonus"]').setValue(7)
    await wrapper.find('[data-testid="action-form-restoreShields"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'board', combatantId: 'han', vehicleId: 'bike' },
      { type: 'board', combatantId: 'han', vehicleId: null },
      { type: 'restoreShields', combatantId: 'han', targetId: 'bike', bonus: 7 },
    ])
    // no dice to foresee for these two: no odds asked
    expect(bridge.callsTo('encounter:odds').filter((c) => c.command.type !== 'attack')).toEqual([])
  })
})
