import { describe, expect, it } from 'vitest'
import SessionsView from '@renderer/features/sessions/SessionsView.vue'
import { combatantsOf, emptyFilter, encountersOf, mergeLive, passes } from '@renderer/features/sessions/log-filter'
import type { SessionLogEntry } from '@shared/views/encounter-views'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const s1 = { id: 's1', title: 'Ambush', date: '2026-11-28', notes: '', startedAt: '2026-11-28T18:00:00.000Z', endedAt: null }
const at = (m: number) => `2026-11-28T18:${String(m).padStart(2, '0')}:00.000Z`
const entries: SessionLogEntry[] = [
  { line: 2, at: at(1), kind: 'encounter', key: 'log.session.encounterStarted', params: { name: 'Hangar' }, encounterId: 'e1' },
  { line: 3, at: at(2), kind: 'event', key: 'log.core.combatantAdded', params: { name: 'Kira', side: 'side.party' }, encounterId: 'e1', combatantIds: ['kira'] },
  { line: 4, at: at(2), kind: 'event', key: 'log.core.combatantAdded', params: { name: 'Trooper 1', side: 'side.enemies' }, encounterId: 'e1', combatantIds: ['t1'] },
  { line: 5, at: at(3), kind: 'event', key: 'log.core.roundStarted', params: { round: 1 }, encounterId: 'e1', status: 'undone' },
  { line: 6, at: at(4), kind: 'note', key: 'log.session.note', params: { text: 'The crates explode' }, gmOnly: true },
  { line: 7, at: at(5), kind: 'encounter', key: 'log.session.encounterStarted', params: { name: 'Docks' }, encounterId: 'e2' },
  { line: 8, at: at(5), kind: 'event', key: 'log.core.combatantAdded', params: { name: 'Sparky', side: 'side.party' }, encounterId: 'e2', combatantIds: ['sparky'] },
]

function bridge() {
  return fakeBridge()
    .handle('session:list', okR([s1]))
    .handle('session:log', okR(entries))
    .handle('session:note', (r: any) => okR({ line: 20, at: at(9), kind: 'note', key: 'log.session.note', params: { text: r.text }, ...(r.gmOnly ? { gmOnly: true } : {}) }))
    .handle('session:roll', (r: any) => okR({ notation: r.notation, total: 17, dice: [{ die: 'd20', value: 17 }], hidden: r.hidden }))
    .handle('session:rest', (r: any) => okR({ line: 21, at: at(10), kind: 'rest', key: `log.session.rest.${r.kind}`, params: { who: r.who, text: r.text, amount: r.amount } }))
    .handle('session:pool', (r: any) => okR({ line: 22, at: at(11), kind: 'pool', key: 'log.session.pool', params: { pool: r.pool, delta: r.delta, reason: r.reason } }))
    .handle('export:session', okR({ format: 'md', mime: 'text/markdown', fileName: 'ambush.md', encoding: 'utf8', data: '# Ambush', damagedLines: [] }))
    .handle('export:save', okR({ saved: true, path: '/home/gm/ambush.md', fileName: 'ambush.md', damagedLines: [7] }))
}
const shownLines = (w: { findAll(s: string): Array<{ attributes(n: string): string | undefined }> }) =>
  w.findAll('[data-testid^="sessions-entry-"]').map((e) => Number(e.attributes('data-testid')!.slice('sessions-entry-'.length)))

describe('session log filter (pure)', () => {
  it('names the encounters and the combatants of one encounter or of all', () => {
    expect(encountersOf(entries)).toEqual([{ id: 'e1', name: 'Hangar' }, { id: 'e2', name: 'Docks' }])
    expect(combatantsOf(entries, 'e1')).toEqual([{ id: 'kira', name: 'Kira' }, { id: 't1', name: 'Trooper 1' }])
    expect(combatantsOf(entries).map((c) => c.id)).toEqual(['kira', 'sparky', 't1'])
  })
  it('filters by encounter, combatant, kind and the text as read (or a raw param)', () => {
    const text = (e: SessionLogEntry) => `read:${e.key}`
    const lines = (f: Partial<ReturnType<typeof emptyFilter>>) => entries.filter((e) => passes(e, { ...emptyFilter(), ...f }, text)).map((e) => e.line)
    expect(lines({ encounterId: 'e2' })).toEqual([7, 8])
    expect(lines({ combatantId: 't1' })).toEqual([4])
    expect(lines({ kind: 'note' })).toEqual([6])
    expect(lines({ search: 'CRATES' })).toEqual([6])
    expect(lines({ search: 'read:log.core.round' })).toEqual([5])
    expect(lines({ encounterId: 'e1', kind: 'note' })).toEqual([])
  })
  it('merges live pushes: status changes replaced by line, new lines once, in order', () => {
    const redone = { ...entries[3], status: undefined }
    const merged = mergeLive(entries, [{ line: 9, at: at(6), kind: 'roll', key: 'log.session.roll', params: { notation: '1d6', total: 4, dice: '4' } }], [redone])
    expect(merged.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(merged[3].status).toBeUndefined()
    expect(mergeLive(merged, [merged[7]]).length).toBe(8)
  })
})

describe('sessions view', () => {
  it('shows the open session’s log, localized, with undone steps struck', async () => {
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge() })
    await flushPromises()
    expect(b.callsTo('session:log')[0]).toEqual({ campaignId: 'c1', sessionId: 's1', filter: {} })
    expect(wrapper.find('[data-testid="sessions-entry-2"]').text()).toContain('Hangar')
    expect(wrapper.find('[data-testid="sessions-entry-5"]').classes()).toContain('undone')
  })

  it('filters by encounter, combatant, kind and text; appends live entries and status changes', async () => {
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge() })
    await flushPromises()
    const enc = wrapper.find('[data-testid="sessions-encounter"]')
    expect(enc.findAll('option').map((o) => o.text())).toEqual(['All encounters', 'Hangar', 'Docks'])
    await enc.setValue('e1')
    expect(shownLines(wrapper)).toEqual([2, 3, 4, 5])
    expect(wrapper.find('[data-testid="sessions-combatant"]').findAll('option').map((o) => o.text())).toEqual(['All combatants', 'Kira', 'Trooper 1'])
    await wrapper.find('[data-testid="sessions-combatant"]').setValue('t1')
    expect(shownLines(wrapper)).toEqual([4])
    // another encounter drops a combatant that is not in it
    await enc.setValue('e2')
    expect((wrapper.find('[data-testid="sessions-combatant"]').element as HTMLSelectElement).value).toBe('')
    await enc.setValue('')
    await wrapper.find('[data-testid="sessions-kind"]').setValue('note')
    expect(shownLines(wrapper)).toEqual([6])
    await wrapper.find('[data-testid="sessions-kind"]').setValue('')
    await wrapper.find('[data-testid="sessions-search"]').setValue('round 1')
    expect(shownLines(wrapper)).toEqual([5])
    expect(wrapper.find('[data-testid="sessions-count"]').text()).toBe('1 / 7')
    await wrapper.find('[data-testid="sessions-search"]').setValue('')
    b.push('session:logAppended', { campaignId: 'c1', sessionId: 's1', entries: [{ line: 9, at: at(6), kind: 'event', key: 'log.core.roundStarted', params: { round: 2 }, encounterId: 'e1' }], updated: [{ ...entries[3], status: undefined }] })
    await flushPromises()
    expect(wrapper.find('[data-testid="sessions-entry-9"]').text()).toContain('Round 2')
    expect(wrapper.find('[data-testid="sessions-entry-5"]').classes()).not.toContain('undone')
    // a push for another session is not ours
    b.push('session:logAppended', { campaignId: 'c1', sessionId: 's0', entries: [{ line: 10, at: at(6), kind: 'note', key: 'log.session.note', params: { text: 'x' } }] })
    await flushPromises()
    expect(wrapper.find('[data-testid="sessions-entry-10"]').exists()).toBe(false)
  })

  it('records a GM-only note, a hidden roll with dice read from the table, a rest and a pool change', async () => {
    const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge() })
    await flushPromises()
    await wrapper.find('[data-testid="sessions-note"]').setValue('The crates explode')
    await wrapper.find('[data-testid="sessions-note-gm"]').setValue(true)
    await wrapper.find('[data-testid="session-tools"] form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:note')).toEqual([{ campaignId: 'c1', sessionId: 's1', text: 'The crates explode', gmOnly: true }])
    expect(wrapper.find('[data-testid="sessions-entry-20"]').text()).toContain('GM only')

    await wrapper.find('[data-testid="session-tool-roll"]').trigger('click')
    await wrapper.find('[data-testid="session-roll-notation"]').setValue('1d20+2')
    await wrapper.find('[data-testid="session-roll-label"]').setValue('Perception')
    await wrapper.find('[data-testid="session-roll-hidden"]').setValue(true)
    await wrapper.find('[data-testid="session-roll-dice"]').setValue('15')
    await wrapper.find('[data-testid="session-tools"] form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:roll')).toEqual([{ campaignId: 'c1', sessionId: 's1', notation: '1d20+2', hidden: true, label: 'Perception', dice: [15] }])
    expect(wrapper.find('[data-testid="session-roll-result"]').text()).toContain('= 17')

    await wrapper.find('[data-testid="session-tool-rest"]').trigger('click')
    await wrapper.find('[data-testid="session-rest-who"]').setValue('Kira')
    await wrapper.find('[data-testid="session-rest-kind"]').setValue('healing')
    await wrapper.find('[data-testid="session-rest-amount"]').setValue('5')
    await wrapper.find('[data-testid="session-tools"] form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:rest')).toEqual([{ campaignId: 'c1', sessionId: 's1', who: 'Kira', kind: 'healing', text: '', gmOnly: false, amount: 5 }])
    expect(wrapper.find('[data-testid="sessions-entry-21"]').text()).toContain('Kira is healed 5')

    await wrapper.find('[data-testid="session-tool-pool"]').trigger('click')
    await wrapper.find('[data-testid="session-pool-name"]').setValue('Momentum')
    await wrapper.find('[data-testid="session-pool-delta"]').setValue('-2')
    await wrapper.find('[data-testid="session-pool-reason"]').setValue('bought a die')
    await wrapper.find('[data-testid="session-tools"] form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:pool')).toEqual([{ campaignId: 'c1', sessionId: 's1', pool: 'Momentum', delta: -2, reason: 'bought a die', gmOnly: false }])
    expect(wrapper.find('[data-testid="sessions-entry-22"]').text()).toContain('Momentum -2')
  })

  it('a rename reloads the log: its first line and the header say the new title (issue 10)', async () => {
    const started = { line: 1, at: at(0), kind: 'session', key: 'log.session.started', params: { title: 'Ambush', date: '2026-11-28' } }
    let title = 'Ambush'
    const b = bridge().handle('session:log', () => okR([{ ...started, params: { ...started.params, title } }, ...entries]))
    const { wrapper } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: b })
    await flushPromises()
    expect(wrapper.find('[data-testid="sessions-entry-1"]').text()).toContain('Session “Ambush” started')
    title = 'The hangar'
    b.push('sessions:changed', { campaignId: 'c1', sessions: [{ ...s1, title }] })
    await flushPromises()
    expect(wrapper.find('[data-testid="sessions-head"] h2').text()).toBe('The hangar')
    expect(wrapper.find('[data-testid="sessions-entry-1"]').text()).toContain('Session “The hangar” started')
    expect(b.callsTo('session:log').length).toBe(2)
  })

  it('an ended session is read-only', async () => {
    const b = bridge().handle('session:list', okR([{ ...s1, endedAt: at(30) }]))
    const { wrapper } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: b })
    await flushPromises()
    expect(wrapper.find('[data-testid="session-tools"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="sessions-ended"]').exists()).toBe(true)
  })

  it('browser mode: exports in the chosen format, player-safe, in the UI language, as a download', async () => {
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
    expect(b.callsTo('export:save')).toEqual([])
    expect(await created[0].text()).toBe('# Ambush')
  })

  it('Electron: main saves through the save dialog; the path and damaged lines are shown', async () => {
    const b = bridge()
    Object.assign(b, { mode: 'electron' })
    const { wrapper } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: b })
    await flushPromises()
    await wrapper.find('[data-testid="sessions-player-safe"]').setValue(false)
    await wrapper.find('[data-testid="sessions-export"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('export:save')).toEqual([{ campaignId: 'c1', sessionId: 's1', format: 'md', playerSafe: false, lang: 'en' }])
    expect(b.callsTo('export:session')).toEqual([])
    expect(wrapper.find('[data-testid="sessions-export-note"]').text()).toBe('Saved to /home/gm/ambush.md · Damaged log lines left out: 7')
  })
})

describe('replay', () => {
  it('opens an exported log and steps through an encounter read-only', async () => {
    const { gmView } = await import('../../support/fixtures')
    const b = bridge()
      .handle('session:replayOpen', okR({ handle: 'h1', sessionId: 's1', title: 'Ambush', encounters: [{ id: 'e1', name: 'Hangar', batches: 3, turnSteps: [1, 3] }] }))
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
    expect(wrapper.find('[data-testid="replay-turn"]').text()).toBe('Turn 1 of 2')
    // turn by turn: to the start of the next turn (step 3), then the end; back to the turn before
    await wrapper.find('[data-testid="replay-next-turn"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="replay-position"]').text()).toBe('3 / 3')
    expect(wrapper.find('[data-testid="replay-turn"]').text()).toBe('Turn 2 of 2')
    await wrapper.find('[data-testid="replay-prev-turn"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('session:replayStep').map((r: any) => r.to)).toEqual([0, 1, 3, 1])
    expect(wrapper.find('[data-testid="replay-dialog"] [data-testid="turn-track"]').exists()).toBe(true)
    await wrapper.find('[data-testid="replay-dialog"] [data-testid="dialog-close"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('session:replayClose')).toEqual([{ handle: 'h1' }])
  })
})

describe('replay this session', () => {
  it('opens the session’s own JSON export in the replay viewer', async () => {
    const { gmView } = await import('../../support/fixtures')
    const b = bridge()
      .handle('export:session', (r: any) => okR({ format: r.format, mime: 'application/json', fileName: 'ambush.json', encoding: 'utf8', data: '{"format":"gm-console.session-export"}', damagedLines: [] }))
      .handle('session:replayOpen', okR({ handle: 'h2', sessionId: 's1', title: 'Ambush', encounters: [{ id: 'e1', name: 'Hangar', batches: 2, turnSteps: [1] }] }))
      .handle('session:replayStep', (r: any) => okR(gmView({ replay: { handle: 'h2', at: r.to, total: 2 } })))
      .handle('session:replayClose', okR({ closed: true }))
    const { wrapper } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: b })
    await flushPromises()
    await wrapper.find('[data-testid="sessions-replay"]').trigger('click')
    await flushPromises()
    expect(b.callsTo('export:session')).toEqual([{ campaignId: 'c1', sessionId: 's1', format: 'json', playerSafe: false, lang: 'en' }])
    expect(b.callsTo('session:replayOpen')).toEqual([{ text: '{"format":"gm-console.session-export"}' }])
    expect(wrapper.find('[data-testid="replay-position"]').text()).toBe('0 / 2')
    await wrapper.find('[data-testid="replay-dialog"] [data-testid="dialog-close"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="replay-dialog"]').exists()).toBe(false)
    expect(b.callsTo('session:replayClose')).toEqual([{ handle: 'h2' }])
  })
})

describe('starting a session', () => {
  it('sends its notes when given and shows them on the card and the sessions screen', async () => {
    const SessionsCard = (await import('@renderer/features/campaigns/SessionsCard.vue')).default
    const s2 = { ...s1, id: 's2', title: 'Docks', notes: 'Bring the map' }
    const b = bridge().handle('session:list', okR([])).handle('session:start', okR(s2))
    const { wrapper } = await mountWith(SessionsCard, { props: { campaignId: 'c1' }, bridge: b })
    await wrapper.find('[data-testid="session-title"]').setValue('Docks')
    await wrapper.find('[data-testid="session-date"]').setValue('2026-11-29')
    await wrapper.find('[data-testid="session-notes"]').setValue('  Bring the map ')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:start')).toEqual([{ campaignId: 'c1', title: 'Docks', date: '2026-11-29', notes: 'Bring the map' }])
    expect(wrapper.find('[data-testid="session-open"]').text()).toContain('Bring the map')
    const view = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge().handle('session:list', okR([s2])) })
    await flushPromises()
    expect(view.wrapper.find('[data-testid="sessions-notes"]').text()).toBe('Bring the map')
  })
})
