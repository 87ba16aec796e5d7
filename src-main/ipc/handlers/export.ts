/** `export:session` and `export:save` over the session export service (src-main/services/sessions/export-service.ts). */
import type { ExportService } from '../../services/sessions/export-service'
import type { HandlerMap } from './handler-map'

export function exportHandlers(exporter: ExportService): HandlerMap {
  return {
    'export:session': (req) => exporter.exportSession(req),
    'export:save': (req) => exporter.saveSession(req),
  }
}
