/**
 * The IPC contract: one map of channel → request schema (zod) → response type → roles allowed, and one map of
 * push topic → payload type → roles allowed. Main validates every request against it before a handler runs
 * (src-main/ipc/dispatch.ts); the preload and the browser-mode client expose it as `window.gm` (bridge-api.ts).
 *
 * To add an area: declare `<area>Channels` / `<area>Topics` in `contract-<area>.ts` with `channel()` / `topic()`
 * from ./define, then spread them below (one line each).
 */
import type { z } from 'zod'
import { coreChannels, coreTopics } from './contract-core'
import { encounterChannels, encounterTopics } from './contract-encounter'
import { sessionChannels, sessionTopics } from './contract-session'
import { exportChannels } from './contract-export'
import { shellTopics } from './contract-shell'
import { systemChannels } from './contract-system'
import { tableChannels, tableTopics } from './contract-table'
import { importChannels, importTopics } from './contract-import'
import type { Role } from './define'
import type { CHANNEL_NAMES, PUSH_TOPIC_NAMES } from './names'

export { channel, topic, ROLES } from './define'
export type { Role, ChannelDef, TopicDef } from './define'

export const invokeContract = {
  ...coreChannels,
  ...encounterChannels,
  ...sessionChannels,
  ...exportChannels,
  ...systemChannels,
  ...tableChannels,
  ...importChannels,
} as const

export const pushContract = {
  ...coreTopics,
  ...encounterTopics,
  ...sessionTopics,
  ...shellTopics,
  ...tableTopics,
  ...importTopics,
} as const

export type InvokeContract = typeof invokeContract
export type Channel = keyof InvokeContract
export type RequestOf<C extends Channel> = z.input<InvokeContract[C]['request']>
/** the request after validation (defaults applied, strings trimmed): what handlers receive */
export type ParsedRequestOf<C extends Channel> = z.output<InvokeContract[C]['request']>
export type ResponseOf<C extends Channel> = NonNullable<InvokeContract[C]['response']>

export type PushContract = { [T in keyof typeof pushContract]: NonNullable<(typeof pushContract)[T]['payload']> }
export type PushTopic = keyof PushContract
export const CHANNELS = Object.keys(invokeContract) as Channel[]
export const PUSH_TOPICS = Object.keys(pushContract) as PushTopic[]
/** which roles may subscribe to which topic: players get only redacted topics */
export const PUSH_ROLES = Object.fromEntries(PUSH_TOPICS.map((t) => [t, pushContract[t].roles])) as Record<PushTopic, readonly Role[]>

// the zod-free name lists the renderer's bridge uses (./names.ts) are exactly these: add a channel or topic there too
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const _channelNamesListed: Same<(typeof CHANNEL_NAMES)[number], Channel> = true
const _topicNamesListed: Same<(typeof PUSH_TOPIC_NAMES)[number], PushTopic> = true
void _channelNamesListed
void _topicNamesListed

export const isChannel = (value: unknown): value is Channel => typeof value === 'string' && Object.hasOwn(invokeContract, value)
export const isPushTopic = (value: unknown): value is PushTopic => typeof value === 'string' && Object.hasOwn(pushContract, value)
