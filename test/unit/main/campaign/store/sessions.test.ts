/** Session logs through the store (store/sessions.ts): index entry and log together, appends, reads, errors. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeStore, ok, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('sessions through the store', () => {
  it('startSession adds the index entry and the log; appendEvent/readSession/endSession work on it', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const s = ok(await store.startSession(c.id, { title: 'Into the hangar', date: '2026-11-29' }))
    expect(ok(await store.get(c.id)).data.sessions).toEqual([s])
    ok(await store.appendEvent(c.id, s.id, { seq: 1, kind: 'note', text: 'hello' }))
    expect(ok(await store.readSession(c.id, s.id)).records).toEqual([{ seq: 1, kind: 'note', text: 'hello' }])
    const ended = ok(await store.endSession(c.id, s.id))
    expect(ended.endedAt).not.toBeNull()
    expect(ok(await store.list())[0].lastSession).toEqual({ id: s.id, title: 'Into the hangar', date: '2026-11-29' })
    await store.close()
  })

  it('createSessionLog writes just the log (for a caller that keeps the index itself)', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.createSessionLog(c.id, '6f1c2a9e-0b7d-4c1e-9a55-2f0e3d4c5b6a'))
    ok(await store.appendEvent(c.id, '6f1c2a9e-0b7d-4c1e-9a55-2f0e3d4c5b6a', { seq: 1 }))
    const content = ok(await store.readSession(c.id, '6f1c2a9e-0b7d-4c1e-9a55-2f0e3d4c5b6a'))
    expect(content.header).toMatchObject({ schemaVersion: 2, sessionId: '6f1c2a9e-0b7d-4c1e-9a55-2f0e3d4c5b6a' })
    expect(content.records).toEqual([{ seq: 1 }])
    const again = await store.createSessionLog(c.id, '6f1c2a9e-0b7d-4c1e-9a55-2f0e3d4c5b6a')
    expect(!again.ok && again.error.code).toBe('conflict')
    await store.close()
  })

  it('bad session ids and unknown sessions are clear errors', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const bad = await store.appendEvent(c.id, '../../campaign', { seq: 1 })
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid', field: 'sessionId' })
    const missing = await store.appendEvent(c.id, 'nope', { seq: 1 })
    expect(!missing.ok && missing.error.code).toBe('not-found')
    const badLog = await store.createSessionLog(c.id, 'A/B')
    expect(!badLog.ok && badLog.error.field).toBe('sessionId')
    const noCampaign = await store.readSession('nobody', 's1')
    expect(!noCampaign.ok && noCampaign.error.code).toBe('not-found')
  })
})
