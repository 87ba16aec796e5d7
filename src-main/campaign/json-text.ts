/**
 * JSON text read from disk or an import: a UTF-8 byte order mark (some editors write one) is accepted, and a
 * syntax error is described by where it is, never by what the text says (a symlinked campaign.json must not
 * show its target's content in an error). `source` names the file in errors.
 */
import { err, ok, type Result } from '@shared/result'

/** the text without a leading UTF-8 byte order mark */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)

/** `not valid JSON (at line L, column C)` (one-line text: `at column C`): JSON.parse's error without the text it quotes */
export function jsonSyntaxProblem(e: unknown, text: string): string {
  const message = e instanceof Error ? e.message : ''
  const at = /at position (\d+)/.exec(message)
  if (at) {
    const before = text.slice(0, Number(at[1]))
    const line = before.split('\n').length
    const column = before.length - before.lastIndexOf('\n')
    return text.includes('\n') ? `not valid JSON (at line ${line}, column ${column})` : `not valid JSON (at column ${column})`
  }
  if (/unexpected end/i.test(message)) return 'not valid JSON (it ends too soon)'
  return 'not valid JSON'
}

/** Parse JSON text (a leading BOM accepted); a syntax error is a `damaged` error naming `source` and the place. */
export function parseJsonText(text: string, source: string): Result<unknown> {
  const body = stripBom(text)
  try {
    return ok(JSON.parse(body))
  } catch (e) {
    return err('damaged', `${source}: ${jsonSyntaxProblem(e, body)}`)
  }
}
