/**
 * The combatant pickers of an action form (SchemaFields → CombatantOptions): a chosen combatant stays chosen, a
 * multiple picker shows the chosen ones, a renamed or new combatant shows at once; and the list the pickers get
 * keeps its identity from push to push while nobody joins, leaves or is renamed (issue 13: the GM board's two
 * pickers checked all 200 options on every push, for a ▶ that moved with the turn).
 */
import { describe, expect, it } from 'vitest'
import { reactive } from 'vue'
import SchemaFields, { type FieldContext } from '@renderer/features/actions/SchemaFields.vue'
import CombatantOptions from '@renderer/features/actions/CombatantOptions.vue'
import type { FormField, FormValues } from '@renderer/stores/models/schema-form'
import { rosterOf } from '@renderer/features/actions/roster'
import { mountWith } from '../../support/mount'

const who = (id: string, name: string) => ({ id, name })
const field = (name: string, widget: 'combatant' | 'combatants'): FormField => ({ name, path: name, widget, label: '', required: true, nullable: false, actor: false, target: true, advanced: false, order: 0 }) as FormField

function setup(widget: 'combatant' | 'combatants', values: FormValues) {
  const ctx = reactive<FieldContext>({ combatants: [who('a', 'Ana'), who('b', 'Bo'), who('c', 'Cy')], weapons: [], conditions: [], bands: [], pools: [], advanced: false, errors: {}, newRow: () => ({}) })
  return { ctx, mounted: mountWith(SchemaFields, { props: { fields: [field('targetId', widget)], ctx, values } }) }
}
const texts = (w: any) => w.findAll('option').map((o: any) => o.text())

describe('combatant pickers', () => {
  it('the chosen target stays chosen; a renamed and a new combatant show at once', async () => {
    const values = reactive<FormValues>({ targetId: 'c' })
    const { ctx, mounted } = setup('combatant', values)
    const { wrapper: w } = await mounted
    const select = () => w.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement
    expect(texts(w)).toEqual(['—', 'Ana', 'Bo', 'Cy'])
    expect(select().value).toBe('c')
    ctx.combatants = [who('a', 'Ana the Bold'), who('b', 'Bo'), who('c', 'Cy'), who('d', 'Dee')]
    await w.vm.$nextTick()
    expect(texts(w)).toEqual(['—', 'Ana the Bold', 'Bo', 'Cy', 'Dee'])
    expect(select().value).toBe('c')
    await w.find('[data-testid="action-field-targetId"]').setValue('d')
    expect(values.targetId).toBe('d')
  })

  it('a multiple picker shows the chosen ones', async () => {
    const values = reactive<FormValues>({ targetId: ['b'] })
    const { mounted } = setup('combatants', values)
    const { wrapper: w } = await mounted
    const chosen = () => w.findAll('option').filter((o: any) => (o.element as HTMLOptionElement).selected).map((o: any) => o.text())
    expect(chosen()).toEqual(['Bo'])
    values.targetId = ['a', 'c']
    await w.vm.$nextTick()
    expect(chosen()).toEqual(['Ana', 'Cy'])
    expect(texts(w)).toEqual(['Ana', 'Bo', 'Cy'])
  })

  it('the roster keeps its identity while ids and names are the same, whatever else changed', () => {
    const a = { id: 'a', name: 'Ana', hp: 10 }
    const first = rosterOf([a, { id: 'b', name: 'Bo', hp: 5 }])
    // a push: Ana took damage, the turn moved (new objects, same ids and names)
    const hurt = [{ ...a, hp: 3 }, { id: 'b', name: 'Bo', hp: 5 }]
    expect(rosterOf(hurt, first)).toBe(first)
    // renamed, joined, left, reordered: a new list
    expect(rosterOf([{ id: 'a', name: 'Ana the Bold' }, { id: 'b', name: 'Bo' }], first)).toEqual([who('a', 'Ana the Bold'), who('b', 'Bo')])
    expect(rosterOf([a, { id: 'b', name: 'Bo' }, { id: 'c', name: 'Cy' }], first)).toHaveLength(3)
    expect(rosterOf([a], first)).toEqual([who('a', 'Ana')])
    expect(rosterOf([{ id: 'b', name: 'Bo' }, a], first)).toEqual([who('b', 'Bo'), who('a', 'Ana')])
  })

  it('a turn that leaves the roster as it was does not render the options again', async () => {
    const values = reactive<FormValues>({ targetId: 'a' })
    const { ctx, mounted } = setup('combatant', values)
    const { wrapper: w } = await mounted
    const options = w.findComponent(CombatantOptions)
    let renders = 0
    const rendered = (options.vm.$ as any).render
    ;(options.vm.$ as any).render = (...a: unknown[]) => (renders++, rendered(...a))
    // what ActionPanel does on a push: a new context, the roster kept (rosterOf), another target chosen
    const pushed = [{ id: 'a', name: 'Ana', hp: 1 }, { id: 'b', name: 'Bo' }, { id: 'c', name: 'Cy' }]
    ctx.combatants = rosterOf(pushed, ctx.combatants)
    ctx.errors = {}
    values.targetId = 'b'
    await w.vm.$nextTick()
    expect((w.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('b')
    expect(renders).toBe(0)
  })
})
