/**
 * Export channel (issue 6): a session log rendered to Markdown, HTML, PDF, JSON or CSV, player-safe or not, in
 * English or Polish (src-main/services/sessions/export-service.ts). Spread into `invokeContract` (contract.ts).
 */
import { z } from 'zod'
import { channel as def } from './define'

export const EXPORT_FORMATS = ['md', 'html', 'pdf', 'json', 'csv'] as const

/** The rendered file: text formats as UTF-8, the PDF as base64 (only plain JSON crosses IPC). */
export interface ExportedSession {
  format: (typeof EXPORT_FORMATS)[number]
  mime: string
  /** a suggested file name, e.g. `the-hangar-ambush-players.pdf` */
  fileName: string
  encoding: 'utf8' | 'base64'
  data: string
  /** line numbers of damaged log lines that were skipped */
  damagedLines: number[]
}

/** `export:save` (Electron): the file was written where the GM chose in the save dialog, or the dialog was cancelled. */
export interface SavedSessionExport {
  saved: boolean
  /** where it was written (saved only) */
  path?: string
  fileName: string
  damagedLines: number[]
}

const id = z.string().min(1).max(200)
const exportRequest = z.object({ campaignId: id, sessionId: id, format: z.enum(EXPORT_FORMATS), playerSafe: z.boolean().default(false), lang: z.enum(['en', 'pl']).default('en') }).strict()

export const exportChannels = {
  'export:session': def<ExportedSession>()(exportRequest),
  /** render as `export:session`, then save through the shell's save dialog (Electron; browser mode: 'unsupported') */
  'export:save': def<SavedSessionExport>()(exportRequest),
} as const
