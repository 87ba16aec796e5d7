/**
 * Session export (served as `export:session` and `export:save` by src-main/ipc/handlers/export.ts): render a
 * session of a campaign (through the campaign store, so ids are checked and damaged lines reported) with the pure
 * renderers of src-main/export to md/html/pdf/json/csv, player-safe or not, English or Polish. Only plain JSON
 * crosses IPC: text formats as UTF-8 strings, the PDF as base64. The PDF printer comes from the shell
 * (Electron: webContents.printToPDF) or, in browser mode, is Chromium driven by playwright-core.
 * `saveSession` (Electron) renders the same file and writes it where the GM chose in the shell's save dialog.
 */
import type { CampaignFile, SessionLogContent } from '@shared/domain/campaign'
import type { ExportedSession, SavedSessionExport } from '@shared/ipc/contract-export'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { writeFileAtomic } from '../../campaign/atomic-write'
import { engineDescribe, renderSession } from '../../export/export-session'
import { normalizeSession } from '../../export/normalize'
import { createChromiumPrinter, printerFromPrintToPdf } from '../../export/pdf-printer'
import type { ExportFormat, ExportLang, NormalizedSession, ParsedSessionLog, PdfPrinter } from '../../export/types'
import type { CampaignPort, Shell } from '../ports'

export interface ExportServiceDeps {
  readCampaign(campaignId: string): Promise<Result<CampaignFile>>
  readLog(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>>
  /** a printer for one PDF (closed after use) */
  pdfPrinter(): PdfPrinter
  /** Electron: the save dialog (the chosen path, null when cancelled); absent in browser mode and the CLI */
  chooseSavePath?(suggestedName: string): Promise<Result<string | null>>
  /** whether a save dialog is there now (checked before rendering) */
  canSave?(): boolean
  /** writes the saved file (default: an atomic write) */
  writeFile?(path: string, data: string | Uint8Array): Promise<void>
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

export interface ExportService {
  load(campaignId: string, sessionId: string): Promise<Result<NormalizedSession>>
  exportSession(req: ExportRequest): Promise<Result<ExportedSession>>
  saveSession(req: ExportRequest): Promise<Result<SavedSessionExport>>
}

export function createExportService(deps: ExportServiceDeps): ExportService {
  async function load(campaignId: string, sessionId: string): Promise<Result<NormalizedSession>> {
    const file = await deps.readCampaign(campaignId)
    if (!file.ok) return file
    const entry = file.value.sessions.find((s) => s.id === sessionId)
    if (!entry) return refuse('not-found', core.en, 'refusal.core.noSession', {}, { field: 'sessionId', details: { sessionId, campaignId } })
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

  /** render, ask where to save (the shell's save dialog), write there; the file itself never crosses IPC */
  async function saveSession(req: ExportRequest): Promise<Result<SavedSessionExport>> {
    if (!deps.chooseSavePath || deps.canSave?.() === false) return refuse('not-found', core.en, 'refusal.core.noSaveDialog', {}, { field: 'format' })
    const rendered = await exportSession(req)
    if (!rendered.ok) return rendered
    const { fileName, damagedLines } = rendered.value
    const chosen = await deps.chooseSavePath(fileName)
    if (!chosen.ok) return chosen
    if (chosen.value === null) return ok({ saved: false, fileName, damagedLines })
    const body = rendered.value.encoding === 'base64' ? Buffer.from(rendered.value.data, 'base64') : rendered.value.data
    try {
      await (deps.writeFile ?? writeFileAtomic)(chosen.value, body)
    } catch (e) {
      return err('io', `could not write ${chosen.value}: ${e instanceof Error ? e.message : String(e)}`, 'format')
    }
    return ok({ saved: true, path: chosen.value, fileName, damagedLines })
  }

  return { load, exportSession, saveSession }
}

/**
 * The export service's dependencies from the campaign store (through the services' port) and the shell: its
 * print-to-PDF when one is attached (Electron), else Chromium (browser mode); its save dialog when there is one.
 */
export function exportDeps(port: Pick<CampaignPort, 'read' | 'readLog'>, getShell: () => Shell | null): ExportServiceDeps {
  return {
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
    // looked up per call: the shell is attached after the core is built
    canSave: () => !!getShell()?.chooseSavePath,
    chooseSavePath: async (name) => {
      const shell = getShell()
      return shell?.chooseSavePath ? shell.chooseSavePath(name) : refuse('not-found', core.en, 'refusal.core.noSaveDialog', {}, { field: 'format' })
    },
  }
}
