/**
 * A session's log as the Sessions screen uses it (issue 6): read, followed live, added to (a note, a roll, a rest, a
 * pool change), exported (Electron: main saves through its dialog; browser mode: downloaded here) and replayed from
 * an export. The screens ask here, never the bridge (issue 28: stores are its only callers).
 */
import { defineStore } from 'pinia'
import type { AppError } from '@shared/result'
import type { PushContract, RequestOf } from '@shared/ipc/contract'
import { call, getBridge, listen } from '../bridge/call'
import { downloadFile } from '../bridge/download'

type ExportRequest = RequestOf<'export:session'>
/** an export done: where Electron saved it (null when cancelled or downloaded), the log lines it could not read */
export type ExportDone = { ok: true; savedTo: string | null; damagedLines: number[] } | { ok: false; error: AppError }

export const useSessionLogStore = defineStore('session-log', () => {
  const read = (campaignId: string, sessionId: string) => call('session:log', { campaignId, sessionId, filter: {} })
  /** entries appended to any session's log, while the returned unsubscribe is not called */
  const onAppended = (take: (p: PushContract['session:logAppended']) => void) => listen('session:logAppended', take)

  const note = (req: RequestOf<'session:note'>) => call('session:note', req)
  const roll = (req: RequestOf<'session:roll'>) => call('session:roll', req)
  const rest = (req: RequestOf<'session:rest'>) => call('session:rest', req)
  const pool = (req: RequestOf<'session:pool'>) => call('session:pool', req)

  /** browser mode prints a PDF with the Chromium installed beside main (none: `no-chromium`) */
  const browserMode = () => getBridge().mode !== 'electron'
  async function exportLog(req: ExportRequest): Promise<ExportDone> {
    if (getBridge().mode === 'electron') {
      // Electron: main renders and saves through the save dialog (the file never crosses IPC)
      const r = await call('export:save', req)
      if (!r.ok) return r
      return { ok: true, savedTo: r.value.saved ? (r.value.path ?? r.value.fileName) : null, damagedLines: r.value.damagedLines }
    }
    const r = await call('export:session', req)
    if (!r.ok) return r
    downloadFile(r.value.fileName, r.value.mime, r.value.data, r.value.encoding)
    return { ok: true, savedTo: null, damagedLines: r.value.damagedLines }
  }
  /** a session's whole log as JSON (GM's, English), for the replay viewer */
  const exportForReplay = (campaignId: string, sessionId: string) => call('export:session', { campaignId, sessionId, format: 'json', playerSafe: false, lang: 'en' })

  const openReplay = (text: string) => call('session:replayOpen', { text })
  const replayStep = (req: RequestOf<'session:replayStep'>) => call('session:replayStep', req)
  const closeReplay = (handle: string) => call('session:replayClose', { handle })

  return { read, onAppended, note, roll, rest, pool, browserMode, exportLog, exportForReplay, openReplay, replayStep, closeReplay }
})
