import { describe, expect, it } from 'vitest'
import { IPC_INVOKE, IPC_PUSH, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE } from '@shared/ipc/electron-channels'
import { ok } from '@shared/result'
import { bindElectronIpc, dropSubscriber } from '../../../../src-main/ipc/electron-ipc'
import { createDispatch } from '../../../../src-main/ipc/dispatch'
import { createPushHub } from '../../../../src-main/ipc/push-hub'
import { createTrustedSenders } from '../../../../src-main/ipc/trusted-senders'
import { FakeIpcMain, FakeWebContents } from '../../../support/fake-electron'
import { recordingLogger } from '../../../support/recording-logger'

const APP = 'file:///app/out/renderer/console.html'
const top = { url: APP, parent: null }
/** what the `app:info` handler answers (a view, in the answer-by-reference test) */
let answer: { ok: true; value: unknown } = { ok: true, value: null }

function setup() {
  const log = recordingLogger()
  const hub = createPushHub(log)
  const senders = createTrustedSenders((id) => dropSubscriber(hub, id))
  const calls: string[] = []
  const dispatch = createDispatch({ 'campaign:list': async (_r, ctx) => (calls.push(ctx.callerId), ok([])), 'app:info': async () => answer as never }, log)
  const ipcMain = new FakeIpcMain()
  const unbind = bindElectronIpc({ ipcMain, dispatch, hub, senders, isAppUrl: (u) => u.startsWith('file:///app/out/renderer/'), log })
  return { log, hub, senders, ipcMain, calls, unbind }
}

describe('electron ipc binding', () => {
  it('serves a registered GM window calling from its top frame', async () => {
    const { ipcMain, senders, calls } = setup()
    const gm = new FakeWebContents()
    senders.register(gm, 'gm')
    expect(await ipcMain.invoke(gm, top, IPC_INVOKE, 'campaign:list', {})).toEqual(ok([]))
    expect(calls).toEqual([`wc:${gm.id}`])
  })

  it('refuses an unregistered sender without dispatching, and logs it', async () => {
    const { ipcMain, calls, log } = setup()
    const stranger = new FakeWebContents()
    const r = (await ipcMain.invoke(stranger, top, IPC_INVOKE, 'campaign:list', {})) as { ok: boolean; error?: { code: string } }
    expect(r.error?.code).toBe('forbidden')
    expect(calls).toEqual([])
    expect(log.lines.join('\n')).toContain('unregistered webContents')
  })

  it('refuses a subframe and a foreign URL of a registered window', async () => {
    const { ipcMain, senders, calls } = setup()
    const gm = new FakeWebContents()
    senders.register(gm, 'gm')
    const sub = (await ipcMain.invoke(gm, { url: APP, parent: {} }, IPC_INVOKE, 'campaign:list', {})) as { ok: boolean }
    const foreign = (await ipcMain.invoke(gm, { url: 'https://evil.example/', parent: null }, IPC_INVOKE, 'campaign:list', {})) as { ok: boolean }
    const noFrame = (await ipcMain.invoke(gm, null, IPC_INVOKE, 'campaign:list', {})) as { ok: boolean }
    expect([sub.ok, foreign.ok, noFrame.ok]).toEqual([false, false, false])
    expect(calls).toEqual([])
  })

  it('takes the role from the registry: a player window cannot call a GM channel', async () => {
    const { ipcMain, senders, calls, log } = setup()
    const player = new FakeWebContents()
    senders.register(player, 'player')
    const r = (await ipcMain.invoke(player, top, IPC_INVOKE, 'campaign:list', {})) as { ok: boolean; error?: { code: string } }
    expect(r.error?.code).toBe('forbidden')
    expect(calls).toEqual([])
    expect(log.lines.join('\n')).toContain('refused campaign:list for role player')
  })

  it('pushes to subscribed windows and forgets a destroyed window', async () => {
    const { ipcMain, senders, hub } = setup()
    const gm = new FakeWebContents()
    const player = new FakeWebContents()
    senders.register(gm, 'gm')
    senders.register(player, 'player')
    expect(((await ipcMain.invoke(gm, top, IPC_SUBSCRIBE, 'campaigns:changed')) as { ok: boolean }).ok).toBe(true)
    expect(((await ipcMain.invoke(player, top, IPC_SUBSCRIBE, 'campaigns:changed')) as { ok: boolean }).ok).toBe(false)
    expect(((await ipcMain.invoke(player, top, IPC_SUBSCRIBE, 'player:view')) as { ok: boolean }).ok).toBe(true)
    const view = { campaignName: 'X', systemId: null, encounter: null }
    hub.publish('campaigns:changed', [])
    hub.publish('player:view', view)
    expect(gm.sent).toEqual([[IPC_PUSH, 'campaigns:changed', []]])
    hub.publish('player:view', { ...view, campaignName: 'Y' })
    // big views go whole to a new subscription, then as deltas from the previous push (push-delta.ts)
    expect(player.sent).toEqual([
      [IPC_PUSH, 'player:view', { $push: 'full', key: 'board', rev: expect.any(Number), full: view }],
      [IPC_PUSH, 'player:view', { $push: 'delta', key: 'board', rev: expect.any(Number), base: (player.sent[0][2] as { rev: number }).rev, ops: [['s', ['campaignName'], 'Y']] }],
    ])
    player.destroy()
    expect(senders.roleOf(player.id)).toBeUndefined()
    expect(hub.subscriberCount('player:view')).toBe(0)
    await ipcMain.invoke(gm, top, IPC_UNSUBSCRIBE, 'campaigns:changed')
    expect(hub.subscriberCount('campaigns:changed')).toBe(0)
  })

  it('answers with a reference to the view it has just pushed to that window (issue 13)', async () => {
    const { ipcMain, senders, hub } = setup()
    const gm = new FakeWebContents()
    senders.register(gm, 'gm')
    await ipcMain.invoke(gm, top, IPC_SUBSCRIBE, 'player:view')
    const view = { campaignName: 'X', systemId: null, encounter: null }
    hub.publish('player:view', view)
    const rev = (gm.sent[0][2] as { rev: number }).rev
    answer = { ok: true, value: view }
    expect(await ipcMain.invoke(gm, top, IPC_INVOKE, 'app:info', {})).toEqual({ ok: true, value: { $push: 'ref', topic: 'player:view', key: 'board', rev } })
    // another object (equal or not) goes whole
    answer = { ok: true, value: { ...view } }
    expect(await ipcMain.invoke(gm, top, IPC_INVOKE, 'app:info', {})).toEqual({ ok: true, value: view })
    await ipcMain.invoke(gm, top, IPC_UNSUBSCRIBE, 'player:view')
    answer = { ok: true, value: view }
    expect(await ipcMain.invoke(gm, top, IPC_INVOKE, 'app:info', {})).toEqual({ ok: true, value: view })
  })

  it('removes its handlers when unbound', () => {
    const { ipcMain, unbind } = setup()
    unbind()
    expect(ipcMain.handlers.size).toBe(0)
  })
})
