// The preload against a fake electron: what `window.gm` exposes, and that it never hands out ipcRenderer.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { IPC_INVOKE, IPC_PUSH, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE, ROLE_ARG_PREFIX } from '@shared/ipc/electron-channels'
import { CHANNELS } from '@shared/ipc/contract'
import type { GmBridge } from '@shared/ipc/bridge-api'

const fake = vi.hoisted(() => {
  const exposed: Record<string, unknown> = {}
  const listeners = new Map<string, (...a: unknown[]) => void>()
  const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'sent' }))
  return {
    exposed,
    listeners,
    invoke,
    electron: {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void (exposed[key] = api) },
      ipcRenderer: { invoke, on: (ch: string, l: (...a: unknown[]) => void) => void listeners.set(ch, l) },
    },
  }
})
vi.mock('electron', () => fake.electron)

let gm: GmBridge
beforeAll(async () => {
  process.argv.push(`${ROLE_ARG_PREFIX}player`)
  await import('../../../../src-main/preload/index')
  gm = fake.exposed.gm as GmBridge
})

describe('preload', () => {
  it('exposes only window.gm, with no ipcRenderer or node objects in it', () => {
    expect(Object.keys(fake.exposed)).toEqual(['gm'])
    expect(Object.keys(gm).sort()).toEqual(['api', 'invoke', 'mode', 'role', 'subscribe'])
    const seen = JSON.stringify(gm, (_k, v) => (typeof v === 'function' ? 'fn' : v))
    expect(seen).not.toMatch(/ipcRenderer|require|process/)
    expect(gm.mode).toBe('electron')
    expect(gm.role).toBe('player')
  })

  it('has one named method per contract channel, each sending that channel', async () => {
    const api = gm.api as unknown as Record<string, Record<string, (r?: unknown) => Promise<unknown>>>
    const named = Object.entries(api).flatMap(([area, methods]) => Object.keys(methods).map((m) => `${area}:${m}`))
    expect(named.sort()).toEqual([...CHANNELS].sort())
    await gm.api.campaign.rename({ campaignId: 'c1', name: 'New' })
    expect(fake.invoke).toHaveBeenLastCalledWith(IPC_INVOKE, 'campaign:rename', { campaignId: 'c1', name: 'New' })
    await gm.api.campaign.list()
    expect(fake.invoke).toHaveBeenLastCalledWith(IPC_INVOKE, 'campaign:list', {})
  })

  it('refuses a channel outside the contract without sending anything', async () => {
    fake.invoke.mockClear()
    const r = await gm.invoke('shell:openExternal' as never, {} as never)
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    expect(fake.invoke).not.toHaveBeenCalled()
  })

  it('subscribes once per topic, delivers pushes, and unsubscribes after the last listener', () => {
    fake.invoke.mockClear()
    const a: unknown[] = []
    const b: unknown[] = []
    const offA = gm.subscribe('player:view', (v) => a.push(v))
    const offB = gm.subscribe('player:view', (v) => b.push(v))
    expect(fake.invoke.mock.calls).toEqual([[IPC_SUBSCRIBE, 'player:view']])
    fake.listeners.get(IPC_PUSH)!({}, 'player:view', { campaignName: 'X' })
    expect([a, b]).toEqual([[{ campaignName: 'X' }], [{ campaignName: 'X' }]])
    offA()
    offB()
    expect(fake.invoke.mock.calls.at(-1)).toEqual([IPC_UNSUBSCRIBE, 'player:view'])
    expect(gm.subscribe('nope' as never, () => undefined)).toBeTypeOf('function')
  })
})
