/**
 * Binds Electron's ipcMain to the transport-independent dispatch. Three generic handle channels (invoke,
 * subscribe, unsubscribe); for every message the sender must be a registered window (its role comes from the
 * registry, never from the message) and the sending frame must be the top frame of an app URL.
 * ipcMain is injected so the binding is tested against a fake (test/unit/main/ipc).
 */
import { IPC_INVOKE, IPC_PUSH, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE } from '@shared/ipc/electron-channels'
import type { PushTopic, Role } from '@shared/ipc/contract'
import { answerByRef, createPushEncoder, type PushEncoder } from '@shared/ipc/push-delta'
import { err, type Result } from '@shared/result'
import type { Dispatch } from './dispatch'
import type { Logger } from './log'
import type { PushHub } from './push-hub'
import type { TrustedSenders } from './trusted-senders'

export interface SenderLike {
  id: number
  isDestroyed(): boolean
  send(channel: string, ...args: unknown[]): void
}
export interface InvokeEventLike {
  sender: SenderLike
  senderFrame: { url: string; parent: unknown } | null
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

export interface ElectronIpcDeps {
  ipcMain: IpcMainLike
  dispatch: Dispatch
  hub: PushHub
  senders: TrustedSenders
  isAppUrl: (url: string) => boolean
  log: Logger
}

const subscriberId = (contentsId: number) => `wc:${contentsId}`

/** Role of a trusted sender, or the refusal (logged). */
export function checkSender(event: InvokeEventLike, deps: Pick<ElectronIpcDeps, 'senders' | 'isAppUrl' | 'log'>, what: string): Result<Role> {
  const role = deps.senders.roleOf(event.sender.id)
  const frame = event.senderFrame
  if (role === undefined) {
    deps.log.warn(`ipc: refused ${what} from unregistered webContents ${event.sender.id}`)
    return err('forbidden', 'this window may not call GM Console')
  }
  if (!frame || frame.parent !== null) {
    deps.log.warn(`ipc: refused ${what} from a subframe of webContents ${event.sender.id}`)
    return err('forbidden', 'only the top frame may call GM Console')
  }
  if (!deps.isAppUrl(frame.url)) {
    deps.log.warn(`ipc: refused ${what} from foreign URL ${JSON.stringify(frame.url).slice(0, 120)}`)
    return err('forbidden', 'this page may not call GM Console')
  }
  return { ok: true, value: role }
}

/** Registers the handlers; returns a function that removes them. */
export function bindElectronIpc(deps: ElectronIpcDeps): () => void {
  const { ipcMain, dispatch, hub } = deps
  /** each window's push encoders by topic: an answer that repeats the view just pushed goes as a reference to it */
  const encodersOf = new Map<number, Map<PushTopic, PushEncoder>>()
  ipcMain.handle(IPC_INVOKE, async (event, channel, payload) => {
    const role = checkSender(event, deps, `invoke ${String(channel).slice(0, 60)}`)
    if (!role.ok) return role
    const result = await dispatch(channel, payload, { role: role.value, callerId: subscriberId(event.sender.id) })
    const encoders = encodersOf.get(event.sender.id)
    return encoders ? answerByRef(result, encoders) : result
  })
  ipcMain.handle(IPC_SUBSCRIBE, (event, topic) => {
    const role = checkSender(event, deps, `subscribe ${String(topic).slice(0, 60)}`)
    if (!role.ok) return role
    const sender = event.sender
    // a subscription's big views go as deltas from its previous push (push-delta.ts); a new subscription starts whole
    const encode = createPushEncoder()
    const r = hub.subscribe(
      {
        id: subscriberId(sender.id),
        role: role.value,
        send: (t, p) => {
          if (!sender.isDestroyed()) sender.send(IPC_PUSH, t, encode(t, p))
          else encodersOf.delete(sender.id)
        },
      },
      topic,
    )
    if (r.ok) {
      const mine = encodersOf.get(sender.id) ?? new Map<PushTopic, PushEncoder>()
      mine.set(r.value.topic, encode)
      encodersOf.set(sender.id, mine)
    }
    return r
  })
  ipcMain.handle(IPC_UNSUBSCRIBE, (event, topic) => {
    const role = checkSender(event, deps, 'unsubscribe')
    if (!role.ok) return role
    const r = hub.unsubscribe(subscriberId(event.sender.id), topic)
    if (r.ok) encodersOf.get(event.sender.id)?.delete(r.value.topic)
    return r
  })
  return () => {
    for (const ch of [IPC_INVOKE, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE]) ipcMain.removeHandler(ch)
  }
}

/** Called when a window's webContents is destroyed (wired through the trusted-sender registry). */
export const dropSubscriber = (hub: PushHub, contentsId: number) => hub.remove(subscriberId(contentsId))
