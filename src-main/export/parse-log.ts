/**
 * Reads the text of a session log (.ndjson): line 1 is the header with `schemaVersion`, then one JSON record per
 * line. A damaged line (not JSON, not an object) is reported with its 1-based line number and skipped; the rest of
 * the log still loads. Blank lines (e.g. the trailing newline) are ignored.
 */
import type { DamagedLine, LogLine, ParsedSessionLog } from './types'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** a header is the first object carrying schemaVersion and no event/record payload */
const looksLikeHeader = (o: Record<string, unknown>): boolean =>
  typeof o.schemaVersion === 'number' && o.event === undefined && o.record === undefined && o.kind !== 'note' && o.kind !== 'roll'

export function parseSessionLog(text: string): ParsedSessionLog {
  const damaged: DamagedLine[] = []
  const lines: LogLine[] = []
  let header: Record<string, unknown> | null = null
  const raw = text.split(/\r?\n/)
  raw.forEach((src, i) => {
    const line = i + 1
    if (src.trim() === '') return
    let parsed: unknown
    try {
      parsed = JSON.parse(src)
    } catch {
      // the parser's message quotes the line: keep it out, a damaged line may hold GM-only text
      damaged.push({ line, message: 'not valid JSON' })
      return
    }
    if (!isObject(parsed)) {
      damaged.push({ line, message: 'not a JSON object' })
      return
    }
    if (header === null && lines.length === 0 && looksLikeHeader(parsed)) {
      header = parsed
      return
    }
    lines.push({ line, record: parsed })
  })
  const h = header as Record<string, unknown> | null
  if (h === null && raw.some((l) => l.trim() !== '')) damaged.unshift({ line: 1, message: 'no header line with schemaVersion' })
  return { header: h, schemaVersion: h && typeof h.schemaVersion === 'number' ? h.schemaVersion : null, lines, damaged }
}
