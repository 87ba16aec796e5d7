/**
 * The export service: load a session of a campaign folder, render it to one format, write it. Used by the
 * `gmc export` CLI and by the `export:session` IPC handler (which passes the Electron or Chromium PdfPrinter).
 *
 *   const s = await loadSession(campaignDir, sessionId)          // Result<NormalizedSession>
 *   const r = await renderSession(s.value, { format, playerSafe, lang }, printer)   // Result<RenderedExport>
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { err, ok, type Result } from '../../src-shared/result'
import type { EngineEvent } from '../../src-shared/domain/encounter'
import { logEntry } from '../rules/index'
import { getSystem } from '../rules/index'
import { buildDocument } from './document'
import { normalizeSession, type DescribeEvent } from './normalize'
import { parseSessionLog } from './parse-log'
import { NoChromiumError } from './pdf-printer'
import { renderCsv } from './render-csv'
import { renderHtml } from './render-html'
import { renderJson } from './render-json'
import { renderMarkdown } from './render-markdown'
import type { ExportFormat, ExportOptions, NormalizedSession, PdfPrinter } from './types'

export interface RenderedExport {
  format: ExportFormat
  mime: string
  /** text formats as a string, PDF as bytes */
  data: string | Uint8Array
}

const MIME: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface LoadOptions {
  /** defaults to the engine's log entry (core events and the registered rule systems) */
  describe?: DescribeEvent
  /**
   * The campaign as it stands: campaign.json with the edits journaled since its last snapshot
   * (campaign.changes.ndjson) applied, or null when it cannot tell. The caller reads it (the export renderers do
   * no store I/O): without it, an edit since the last snapshot (a renamed session) is not seen.
   */
  readCampaign?: (campaignDir: string) => Promise<Record<string, unknown> | null>
}

/** the engine's message key + params for an event (the same entry the log pane shows) */
export const engineDescribe: DescribeEvent = (systemId: string, event: EngineEvent) => {
  const e = logEntry({ seq: 0, at: '', batch: 0, event, status: 'active' }, systemId)
  if (!e) {
    // a core event or one of a registered system that has no log line is silent; others get a generic line
    const ns = event.type.slice(0, Math.max(0, event.type.indexOf('.')))
    return ns === 'core' || getSystem(ns).ok ? 'silent' : null
  }
  return { key: e.key, params: e.params, ...(e.gmOnly ? { gmOnly: true } : {}) }
}

/** read `<campaignDir>/campaign.json` (name, system, the session's index entry) and `sessions/<id>.ndjson` */
export async function loadSession(campaignDir: string, sessionId: string, opts: LoadOptions = {}): Promise<Result<NormalizedSession>> {
  if (!SESSION_ID.test(sessionId) || sessionId.includes('..')) return err('invalid', `bad session id "${sessionId}"`, 'sessionId')
  const campaignFile = join(campaignDir, 'campaign.json')
  let campaignText: string
  try {
    campaignText = await readFile(campaignFile, 'utf8')
  } catch {
    return err('not-found', `no campaign at ${campaignDir} (cannot read ${campaignFile})`, 'campaignDir')
  }
  let parsedCampaign: unknown
  try {
    parsedCampaign = JSON.parse(campaignText)
  } catch {
    return err('damaged', `${campaignFile} is not valid JSON`, 'campaignDir')
  }
  if (!isObject(parsedCampaign)) return err('damaged', `${campaignFile} is not a JSON object`, 'campaignDir')
  const campaign = (opts.readCampaign ? await opts.readCampaign(campaignDir) : null) ?? parsedCampaign
  const logFile = join(campaignDir, 'sessions', `${sessionId}.ndjson`)
  let logText: string
  try {
    logText = await readFile(logFile, 'utf8')
  } catch {
    return err('not-found', `no session "${sessionId}" in ${campaignDir} (cannot read ${logFile})`, 'sessionId')
  }
  const sessions = Array.isArray(campaign.sessions) ? campaign.sessions : []
  const session = sessions.find((s): s is Record<string, unknown> => isObject(s) && s.id === sessionId) ?? null
  const parsed = parseSessionLog(logText)
  // the rule system tells what the events mean: it must come from the data, never a default
  if (typeof campaign.systemId !== 'string' && typeof parsed.header?.systemId !== 'string') {
    return err('damaged', `${campaignFile} names no rule system ("systemId") and neither does the header of ${logFile}`, 'systemId')
  }
  return ok(
    normalizeSession(parsed, {
      sessionId,
      describe: opts.describe ?? engineDescribe,
      campaign: {
        ...(typeof campaign.name === 'string' ? { name: campaign.name } : {}),
        ...(typeof campaign.systemId === 'string' ? { systemId: campaign.systemId } : {}),
        session,
      },
    }),
  )
}

/** render a loaded session; PDF needs a printer (it prints the HTML export) */
export async function renderSession(session: NormalizedSession, opts: ExportOptions, printer?: PdfPrinter): Promise<Result<RenderedExport>> {
  const doc = buildDocument(session, { playerSafe: opts.playerSafe, lang: opts.lang })
  const done = (data: string | Uint8Array): Result<RenderedExport> => ok({ format: opts.format, mime: MIME[opts.format], data })
  switch (opts.format) {
    case 'md':
      return done(renderMarkdown(doc))
    case 'html':
      return done(renderHtml(doc))
    case 'json':
      return done(renderJson(doc, session))
    case 'csv':
      return done(renderCsv(doc))
    case 'pdf': {
      if (!printer) return err('internal', 'no PDF printer available', 'format')
      try {
        return done(await printer.print(renderHtml(doc)))
      } catch (e) {
        if (e instanceof NoChromiumError) return err('not-found', e.message, 'format', { reason: 'no-chromium', looked: e.looked })
        return err('io', `printing the PDF failed: ${(e as Error).message.split('\n')[0]}`, 'format')
      }
    }
    default:
      return err('invalid', `unknown format "${String(opts.format)}"`, 'format')
  }
}

export async function writeExport(file: string, rendered: RenderedExport): Promise<Result<{ file: string; bytes: number }>> {
  try {
    await writeFile(file, rendered.data)
    return ok({ file, bytes: typeof rendered.data === 'string' ? Buffer.byteLength(rendered.data) : rendered.data.byteLength })
  } catch (e) {
    return err('io', `cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'out')
  }
}
