// issue 28: the Sessions screen's calls (log, tools, export, replay) moved from the components into this store
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useBridge } from '@renderer/stores/connection'
import { useSessionLogStore } from '@renderer/stores/session-log'
import { errR, fakeBridge, okR, type FakeBridge } from '../support/fake-bridge'

const req = { campaignId: 'c1', sessionId: 's1', format: 'md' as const, playerSafe: true, lang: 'en' as const }

function store(bridge: FakeBridge) {
  setActivePinia(createPinia())
  useBridge(bridge)
  return useSessionLogStore()
}

afterEach(() => vi.restoreAllMocks())

describe('stores/session-log (issue 28)', () => {
  it('Electron: main saves through its dialog (export:save); where it went and the damaged lines come back', async () => {
    const bridge = Object.assign(fakeBridge(), { mode: 'electron' as const })
    bridge.handle('export:save', okR({ saved: true, path: '/home/gm/s1.md', fileName: 's1.md', damagedLines: [3] }))
    const s = store(bridge)
    expect(s.browserMode()).toBe(false)
    expect(await s.exportLog(req)).toEqual({ ok: true, savedTo: '/home/gm/s1.md', damagedLines: [3] })
    expect(bridge.callsTo('export:session')).toEqual([])
    bridge.handle('export:save', okR({ saved: false, fileName: 's1.md', damagedLines: [] }))
    expect(await s.exportLog(req)).toEqual({ ok: true, savedTo: null, damagedLines: [] })
  })

  it('browser mode: the rendered file (export:session) is downloaded here; a refusal is handed back whole', async () => {
    const bridge = fakeBridge().handle('export:session', okR({ format: 'md', fileName: 's1.md', mime: 'text/markdown', data: '# s1', encoding: 'utf8', damagedLines: [] }))
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    const s = store(bridge)
    expect(s.browserMode()).toBe(true)
    expect(await s.exportLog(req)).toEqual({ ok: true, savedTo: null, damagedLines: [] })
    expect(created).toHaveBeenCalledTimes(1)
    expect(bridge.callsTo('export:session')).toEqual([req])
    bridge.handle('export:session', { ok: false, error: { code: 'internal', message: 'no chromium', details: { reason: 'no-chromium' } } })
    const r = await s.exportLog({ ...req, format: 'pdf' })
    expect(r.ok ? null : r.error.details?.reason).toBe('no-chromium')
  })

  it('the tools and the replay send what the screen asked, unchanged', async () => {
    const bridge = fakeBridge().handle('session:note', okR({ id: 'e1' })).handle('session:replayClose', errR('not-found', 'gone'))
    const s = store(bridge)
    expect((await s.note({ campaignId: 'c1', sessionId: 's1', text: 'hi', gmOnly: true })).ok).toBe(true)
    expect(bridge.callsTo('session:note')).toEqual([{ campaignId: 'c1', sessionId: 's1', text: 'hi', gmOnly: true }])
    expect((await s.closeReplay('h1')).ok).toBe(false)
    expect(bridge.callsTo('session:replayClose')).toEqual([{ handle: 'h1' }])
  })
})
