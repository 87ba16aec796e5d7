/**
 * The services' ports: what they need from the rest of main, declared here and adapted by the wiring
 * (src-main/wiring/create-core.ts). A narrow view of the campaign store (store-adapter.ts maps the real one), a
 * publisher for pushes (the wiring hands it the IPC push hub's `publish`), the shell's save dialog and print to
 * PDF, a clock and id/seed sources. Services know nothing of IPC: tests pass the real store through the adapter
 * and a recording publisher.
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
  /** append the records of one change to a session log: one write, read back whole or not at all */
  append(campaignId: string, sessionId: string, records: ReadonlyArray<Record<string, unknown>>): Promise<Result<void>>
  /** every record of a session log; damaged lines are reported, the rest still returned */
  readLog(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>>
}

/** pushes a view model to every window / socket subscribed to `topic` (the wiring passes the push hub's) */
export type Publish = <T extends PushTopic>(topic: T, payload: PushContract[T]) => void

/**
 * What services ask of the shell: Electron's native save dialog and Chromium's print to PDF. Both are absent in
 * browser mode and the CLI; services read the shell through a getter (`() => Shell | null`), since the shell is
 * attached after the core is built.
 */
export interface Shell {
  /** a native save dialog over the console: the chosen path, or null when cancelled */
  chooseSavePath?(suggestedName: string): Promise<Result<string | null>>
  /** Chromium's print of a self-contained HTML document */
  printToPdf?(html: string): Promise<Result<Uint8Array>>
}

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
