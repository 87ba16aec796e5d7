/**
 * What the library, encounter and session services need from the rest of main: a narrow view of the campaign
 * store (store-adapter.ts maps the real one), a publisher for pushes, a clock and id/seed sources.
 * Tests pass the real store through the adapter and a recording publisher.
 */
import type { CampaignFile, SessionIndexEntry, SessionLogContent } from '@shared/domain/campaign'
import type { PushContract, PushTopic } from '@shared/ipc/contract'
import type { Result } from '@shared/result'

export interface CampaignPort {
  /** the current content of campaign.json */
  read(campaignId: string): Promise<Result<CampaignFile>>
  /** one validated update of campaign.json (library, party, encounter plans, sessions index) */
  update(campaignId: string, change: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>>
  /** a new session: its index entry and its log file (header line) together */
  startSession(campaignId: string, input: { title: string; date: string; notes: string }): Promise<Result<SessionIndexEntry>>
  /** set `endedAt` and close the log */
  endSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>>
  /** append one record (one line) to a session log */
  append(campaignId: string, sessionId: string, record: Record<string, unknown>): Promise<Result<void>>
  /** every record of a session log; damaged lines are reported, the rest still returned */
  readLog(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>>
}

export type Publish = <T extends PushTopic>(topic: T, payload: PushContract[T]) => void

export interface ServiceEnv {
  store: CampaignPort
  publish: Publish
  /** ISO-8601 now */
  now: () => string
  /** a fresh unique id (uuid) */
  newId: () => string
  /** a fresh crypto-random seed for an encounter or a roll */
  newSeed: () => string
}
