/**
 * The `export:session` IPC channel: render a session of a campaign (through the campaign store, so ids are
 * checked and damaged lines reported) to md/html/pdf/json/csv, player-safe or not, English or Polish. Only plain
 * JSON crosses IPC: text formats as UTF-8 strings, the PDF as base64. The PDF printer comes from the shell
 * (Electron: webContents.printToPDF) or, in browser mode, is Chromium driven by playwright-core.
 */
import type { CampaignFile, SessionLogContent } from '../../src-shared/domain/campaign'
import type { ExportedSession } from '../../src-shared/ipc/contract-export'
import { err, ok, type Result } from '../../src-shared/result'
import type { WindowShell } from '../core/shell'
import type { HandlerMap } from '../ipc/handlers'
import { campaignPort, isPlayStore } from '../services/store-adapter'
import { engineDescribe, renderSession } from './export-session'
import { normalizeSession } from './normalize'
import { createChromiumPrinter, printerFromPrintToPdf } from './pdf-printer'
import type { ExportFormat, ExportLang, NormalizedSession, ParsedSessionLog, PdfPrinter } from './types'

export interface ExportServiceDeps {
  readCampaign(campaignId: string): Promise<Result<CampaignFile>>
  readLog(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>>
  /** a printer for one PDF (closed after use) */
  pdfPrinter(): PdfPrinter
}

export interface ExportRequest {
  campaignId: string
  sessionId: string
  format: ExportFormat
  playerSafe: boolean
  lang: ExportLang
}

/** the store's session log content as the exporters' parsed log */
export function fromLogContent(content: SessionLogContent): ParsedSessionLog {
  const header = content.header as unknown as Record<string, unknown>
  return {
    header,
    schemaVersion: typeof header.schemaVersion === 'number' ? header.schemaVersion : null,
    lines: content.records.map((record, i) => ({ line: content.lines[i] ?? i + 2, record: record as unknown as Record<string, unknown> })),
    damaged: content.damaged.map((d) => ({ line: d.line, message: d.message })),
  }
}

const slug = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'session'

export function createExportService(deps: ExportServiceDeps) {
  async function load(campaignId: string, sessionId: string): Promise<Result<NormalizedSession>> {
    const file = await deps.readCampaign(campaignId)
    if (!file.ok) return file
    const entry = file.value.sessions.find((s) => s.id === sessionId)
    if (!entry) return err('not-found', `no session ${sessionId} in campaign ${campaignId}`, 'sessionId')
    const log = await deps.readLog(campaignId, sessionId)
    if (!log.ok) return log
    return ok(
      normalizeSession(fromLogContent(log.value), {
        sessionId,
        describe: engineDescribe,
        campaign: { name: file.value.name, systemId: file.value.systemId, session: entry as unknown as Record<string, unknown> },
      }),
    )
  }

  async function exportSession(req: ExportRequest): Promise<Result<ExportedSession>> {
    const session = await load(req.campaignId, req.sessionId)
    if (!session.ok) return session
    const printer = req.format === 'pdf' ? deps.pdfPrinter() : undefined
    try {
      const r = await renderSession(session.value, { format: req.format, playerSafe: req.playerSafe, lang: req.lang }, printer)
      if (!r.ok) return r
      const data = r.value.data
      const name = `${slug(session.value.meta.title || req.sessionId)}${req.playerSafe ? '-players' : ''}.${req.format}`
      return ok({
        format: req.format,
        mime: r.value.mime,
        fileName: name,
        encoding: typeof data === 'string' ? 'utf8' : 'base64',
        data: typeof data === 'string' ? data : Buffer.from(data).toString('base64'),
        damagedLines: session.value.damaged.map((d) => d.line),
      })
    } finally {
      await printer?.close()
    }
  }

  const handlers: HandlerMap = {
    'export:session': (req) => exportSession(req),
  }
  return { load, exportSession, handlers }
}

/**
 * The export handlers for the composition root (src-main/core/create-core.ts): the campaign store through the
 * services' port, and the shell's print-to-PDF when one is attached (Electron), else Chromium (browser mode).
 */
export function createExportHandlers(store: unknown, getShell: () => Pick<WindowShell, 'printToPdf'> | null): HandlerMap {
  if (!isPlayStore(store)) return {}
  const port = campaignPort(store)
  return createExportService({
    readCampaign: (id) => port.read(id),
    readLog: (id, sid) => port.readLog(id, sid),
    pdfPrinter: () => {
      const shell = getShell()
      if (!shell?.printToPdf) return createChromiumPrinter()
      const print = shell.printToPdf.bind(shell)
      return printerFromPrintToPdf(async (html) => {
        const r = await print(html)
        if (!r.ok) throw new Error(r.error.message)
        return r.value
      })
    },
  }).handlers
}
