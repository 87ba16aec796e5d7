import { describe, expect, it } from 'vitest'
import PrepView from '@renderer/features/prep/PrepView.vue'
import { useUiStore } from '@renderer/stores/ui'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { gmView } from '../../support/fixtures'
import { PLAN_ENTRY_COUNT } from '@shared/domain/campaign'
import { planEntryInput } from '@shared/ipc/contract-encounter'

const library = [
  { id: 'pc1', name: 'Kira', kind: 'pc', tags: [], updatedAt: '', data: {} },
  { id: 'st', name: 'Stormtrooper', kind: 'npc', tags: [], updatedAt: '', data: {} },
]
const plan = { id: 'p1', name: 'Ambush', notes: '', updatedAt: '', entries: [{ statBlockId: 'st', count: 4, side: 'enemies', aware: true, hidden: false }] }

function prepBridge() {
  return fakeBridge()
    .handle('library:list', okR(library))
    .handle('plan:list', okR([plan]))
    .handle('plan:save', (r: any) => okR({ ...r.plan, id: r.plan.id ?? 'p2', updatedAt: '' }))
    .handle('encounter:launch', okR(gmView()))
}
const mountPrep = (bridge = prepBridge(), systemId: 'saga' | 'starchasers' = 'saga') => mountWith(PrepView, { props: { campaignId: 'c1', systemId }, bridge })

describe('encounter prep', () => {
  it('shows the plan with numbered mooks and adds from the library, party side for PCs', async () => {
    const { wrapper } = await mountPrep()
    expect(wrapper.find('[data-testid="plan-entry-0"]').text()).toContain('numbered 1–4')
    await wrapper.find('[data-testid="plan-add-pick"]').setValue('pc1')
    await wrapper.find('[data-testid="plan-add"]').trigger('click')
    expect((wrapper.find('[data-testid="plan-entry-side-1"]').element as HTMLSelectElement).value).toBe('party')
  })

  it('issue 30: a library of a compendium: the picker lists 200 names and says how many more, a search narrows it, one match is picked', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, name: `Trooper ${i + 1}`, kind: 'npc', tags: ['compendium'], updatedAt: '', data: {} }))
    const { wrapper } = await mountPrep(prepBridge().handle('library:list', okR([...library, ...many])))
    const options = () => wrapper.findAll('[data-testid="plan-add-pick"] option:not([disabled])').length - 1
    expect(options()).toBe(200)
    expect(wrapper.find('[data-testid="plan-add-narrow"]').text()).toBe('…and 1802 more: type a name to narrow')
    await wrapper.find('[data-testid="plan-add-search"]').setValue('trooper 1999')
    expect(options()).toBe(1)
    expect(wrapper.find('[data-testid="plan-add-narrow"]').exists()).toBe(false)
    expect((wrapper.find('[data-testid="plan-add-pick"]').element as HTMLSelectElement).value).toBe('n1998')
    await wrapper.find('[data-testid="plan-add"]').trigger('click')
    expect(wrapper.find('[data-testid="plan-entry-1"]').text()).toContain('Trooper 1999')
    await wrapper.find('[data-testid="plan-add-search"]').setValue('kira')
    expect(options()).toBe(1)
  })

  it('a small library has no search beside the picker', async () => {
    const { wrapper } = await mountPrep()
    expect(wrapper.find('[data-testid="plan-add-search"]').exists()).toBe(false)
  })

  it('one count limit (issue 10: prep allowed 200, the server 100, the label said "numbered 1–100000"): the schema\'s, said in words, the typed text kept', async () => {
    const { wrapper, bridge } = await mountPrep()
    const box = wrapper.find('[data-testid="plan-entry-count-0"]')
    expect(box.attributes('max')).toBe(String(PLAN_ENTRY_COUNT.max))
    expect(PLAN_ENTRY_COUNT.max).toBe(planEntryInput.shape.count.maxValue)
    await box.setValue('100000')
    expect(wrapper.find('[data-testid="plan-entry-count-error-0"]').text()).toBe("Count can't be above 100")
    expect((box.element as HTMLInputElement).value).toBe('100000')
    expect(wrapper.find('[data-testid="plan-entry-0"]').text()).toContain('numbered 1–4')
    expect(wrapper.find('[data-testid="plan-save"]').attributes('disabled')).toBeDefined()
    await box.setValue('0')
    expect(wrapper.find('[data-testid="plan-entry-count-error-0"]').text()).toBe("Count can't be below 1")
    await box.setValue('100')
    expect(wrapper.find('[data-testid="plan-entry-count-error-0"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="plan-entry-0"]').text()).toContain('numbered 1–100')
    await wrapper.find('[data-testid="plan-save"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('plan:save')[0].plan.entries[0].count).toBe(100)
  })

  it('shows an entry\'s stat card, in the book\'s layout, when its name is clicked', async () => {
    const bridge = prepBridge().handle('system:card', okR({ title: 'Stormtrooper', subtitle: 'CL 1', sections: [{ title: 'saga.card.defense', lines: [{ label: 'saga.card.ref', value: '15' }] }] }))
    const { wrapper } = await mountPrep(bridge)
    await wrapper.find('[data-testid="plan-entry-card-0"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="statblock-card-st"]').text()).toContain('CL 1')
    expect(wrapper.find('[data-testid="statblock-card-st"]').text()).toContain('Ref 15')
  })

  it('saves sides, awareness (surprise), hidden and notes', async () => {
    const { wrapper, bridge } = await mountPrep()
    await wrapper.find('[data-testid="plan-entry-aware-0"]').setValue(false)
    await wrapper.find('[data-testid="plan-entry-count-0"]').setValue(6)
    await wrapper.find('[data-testid="plan-notes"]').setValue('behind crates')
    await wrapper.find('[data-testid="plan-save"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('plan:save')[0]).toEqual({
      campaignId: 'c1',
      plan: { id: 'p1', name: 'Ambush', notes: 'behind crates', entries: [{ statBlockId: 'st', count: 6, side: 'enemies', aware: false, hidden: false, band: undefined }] },
    })
  })

  it('offers starting range bands for Starchasers', async () => {
    const { wrapper } = await mountPrep(prepBridge(), 'starchasers')
    expect(wrapper.find('[data-testid="plan-entry-band-0"]').text()).toContain('Medium')
  })

  it('launches the plan and opens the board', async () => {
    const { wrapper, bridge } = await mountPrep()
    await wrapper.find('[data-testid="plan-launch"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:launch')).toEqual([{ campaignId: 'c1', planId: 'p1' }])
    expect(useUiStore().screen).toBe('board')
    expect(useUiStore().encounterId).toBe('e1')
  })

  it('runs the danger check with live progress, can cancel, and charts the result', async () => {
    let resolve: (v: any) => void = () => {}
    const bridge = prepBridge()
      .handle('plan:danger', () => new Promise<any>((r) => (resolve = r)))
      .handle('plan:dangerCancel', okR({ cancelled: true }))
    const { wrapper } = await mountPrep(bridge)
    await wrapper.find('[data-testid="danger-runs"]').setValue(200)
    await wrapper.find('[data-testid="danger-run"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('plan:danger')).toEqual([{ campaignId: 'c1', planId: 'p1', runs: 200 }])
    bridge.push('danger:progress', { planId: 'p1', done: 50, total: 200 })
    await flushPromises()
    expect(wrapper.find('[data-testid="danger-progress"]').attributes('aria-valuenow')).toBe('50')
    await wrapper.find('[data-testid="danger-cancel"]').trigger('click')
    expect(bridge.callsTo('plan:dangerCancel')).toEqual([{ campaignId: 'c1', planId: 'p1' }])
    resolve(okR({ runs: 50, partyWinChance: 0.72, rounds: { 3: 20, 4: 30 }, pcsDown: { 0: 40, 1: 10 }, cancelled: true, undecided: 0 }))
    await flushPromises()
    expect(wrapper.find('[data-testid="danger-win"]').text()).toBe('72.0%')
    expect(wrapper.find('[data-testid="danger-rounds-chart"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="danger-down-chart"]').exists()).toBe(true)
  })
})
