import { describe, expect, it } from 'vitest'
import { createPushHub } from '../../../../src-main/ipc/push-hub'
import { recordingLogger } from '../../../support/recording-logger'

const board = { campaignName: 'Outer Rim', systemId: 'saga' as const, encounter: null }

function subscriber(id: string, role: 'gm' | 'player') {
  const got: Array<[string, unknown]> = []
  return { sub: { id, role, send: (t: string, p: unknown) => void got.push([t, p]) }, got }
}

describe('push hub', () => {
  it('delivers a topic only to its subscribers', () => {
    const hub = createPushHub(recordingLogger())
    const a = subscriber('a', 'gm')
    const b = subscriber('b', 'player')
    expect(hub.subscribe(a.sub, 'player:view').ok).toBe(true)
    hub.publish('player:view', board)
    hub.publish('campaigns:changed', [])
    expect(a.got).toEqual([['player:view', board]])
    expect(b.got).toEqual([])
  })

  it('refuses a GM-only topic to a player and logs it', () => {
    const log = recordingLogger()
    const hub = createPushHub(log)
    const p = subscriber('p', 'player')
    const r = hub.subscribe(p.sub, 'campaigns:changed')
    expect(r.ok ? null : r.error).toMatchObject({ code: 'forbidden', field: 'topic' })
    hub.publish('campaigns:changed', [])
    expect(p.got).toEqual([])
    expect(log.lines.join('\n')).toContain('refused topic campaigns:changed for role player')
  })

  it('refuses unknown topics', () => {
    const hub = createPushHub(recordingLogger())
    const r = hub.subscribe(subscriber('x', 'gm').sub, 'secrets:all')
    expect(r.ok ? null : r.error.code).toBe('unknown-channel')
  })

  it('stops sending after unsubscribe and after remove', () => {
    const hub = createPushHub(recordingLogger())
    const a = subscriber('a', 'gm')
    hub.subscribe(a.sub, 'player:view')
    hub.subscribe(a.sub, 'campaigns:changed')
    hub.unsubscribe('a', 'player:view')
    hub.publish('player:view', board)
    hub.publish('campaigns:changed', [])
    hub.remove('a')
    hub.publish('campaigns:changed', [])
    expect(a.got).toEqual([['campaigns:changed', []]])
    expect(hub.subscriberCount('campaigns:changed')).toBe(0)
  })

  it('drops a subscriber whose send throws and keeps serving the others', () => {
    const hub = createPushHub(recordingLogger())
    const ok = subscriber('ok', 'gm')
    hub.subscribe({ id: 'bad', role: 'gm', send: () => { throw new Error('gone') } }, 'player:view')
    hub.subscribe(ok.sub, 'player:view')
    hub.publish('player:view', board)
    expect(ok.got).toHaveLength(1)
    expect(hub.subscriberCount('player:view')).toBe(1)
  })
})
