/**
 * The combatant pickers of an action form (SchemaFields → CombatantOptions): the current actor marked ▶ moves with
 * the turn, a chosen combatant stays chosen, and a multiple picker shows the chosen ones; each option is memoized
 * (issue 13: the GM board's pickers patched all 200 options on every push), which must not leave an option stale.
 */
import { describe, expect, it } from 'vitest'
import { reactive } from 'vue'
import SchemaFields, { type FieldContext } from '@renderer/features/actions/SchemaFields.vue'
import type { FormField, FormValues } from '@renderer/features/actions/schema-form'
import type { Combatant } from '@shared/domain/encounter'
import { mountWith } from './support/mount'

const who = (id: string, name: string) => ({ id, name }) as unknown as Combatant
const field = (name: string, widget: 'combatant' | 'combatants'): FormField => ({ name, path: name, widget, label: '', required: true, nullable: false, actor: false, target: true, advanced: false, order: 0 }) as FormField

function setup(widget: 'combatant' | 'combatants', values: FormValues) {
  const ctx = reactive<FieldContext>({ combatants: [who('a', 'Ana'), who('b', 'Bo'), who('c', 'Cy')], currentId: 'a', weapons: [], conditions: [], bands: [], pools: [], advanced: false, errors: {}, newRow: () => ({}) })
  return { ctx, mounted: mountWith(SchemaFields, { props: { fields: [field('targetId', widget)], ctx, values } }) }
}
const texts = (w: any) => w.findAll('option').map((o: any) => o.text())

describe('combatant pickers', () => {
  it('the ▶ follows the current actor from turn to turn; the chosen target stays chosen', async () => {
    const values = reactive<FormValues>({ targetId: 'c' })
    const { ctx, mounted } = setup('combatant', values)
    const { wrapper: w } = await mounted
    const select = () => w.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement
    expect(texts(w)).toEqual(['—', 'Ana ▶', 'Bo', 'Cy'])
    expect(select().value).toBe('c')
    ctx.currentId = 'b'
    await w.vm.$nextTick()
    expect(texts(w)).toEqual(['—', 'Ana', 'Bo ▶', 'Cy'])
    ctx.currentId = 'c'
    await w.vm.$nextTick()
    expect(texts(w)).toEqual(['—', 'Ana', 'Bo', 'Cy ▶'])
    expect(select().value).toBe('c')
    // a renamed combatant and a new one show at once
    ctx.combatants = [who('a', 'Ana the Bold'), who('b', 'Bo'), who('c', 'Cy'), who('d', 'Dee')]
    await w.vm.$nextTick()
    expect(texts(w)).toEqual(['—', 'Ana the Bold', 'Bo', 'Cy ▶', 'Dee'])
    await w.find('[data-testid="action-field-targetId"]').setValue('d')
    expect(values.targetId).toBe('d')
  })

  it('a multiple picker shows the chosen ones, also after the turn moves', async () => {
    const values = reactive<FormValues>({ targetId: ['b'] })
    const { ctx, mounted } = setup('combatants', values)
    const { wrapper: w } = await mounted
    const chosen = () => w.findAll('option').filter((o: any) => (o.element as HTMLOptionElement).selected).map((o: any) => o.text())
    expect(chosen()).toEqual(['Bo'])
    values.targetId = ['a', 'c']
    ctx.currentId = 'b'
    await w.vm.$nextTick()
    expect(chosen()).toEqual(['Ana', 'Cy'])
    expect(texts(w)).toEqual(['Ana', 'Bo', 'Cy'])
  })
})
