/**
 * Generic screens ask main about the rule system (`system:list`, `system:describe`, `system:card`) instead of
 * naming one: the new-campaign form, the systems' words merged into i18n, derived values on the cards, the
 * book-style stat card, command shortcuts from the description.
 */
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import type { CardLayout } from '@shared/views/system-views'
import CampaignCreate from '@renderer/features/campaigns/CampaignCreate.vue'
import CombatantCard from '@renderer/features/encounter/CombatantCard.vue'
import StatBlockCard from '@renderer/features/stat-blocks/StatBlockCard.vue'
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import HelpOverlay from '@renderer/features/encounter/HelpOverlay.vue'
import { useSystemsStore } from '@renderer/stores/systems'
import { formatLog } from '@shared/i18n/format-log'
import { fakeBridge, okR } from '../support/fake-bridge'
import { flushPromises, mountWith, mountWithSystems, setup } from '../support/mount'
import { combatant, gmView } from '../support/fixtures'
import { systemList, withSystems } from '../support/system-descriptions'

describe('the systems store', () => {
  it('loads a description once per system, merges its UI catalog into i18n (both languages)', async () => {
    const bridge = withSystems(fakeBridge())
    const { i18n } = setup({ bridge })
    const store = useSystemsStore()
    const [a, b] = await Promise.all([store.describe('saga'), store.describe('saga')])
    expect(a).toBe(b)
    await store.describe('saga')
    expect(bridge.callsTo('system:describe')).toEqual([{ systemId: 'saga' }])
    const g = i18n.global as any
    expect(g.t('saga.rangeBand')).toBe('Range')
    g.locale.value = 'pl'
    expect(g.t('saga.rangeBand')).toBe('Zasięg')
    // an unknown system: no description, the error kept
    expect(await store.describe('nope')).toBeNull()
    expect(store.errors.nope).toContain('nope')
  })
  it('registers the system’s log templates with formatLog', async () => {
    const bridge = fakeBridge().handle('system:describe', okR({
      id: 'mini', name: 'system.mini', initiative: 'ordered', commands: [], labels: { pools: [], bands: [], conditions: [] },
      statBlock: { schema: {}, kinds: ['npc'], templates: {} }, catalogs: { en: {}, pl: {} },
      logCatalogs: { en: { 'log.mini.poke': '{name} pokes' }, pl: { 'log.mini.poke': '{name} szturcha' } },
    }))
    setup({ bridge })
    await useSystemsStore().describe('mini')
    expect(formatLog({ key: 'log.mini.poke', params: { name: 'Bo' } }, 'pl')).toBe('Bo szturcha')
  })
})

describe('new campaign: the systems main lists', () => {
  it('offers `system:list` by the systems’ own names, the first by default, then the GM’s last choice', async () => {
    globalThis.localStorage?.removeItem('gmc.lastSystem')
    const created = { id: 'c3', name: 'New one', systemId: 'starchasers' as const, lastOpened: null }
    const bridge = fakeBridge().handle('campaign:create', okR(created))
    const { wrapper } = await mountWith(CampaignCreate, { bridge })
    const select = wrapper.find('[data-testid="campaign-system"]')
    expect(select.findAll('option').map((o) => [o.attributes('value'), o.text()])).toEqual(systemList().map((s) => [s.id, s.names.en]))
    expect(select.findAll('option').map((o) => o.text())).toEqual(expect.arrayContaining(['Saga Edition', 'Starchasers']))
    expect((select.element as HTMLSelectElement).value).toBe('saga')
    await wrapper.find('[data-testid="campaign-name"]').setValue('New one')
    await select.setValue('starchasers')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('campaign:create')).toEqual([{ name: 'New one', systemId: 'starchasers' }])
    const again = await mountWith(CampaignCreate, {})
    expect((again.wrapper.find('[data-testid="campaign-system"]').element as HTMLSelectElement).value).toBe('starchasers')
  })
})

describe('cards', () => {
  it('shows the system’s derived values of a combatant (labels from its catalog)', async () => {
    const { wrapper } = await mountWithSystems(CombatantCard, ['saga'], (system) => ({
      props: { combatant: combatant('han'), system: system('saga'), derived: [{ label: 'saga.reflex', value: 15, hint: 'saga.threshold' }, { label: 'speedNow', value: '4 squares' }] },
    }))
    const box = wrapper.find('[data-testid="combatant-derived-han"]')
    expect(box.findAll('div').map((d) => d.text())).toEqual(['Reflex15', 'Speed Now4 squares'])
    expect(box.find('div').attributes('title')).toBe('Damage threshold')
  })

  it('lays a library stat block out as the system’s book does (`system:card`), in the UI language', async () => {
    const layout: CardLayout = { title: 'Han Solo', subtitle: 'Medium human scoundrel 7', sections: [{ title: 'saga.card.defense', lines: [{ label: 'saga.reflex', value: '23 (flat-footed 18)', strong: true }] }, { lines: [{ value: 'Speed 6 squares' }] }] }
    const bridge = fakeBridge().handle('system:card', okR(layout))
    const record = { id: 'h', name: 'Han', kind: 'pc', tags: [], data: { name: 'Han', hp: 30 } }
    const { wrapper } = await mountWith(StatBlockCard, { props: { record: record as never, systemId: 'saga' }, bridge })
    expect(bridge.callsTo('system:card')).toEqual([{ systemId: 'saga', statBlock: record.data, lang: 'en' }])
    expect(wrapper.find('h2').text()).toBe('Han Solo')
    expect(wrapper.find('[data-testid="statblock-subtitle"]').text()).toBe('Medium human scoundrel 7')
    // a title no catalog knows reads as words
    expect(wrapper.find('[data-testid="statblock-section-0"] h4').text()).toBe('Defense')
    expect(wrapper.find('[data-testid="statblock-section-0"] .line.strong').text()).toBe('Reflex 23 (flat-footed 18)')
    expect(wrapper.find('[data-testid="statblock-section-1"]').text()).toBe('Speed 6 squares')
  })
})

describe('command shortcuts come from the description', () => {
  it('a letter opens the command that names it; the help lists them', async () => {
    const v = gmView()
    const bridge = fakeBridge()
      .handle('encounter:list', okR([]))
      .handle('encounter:get', okR(v))
      .handle('encounter:odds', okR({ hit: 0.5, crit: 0, damage: [], extra: {} }))
      .handle('player:view', okR({ campaignName: null, systemId: 'saga', encounter: null }))
    const { wrapper, pinia, i18n } = await mountWith(EncounterBoard, { props: { encounterId: 'e1' }, bridge })
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'd' }))
    await nextTick()
    expect(wrapper.find('[data-testid="action-form-applyDamage"]').exists()).toBe(true)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'c' }))
    await nextTick()
    expect(wrapper.find('[data-testid="action-form-addCondition"]').exists()).toBe(true)
    const help = mount(HelpOverlay, { global: { plugins: [pinia, i18n] }, attachTo: document.body })
    expect(help.find('[data-testid="help-command-applyDamage"]').text()).toBe('DDamage')
    expect(help.find('[data-testid="help-command-attack"]').text()).toBe('AAttack')
  })
})
