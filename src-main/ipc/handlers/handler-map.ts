/** Handler maps: plain typed objects, one per area (the files beside this one), merged in src-main/wiring. */
import type { Channel, ParsedRequestOf, ResponseOf, Role } from '@shared/ipc/contract'
import type { Result } from '@shared/result'

/** Who is calling: set by the transport from a trusted source (window registry or connection token). */
export interface CallContext {
  role: Role
  /** a transport-specific caller id (webContents id, socket id) for logs and per-caller state */
  callerId: string
  /** role `character` (a player's phone, issue 29): the link it came with, which names its one character; set by
   *  the transport from the link's token, never from the payload */
  link?: { id: string; campaignId: string; characterId: string }
}

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>, ctx: CallContext) => Promise<Result<ResponseOf<C>>>
export type HandlerMap = { [C in Channel]?: Handler<C> }

/** Merges handler maps; a channel served twice is a wiring bug, reported at startup. */
export function mergeHandlers(...maps: HandlerMap[]): HandlerMap {
  const merged: Record<string, unknown> = {}
  for (const map of maps) {
    for (const [ch, fn] of Object.entries(map)) {
      if (fn === undefined) continue
      if (ch in merged) throw new Error(`IPC channel ${ch} has two handlers`)
      merged[ch] = fn
    }
  }
  return merged as HandlerMap
}
