/**
 * The preload (one sandboxed CommonJS bundle): exposes `window.gm` (GmBridge) and nothing else. Named methods per
 * contract channel, an `invoke` that refuses channels outside the contract, and `subscribe` for pushes; never
 * ipcRenderer itself. The role shown here is informational: main decides it from its window registry.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { buildNamedApi, refuseUnknownChannel, type GmBridge, type InvokeFn } from '@shared/ipc/bridge-api'
import { isPushTopic, type Channel } from '@shared/ipc/contract'
import { IPC_INVOKE, IPC_PUSH, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE, ROLE_ARG_PREFIX } from '@shared/ipc/electron-channels'
import type { Result } from '@shared/result'

const roleArg = process.argv.find((a) => a.startsWith(ROLE_ARG_PREFIX))?.slice(ROLE_ARG_PREFIX.length)
const role = roleArg === 'gm' ? 'gm' : 'player'

const listeners = new Map<string, Set<(payload: unknown) => void>>()
ipcRenderer.on(IPC_PUSH, (_event, topic: string, payload: unknown) => {
  for (const listener of listeners.get(topic) ?? []) listener(payload)
})

const invokeAny = (channel: Channel, request: unknown): Promise<Result<unknown>> =>
  Promise.resolve(refuseUnknownChannel(channel) ?? (ipcRenderer.invoke(IPC_INVOKE, channel, request) as Promise<Result<unknown>>))

const bridge: GmBridge = {
  invoke: invokeAny as InvokeFn,
  api: buildNamedApi(invokeAny),
  subscribe(topic, listener) {
    if (!isPushTopic(topic)) {
      console.warn(`gm.subscribe: unknown topic ${String(topic)}`)
      return () => undefined
    }
    let set = listeners.get(topic)
    if (!set) {
      listeners.set(topic, (set = new Set()))
      void ipcRenderer.invoke(IPC_SUBSCRIBE, topic).then((r: Result<unknown>) => {
        if (!r.ok) console.warn(`gm.subscribe ${topic}: ${r.error.message}`)
      })
    }
    const l = listener as (payload: unknown) => void
    set.add(l)
    return () => {
      set.delete(l)
      if (set.size === 0 && listeners.get(topic) === set) {
        listeners.delete(topic)
        void ipcRenderer.invoke(IPC_UNSUBSCRIBE, topic)
      }
    }
  },
  role,
  mode: 'electron',
}

contextBridge.exposeInMainWorld('gm', bridge)
