/**
 * Unsaved prep edits (issue 27, defect 11: they vanished when the GM switched tabs): the draft of each plan is kept
 * in the renderer's store while prep is closed, and in the tab's session storage across a reload; the plan list
 * marks the plans with unsaved changes, Save or "Discard changes" ends the draft.
 */
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import PrepView from '@renderer/features/prep/PrepView.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const library = [
  { id: 'pc1', name: 'Kira', kind: 'pc', tags: [], updatedAt: '', data: {} },
  { id: 'st', name: 'Stormtrooper', kind: 'npc', tags: [], updatedAt: '', data: {} },
]
const plans = [
  { id: 'p1', name: 'Ambush', notes: '', updatedAt: '', entries: [{ statBlockId: 'st', count: 4, side: 'enemies', aware: true, hidden: false }] },
  { id: 'p2', name: 'Cantina', notes: '', updatedAt: '', entries: [{ statBlockId: 'st', count: 2, side: 'enemies', aware: true, hidden: false }] },
]
const prepBridge = () =>
  fakeBridge()
    .handle('library:list', okR(library))
    .handle('plan:list', okR(plans))
    .handle('plan:save', (r: any) => okR({ ...r.plan, id: r.plan.id ?? 'p9', updatedAt: '' }))
const props = { campaignId: 'c1', systemId: 'saga' as const }
const value = (w: ReturnType<typeof mount>, id: string) => (w.find(`[data-testid="${id}"]`).element as HTMLInputElement).value

async function editAmbush() {
  const ctx = await mountWith(PrepView, { props, bridge: prepBridge() })
  await ctx.wrapper.find('[data-testid="plan-name"]').setValue('Ambush at the docks')
  await ctx.wrapper.find('[data-testid="plan-entry-count-0"]').setValue('6')
  await ctx.wrapper.find('[data-testid="plan-notes"]').setValue('They wait behind the crates')
  return ctx
}

describe('prep keeps unsaved edits', () => {
  it('across a tab switch: the edited plan comes back as it was left, marked unsaved, Save still offered', async () => {
    const { wrapper, pinia, i18n } = await editAmbush()
    wrapper.unmount() // the GM opens another tab: prep is gone from the page
    const again = mount(PrepView, { props, global: { plugins: [pinia, i18n] }, attachTo: document.body })
    await flushPromises()
    expect(value(again, 'plan-name')).toBe('Ambush at the docks')
    expect(value(again, 'plan-entry-count-0')).toBe('6')
    expect(value(again, 'plan-notes')).toBe('They wait behind the crates')
    expect(again.find('[data-testid="plan-save"]').attributes('disabled')).toBeUndefined()
    expect(again.find('[data-testid="plan-unsaved"]').text()).toBe('Unsaved changes: kept while you switch tabs. Save them to keep them in the campaign.')
    expect(again.find('[data-testid="plan-item-unsaved-p1"]').exists()).toBe(true)
    again.unmount()
  })

  it('across a reload (a new store, the same tab), and per plan: switching plans keeps each one’s edits', async () => {
    const { wrapper, i18n } = await editAmbush()
    await wrapper.find('[data-testid="plan-item-p2"]').trigger('click')
    expect(value(wrapper, 'plan-name')).toBe('Cantina')
    await wrapper.find('[data-testid="plan-name"]').setValue('Cantina brawl')
    wrapper.unmount()
    const pinia = createPinia() // a reload: the store starts empty
    setActivePinia(pinia)
    const again = mount(PrepView, { props, global: { plugins: [pinia, i18n] }, attachTo: document.body })
    await flushPromises()
    expect(value(again, 'plan-name')).toBe('Cantina brawl')
    await again.find('[data-testid="plan-item-p1"]').trigger('click')
    expect(value(again, 'plan-name')).toBe('Ambush at the docks')
    expect(value(again, 'plan-entry-count-0')).toBe('6')
    again.unmount()
  })

  it('Save ends the draft; "Discard changes" brings back the saved plan', async () => {
    const { wrapper, bridge, pinia, i18n } = await editAmbush()
    await wrapper.find('[data-testid="plan-save"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('plan:save')[0].plan.name).toBe('Ambush at the docks')
    expect(wrapper.find('[data-testid="plan-unsaved"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="plan-item-unsaved-p1"]').exists()).toBe(false)
    await wrapper.find('[data-testid="plan-item-p2"]').trigger('click')
    await wrapper.find('[data-testid="plan-name"]').setValue('Cantina brawl')
    await wrapper.find('[data-testid="plan-discard"]').trigger('click')
    expect(value(wrapper, 'plan-name')).toBe('Cantina')
    wrapper.unmount()
    const again = mount(PrepView, { props, global: { plugins: [pinia, i18n] }, attachTo: document.body })
    await flushPromises()
    expect(again.find('[data-testid="plan-unsaved"]').exists()).toBe(false)
    expect(again.find('[data-testid="plan-item-unsaved-p2"]').exists()).toBe(false)
    again.unmount()
  })

  it('a new plan not saved yet is kept too', async () => {
    const { wrapper, pinia, i18n } = await mountWith(PrepView, { props, bridge: prepBridge() })
    await wrapper.find('[data-testid="plan-new"]').trigger('click')
    await wrapper.find('[data-testid="plan-name"]').setValue('Speeder chase')
    wrapper.unmount()
    const again = mount(PrepView, { props, global: { plugins: [pinia, i18n] }, attachTo: document.body })
    await flushPromises()
    expect(value(again, 'plan-name')).toBe('Speeder chase')
    again.unmount()
  })
})
