/**
 * Issue 27, defect 8 in the console, beyond dice: every stat block field has its bound (statblock-bounds.test.ts),
 * and the editor says a value past it at that field, in en and pl: as the GM types when the field checks itself
 * against the served schema (a Starchasers Shield HP of 99999, S18), from main's refusal at save when it does not (a
 * word of a list, 60 characters at most); a refusal at a path with no box of its own (31 weapons) is said in the
 * banner, never swallowed. A block saved with such a value before is flagged in the library and in prep.
 * main's side is real: the system descriptions and the stat block schema (what `library:save` and
 * `library:problems` answer).
 */
import { describe, expect, it } from 'vitest'
import type { StatBlockRecord } from '@shared/domain/campaign'
import { firstIssue, type FieldProblem } from '@shared/zod-issue'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import PrepView from '@renderer/features/prep/PrepView.vue'
import { problemAsError } from '@renderer/features/stat-blocks/problems'
import { createSystemService } from '../../../../../src-main/services/campaigns/system-service'
import { getSystem } from '../../../../../src-main/rules/index'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const sys = getSystem('starchasers')
if (!sys.ok) throw new Error(sys.error.message)
const template = sys.value.statBlockTemplates.npc('Raider')
const raider: StatBlockRecord = { id: 'r', name: 'Raider', kind: 'npc', tags: [], updatedAt: '', data: { ...template, name: 'Raider' } }
// saved before issue 27's bounds: an energy shield of 99999 HP (S18: shield HP are data, at most 999 now)
const oldRaider: StatBlockRecord = { id: 'old', name: 'Old Raider', kind: 'npc', tags: [], updatedAt: '', data: { ...template, name: 'Old Raider', shield: { name: 'Deflector', kind: 'energy', blockBonus: 1, energyHp: 99999 } } }

// a boss with a Duel Die for each of 10 phases (000:1327), the most a block may hold
const boss: StatBlockRecord = { id: 'boss', name: 'Warlord', kind: 'npc', tags: [], updatedAt: '', data: { ...template, name: 'Warlord', tier: 'boss', duelDice: Array.from({ length: 10 }, (_, i) => ({ phase: i + 1, faces: ['power', 'quick'] })) } }

/** what main answers: the system schema's first issue of each block, as `libraryProblems` (library-service.ts) finds it */
function problemsOf(library: StatBlockRecord[]): Record<string, FieldProblem> {
  if (!sys.ok) return {}
  const schema = sys.value.statBlockSchema
  return Object.fromEntries(library.flatMap((r) => {
    const p = schema.safeParse(r.data)
    return p.success ? [] : [[r.id, firstIssue(p.error)]]
  }))
}
function bridge() {
  const service = createSystemService()
  return fakeBridge()
    .handle('library:list', okR([raider, oldRaider, boss]))
    .handle('library:problems', () => okR(problemsOf([raider, oldRaider, boss])))
    .handle('library:save', (q: any) => {
      const rec = { ...q.record, id: q.record.id ?? 'n1', updatedAt: '' }
      const p = problemsOf([rec])[rec.id]
      return p ? { ok: false, error: problemAsError(p) } : okR(rec)
    })
    .handle('system:card', (r: any) => service.card(r.systemId, r.statBlock, r.lang))
}
const mountLib = (locale: 'en' | 'pl' = 'en') => mountWith(LibraryView, { props: { campaignId: 'c1', systemId: 'starchasers' }, bridge: bridge(), locale })
const field = (w: any, path: string) => w.find(`[data-testid="sb-field-${path}"]`)
const fieldError = (w: any, path: string) => w.find(`[data-testid="sb-field-${path}-error"]`)
async function submit(w: any) {
  await w.find('[data-testid="statblock-editor"] form').trigger('submit')
  await flushPromises()
}

describe('stat block bounds in the editor (issue 27, defect 8)', () => {
  for (const [locale, said] of [['en', "Shield HP can't be above 999"], ['pl', 'PW tarczy: wartość nie może być większa niż 999']] as const) {
    it(`${locale}: a Shield HP of 99999 is refused at its field as typed (S18, at most 999) and Save is held`, async () => {
      const { wrapper, bridge: b } = await mountLib(locale)
      await wrapper.find('[data-testid="library-edit-r"]').trigger('click')
      await wrapper.find('[data-testid="sc-shield-toggle"]').trigger('click')
      await field(wrapper, 'shield.kind').setValue('energy')
      await field(wrapper, 'shield.energyHp').setValue('99999')
      expect(fieldError(wrapper, 'shield.energyHp').text()).toBe(said)
      expect(field(wrapper, 'shield.energyHp').attributes('aria-invalid')).toBe('true')
      expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeDefined()
      await field(wrapper, 'shield.energyHp').setValue('12')
      expect(fieldError(wrapper, 'shield.energyHp').exists()).toBe(false)
      await submit(wrapper)
      expect(b.callsTo('library:save').at(-1).record.data.shield).toMatchObject({ kind: 'energy', energyHp: 12 })
    })
  }

  it('a refused value said as typed is said again in Polish when the GM switches the language (it stayed English)', async () => {
    const { wrapper, i18n } = await mountLib('en')
    await wrapper.find('[data-testid="library-edit-r"]').trigger('click')
    await wrapper.find('[data-testid="sc-shield-toggle"]').trigger('click')
    await field(wrapper, 'shield.energyHp').setValue('99999')
    expect(fieldError(wrapper, 'shield.energyHp').text()).toBe("Shield HP can't be above 999")
    ;(i18n.global.locale as unknown as { value: string }).value = 'pl'
    await flushPromises()
    expect(fieldError(wrapper, 'shield.energyHp').text()).toBe('PW tarczy: wartość nie może być większa niż 999')
  })

  it('a word of a list past 60 characters: main refuses it at save, said at the list field (en and pl)', async () => {
    for (const [locale, said] of [['en', 'Proficiencies can be at most 60 characters long'], ['pl', 'Biegłości: najwyżej 60 znaków']] as const) {
      const { wrapper, bridge: b } = await mountLib(locale)
      await wrapper.find('[data-testid="library-edit-r"]').trigger('click')
      await field(wrapper, 'proficiencies').setValue(`Pistols, ${'Very long proficiency '.repeat(3)}`)
      await submit(wrapper)
      expect(b.callsTo('library:save')).toHaveLength(1)
      expect(wrapper.find('[data-testid="statblock-editor"]').exists()).toBe(true)
      expect(fieldError(wrapper, 'proficiencies').text()).toBe(said)
      expect(wrapper.find('[data-testid="sb-error"]').exists()).toBe(false)
      wrapper.unmount()
    }
  })

  it('a refusal at a path with no box of its own (an 11th Duel Die, 10 at most) is said in the banner, not swallowed', async () => {
    const { wrapper } = await mountLib()
    await wrapper.find('[data-testid="library-edit-boss"]').trigger('click')
    await wrapper.find('[data-testid="sc-duel-die-add"]').trigger('click')
    await submit(wrapper)
    expect(wrapper.find('[data-testid="statblock-editor"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="sb-error"]').text()).toBe('Duel Die per phase (Boss) can have at most 10 entries')
  })

  it('a block saved with a Shield HP of 99999 before the bound: flagged in the library, the reason at its field when opened', async () => {
    const { wrapper } = await mountLib()
    expect(wrapper.find('[data-testid="library-problem-r"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="library-problem-old"]').text()).toBe('Needs fixing')
    expect(wrapper.find('[data-testid="library-problem-reason-old"]').text()).toBe("Shield, Shield HP can't be above 999")
    await wrapper.find('[data-testid="library-edit-old"]').trigger('click')
    await flushPromises()
    expect(fieldError(wrapper, 'shield.energyHp').text()).toBe("Shield HP can't be above 999")
  })

  it('prep flags a plan holding it before launch, in Polish too', async () => {
    const plan = { id: 'p1', name: 'Raid', notes: '', updatedAt: '', entries: [{ statBlockId: 'r', count: 2, side: 'enemies', aware: true, hidden: false }, { statBlockId: 'old', count: 1, side: 'enemies', aware: true, hidden: false }] }
    const { wrapper } = await mountWith(PrepView, { props: { campaignId: 'c1', systemId: 'starchasers' }, bridge: bridge().handle('plan:list', okR([plan])), locale: 'pl' })
    expect(wrapper.find('[data-testid="plan-entry-problem-0"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="plan-entry-problem-1"]').text()).toBe('Do poprawy')
    // the field by its Polish label, as the editor says it (not "Energy Hp")
    expect(wrapper.find('[data-testid="plan-problems"]').text()).toContain('Old Raider')
    expect(wrapper.find('[data-testid="plan-problems"]').text()).toContain('Tarcza, PW tarczy: wartość nie może być większa niż 999')
    expect(wrapper.find('[data-testid="plan-launch"]').attributes('disabled')).toBeDefined()
  })
})
