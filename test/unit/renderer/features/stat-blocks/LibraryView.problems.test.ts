/**
 * Issue 27, defect 8 in the console: a refused dice notation is said at its field in plain words; a stat block saved
 * before the check carries a badge and its reason in the library, and opens with the reason at its field; a plan
 * holding one is flagged in prep before launch; an empty name says why Save is off.
 */
import { describe, expect, it } from 'vitest'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import PrepView from '@renderer/features/prep/PrepView.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const raider = { id: 'r', name: 'Raider', kind: 'npc', tags: [], updatedAt: '', data: { name: 'Raider', hp: 10, weapons: [{ name: 'Rifle', damage: '3x6', kind: 'ranged' }] } }
const trooper = { id: 't', name: 'Trooper', kind: 'npc', tags: [], updatedAt: '', data: { name: 'Trooper', hp: 10, weapons: [{ name: 'Rifle', damage: '3d8', kind: 'ranged' }] } }
const problem = { field: 'weapons.0.damage', message: 'bad dice notation "3x6": expected + or - at 2, got "x"', issue: { code: 'custom', format: 'dice' } }
const diceRefusal = { ok: false as const, error: { code: 'invalid', message: 'data.weapons.0.damage: bad dice notation "3x6"', field: 'record.data.weapons.0.damage', details: { issue: { code: 'custom', format: 'dice' } } } } as never

function bridge() {
  return fakeBridge()
    .handle('library:list', okR([trooper, raider]))
    .handle('library:problems', okR({ r: problem }))
    .handle('library:save', (q: any) => (q.record.data.weapons?.[0]?.damage === '3x6' ? diceRefusal : okR({ ...q.record, id: q.record.id ?? 'n1', updatedAt: '' })))
}
const mountLib = (locale: 'en' | 'pl' = 'en') => mountWith(LibraryView, { props: { campaignId: 'c1', systemId: 'saga' }, bridge: bridge(), locale })

describe('stat block problems (issue 27, defect 8)', () => {
  it('a dice notation main refuses is said at the Damage field, as dice (not "is not valid")', async () => {
    const { wrapper } = await mountLib()
    await wrapper.find('[data-testid="library-edit-t"]').trigger('click')
    await wrapper.find('[data-testid="sb-field-weapons.0.damage"]').setValue('3x6')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="sb-field-weapons.0.damage-error"]').text()).toBe('Damage dice must be dice notation, such as 3d6 or 2d8+2')
  })

  it('a block saved before the check: a badge and its reason in the library, the reason at its field when opened', async () => {
    const { wrapper } = await mountLib()
    expect(wrapper.find('[data-testid="library-problem-t"]').exists()).toBe(false)
    const badge = wrapper.find('[data-testid="library-problem-r"]')
    expect(badge.text()).toBe('Needs fixing')
    expect(wrapper.find('[data-testid="library-problem-reason-r"]').text()).toBe('Weapons 1, Damage dice must be dice notation, such as 3d6 or 2d8+2')
    await wrapper.find('[data-testid="library-edit-r"]').trigger('click')
    expect(wrapper.find('[data-testid="sb-field-weapons.0.damage-error"]').text()).toBe('Damage dice must be dice notation, such as 3d6 or 2d8+2')
    // fixed and saved: no badge
    await wrapper.find('[data-testid="sb-field-weapons.0.damage"]').setValue('3d6')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="library-problem-r"]').exists()).toBe(false)
  })

  it('in Polish', async () => {
    const { wrapper } = await mountLib('pl')
    expect(wrapper.find('[data-testid="library-problem-r"]').text()).toBe('Do poprawy')
    expect(wrapper.find('[data-testid="library-problem-reason-r"]').text()).toContain('musi być zapisem kości, np. 3d6 lub 2d8+2')
  })

  it('a new stat block has no name yet: Save is off and says why', async () => {
    const { wrapper } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    expect((wrapper.find('[data-testid="sb-name"]').element as HTMLInputElement).value).toBe('')
    const save = wrapper.find('[data-testid="sb-save"]')
    expect(save.attributes('disabled')).toBeDefined()
    const why = wrapper.find('[data-testid="sb-save-why"]')
    expect(why.text()).toBe('Give the stat block a name to save it.')
    expect(save.attributes('aria-describedby')).toBe(why.attributes('id'))
  })

  it('prep flags a plan that holds a block needing a fix, before launch', async () => {
    const plan = { id: 'p1', name: 'Raid', notes: '', updatedAt: '', entries: [{ statBlockId: 't', count: 2, side: 'enemies', aware: true, hidden: false }, { statBlockId: 'r', count: 1, side: 'enemies', aware: true, hidden: false }] }
    const b = bridge().handle('plan:list', okR([plan]))
    const { wrapper } = await mountWith(PrepView, { props: { campaignId: 'c1', systemId: 'saga' }, bridge: b })
    expect(wrapper.find('[data-testid="plan-entry-problem-0"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="plan-entry-problem-1"]').text()).toBe('Needs fixing')
    expect(wrapper.find('[data-testid="plan-problems"]').text()).toBe('Raider needs fixing in the library before this encounter can be launched or simulated: Weapons 1, Damage dice must be dice notation, such as 3d6 or 2d8+2.')
    expect(wrapper.find('[data-testid="plan-launch"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="danger-run"]').attributes('disabled')).toBeDefined()
  })
})
