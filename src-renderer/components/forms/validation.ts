/**
 * Validation messages as plain sentences in the UI language, next to the field, never zod paths: one mapping from
 * an `IssueDetail` (what main's zod check found, sent as the error's `details.issue`, or what the form's own check
 * of the JSON Schema found) and the field's label to a sentence. Forms check each value against the schema main
 * serves as the GM types (`checkValue`), so a bad value is refused with the same sentence before anything is sent.
 */
import type { AppError } from '@shared/result'
import type { IssueDetail } from '@shared/zod-issue'
import type { JsonSchema } from '@shared/views/system-views'
import { errorSentence } from '../field-sentences'

export { errorSentence, issueSentence, pathLabel } from '../field-sentences'

type T = (key: string, params?: Record<string, unknown>) => string

/**
 * Why an import was refused, in words: "This file is not a GM Console export: it is not JSON (at column 3)",
 * "… it does not say it is one", or "entry 2: Hit points can't be below 1" for a stat block in a library file.
 */
export function importProblem(t: T, error: AppError): string {
  const d = (error.details ?? {}) as { issue?: IssueDetail; notExport?: boolean }
  const field = error.field ?? ''
  const item = /^items\.(\d+)(?:\.data)?\.?(.*)$/.exec(field)
  if (d.issue && item) return t('validation.itemProblem', { n: Number(item[1]) + 1, sentence: errorSentence(t, { ...error, field: item[2] }) })
  if (d.notExport && (field === 'kind' || field === '')) return t('validation.notExport', { reason: t('validation.noExportKind') })
  if (d.issue) return t('validation.notExport', { reason: errorSentence(t, error) })
  // where the JSON breaks, in the screen's language (main's message is English; its numbers are all it says)
  const json = /not valid JSON(?: \(at (?:line (\d+), )?column (\d+)\))?/.exec(error.message)
  if (json) {
    const at = json[2] ? (json[1] ? t('validation.jsonAtLine', { line: Number(json[1]), column: Number(json[2]) }) : t('validation.jsonAtColumn', { column: Number(json[2]) })) : ''
    return t('validation.notExport', { reason: t('validation.notJson', { message: at ? ` (${at})` : '' }) })
  }
  if (/no stat blocks/.test(error.message)) return t('validation.notExport', { reason: t('validation.noStatBlocks') })
  // main's own words, without the file name it starts with
  return t('validation.notExport', { reason: error.message.replace(/^[^:]{0,200}: (not a GM Console campaign export: )?/, '') })
}

// ---- the form's own check, against the JSON Schema main serves (z.toJSONSchema output) ----

function resolve(root: JsonSchema, s: JsonSchema | undefined): JsonSchema | undefined {
  let cur = s
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 10; i++) {
    const ref = cur.$ref as string
    const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
    cur = m ? ((root[m[1]] as Record<string, JsonSchema> | undefined)?.[m[2]]) : undefined
  }
  return cur
}

/** the variants of a schema (anyOf/oneOf), else itself */
const variants = (root: JsonSchema, s: JsonSchema): JsonSchema[] =>
  (((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined) ?? [s]).map((v) => resolve(root, v)).filter((v): v is JsonSchema => !!v)

/** the sub-schema of a dotted path (`weapons.0.damage`, `abilities.dex`), or undefined when the schema has none */
export function schemaAt(root: JsonSchema, path: string): JsonSchema | undefined {
  let cur: JsonSchema | undefined = resolve(root, root)
  for (const key of path.split('.')) {
    if (!cur) return undefined
    const next: JsonSchema[] = []
    for (const v of variants(root, cur)) {
      if (/^\d+$/.test(key)) {
        const tuple = v.prefixItems as JsonSchema[] | undefined
        const item = tuple?.[Number(key)] ?? (v.items as JsonSchema | undefined)
        if (item && typeof item === 'object') next.push(item)
      } else {
        const prop = (v.properties as Record<string, JsonSchema> | undefined)?.[key]
        if (prop) next.push(prop)
      }
    }
    cur = resolve(root, next[0])
  }
  return cur
}

/** is this key required in the object schema holding it? */
export function isRequired(root: JsonSchema, path: string): boolean {
  const keys = path.split('.')
  const last = keys.pop() ?? ''
  const parent = keys.length ? schemaAt(root, keys.join('.')) : resolve(root, root)
  return !!parent && variants(root, parent).some((v) => Array.isArray(v.required) && (v.required as string[]).includes(last))
}

/** what is wrong with a value under its schema (type, bounds, enum), or null; `undefined` is "left empty" */
export function checkValue(root: JsonSchema, schema: JsonSchema | undefined, value: unknown, required = false): IssueDetail | null {
  if (!schema) return null
  if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) {
    if (typeof value === 'number') return { code: 'invalid_type', expected: 'number' }
    return required && !('default' in schema) ? { code: 'invalid_type', missing: true } : null
  }
  const vs = variants(root, schema)
  let first: IssueDetail | null = null
  for (const v of vs) {
    const issue = checkOne(v, value)
    if (!issue) return null
    first ??= issue
  }
  return first
}

function checkOne(s: JsonSchema, value: unknown): IssueDetail | null {
  const type = s.type as string | string[] | undefined
  const types = Array.isArray(type) ? type : type ? [type] : []
  if (value === null) return types.includes('null') || s.const === null ? null : { code: 'invalid_type', expected: types[0] ?? 'value' }
  if (Array.isArray(s.enum) && !(s.enum as unknown[]).includes(value)) return { code: 'invalid_value', values: (s.enum as unknown[]).map(String) }
  if ('const' in s && s.const !== value) return { code: 'invalid_value', values: [String(s.const)] }
  if (typeof value === 'number') {
    if (types.length && !types.includes('number') && !types.includes('integer')) return { code: 'invalid_type', expected: types[0] }
    if (types.includes('integer') && !types.includes('number') && !Number.isInteger(value)) return { code: 'invalid_type', expected: 'int' }
    if (typeof s.minimum === 'number' && value < s.minimum) return { code: 'too_small', origin: 'number', minimum: s.minimum, inclusive: true }
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return { code: 'too_small', origin: 'number', minimum: s.exclusiveMinimum, inclusive: false }
    if (typeof s.maximum === 'number' && value > s.maximum) return { code: 'too_big', origin: 'number', maximum: s.maximum, inclusive: true }
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return { code: 'too_big', origin: 'number', maximum: s.exclusiveMaximum, inclusive: false }
    return null
  }
  if (typeof value === 'string') {
    if (types.length && !types.includes('string')) return { code: 'invalid_type', expected: types[0] }
    if (typeof s.minLength === 'number' && value.length < s.minLength) return { code: 'too_small', origin: 'string', minimum: s.minLength }
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return { code: 'too_big', origin: 'string', maximum: s.maxLength }
    return null
  }
  if (typeof value === 'boolean') return types.length && !types.includes('boolean') ? { code: 'invalid_type', expected: types[0] } : null
  if (Array.isArray(value)) {
    if (types.length && !types.includes('array')) return { code: 'invalid_type', expected: types[0] }
    if (typeof s.minItems === 'number' && value.length < s.minItems) return { code: 'too_small', origin: 'array', minimum: s.minItems }
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return { code: 'too_big', origin: 'array', maximum: s.maxItems }
    return null
  }
  return types.length && !types.includes('object') ? { code: 'invalid_type', expected: types[0] } : null
}
