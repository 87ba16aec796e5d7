/** Core channels and topics: app info, campaigns, the player board, windows (foundation issue). */
import { z } from 'zod'
import { SYSTEM_IDS } from '../domain/systems'
import type { CampaignOverview, CampaignSummary, PlayerBoardView } from '../views/campaign-views'
import { channel, topic, type Role } from './define'

/** One monitor, as the console lists it for "show the player display on…". */
export interface DisplayInfo {
  id: number
  primary: boolean
  width: number
  height: number
  /** the player display is on this monitor now */
  player: boolean
}

const id = z.string().min(1).max(200)
const empty = z.object({}).strict()
const campaignName = z.string().trim().min(1).max(120)

export const coreChannels = {
  'app:info': channel<{ version: string; mode: 'electron' | 'browser'; role: Role }>()(empty, ['gm', 'player']),
  'campaign:list': channel<CampaignSummary[]>()(empty),
  'campaign:create': channel<CampaignSummary>()(z.object({ name: campaignName, systemId: z.enum(SYSTEM_IDS) }).strict()),
  'campaign:open': channel<CampaignOverview>()(z.object({ campaignId: id }).strict()),
  'campaign:rename': channel<CampaignSummary>()(z.object({ campaignId: id, name: campaignName }).strict()),
  /** the player board's current view (redacted in main) */
  'player:view': channel<PlayerBoardView>()(empty, ['gm', 'player']),
  /**
   * Open the player display. Electron: a window on the secondary display (fullscreen) when one exists, or on
   * `displayId` (moved there when already open).
   * Browser mode: nothing opens; `url` is the player page (with its token) for the GM to open on another screen.
   */
  'window:openPlayer': channel<{ opened: boolean; url?: string }>()(z.object({ displayId: z.number().int().optional() }).strict()),
  /** the monitors the player display can go to (Electron; browser mode: none). `player`: it is there now */
  'window:displays': channel<DisplayInfo[]>()(empty),
  /** Pop out an encounter board (role gm). Browser mode: `url` to open in a new tab. */
  'window:openBoard': channel<{ opened: boolean; url?: string }>()(z.object({ encounterId: id }).strict()),
} as const

export const coreTopics = {
  'campaigns:changed': topic<CampaignSummary[]>()(['gm']),
  'campaign:changed': topic<CampaignOverview>()(['gm']),
  /** redacted: built in main from what players may see */
  'player:view': topic<PlayerBoardView>()(['gm', 'player']),
} as const
