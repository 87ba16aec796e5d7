/**
 * JSON text read from disk or an import: a UTF-8 byte order mark (some editors write one) is accepted.
 * `source` names the file in errors.
 */
import { err, ok, type Result } from '@shared/result'

/** the text without a leading UTF-8 byte order mark */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)

/** Parse JSON text (a leading BOM accepted); a syntax error is a `damaged` error naming `source`. */
export function parseJsonText(text: string, source: string): Result<unknown> {
  try {
    return ok(JSON.parse(stripBom(text)))
  } catch (e) {
    return err('damaged', `${source}: not valid JSON (${(e as Error).message})`)
  }
}
