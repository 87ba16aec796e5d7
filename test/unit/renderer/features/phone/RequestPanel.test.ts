// issue 29: what a player may ask from their phone: only the buttons `me.can` allows, each a request whose state
// (waiting for the GM, accepted, declined, refused and why) the phone shows
import { describe, expect, it } from 'vitest'
import RequestPanel from '@renderer/features/phone/RequestPanel.vue'
import type { RequestKind } from '@shared/domain/table'
import type { CharacterRequestView } from '@shared/views/character-views'
import { errR, fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { me } from './character'

const request = (over: Partial<CharacterRequestView>): CharacterRequestView => ({ id: 'r1', kind: 'endTurn', state: 'pending', at: '2026-01-01T00:00:00Z', ...over })
const spends = [
  { resource: 'force', label: 'phoneTest.force', left: 3 },
  { resource: 'destiny', label: 'phoneTest.destiny', left: 0 },
]

describe('phone: what a player may ask (issue 29)', () => {
  const cases: Array<[RequestKind[], string[]]> = [
    [[], []],
    [['endTurn'], ['ask-endTurn']],
    [['endTurn', 'delay', 'ready'], ['ask-endTurn', 'ask-delay', 'ask-ready']],
    [['ready', 'spend'], ['ask-ready', 'ask-spend-force', 'ask-spend-destiny']],
  ]
  for (const [can, buttons] of cases) {
    it(`shows only the buttons of can = [${can.join(', ')}]`, async () => {
      const { wrapper } = await mountWith(RequestPanel, { props: { me: me({ can, spends }), requests: [] } })
      expect(wrapper.findAll('[data-testid^="ask-"]').map((b) => b.attributes('data-testid'))).toEqual(buttons)
    })
  }

  it('each button sends its request; a spend names its resource and says what is left (none left: disabled)', async () => {
    const bridge = fakeBridge('character').handle('character:request', (req: { kind: RequestKind }) => okR(request({ kind: req.kind })))
    const { wrapper, i18n } = await mountWith(RequestPanel, { bridge, props: { me: me({ can: ['endTurn', 'delay', 'spend'], spends }), requests: [] } })
    // the system's label, from its catalog merged into vue-i18n
    i18n.global.mergeLocaleMessage('en', { phoneTest: { force: 'Force Points', destiny: 'Destiny Points' } })
    await flushPromises()
    await wrapper.find('[data-testid="ask-endTurn"]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="ask-delay"]').trigger('click')
    await flushPromises()
    const force = wrapper.find('[data-testid="ask-spend-force"]')
    // the label says what the point buys, in the system's words
    expect(force.text()).toContain('Force Points')
    expect(wrapper.find('[data-testid="phone-ask"]').text()).toContain('Spend a point')
    expect(force.text()).toContain('3 left')
    await force.trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="ask-spend-destiny"]').attributes('disabled')).toBeDefined()
    expect(bridge.callsTo('character:request')).toEqual([{ kind: 'endTurn' }, { kind: 'delay' }, { kind: 'spend', resource: 'force' }])
  })

  it('ready asks for the trigger and sends it as typed', async () => {
    const bridge = fakeBridge('character').handle('character:request', okR(request({ kind: 'ready', trigger: 'when the door opens' })))
    const { wrapper } = await mountWith(RequestPanel, { bridge, props: { me: me({ can: ['ready'] }), requests: [] } })
    await wrapper.find('[data-testid="ask-ready"]').trigger('click')
    expect(wrapper.find('[data-testid="ready-form"]').text()).toContain('What are you waiting for?')
    // no trigger yet: nothing to send (main would refuse it)
    expect(wrapper.find('[data-testid="ready-send"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="ready-form"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('character:request')).toEqual([])
    await wrapper.find('[data-testid="ready-trigger"]').setValue('  when the door opens ')
    await wrapper.find('[data-testid="ready-form"]').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('character:request')).toEqual([{ kind: 'ready', trigger: 'when the door opens' }])
    expect(wrapper.find('[data-testid="ready-form"]').exists()).toBe(false)
  })

  it('shows each request with its state; a refused one with its plain sentence (i18n key + params)', async () => {
    const requests = [
      request({ id: 'a', kind: 'delay', state: 'refused', reason: { key: 'phone.ends.roundEnd', params: { round: 4 } } }),
      request({ id: 'b', kind: 'endTurn', state: 'accepted' }),
      request({ id: 'c', kind: 'ready', trigger: 'he draws', state: 'declined' }),
    ]
    const { wrapper } = await mountWith(RequestPanel, { props: { me: me({ can: ['endTurn'] }), requests } })
    const a = wrapper.find('[data-testid="request-a"]')
    expect(a.attributes('data-state')).toBe('refused')
    expect(a.find('[data-testid="request-state"]').text()).toBe('Not allowed')
    // the reason's key is said with its params (a key the catalogs know; here one of the phone's own)
    expect(a.find('[data-testid="request-reason"]').text()).toBe('until the end of round 4')
    expect(wrapper.find('[data-testid="request-b"]').text()).toContain('Accepted')
    expect(wrapper.find('[data-testid="request-c"]').text()).toContain('Ready: he draws')
    expect(wrapper.find('[data-testid="request-c"]').text()).toContain('Declined by the GM')
  })

  it('a pending request of a kind keeps its button from asking twice', async () => {
    const { wrapper } = await mountWith(RequestPanel, { props: { me: me({ can: ['endTurn', 'delay'] }), requests: [request({ kind: 'endTurn', state: 'pending' })] } })
    expect(wrapper.find('[data-testid="ask-endTurn"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="ask-delay"]').attributes('disabled')).toBeUndefined()
    expect(wrapper.find('[data-testid="request-r1"]').text()).toContain('Waiting for the GM…')
  })

  it('a request main refused outright is said in a sentence, never a field path', async () => {
    const bridge = fakeBridge('character').handle('character:request', errR('rule', 'kind: it is not your turn', 'kind'))
    const { wrapper } = await mountWith(RequestPanel, { bridge, props: { me: me({ can: ['endTurn'] }), requests: [] } })
    await wrapper.find('[data-testid="ask-endTurn"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="ask-error"]').text()).toBe('It is not your turn')
  })

  it('a refusal naming its sentence (details.key) is said in the page language, not main\'s English', async () => {
    const refused = { ok: false as const, error: { code: 'forbidden' as const, message: 'characterId: this player link is for another character', field: 'characterId', details: { key: 'phone.ends.roundEnd', params: { round: 2 } } } }
    const bridge = fakeBridge('character').handle('character:request', refused)
    const { wrapper } = await mountWith(RequestPanel, { bridge, locale: 'pl', props: { me: me({ can: ['endTurn'] }), requests: [] } })
    await wrapper.find('[data-testid="ask-endTurn"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="ask-error"]').text()).toBe('do końca rundy 2')
  })
})
