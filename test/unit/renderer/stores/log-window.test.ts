/**
 * Issue 13: the renderer holds a run of the encounter log ending at the newest entry; pushes carry only a window of
 * it (plus the total and the older entries whose status changed) and the log pane pages older entries in.
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '@shared/domain/encounter'
import type { GmEncounterView, LogPage } from '@shared/views/encounter-views'
import { LOG_KEEP, mergeWindow, prependPage } from '@renderer/stores/log-window'
import LogPane from '@renderer/features/session-log/LogPane.vue'
import { fakeBridge, okR } from '../support/fake-bridge'
import { flushPromises, mountWith, setup } from '../support/mount'
import { gmView } from '../support/fixtures'

const entry = (seq: number, status?: LogEntry['status']): LogEntry => ({ seq, key: 'log.core.roundStarted', params: { round: seq }, ...(status ? { status } : {}) })
/** the whole log of `n` entries (seqs 1, 3, 5…: seqs of the log skip bookkeeping records) */
const logOf = (n: number, status: (i: number) => LogEntry['status'] | undefined = () => undefined) => Array.from({ length: n }, (_, i) => entry(2 * i + 1, status(i)))
const fresh = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T
/** what main pushes for a log: its newest `w` entries, the total, the older changed ones */
const pushOf = (log: LogEntry[], w = 5, changed: LogEntry[] = []) => fresh({ log: log.slice(-w), logTotal: log.length, ...(changed.length ? { logChanged: changed } : {}) })
const pageOf = (log: LogEntry[], before: number, limit: number): LogPage => fresh({ entries: log.slice(Math.max(0, before - limit), before), start: Math.max(0, before - limit), total: log.length })

describe('mergeWindow / prependPage', () => {
  it('appends what a push adds and keeps the held entries (the same objects) before its window', () => {
    const a = mergeWindow(undefined, pushOf(logOf(12)))
    expect(a).toEqual({ entries: logOf(12).slice(-5), total: 12 })
    const b = mergeWindow(a, pushOf(logOf(14)))
    expect(b.entries).toEqual(logOf(14).slice(-7))
    expect(b.total).toBe(14)
    // unchanged entries keep their identity (the pane's rows are memoized on them)
    for (let i = 0; i < 5; i++) expect(b.entries[i]).toBe(a.entries[i])
    // the same push again changes nothing: the held run itself comes back
    expect(mergeWindow(b, pushOf(logOf(14)))).toBe(b)
  })

  it('a page in front, then a status change of a paged entry (logChanged) is patched in; the window carries its own', () => {
    const log = logOf(30)
    let held = mergeWindow(undefined, pushOf(log))
    held = prependPage(held, pageOf(log, 25, 10))
    expect(held.entries).toEqual(log.slice(15))
    // a page that does not end where the held run starts is ignored
    expect(prependPage(held, pageOf(log, 10, 5))).toBe(held)
    // undo: entries 17 and 28 undone; 17 is outside the window (logChanged), 28 inside
    const after = logOf(30, (i) => (i === 17 || i === 28 ? 'undone' : undefined))
    held = mergeWindow(held, pushOf(after, 5, [after[17]]))
    expect(held.entries).toEqual(after.slice(15))
    expect(held.entries[2].status).toBe('undone')
    expect(held.entries[13].status).toBe('undone')
    // a new command discards them: a new entry at the end, both statuses change
    const next = [...logOf(30, (i) => (i === 17 || i === 28 ? 'discarded' : undefined)), entry(61)]
    held = mergeWindow(held, pushOf(next, 5, [next[17]]))
    expect(held.entries).toEqual(next.slice(15))
  })

  it('a window that does not reach the held run (more new entries than a window) starts over from it', () => {
    const held = mergeWindow(undefined, pushOf(logOf(10)))
    expect(mergeWindow(held, pushOf(logOf(40)))).toEqual({ entries: logOf(40).slice(-5), total: 40 })
  })

  it('entries pushed in beyond LOG_KEEP go (in steps); the ones the GM paged in stay', () => {
    let log = logOf(10)
    let held = mergeWindow(undefined, pushOf(log))
    for (let n = 11; n <= LOG_KEEP + 300; n++) {
      log = logOf(n)
      held = mergeWindow(held, pushOf(log))
    }
    expect(held.entries.length).toBeLessThanOrEqual(LOG_KEEP + 200)
    expect(held.entries).toEqual(log.slice(-held.entries.length))
    // paged down to index 0: nothing is trimmed however long it grows
    const floor = 0
    held = { entries: log, total: log.length }
    for (let n = log.length + 1; n <= log.length + 300; n++) held = mergeWindow(held, pushOf(logOf(n)), floor)
    expect(held.entries).toEqual(logOf(LOG_KEEP + 600))
  })
})

describe('encounters store: pushed windows and paging', () => {
  const view = (log: LogEntry[], w = 5, changed: LogEntry[] = []): GmEncounterView => fresh(gmView({ ...pushOf(log, w, changed) }))

  it('merges pushes, pages older entries through encounter:log, patches paged statuses, starts over on get', async () => {
    let log = logOf(20)
    const bridge = fakeBridge()
      .handle('encounter:get', () => okR(view(log)))
      .handle('encounter:log', (r: { before: number; limit: number }) => okR(pageOf(log, r.before, r.limit)))
    setup({ bridge })
    const { useEncountersStore } = await import('@renderer/stores/encounters')
    const store = useEncountersStore()
    store.start()
    await store.get('e1')
    expect(store.views.e1.log).toEqual(log.slice(-5))
    expect(store.views.e1.logTotal).toBe(20)
    log = logOf(22)
    bridge.push('encounter:changed', view(log))
    expect(store.views.e1.log).toEqual(log.slice(-7))
    await store.loadOlder('e1', 10)
    expect(bridge.callsTo('encounter:log')).toEqual([{ encounterId: 'e1', before: 15, limit: 10 }])
    expect(store.views.e1.log).toEqual(log.slice(5))
    await store.loadOlder('e1', 10)
    expect(store.views.e1.log).toEqual(log)
    // nothing older: no request
    await store.loadOlder('e1', 10)
    expect(bridge.callsTo('encounter:log')).toHaveLength(2)
    // undo of an old step: its entry comes as logChanged and is struck through where the pane holds it
    log = logOf(22, (i) => (i === 2 ? 'undone' : undefined))
    bridge.push('encounter:changed', view(log, 5, [log[2]]))
    expect(store.views.e1.log).toEqual(log)
    expect(store.views.e1.log[2].status).toBe('undone')
    // a fresh read (another window opening the encounter) starts from the window again
    await store.get('e1')
    expect(store.views.e1.log).toEqual(log.slice(-5))
  })

  it('an unchanged push keeps the held view itself (no re-render)', async () => {
    const log = logOf(8)
    const bridge = fakeBridge().handle('encounter:get', () => okR(view(log)))
    setup({ bridge })
    const { useEncountersStore } = await import('@renderer/stores/encounters')
    const store = useEncountersStore()
    store.start()
    await store.get('e1')
    const held = store.views.e1
    bridge.push('encounter:changed', view(log))
    expect(store.views.e1).toBe(held)
  })
})

describe('log pane paging', () => {
  it('shows how many older entries there are and asks for them; none when it holds the whole log', async () => {
    const { wrapper } = await mountWith(LogPane, { props: { log: logOf(5), total: 25 } })
    const older = wrapper.find('[data-testid="log-older"]')
    expect(older.text()).toContain('20')
    await older.trigger('click')
    expect(wrapper.emitted('older')).toHaveLength(1)
    await wrapper.setProps({ log: logOf(25), total: 25 })
    await flushPromises()
    expect(wrapper.find('[data-testid="log-older"]').exists()).toBe(false)
    expect(wrapper.findAll('.entry')).toHaveLength(25)
  })
})
