/**
 * Issue 27, defect 9: refusals spoke code. The Starchasers duel form labelled its field "Opponent" but wanted two
 * fighters and said `command.fighters: fighters: Too small: expected array to have >=2 items`; other refusals
 * carried `command.x:` prefixes and seed citations such as "(002:108)". A refusal is one plain sentence in the UI
 * language, the rule's source behind "why?"; the duel form asks for the opponents and sends the acting fighter too.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import ActionPanel from '@renderer/features/actions/ActionPanel.vue'
import ErrorBanner from '@renderer/components/ErrorBanner.vue'
import { refusalText } from '@renderer/components/refusal'
import { makeI18n } from '@renderer/i18n'
import { registerLogMessages } from '@shared/i18n/format-log'
import type { AppError } from '@shared/result'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { engineFor, initialState, listSystems, type Engine } from '../../../../src-main/rules/index'
import { seededRng } from '../../../../src-main/rules/kit/rng'
import { describeForTest } from '../support/system-descriptions'
import { fakeBridge, okR } from '../support/fake-bridge'
import { flushPromises, mountWith, mountWithSystems } from '../support/mount'
import { gmView } from '../support/fixtures'

/** what no refusal may show: a request path, zod's words, a seed citation inline, raw keys and ids */
const CODE = [/command\./, /\bexpected\b/i, /Too (small|big)/i, /Invalid input/i, /\d{3}:\d+/, /\b(record|payload)\./, /undefined|NaN|\[object Object\]/, /\b[a-z]+[A-Z][A-Za-z]*\b/]
const plain = (text: string, ids: string[] = []) => [...CODE.filter((re) => re.test(text)).map(String), ...ids.filter((id) => text.includes(id))]

describe('the Starchasers duel form (issue 27, defect 9)', () => {
  it('asks for the opponents and sends the acting fighter with them', async () => {
    const view = gmView()
    view.systemId = 'starchasers'
    const bridge = fakeBridge().handle('encounter:command', okR(view)).handle('encounter:odds', okR(null))
    const { wrapper } = await mountWithSystems(ActionPanel, ['starchasers'], (system) => ({ props: { view, system: system('starchasers'), selectedId: null } }), bridge)
    await wrapper.find('[data-testid="action-tab-duelStart"]').trigger('click')
    const form = wrapper.find('[data-testid="action-form-duelStart"]')
    expect(form.text()).toContain('Opponents (pick one or more)')
    const picked = [...(wrapper.find('[data-testid="action-field-fighters"]').element as HTMLSelectElement).selectedOptions].map((o) => o.value)
    expect(picked).toEqual(['trooper-1'])
    await wrapper.find('[data-testid="action-submit"]').trigger('submit')
    await form.trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'duelStart', activeId: 'han', fighters: ['han', 'trooper-1'] } })
  })
})

describe('refusals as one plain sentence (issue 27, defect 9)', () => {
  const zodRefusal: AppError = { code: 'invalid', message: 'command.fighters: fighters: Too small: expected array to have >=2 items', field: 'command.fighters', details: { issue: { code: 'too_small', origin: 'array', minimum: 2 } } }
  const ruled: AppError = { code: 'rule', message: 'Hale is incapacitated and needs 1 Luck to act', field: 'command.combatantId', cite: '002:176' }

  it('the banner: no request path, no zod words; the rule source behind "why?"', async () => {
    const { wrapper } = await mountWith(ErrorBanner, { props: { error: zodRefusal } })
    expect(wrapper.text()).toBe('Fighters needs at least 2 entries')
    await wrapper.setProps({ error: ruled })
    expect(wrapper.find('[data-testid="error-text"]').text()).toBe('Hale is incapacitated and needs 1 Luck to act')
    const why = wrapper.find('[data-testid="error-why"]')
    expect(why.find('summary').text()).toBe('why?')
    expect(why.text()).toContain('Rule source: 002:176')
    await why.find('summary').trigger('click')
    expect(wrapper.find('[data-testid="error-banner"]').exists()).toBe(true)
    await wrapper.setProps({ error: { code: 'not-found', message: 'command.fighters.0: no combatant with id "x"', field: 'command.fighters.0' } })
    expect(wrapper.text()).toBe('No combatant with id "x"')
  })

  it('every system\'s commands, refused for bad input, say it without code, in English and in Polish', () => {
    const en = makeI18n('en').global
    const pl = makeI18n('pl').global
    const seen: string[] = []
    const problems: string[] = []
    for (const id of listSystems()) {
      const desc = describeForTest(id)
      en.mergeLocaleMessage('en', desc.catalogs.en)
      pl.mergeLocaleMessage('pl', desc.catalogs.pl)
      registerLogMessages(desc.logCatalogs)
      const engine = engineFor(id)
      if (!engine.ok) throw new Error(engine.error.message)
      const state = encounterOf(id, engine.value)
      const ids = state.combatants.map((c) => c.id)
      const notCurrent = ids[ids.length - 1]
      for (const [type, entry] of Object.entries(engine.value.system.commands)) {
        const schema = z.toJSONSchema(entry.schema as unknown as z.core.$ZodType, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { type?: string; enum?: unknown[] }> }
        const props = Object.keys(schema.properties ?? {}).filter((k) => k !== 'type')
        const tries: EngineCommand[] = [
          { type },
          { type, ...Object.fromEntries(props.map((k) => [k, 'nobody'])) },
          { type, ...Object.fromEntries(props.map((k) => [k, -999])) },
          { type, ...Object.fromEntries(props.map((k) => [k, /Ids?$|^fighters$/.test(k) ? (k.endsWith('s') ? [notCurrent] : notCurrent) : (schema.properties?.[k]?.enum?.[0] ?? (schema.properties?.[k]?.type === 'number' || schema.properties?.[k]?.type === 'integer' ? 1 : schema.properties?.[k]?.type === 'boolean' ? true : undefined))])) },
        ]
        for (const cmd of tries) {
          const r = engine.value.decide(state, cmd, { rng: seededRng('refusals'), now: '2026-01-01T00:00:00.000Z' })
          if (r.ok) continue
          // what the encounter service sends (field under `command.`)
          const e: AppError = { ...r.error, ...(r.error.field ? { field: `command.${r.error.field}` } : {}) }
          const said: Record<string, string> = {}
          for (const locale of ['en', 'pl'] as const) {
            const g = (locale === 'en' ? en : pl) as unknown as { t: (k: string, p?: Record<string, unknown>) => string; te: (k: string) => boolean }
            const text = refusalText(g.t, g.te, e, { locale })
            said[locale] = text
            seen.push(text)
            const bad = plain(text, ids)
            if (bad.length) problems.push(`${id} ${type} [${locale}]: ${text} (${bad.join(' ')})`)
          }
          // a Polish screen says it in Polish: never main's English sentence as it is
          if (said.pl === said.en) problems.push(`${id} ${type} [pl]: still English: ${said.pl}`)
        }
      }
    }
    expect(seen.length).toBeGreaterThan(200)
    expect(problems).toEqual([])
  })
})

/** an encounter of the system's sample party and foes, in combat */
function encounterOf(id: string, engine: Engine): EncounterState {
  const file = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'resources', 'campaigns', `sample-${id}`, 'campaign.json'), 'utf8')) as { library: Array<{ id: string; name: string; kind: string; data: Record<string, unknown> }>; systemSettings?: Record<string, unknown> }
  let state = initialState({ id: 'e', name: 'e', systemId: id as EncounterState['systemId'], seed: 's', settings: file.systemSettings })
  const ctx = { rng: seededRng('setup'), now: '2026-01-01T00:00:00.000Z' }
  for (const r of file.library.slice(0, 4)) {
    const cmd = { type: 'addCombatant', statBlock: r.data, name: r.name, templateId: r.id, side: r.kind === 'npc' ? 'enemies' : 'party', role: r.kind }
    const s = engine.decide(state, cmd, ctx)
    if (s.ok) for (const ev of s.value) state = engine.evolve(state, ev)
  }
  const started = engine.decide(state, { type: 'startCombat' }, ctx)
  if (started.ok) for (const ev of started.value) state = engine.evolve(state, ev)
  return state
}
