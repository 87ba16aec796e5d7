import { describe, expect, it } from 'vitest'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import { buildCommand, fieldOfError, parseDice } from '@renderer/features/actions/command-form'
import { systemUi } from '@renderer/systems/registry'
import { fakeBridge, okR, errR } from './support/fake-bridge'
import { flushPromises, mountWith } from './support/mount'
import { gmView } from './support/fixtures'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const odds = { hit: 0.6, crit: 0.05, damage: [{ value: 0, p: 0.4 }, { value: 7, p: 0.3 }, { value: 12, p: 0.3 }], extra: { conditionStep: 0.25, reflex: 15, meanDamage: 5.7 } }

describe('command form', () => {
  const attack = systemUi('saga').actions.find((a) => a.id === 'attack')!
  it('parses manual dice: numbers and symbol faces (S1)', () => {
    expect(parseDice('14, 6 3')).toEqual([14, 6, 3])
    expect(parseDice('hit;crit, 2')).toEqual(['hit', 'crit', 2])
    expect(parseDice('  ')).toEqual([])
  })
  it('builds the command, names a missing field, adds dice and override', () => {
    expect(buildCommand(attack, { attackerId: 'han', targetId: '' })).toEqual({ missing: 'targetId' })
    expect(buildCommand(attack, { attackerId: 'han', targetId: 't1', weapon: '0', misc: 0, flanking: false }, { manualDice: '17', override: true })).toEqual({
      command: { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 0, dice: [17], override: true },
    })
    expect(buildCommand(attack, { attackerId: 'han', targetId: 't1', weapon: 1, misc: -2, range: 'short', flanking: true })).toEqual({
      command: { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 1, range: 'short', flanking: true, misc: -2 },
    })
  })
  it('maps IPC error fields to form fields', () => {
    expect(fieldOfError('command.targetId')).toBe('targetId')
    expect(fieldOfError('amount')).toBe('amount')
    expect(fieldOfError(undefined)).toBeNull()
  })
})

describe('action panel', () => {
  function setupPanel(bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(gmView()))) {
    const view = gmView()
    view.encounter.combatants[0].stats = { weapons: [{ name: 'Blaster pistol' }, { name: 'Vibroknife' }] }
    return mountWith(ActionPanel, { props: { view, system: systemUi('saga'), selectedId: null }, bridge })
  }

  it('defaults the actor to the current combatant and the target to an opponent, and shows exact odds before rolling', async () => {
    const { wrapper, bridge } = await setupPanel()
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('han')
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('trooper-1')
    await wait(200)
    await flushPromises()
    expect(bridge.callsTo('encounter:odds').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'attack', attackerId: 'han', targetId: 'trooper-1', weapon: 0 } })
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('60.0%')
    expect(wrapper.find('[data-testid="odds-crit"]').text()).toBe('5.0%')
    // 0.3·7 + 0.3·12 = 5.7
    expect(wrapper.find('[data-testid="odds-expected"]').text()).toBe('5.7')
    expect(wrapper.find('[data-testid="odds-extra-conditionStep"]').text()).toBe('25.0%')
    // plain figures in `extra` are not probabilities
    expect(wrapper.find('[data-testid="odds-extra-reflex"]').text()).toBe('15')
    expect(wrapper.find('[data-testid="odds-extra-meanDamage"]').text()).toBe('5.7')
    expect(wrapper.find('[data-testid="odds-chart"]').exists()).toBe(true)
  })

  it('when the turn passes, the actor follows and a target on the actor’s own side is re-picked', async () => {
    const { wrapper } = await setupPanel()
    const next = gmView()
    next.encounter.turn = { ...next.encounter.turn, index: 1 }
    await wrapper.setProps({ view: next })
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('trooper-1')
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('han')
    const third = gmView()
    third.encounter.turn = { ...third.encounter.turn, index: 2 }
    await wrapper.setProps({ view: third })
    // trooper-2 acts: han (the other side) stays the target
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('han')
  })

  it('re-asks the odds when the weapon or modifier changes', async () => {
    const { wrapper, bridge } = await setupPanel()
    await wrapper.find('[data-testid="action-field-weapon"]').setValue('1')
    await wrapper.find('[data-testid="action-field-misc"]').setValue(2)
    await wait(200)
    await flushPromises()
    expect(bridge.callsTo('encounter:odds').at(-1).command).toMatchObject({ weapon: 1, misc: 2 })
  })

  it('rolls with manual dice and override', async () => {
    const { wrapper, bridge } = await setupPanel()
    await wrapper.find('[data-testid="action-manual-dice"]').setValue('18, 4 5')
    await wrapper.find('[data-testid="action-override"]').setValue(true)
    await wrapper.find('[data-testid="action-form-attack"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0]).toEqual({ encounterId: 'e1', command: { type: 'attack', attackerId: 'han', targetId: 'trooper-1', weapon: 0, dice: [18, 4, 5], override: true } })
  })

  it('shows the rule error next to the field main names', async () => {
    const bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', errR('rule', 'target is out of range', 'command.targetId'))
    const { wrapper } = await setupPanel(bridge)
    await wrapper.find('[data-testid="action-form-attack"]').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="action-field-targetId"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid="action-field-error"]').text()).toBe('target is out of range')
  })

  it('offers damage, heal, conditions, delay and ready, second wind and recover (Saga)', async () => {
    const { wrapper, bridge } = await setupPanel()
    const tabs = wrapper.findAll('[data-testid^="action-tab-"]').map((t) => t.attributes('data-testid'))
    expect(tabs).toEqual(['action-tab-attack', 'action-tab-damage', 'action-tab-heal', 'action-tab-track', 'action-tab-allyAttack', 'action-tab-fullAttack', 'action-tab-board', 'action-tab-restoreShields', 'action-tab-aim', 'action-tab-secondWind', 'action-tab-recover', 'action-tab-condition', 'action-tab-delay', 'action-tab-ready'])
    await wrapper.find('[data-testid="action-tab-damage"]').trigger('click')
    await wrapper.find('[data-testid="action-field-amount"]').setValue(9)
    await wrapper.find('[data-testid="action-form-damage"]').trigger('submit')
    await wrapper.find('[data-testid="action-tab-condition"]').trigger('click')
    expect(wrapper.find('[data-testid="action-field-key"]').text()).toContain('Flat-footed')
    await wrapper.find('[data-testid="action-field-key"]').setValue('saga.grabbed')
    await wrapper.find('[data-testid="action-form-condition"]').trigger('submit')
    await wrapper.find('[data-testid="action-tab-ready"]').trigger('click')
    await wrapper.find('[data-testid="action-field-trigger"]').setValue('when the door opens')
    await wrapper.find('[data-testid="action-form-ready"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'applyDamage', combatantId: 'trooper-1', amount: 9 },
      { type: 'addCondition', combatantId: 'trooper-1', key: 'saga.grabbed' },
      { type: 'ready', combatantId: 'han', trigger: 'when the door opens' },
    ])
  })

  it('offers duels and the diceless ally resolver for Starchasers', async () => {
    const view = gmView({ systemId: 'starchasers' })
    const { wrapper, bridge } = await mountWith(ActionPanel, { props: { view, system: systemUi('starchasers') }, bridge: fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(view)) })
    expect(wrapper.find('[data-testid="action-tab-duel"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="action-tab-allyAttack"]').exists()).toBe(true)
    await wrapper.find('[data-testid="action-tab-duel"]').trigger('click')
    await wrapper.find('[data-testid="action-field-opponentId"]').setValue('trooper-1')
    await wrapper.find('[data-testid="action-form-duel"]').trigger('submit')
    await flushPromises()
    // 000 Dueling System: duelStart with the fighters and the Active Fighter
    expect(bridge.callsTo('encounter:command')[0].command).toEqual({ type: 'duelStart', activeId: 'han', fighters: ['han', 'trooper-1'] })
    await wrapper.find('[data-testid="action-tab-duelExchange"]').trigger('click')
    expect(wrapper.find('[data-testid="action-field-attackType"]').text()).toContain('Finesse')
  })
})

describe('raw command', () => {
  it('sends any engine command by name with JSON fields and manual dice; shows main’s field error', async () => {
    const RawCommand = (await import('@renderer/features/actions/RawCommand.vue')).default
    const bridge = fakeBridge().handle('encounter:command', errR('invalid', 'Required', 'command.targetId'))
    const { wrapper } = await mountWith(RawCommand, { props: { view: gmView(), system: systemUi('saga') }, bridge })
    expect(wrapper.findAll('[data-testid="raw-type"] option').map((o) => o.text())).toContain('grapple')
    await wrapper.find('[data-testid="raw-type"]').setValue('grab')
    expect(JSON.parse((wrapper.find('[data-testid="raw-fields"]').element as HTMLTextAreaElement).value)).toEqual({ combatantId: 'han' })
    await wrapper.find('[data-testid="raw-fields"]').setValue('{"attackerId":"han"}')
    await wrapper.find('[data-testid="raw-dice"]').setValue('12')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0]).toEqual({ encounterId: 'e1', command: { attackerId: 'han', type: 'grab', dice: [12] } })
    expect(wrapper.find('[data-testid="raw-error"]').text()).toBe('Rejected: command.targetId: Required')
    await wrapper.find('[data-testid="raw-fields"]').setValue('{nope')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.text()).toContain('Not valid JSON')
    expect(bridge.callsTo('encounter:command')).toHaveLength(1)
  })
})
