/** Core channels and topics: app info, campaigns, the player board, windows (foundation issue). */
import { z } from 'zod'
import { HIDDEN_TURN_DISPLAYS, type TrashEntry } from '../domain/campaign'
import type { CampaignOverview, CampaignSummary, PlayerBoardView } from '../views/campaign-views'
import { channel, topic, type Role } from './define'

/** One monitor, as the console lists it for "show the player display on…". */

/**
 * `campaign:exportSave`: with a save dialog (Electron) the file is written where the GM chose (`saved`, `filePath`;
 * `saved: false` when cancelled); without one (browser mode) nothing is written in main and `download` carries the
 * export for the browser to download.
 */
export interface CampaignExportSaved {
  saved: boolean
  filePath?: string
  warnings: string[]
  download?: { fileName: string; mimeType: 'application/json'; text: string }
}

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
/** the longest campaign export `campaign:import` takes as text (within the WebSocket message limit of browser mode) */
export const MAX_IMPORT_TEXT = 20 * 1024 * 1024

/** A whole campaign as one JSON file's text (browser mode downloads it). */
export interface CampaignExportText {
  /** a suggested file name, e.g. `the-hangar.gmc.json` */
  fileName: string
  text: string
  /** damaged session-log lines that were left out */
  warnings: string[]
}

export const coreChannels = {
  /** `firstRunCampaignId`: the sample campaign seeded on this first start, given once to the first GM caller (the console opens it), else null */
  /** `resumed` (GM windows): the campaign main has open and the encounter on the player display (issue 27) */
  'app:info': channel<{ version: string; mode: 'electron' | 'browser'; role: Role; firstRunCampaignId?: string | null; resumed?: { campaignId: string; encounterId: string | null } | null }>()(empty, ['gm', 'player', 'character']),
  'campaign:list': channel<CampaignSummary[]>()(empty),
  /** `systemId`: any id here; main refuses one it has not registered (refusal.core.noSystem, field systemId) */
  'campaign:create': channel<CampaignSummary>()(z.object({ name: campaignName, systemId: z.string().min(1).max(200) }).strict()),
  'campaign:open': channel<CampaignOverview>()(z.object({ campaignId: id }).strict()),
  'campaign:rename': channel<CampaignSummary>()(z.object({ campaignId: id, name: campaignName }).strict()),
  /** what the player display shows while a hidden combatant acts (issue 27), saved with the campaign */
  'campaign:setHiddenTurn': channel<CampaignOverview>()(z.object({ campaignId: id, hiddenTurn: z.enum(HIDDEN_TURN_DISPLAYS) }).strict()),
  /** a copy (sessions included, backups not); default name "<name> (copy)" */
  'campaign:duplicate': channel<CampaignSummary>()(z.object({ campaignId: id, name: campaignName.optional() }).strict()),
  /** moved to the trash (recoverable with campaign:restore); a backup of campaign.json is taken first */
  'campaign:delete': channel<TrashEntry>()(z.object({ campaignId: id }).strict()),
  /** the trash, newest first */
  'campaign:trash': channel<TrashEntry[]>()(empty),
  /** back from the trash (a new id if its old one is taken) */
  'campaign:restore': channel<CampaignSummary>()(z.object({ trashId: id }).strict()),
  /** the whole campaign (campaign.json and session logs) as one JSON text */
  'campaign:export': channel<CampaignExportText>()(z.object({ campaignId: id }).strict()),
  /** Electron: a save dialog, then the export written there (`saved: false` when cancelled); browser mode: `download` */
  'campaign:exportSave': channel<CampaignExportSaved>()(z.object({ campaignId: id }).strict()),
  /** a campaign export's text added as a new campaign (validated first: nothing is written on error) */
  'campaign:import': channel<CampaignSummary>()(z.object({ text: z.string().min(1).max(MAX_IMPORT_TEXT) }).strict()),
  /** put the newest backup back as campaign.json (the current, maybe damaged, file is kept as a backup first) */
  'campaign:restoreBackup': channel<CampaignSummary>()(z.object({ campaignId: id }).strict()),
  /** the player board's current view (redacted in main) */
  'player:view': channel<PlayerBoardView>()(empty, ['gm', 'player', 'character']),
  /**
   * Open the player display. Electron: a window on the secondary display (fullscreen) when one exists, or on
   * `displayId` (moved there when already open).
   * Browser mode: nothing opens; `url` is the player page (with its token) for the GM to open on another screen.
   */
  'window:openPlayer': channel<{ opened: boolean; url?: string }>()(z.object({ displayId: z.number().int().optional() }).strict()),
  /** the monitors the player display can go to (Electron; browser mode: none). `player`: it is there now */
  'window:displays': channel<DisplayInfo[]>()(empty),
  /** the player display's address (browser mode: its URL with the player token, kept per data folder so it
   *  survives restarts; Electron: null, the player display is a window) */
  'window:playerLink': channel<{ url: string | null }>()(empty),
  /** a new player token: the old player link stops working and its open pages are disconnected (browser mode) */
  'window:newPlayerLink': channel<{ url: string }>()(empty),
  /** Pop out an encounter board (role gm). Browser mode: `url` to open in a new tab. */
  'window:openBoard': channel<{ opened: boolean; url?: string }>()(z.object({ encounterId: id }).strict()),
} as const

export const coreTopics = {
  'campaigns:changed': topic<CampaignSummary[]>()(['gm']),
  'campaign:changed': topic<CampaignOverview>()(['gm']),
  /** redacted: built in main from what players may see */
  'player:view': topic<PlayerBoardView>()(['gm', 'player', 'character']),
} as const
