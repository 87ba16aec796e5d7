import { describe, expect, it, vi } from 'vitest'
import SessionsView from '@renderer/features/sessions/SessionsView.vue'
import { fakeBridge, okR } from './support/fake-bridge'
import { flushPromises, mountWith } from './support/mount'

const s1 = { id: 's1', title: 'Ambush', date: '2026-11-28', notes: '', startedAt: '2026-11-28T18:00:00.000Z', endedAt: null }
const entries = [
  { line: 2, at: '2026-11-28T18:01:00.000Z', kind: 'encounter', key: 'log.core.encounterCreated', params: { name: 'Hangar' } },
  { line: 3, at: '2026-11-28T18:02:00.000Z', kind: 'event', key: 'log.core.roundStarted', params: { round: 1 }, status: 'undone' },
]

function bridge() {
  return fakeBridge()
    .handle('session:list', okR([s1]))
    .handle('session:log', okR(entries))
    .handle('session:note', (r: any) => okR({ line: 9, at: '2026-11-28T18:09:00.000Z', kind: 'note', key: 'log.session.note', params: { text: r.text }, gmOnly: r.gmOnly }))
    .handle('export:session', okR({ format: 'md', mime: 'text/markdown', fileName: 'ambush.md', encoding: 'utf8', data: '# Ambush', damagedLines: [] }))
}

describe('sessions view', () => {
  it('shows the open session’s log, localized, with undone steps struck', async () => {
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge() })
    await flushPromises()
    expect(b.callsTo('session:log')[0]).toEqual({ campaignId: 'c1', sessionId: 's1', filter: {} })
    expect(wrapper.find('[data-testid="sessions-entry-2"]').text()).toContain('Encounter “Hangar” created')
    expect(wrapper.find('[data-testid="sessions-entry-3"]').classes()).toContain('undone')
  })

  it('filters by kind and text, appends live entries, adds a note', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge() })
    await flushPromises()
    await wrapper.find('[data-testid="sessions-kind"]').setValue('note')
    await wrapper.find('[data-testid="sessions-search"]').setValue('crates')
    vi.advanceTimersByTime(300)
    vi.useRealTimers()
    await flushPromises()
    expect(b.callsTo('session:log').at(-1).filter).toEqual({ kind: 'note', search: 'crates' })
    b.push('session:logAppended', { campaignId: 'c1', sessionId: 's1', entries: [{ line: 4, at: '2026-11-28T18:03:00.000Z', kind: 'event', key: 'log.core.roundStarted', params: { round: 2 } }] })
    await flushPromises()
    expect(wrapper.find('[data-testid="sessions-entry-4"]').text()).toContain('Round 2')
    await wrapper.find('[data-testid="sessions-note"]').setValue('The crates explode')
    await wrapper.find('[data-testid="sessions-note-gm"]').setValue(true)
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:note')).toEqual([{ campaignId: 'c1', sessionId: 's1', text: 'The crates explode', gmOnly: true }])
    expect(wrapper.find('[data-testid="sessions-entry-9"]').exists()).toBe(true)
  })

  it('exports in the chosen format, player-safe, in the UI language', async () => {
    const created: Blob[] = []
    const origCreate = URL.createObjectURL
    URL.createObjectURL = ((b: Blob) => {
      created.push(b)
      return 'blob:x'
    }) as typeof URL.createObjectURL
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge(), locale: 'pl' })
    await flushPromises()
    await wrapper.find('[data-testid="sessions-format"]').setValue('html')
    await wrapper.find('[data-testid="sessions-export"]').trigger('click')
    await flushPromises()
    URL.createObjectURL = origCreate
    expect(b.callsTo('export:session')).toEqual([{ campaignId: 'c1', sessionId: 's1', format: 'html', playerSafe: true, lang: 'pl' }])
    expect(await created[0].text()).toBe('# Ambush')
  })
})

describe('replay', () => {
  it('opens an exported log and steps through an encounter read-only', async () => {
    const { gmView } = await import('./support/fixtures')
    const b = bridge()
      .handle('session:replayOpen', okR({ handle: 'h1', sessionId: 's1', title: 'Ambush', encounters: [{ id: 'e1', name: 'Hangar', batches: 3 }] }))
      .handle('session:replayStep', (r: any) => okR(gmView({ replay: { handle: 'h1', at: r.to, total: 3 } })))
      .handle('session:replayClose', okR({ closed: true }))
    const { wrapper } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: b })
    await flushPromises()
    await wrapper.find('[data-testid="replay-start"]').trigger('click')
    await wrapper.find('[data-testid="replay-text"]').setValue('{"kind":"gm-console.session-log"}')
    await wrapper.find('[data-testid="replay-open"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('session:replayStep')).toEqual([{ handle: 'h1', encounterId: 'e1', to: 0 }])
    await wrapper.find('[data-testid="replay-next"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="replay-position"]').text()).toBe('1 / 3')
    expect(wrapper.find('[data-testid="replay-dialog"] [data-testid="turn-track"]').exists()).toBe(true)
    await wrapper.find('[data-testid="replay-dialog"] [data-testid="dialog-close"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('session:replayClose')).toEqual([{ handle: 'h1' }])
  })
})

describe('read-only turn track', () => {
  it('shows no controls in replay', async () => {
    const TurnTrack = (await import('@renderer/features/initiative/TurnTrack.vue')).default
    const { encounterState } = await import('./support/fixtures')
    const enc = encounterState({ turn: { phase: 'setup', round: 0, order: [], index: -1 } })
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: enc, model: 'ordered', readonly: true } })
    expect(wrapper.find('[data-testid="track-roll-initiative"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-init-han"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-hide-han"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-entry-han"]').text()).toContain('18')
  })
})
