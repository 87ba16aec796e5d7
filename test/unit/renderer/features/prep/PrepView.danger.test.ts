/**
 * Issue 27, defect 10: after a plan edit Simulate was disabled with no word while the old figure stayed on screen as
 * if it were the plan's; a check where no fight was decided read "Party wins 0.0%". Now the old figure is marked as
 * the plan's before the edit, the disabled Simulate says why (save first), and a stalemate is named plainly.
 */
import { describe, expect, it } from 'vitest'
import PrepView from '@renderer/features/prep/PrepView.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const library = [{ id: 'st', name: 'Stormtrooper', kind: 'npc', tags: [], updatedAt: '', data: {} }]
const plan = { id: 'p1', name: 'Ambush', notes: '', updatedAt: '', entries: [{ statBlockId: 'st', count: 4, side: 'enemies', aware: true, hidden: false }] }
const report = (over: Record<string, unknown> = {}) => ({ runs: 500, partyWinChance: 0.6, rounds: { 3: 500 }, pcsDown: { 0: 500 }, cancelled: false, undecided: 0, stalled: 0, ...over })

async function mountPrep(r = report(), locale: 'en' | 'pl' = 'en') {
  const bridge = fakeBridge()
    .handle('library:list', okR(library))
    .handle('plan:list', okR([plan]))
    .handle('plan:save', (q: any) => okR({ ...q.plan, updatedAt: 'later' }))
    .handle('plan:danger', okR(r))
  const m = await mountWith(PrepView, { props: { campaignId: 'c1', systemId: 'saga' }, bridge, locale })
  await m.wrapper.find('[data-testid="danger-run"]').trigger('click')
  await flushPromises()
  return m
}

describe('the danger figure after a plan edit (issue 27, defect 10)', () => {
  it('an unsaved edit: the old figure is marked stale and the disabled Simulate says to save first', async () => {
    const { wrapper } = await mountPrep()
    expect(wrapper.find('[data-testid="danger-stale"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="danger-save-first"]').exists()).toBe(false)
    await wrapper.find('[data-testid="plan-entry-count-0"]').setValue('6')
    const run = wrapper.find('[data-testid="danger-run"]')
    expect(run.attributes('disabled')).toBeDefined()
    const why = wrapper.find('[data-testid="danger-save-first"]')
    expect(why.text()).toBe('Save the plan to simulate it as it is now.')
    expect(run.attributes('aria-describedby')).toBe(why.attributes('id'))
    expect(wrapper.find('[data-testid="danger-results"]').classes()).toContain('stale')
    expect(wrapper.find('[data-testid="danger-stale"]').text()).toContain('before your last changes')
  })

  it('saved but not simulated again: still stale (the figure is of the plan as it was), fresh after a new run', async () => {
    const { wrapper } = await mountPrep()
    await wrapper.find('[data-testid="plan-entry-count-0"]').setValue('6')
    await wrapper.find('[data-testid="plan-save"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="danger-run"]').attributes('disabled')).toBeUndefined()
    expect(wrapper.find('[data-testid="danger-save-first"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="danger-stale"]').exists()).toBe(true)
    await wrapper.find('[data-testid="danger-run"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="danger-stale"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="danger-results"]').classes()).not.toContain('stale')
  })

  it('no fight decided: no "0.0%", but what happened, in words (stalemates named)', async () => {
    const { wrapper } = await mountPrep(report({ partyWinChance: 0, undecided: 500, stalled: 500, rounds: { 20: 500 } }))
    expect(wrapper.find('[data-testid="danger-win"]').text()).not.toContain('0.0%')
    expect(wrapper.find('[data-testid="danger-stalled"]').text()).toBe('In 500 fights (100.0%) nobody was taken out in 20 rounds: neither side got through the other\'s defenses (an NPC\'s attack against an ally\'s diceless defense, for one). The win chance leaves them out of the party\'s wins.')
  })

  it('in Polish, with plural forms', async () => {
    const { wrapper } = await mountPrep(report({ partyWinChance: 0.2, undecided: 3, stalled: 2 }), 'pl')
    expect(wrapper.find('[data-testid="danger-stalled"]').text()).toMatch(/^W 2 walkach \(0,4%|^W 2 walkach \(0\.4%/)
    await wrapper.find('[data-testid="plan-entry-count-0"]').setValue('6')
    expect(wrapper.find('[data-testid="danger-save-first"]').text()).toBe('Zapisz plan, aby zasymulować go w obecnej postaci.')
  })
})
