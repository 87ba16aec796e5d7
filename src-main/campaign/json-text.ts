/**
 * JSON text read from disk or an import: a UTF-8 byte order mark (some editors write one) is accepted, a syntax
 * error is described by where it is, never by what the text says (a symlinked campaign.json must not show its
 * target's content in an error), and nesting is bounded (MAX_JSON_DEPTH) before anything recursive (zod,
 * structuredClone, JSON.stringify) meets the value. `source` names the file in errors.
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

/** how deep objects and arrays may nest in campaign files, imports and log records (the samples reach 8) */
export const MAX_JSON_DEPTH = 64

/**
 * The path of a value nested deeper than `max` objects/arrays, or null when none is. Iterative, so a value of
 * any depth is measured without overflowing the stack.
 */
export function tooDeepAt(value: unknown, max = MAX_JSON_DEPTH): string[] | null {
  interface Node {
    value: unknown
    key: string
    parent: Node | null
    depth: number
  }
  const stack: Node[] = [{ value, key: '', parent: null, depth: 0 }]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (typeof node.value !== 'object' || node.value === null) continue
    if (node.depth >= max) {
      const path: string[] = []
      for (let n: Node | null = node; n?.parent; n = n.parent) path.unshift(n.key)
      return path
    }
    for (const [key, child] of Object.entries(node.value)) stack.push({ value: child, key, parent: node, depth: node.depth + 1 })
  }
  return null
}

/** the error for a value nested too deep: the field is the path's first four steps, the message shows where */
export function tooDeepError(path: string[], code: 'damaged' | 'invalid', source?: string): Result<never> {
  const shown = path.length > 8 ? `${path.slice(0, 8).join('.')}.…` : path.join('.')
  return err(code, `${source ? `${source}: ` : ''}nested deeper than ${MAX_JSON_DEPTH} levels (at ${shown})`, path.slice(0, 4).join('.') || undefined)
}
