/**
 * JSON text read from disk or an import: a UTF-8 byte order mark (some editors write one) is accepted, a syntax
 * error is described by where it is, never by what the text says (a symlinked campaign.json must not show its
 * target's content in an error), nesting is bounded (MAX_JSON_DEPTH) before anything recursive (zod,
 * structuredClone, JSON.stringify) meets the value, and keys that name an object's prototype (`__proto__`,
 * `constructor`, `prototype`) are refused before anything copies or merges the data (issue 14). `source` names
 * the file in errors.
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
 * any depth is measured without overflowing the stack; the path is looked for only once the value is too deep.
 */
export function tooDeepAt(value: unknown, max = MAX_JSON_DEPTH): string[] | null {
  const values: object[] = []
  const depths: number[] = []
  const push = (v: unknown, d: number) => {
    if (typeof v === 'object' && v !== null) {
      values.push(v)
      depths.push(d)
    }
  }
  push(value, 0)
  let tooDeep = false
  while (values.length > 0 && !tooDeep) {
    const v = values.pop() as object
    const d = depths.pop() as number
    if (d >= max) tooDeep = true
    else if (Array.isArray(v)) for (const x of v) push(x, d + 1)
    else for (const k in v) push((v as Record<string, unknown>)[k], d + 1)
  }
  return tooDeep ? pathDeeperThan(value, max) : null
}

/** the first path to a container `max` levels down (depth-first, iterative) */
function pathDeeperThan(value: unknown, max: number): string[] {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (typeof node.value !== 'object' || node.value === null) continue
    if (node.path.length >= max) return node.path
    for (const [k, child] of Object.entries(node.value)) stack.push({ value: child, path: [...node.path, k] })
  }
  return []
}

/**
 * How deep objects and arrays nest in JSON text, by a scan of its brackets outside strings: several times cheaper
 * than walking the parsed value, so it guards every log line and campaign file read.
 */
export function textDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) max = Math.max(max, ++depth)
    else if (c === 125 || c === 93) depth--
  }
  return max
}

/**
 * Whether JSON text nests deeper than `max`: text with at most `max` opening brackets cannot (counted with
 * indexOf, several times cheaper than a scan by character); only text with more is scanned (`textDepth`).
 */
export function deeperThan(text: string, max: number): boolean {
  let opening = 0
  for (let i = text.indexOf('{'); i !== -1 && opening <= max; i = text.indexOf('{', i + 1)) opening++
  for (let i = text.indexOf('['); i !== -1 && opening <= max; i = text.indexOf('[', i + 1)) opening++
  return opening > max && textDepth(text) > max
}

/** the error for a value nested too deep: the field is the path's first four steps, the message shows where */
export function tooDeepError(path: string[], code: 'damaged' | 'invalid', source?: string): Result<never> {
  const shown = path.length > 8 ? `${path.slice(0, 8).join('.')}.…` : path.join('.')
  return err(code, `${source ? `${source}: ` : ''}nested deeper than ${MAX_JSON_DEPTH} levels (at ${shown})`, path.slice(0, 4).join('.') || undefined)
}

/** keys that name an object's prototype: data holding one is refused (a spread or merge could pollute prototypes) */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** the path of the first `__proto__` / `constructor` / `prototype` key in parsed JSON (searched MAX_JSON_DEPTH levels deep: deeper data is refused anyway) */
export function unsafeKeyAt(value: unknown, maxDepth = MAX_JSON_DEPTH): string[] | null {
  const stack: Array<[unknown, string[]]> = [[value, []]]
  while (stack.length > 0) {
    const [v, path] = stack.pop()!
    if (!v || typeof v !== 'object' || path.length > maxDepth) continue
    for (const k of Object.keys(v)) {
      if (UNSAFE_KEYS.has(k)) return [...path, k]
      stack.push([(v as Record<string, unknown>)[k], [...path, k]])
    }
  }
  return null
}

/**
 * unsafeKeyAt of `value` parsed from `text`, walking it only when the text could hold such a key: it names one
 * ("proto" covers `__proto__` and `prototype`) or has a `\u` escape (the only escape that can spell a letter).
 * Keeps the check cheap on every session log line.
 */
export function unsafeKeyInText(text: string, value: unknown): string[] | null {
  return text.includes('proto') || text.includes('constructor') || text.includes('\\u') ? unsafeKeyAt(value) : null
}

/** `key "__proto__" at sessions.0 is not allowed` (`at the top level` for a key of the outer object) */
export function unsafeKeyProblem(path: string[]): string {
  const where = path.length > 1 ? `at ${path.slice(0, -1).join('.')}` : 'at the top level'
  return `key "${path.at(-1)}" ${where} is not allowed`
}

/** the error for data holding a key that names a prototype: the message names `source` and the key, the field is its path */
export function unsafeKeyError(path: string[], code: 'damaged' | 'invalid', source?: string): Result<never> {
  return err(code, `${source ? `${source}: ` : ''}${unsafeKeyProblem(path)}`, path.join('.'))
}
