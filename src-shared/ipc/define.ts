/**
 * Building blocks of the IPC contract. Each area declares its channels with `channel<Response>()(schema, roles)`
 * in its own `contract-<area>.ts` and its push topics with `topic<Payload>()(roles)`; `contract.ts` spreads them
 * into one map, so adding an area is a one-line edit there.
 */
import type { z } from 'zod'

/** `gm`: the console and its boards; `player`: the shared TV; `character`: one player's phone, bound to one character
 *  by its link (issue 29) */
export type Role = 'gm' | 'player' | 'character'
export const ROLES: readonly Role[] = ['gm', 'player', 'character']

/** One invoke channel: its request schema, the roles allowed to call it and (phantom) its response type. */
export interface ChannelDef<Req extends z.ZodType, Res> {
  request: Req
  roles: readonly Role[]
  /** phantom: never read at run time */
  response?: Res
}

/** `channel<Response>()(requestSchema, roles = ['gm'])` */
export const channel =
  <Res>() =>
  <Req extends z.ZodType>(request: Req, roles: readonly Role[] = ['gm']): ChannelDef<Req, Res> => ({ request, roles })

/** One push topic: the roles that may subscribe to it and (phantom) its payload type. */
export interface TopicDef<Payload> {
  roles: readonly Role[]
  /** phantom: never read at run time */
  payload?: Payload
}

/** `topic<Payload>()(roles = ['gm'])`; only redacted view models may be given the `player` role. */
export const topic =
  <Payload>() =>
  (roles: readonly Role[] = ['gm']): TopicDef<Payload> => ({ roles })
