import { describe, expect, it } from 'vitest'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import OddsView from '@renderer/features/dice/OddsView.vue'
import { fakeBridge, okR, errR } from '../../support/fake-bridge'
import { flushPromises, mountWithSystems } from '../../support/mount'
import { gmView } from '../../support/fixtures'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const odds = { hit: 0.6, crit: 0.05, damage: [{ value: 0, p: 0.4 }, { value: 7, p: 0.3 }, { value: 12, p: 0.3 }], extra: { conditionStep: 0.25, reflex: 15, meanDamage: 5.7 } }

describe('action panel', () => {
  function setupPanel(bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(gmView()))) {
    const view = gmView()
    view.encounter.combatants[0].stats = { weapons: [{ name: 'Blaster pistol' }, { name: 'Vibroknife' }] }
    return mountWithSystems(ActionPanel, ['saga'], (system) => ({ props: { view, system: system('saga'), selectedId: null } }), bridge)
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
    // issue 10: the engine's mean damage is the "average damage" already shown: not a second time
    expect(wrapper.find('[data-testid="odds-extra-meanDamage"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="odds-chart"]').exists()).toBe(true)
    // each figure says what it counts: Saga's critical hit is a natural 20
    const critBox = wrapper.find('[data-testid="odds-crit"]').element.parentElement!
    expect(critBox.textContent).toContain('Critical hit (natural 20)')
    expect(critBox.getAttribute('title')).toMatch(/natural 20/)
    expect(wrapper.find('[data-testid="odds-expected"]').element.parentElement!.textContent).toContain('Average damage')
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

  it('after a push the last odds stay in sight, marked as recomputing, until the new ones come (no blink on every turn)', async () => {
    let answer = odds
    const bridge = fakeBridge().handle('encounter:odds', () => okR(answer)).handle('encounter:command', okR(gmView()))
    const { wrapper } = await setupPanel(bridge)
    await wait(200)
    await flushPromises()
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('60.0%')
    answer = { ...odds, hit: 0.45 }
    const next = gmView()
    next.encounter.combatants[0].stats = { weapons: [{ name: 'Blaster pistol' }, { name: 'Vibroknife' }] }
    await wrapper.setProps({ view: next })
    // still the old figure, dimmed and busy, while the new one is asked
    const box = () => wrapper.find('[data-testid="odds-box"]')
    expect(box().exists()).toBe(true)
    expect(box().find('[data-testid="odds"]').exists()).toBe(true)
    expect(box().classes()).toContain('stale')
    expect(box().attributes('aria-busy')).toBe('true')
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('60.0%')
    await wait(200)
    await flushPromises()
    expect(wrapper.find('[data-testid="odds-hit"]').text()).toBe('45.0%')
    expect(box().classes()).not.toContain('stale')
    expect(box().attributes('aria-busy')).toBe('false')
  })

  it('the same odds after a push (the next mook of a kind at the same target) keep the shown ones: nothing renders again', async () => {
    // a fresh copy per answer, as the socket gives: equal figures, another object
    const bridge = fakeBridge().handle('encounter:odds', () => okR(structuredClone(odds))).handle('encounter:command', okR(gmView()))
    const { wrapper } = await setupPanel(bridge)
    await wait(200)
    await flushPromises()
    const shown = wrapper.findComponent(OddsView).props('odds')
    expect(shown).toEqual(odds)
    const next = gmView()
    next.encounter.combatants[0].stats = { weapons: [{ name: 'Blaster pistol' }, { name: 'Vibroknife' }] }
    await wrapper.setProps({ view: next })
    await wait(200)
    await flushPromises()
    expect(bridge.callsTo('encounter:odds').length).toBeGreaterThanOrEqual(2)
    expect(wrapper.findComponent(OddsView).props('odds')).toBe(shown)
    expect(wrapper.find('[data-testid="odds-box"]').classes()).not.toContain('stale')
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
    // override sits behind the "advanced" toggle
    expect(wrapper.find('[data-testid="action-override"]').exists()).toBe(false)
    await wrapper.find('[data-testid="action-advanced"]').setValue(true)
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
    expect(wrapper.find('[data-testid="action-field-error"]').text()).toBe('Target is out of range')
  })

  it('says in plain words which required field is empty, before sending anything', async () => {
    const { wrapper, bridge } = await setupPanel()
    await wrapper.find('[data-testid="action-tab-heal"]').trigger('click')
    await wrapper.find('[data-testid="action-form-heal"]').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="action-field-amount"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid="action-field-error"]').text()).toBe('Fill this in.')
    expect(wrapper.find('[data-testid="action-missing"]').text()).toBe('Fix first: Amount')
    await wrapper.find('[data-testid="action-field-amount"]').setValue(0)
    await wrapper.find('[data-testid="action-form-heal"]').trigger('submit')
    // heal: z.number().int().min(1)
    expect(wrapper.find('[data-testid="action-field-error"]').text()).toBe('At least 1.')
    expect(bridge.callsTo('encounter:command')).toEqual([])
  })

  it('rewords main’s schema message on the field it names', async () => {
    const bridge = fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', errR('invalid', 'Too big: expected number to be <=100', 'command.misc'))
    const { wrapper } = await setupPanel(bridge)
    await wrapper.find('[data-testid="action-form-attack"]').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="action-field-misc"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid="action-field-error"]').text()).toBe('At most 100.')
  })

  it('groups the actions by what the GM does; the rarer ones only under "advanced"', async () => {
    const { wrapper } = await setupPanel()
    const groups = () => wrapper.findAll('[data-testid^="action-group-"]').map((g) => [g.attributes('data-testid'), g.findAll('[data-testid^="action-tab-"]').map((t) => t.attributes('data-testid')!.slice(11))])
    // the groups in the panel's order; inside each, the description's order (Saga: src-main/rules/systems/saga/ui/hints.ts)
    expect(groups().map(([g]) => g)).toEqual(['action-group-attack', 'action-group-damage', 'action-group-move', 'action-group-conditions', 'action-group-turn', 'action-group-special'])
    expect(groups()[0][1]).toEqual(['attack', 'allyAttack', 'fullAttack', 'aidAnother', 'grab', 'grapple', 'disarm', 'coupDeGrace'])
    expect(groups()[1][1]).toEqual(['applyDamage', 'heal'])
    expect(groups()[3][1]).toContain('addCondition')
    expect(wrapper.find('[data-testid="action-group-attack"]').text()).toContain('Attack')
    // commands without hints (setHidden, newDay...) only under "advanced"
    expect(wrapper.find('[data-testid="action-tab-newDay"]').exists()).toBe(false)
    await wrapper.find('[data-testid="action-advanced"]').setValue(true)
    expect(groups().at(-1)?.[0]).toBe('action-group-advanced')
    expect(groups().at(-1)?.[1]).toEqual(expect.arrayContaining(['newDay', 'naturalHealing', 'adjustPool', 'setHidden']))
  })

  it('damage, a condition and ready build their commands; the condition list reads the system’s names', async () => {
    const { wrapper, bridge } = await setupPanel()
    await wrapper.find('[data-testid="action-tab-applyDamage"]').trigger('click')
    await wrapper.find('[data-testid="action-field-amount"]').setValue(9)
    await wrapper.find('[data-testid="action-form-applyDamage"]').trigger('submit')
    await wrapper.find('[data-testid="action-tab-addCondition"]').trigger('click')
    expect(wrapper.find('[data-testid="action-field-key"]').text()).toContain('Flat-footed')
    await wrapper.find('[data-testid="action-field-key"]').setValue('saga.grabbed')
    await wrapper.find('[data-testid="action-form-addCondition"]').trigger('submit')
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

  it('applies a condition for a number of rounds (W7) through the "ends" variant', async () => {
    const { wrapper, bridge } = await setupPanel()
    await wrapper.find('[data-testid="action-advanced"]').setValue(true)
    await wrapper.find('[data-testid="action-tab-addCondition"]').trigger('click')
    await wrapper.find('[data-testid="action-field-ends"]').setValue('rounds')
    await wrapper.find('[data-testid="action-field-ends.rounds"]').setValue(2)
    await wrapper.find('[data-testid="action-form-addCondition"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0].command).toEqual({ type: 'addCondition', combatantId: 'trooper-1', key: 'saga.flatFooted', ends: { at: 'rounds', rounds: 2 } })
  })

  it('starts a duel for Starchasers: the fighters as a list (000 Dueling System)', async () => {
    const view = gmView({ systemId: 'starchasers' })
    const { wrapper, bridge } = await mountWithSystems(ActionPanel, ['starchasers'], (system) => ({ props: { view, system: system('starchasers') } }), fakeBridge().handle('encounter:odds', okR(odds)).handle('encounter:command', okR(view)))
    await wrapper.find('[data-testid="action-tab-duelStart"]').trigger('click')
    const select = wrapper.find('[data-testid="action-field-fighters"]').element as HTMLSelectElement
    for (const o of select.options) o.selected = o.value === 'han' || o.value === 'trooper-1'
    await wrapper.find('[data-testid="action-field-fighters"]').trigger('change')
    await wrapper.find('[data-testid="action-form-duelStart"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0].command).toEqual({ type: 'duelStart', activeId: 'han', fighters: ['han', 'trooper-1'] })
  })
})

describe('raw command', () => {
  it('sends any engine command by name with JSON fields and manual dice; shows main’s field error', async () => {
    const RawCommand = (await import('@renderer/features/actions/RawCommand.vue')).default
    const bridge = fakeBridge().handle('encounter:command', errR('invalid', 'Required', 'command.target'))
    const { wrapper } = await mountWithSystems(RawCommand, ['saga'], (system) => ({ props: { view: gmView(), system: system('saga') } }), bridge)
    expect(wrapper.findAll('#raw-command-types option').map((o) => o.attributes('value'))).toContain('fullAttack')
    await wrapper.find('[data-testid="raw-type"]').setValue('grab')
    expect(JSON.parse((wrapper.find('[data-testid="raw-fields"]').element as HTMLTextAreaElement).value)).toEqual({ combatantId: 'han' })
    await wrapper.find('[data-testid="raw-fields"]').setValue('{"attackerId":"han"}')
    await wrapper.find('[data-testid="raw-dice"]').setValue('12')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command')[0]).toEqual({ encounterId: 'e1', command: { attackerId: 'han', type: 'grab', dice: [12] } })
    expect(wrapper.find('[data-testid="raw-error"]').text()).toBe('Rejected: command.target: Required')
    await wrapper.find('[data-testid="raw-fields"]').setValue('{nope')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.text()).toContain('Not valid JSON')
    expect(bridge.callsTo('encounter:command')).toHaveLength(1)
  })
})
