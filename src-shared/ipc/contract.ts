/**
 * The IPC contract: one map of channel → request schema (zod) → response type → roles allowed.
 * Main validates every request against it before a handler runs (src-main/ipc); the preload and the
 * browser-mode client expose one named method per channel on `window.gm` (see bridge-api.ts).
 * Extend it here, in one place: add the channel, its schema, its response type and its roles.
 */
import { z } from 'zod'
import { SYSTEM_IDS } from '../domain/systems'
import type { CampaignOverview, CampaignSummary, PlayerBoardView } from '../views/campaign-views'

export type Role = 'gm' | 'player'

/** One channel: its request schema, its roles and (phantom) response type. */
export interface ChannelDef<Req extends z.ZodType, Res> {
  request: Req
  roles: readonly Role[]
  /** phantom: never read at run time */
  response?: Res
}
const channel = <Res>() => <Req extends z.ZodType>(request: Req, roles: readonly Role[] = ['gm']): ChannelDef<Req, Res> => ({ request, roles })

const id = z.string().min(1).max(200)
const empty = z.object({}).strict()

export const invokeContract = {
  'app:info': channel<{ version: string; mode: 'electron' | 'browser'; role: Role }>()(empty, ['gm', 'player']),
  'campaign:list': channel<CampaignSummary[]>()(empty),
  'campaign:create': channel<CampaignSummary>()(z.object({ name: z.string().trim().min(1).max(120), systemId: z.enum(SYSTEM_IDS) }).strict()),
  'campaign:open': channel<CampaignOverview>()(z.object({ campaignId: id }).strict()),
  'campaign:rename': channel<CampaignSummary>()(z.object({ campaignId: id, name: z.string().trim().min(1).max(120) }).strict()),
  /** the player board's current view (redacted in main) */
  'player:view': channel<PlayerBoardView>()(empty, ['gm', 'player']),
} as const

export type InvokeContract = typeof invokeContract
export type Channel = keyof InvokeContract
export type RequestOf<C extends Channel> = z.input<InvokeContract[C]['request']>
export type ResponseOf<C extends Channel> = NonNullable<InvokeContract[C]['response']>

/** Push topics: view models main sends to windows that subscribed. */
export interface PushContract {
  'campaigns:changed': CampaignSummary[]
  'campaign:changed': CampaignOverview
  'player:view': PlayerBoardView
}
export type PushTopic = keyof PushContract
export const PUSH_TOPICS: readonly PushTopic[] = ['campaigns:changed', 'campaign:changed', 'player:view']
/** which roles may subscribe to which topic: players get only redacted topics */
export const PUSH_ROLES: Record<PushTopic, readonly Role[]> = {
  'campaigns:changed': ['gm'],
  'campaign:changed': ['gm'],
  'player:view': ['gm', 'player'],
}
