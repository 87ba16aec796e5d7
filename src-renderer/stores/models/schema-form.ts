/**
 * A command form from a command's JSON Schema plus the system's UI hints (`system:describe`), pure and tested
 * without the DOM: `formOf` turns a `CommandDescription` into form fields, `buildCommand` turns what the GM entered
 * into the engine command (or field errors naming the field), `fieldOfError` maps a server error back to a field.
 *
 * JSON Schema as `z.toJSONSchema` writes it: `type` (string, integer, number, boolean, array, object, or a list),
 * `enum`, `const`, `anyOf`/`oneOf` (a nullable field, a union, or a discriminated union of objects),
 * `minimum`/`maximum`, `minLength`, `minItems`, `items`, `properties` + `required`, `default`.
 */
import type { EngineCommand } from '@shared/domain/encounter'
import type { CommandDescription, FieldHint, JsonSchema } from '@shared/views/system-views'

export type Widget =
  | 'combatant' | 'combatants' | 'weapon' | 'condition' | 'band' | 'pool' | 'dice' | 'number' | 'text' | 'select' | 'bool'
  /** a list of objects, one row of sub-fields per item */
  | 'list'
  /** a discriminated union of objects: a select of the variant, then its fields */
  | 'variant'
  /** an object with known properties: its fields, side by side */
  | 'object'
  /** a list of enum values: one checkbox each */
  | 'checks'
  /** anything the form cannot draw (free records): JSON text */
  | 'json'

export interface FormField {
  /** the property name */
  name: string
  /** dotted path from the command (list items have no index): the key of its hint and of its errors */
  path: string
  widget: Widget
  /** i18n key from the hint, or '' (the label is then derived from the name) */
  label: string
  required: boolean
  /** the schema allows null (an empty select sends null when the field is required) */
  nullable: boolean
  /** select: the values, with the hint's i18n keys for their labels */
  options?: Array<{ value: string | number; label?: string }>
  min?: number
  max?: number
  integer?: boolean
  /** required text with no minimum length: an empty string is a valid value */
  emptyOk?: boolean
  /** a weapon the schema takes as an index too: the select sends the index */
  byIndex?: boolean
  default?: unknown
  actor: boolean
  target: boolean
  /** combatants: the others beside the actor; the actor's own field is sent with them (FieldHint.withActor) */
  withActor?: boolean
  /** shown only under the panel's "advanced" toggle */
  advanced: boolean
  order: number
  /** list: the fields of one row */
  item?: FormField[]
  /** variant: the discriminating property and each variant's other fields */
  discriminator?: string
  variants?: Array<{ value: string; fields: FormField[] }>
}

/** What the GM entered: one value per field name; a list holds rows, a variant its own values. */
export type FormValues = Record<string, unknown>

/** Command properties the panel handles itself (manual dice, override) or that are fixed (type). */
const PANEL_OWNED = new Set(['type', 'dice', 'override'])
/** |x| ≥ 2^53−1: zod's bounds of a plain integer, no real limit */
const bound = (v: unknown): number | undefined => (typeof v === 'number' && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined)

type Schema = JsonSchema & {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  default?: unknown
}

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])
const isNull = (s: Schema) => types(s).length === 1 && types(s)[0] === 'null'

/** The form fields of a command, in the hints' order (then the schema's). */
export function formOf(desc: Pick<CommandDescription, 'schema' | 'fields'>): FormField[] {
  const hinted = Object.keys(desc.fields ?? {}).length > 0
  return fieldsOf(desc.schema as Schema, { path: '', hint: '' }, desc.fields ?? {}, hinted)
}

/** where a field sits: `path` (errors, test ids: `attacks.target`) and the key of its hint (`attacks[].target`) */
interface At {
  path: string
  hint: string
}
const join = (a: string, b: string) => (a ? `${a}.${b}` : b)

function fieldsOf(schema: Schema, at: At, hints: Record<string, FieldHint>, hinted: boolean): FormField[] {
  const required = new Set(schema.required ?? [])
  const props = Object.entries(schema.properties ?? {}).filter(([name]) => !(at.path === '' && PANEL_OWNED.has(name)))
  const list = props.map(([name, sub], i) => fieldOf(name, sub, at, required.has(name), hints, hinted, i))
  return list.sort((a, b) => a.order - b.order)
}

function fieldOf(name: string, raw: Schema, at: At, required: boolean, hints: Record<string, FieldHint>, hinted: boolean, index: number): FormField {
  const path = join(at.path, name)
  const hintKey = join(at.hint, name)
  // a field inside a list's rows is hinted as `<list>[].<field>` (also accepted: `<list>.<field>`)
  const hint: FieldHint = hints[hintKey] ?? hints[path] ?? {}
  const prefix = at.path
  // a nullable field: anyOf [X, {type: null}] (or type: [X, 'null'])
  const alts = raw.anyOf ?? raw.oneOf
  const nonNull = alts ? alts.filter((s) => !isNull(s)) : null
  const nullable = (!!alts && alts.length !== nonNull?.length) || types(raw).includes('null')
  const s: Schema = nonNull && nonNull.length === 1 ? { ...nonNull[0], default: raw.default ?? nonNull[0].default } : raw
  const field: FormField = {
    name,
    path,
    widget: 'text',
    label: hint.label ?? '',
    required,
    nullable,
    actor: !!hint.actor,
    target: !!hint.target,
    ...(hint.withActor ? { withActor: true } : {}),
    // not hinted at all while other fields of the command are: an optional extra, kept under "advanced"
    advanced: !!hint.advanced || (hinted && !required && !hints[hintKey] && prefix === ''),
    order: hint.order ?? 1000 + index,
    ...(s.default !== undefined ? { default: s.default } : {}),
  }
  const union = s.anyOf ?? s.oneOf
  const objectVariants = union?.filter((v) => types(v).includes('object') && v.properties)
  const t = types(s).filter((x) => x !== 'null')
  if (objectVariants && union && objectVariants.length === union.length) {
    const disc = discriminatorOf(objectVariants)
    if (disc) {
      field.widget = 'variant'
      field.discriminator = disc
      field.variants = objectVariants.map((v) => {
        const rest: Schema = { ...v, properties: Object.fromEntries(Object.entries(v.properties ?? {}).filter(([k]) => k !== disc)) }
        return { value: String(v.properties?.[disc]?.const), fields: fieldsOf(rest, { path, hint: hintKey }, hints, false) }
      })
      field.options = field.variants.map((v) => ({ value: v.value, label: hint.optionLabels?.[v.value] }))
    } else field.widget = 'json'
  } else if (union) {
    // weapon: a name or an index
    const kinds = union.flatMap(types)
    field.byIndex = kinds.includes('integer') || kinds.includes('number')
    field.widget = hint.widget === 'weapon' || name === 'weapon' ? 'weapon' : kinds.every((k) => k === 'integer' || k === 'number') ? 'number' : 'text'
    // an enum or a number (e.g. a difficulty by name or by value): the names
    const named = union.find((u) => Array.isArray(u.enum))
    if (named) field.options = named.enum!.map((v) => ({ value: v as string | number, label: hint.optionLabels?.[String(v)] }))
  } else if (Array.isArray(s.enum)) {
    field.widget = 'select'
    field.options = s.enum.map((v) => ({ value: v as string | number, label: hint.optionLabels?.[String(v)] }))
  } else if (t.includes('boolean')) field.widget = 'bool'
  else if (t.includes('integer') || t.includes('number')) {
    field.widget = 'number'
    field.integer = t.includes('integer')
    const min = bound(s.minimum) ?? (bound(s.exclusiveMinimum) !== undefined ? bound(s.exclusiveMinimum)! + (field.integer ? 1 : 0) : undefined)
    const max = bound(s.maximum) ?? (bound(s.exclusiveMaximum) !== undefined ? bound(s.exclusiveMaximum)! - (field.integer ? 1 : 0) : undefined)
    if (min !== undefined) field.min = min
    if (max !== undefined) field.max = max
  } else if (t.includes('array')) {
    // a tuple of one enum (a pair of attributes, `items: false`): its values as checks
    const tuple = (s as { prefixItems?: Schema[] }).prefixItems
    const items: Schema = s.items && typeof s.items === 'object' ? s.items : tuple?.length && tuple.every((p) => Array.isArray(p.enum)) ? tuple[0] : {}
    if (types(items).includes('object') && items.properties) {
      field.widget = 'list'
      field.item = fieldsOf(items, { path, hint: `${hintKey}[]` }, hints, false)
      const minItems = (s as { minItems?: number }).minItems
      if (typeof minItems === 'number') field.min = minItems
      const maxItems = (s as { maxItems?: number }).maxItems
      if (typeof maxItems === 'number') field.max = maxItems
    } else if (hint.widget === 'dice' || name === 'dice') field.widget = 'dice'
    else if (Array.isArray(items.enum)) {
      field.widget = 'checks'
      field.options = items.enum.map((v) => ({ value: v as string | number, label: hint.optionLabels?.[String(v)] }))
    } else {
      field.widget = 'combatants'
      // the GM picks the others; the actor comes with them: one fewer to pick
      const minItems = (s as { minItems?: number }).minItems
      if (typeof minItems === 'number') field.min = Math.max(1, minItems - (hint.withActor ? 1 : 0))
    }
  } else if (t.includes('object') && s.properties && Object.keys(s.properties).length) {
    field.widget = 'object'
    field.item = fieldsOf(s, { path, hint: hintKey }, hints, false)
  } else if (t.includes('object')) field.widget = 'json'
  else if (t.includes('string')) {
    field.widget = 'text'
    field.emptyOk = required && !(typeof s.minLength === 'number' && s.minLength > 0)
  }
  // no hint: a string field named `…Id` holds a combatant's id, a list named `…Ids` several (combatantId, targetId...)
  if (!hint.widget && field.widget === 'text' && /Id$/.test(name)) field.widget = 'combatant'
  if (!hint.widget && field.widget === 'combatants' && !/Ids$/.test(name) && !(s.items && types(s.items).includes('string'))) field.widget = 'json'
  // the hint names the widget (a combatant, a weapon, a condition...), unless the schema needs a structure
  if (hint.widget && !['list', 'variant', 'checks', 'object'].includes(field.widget)) {
    field.widget = hint.widget
    if (hint.widget === 'select' && !field.options) field.options = Object.keys(hint.optionLabels ?? {}).map((value) => ({ value, label: hint.optionLabels?.[value] }))
  }
  return field
}

/** The property every variant fixes with a `const` (e.g. `at`). */
function discriminatorOf(variants: Schema[]): string | null {
  const first = variants[0]?.properties ?? {}
  for (const key of Object.keys(first)) if (variants.every((v) => v.properties?.[key]?.const !== undefined)) return key
  return null
}

/** "14, 6 3" → [14, 6, 3]; symbols stay strings ("hit", "crit") for custom dice faces (S1). */
export function parseDice(text: string): Array<number | string> {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/^-?\d+$/.test(s) ? Number(s) : s))
}

export interface BuildOptions {
  manualDice?: string
  override?: boolean
}

/** A field the GM must fix before sending: `code` names the i18n message (`form.<code>`). */
export interface FieldError {
  path: string
  code: 'required' | 'number' | 'integer' | 'min' | 'max' | 'json' | 'minItems'
  params?: Record<string, number | string>
}

export type BuildResult = { command: EngineCommand } | { errors: FieldError[] }

const blank = (v: unknown) => v === undefined || v === null || v === ''

/** The engine command from what the GM entered, or every field that must be fixed first. */
export function buildCommand(type: string, fields: FormField[], values: FormValues, opts: BuildOptions = {}): BuildResult {
  const errors: FieldError[] = []
  const cmd: EngineCommand = { type, ...buildObject(fields, values, '', errors) }
  if (errors.length) return { errors }
  const dice = opts.manualDice ? parseDice(opts.manualDice) : []
  if (dice.length) cmd.dice = dice
  if (opts.override) cmd.override = true
  return { command: cmd }
}

function buildObject(fields: FormField[], values: FormValues, at: string, errors: FieldError[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const actor = fields.find((x) => x.actor)
  for (const f of fields) {
    const v = buildValue(f, values[f.name], at ? `${at}.${f.name}` : f.name, errors)
    // a duel's opponents go with the acting fighter (the command wants every fighter)
    if (f.withActor && Array.isArray(v) && actor && typeof values[actor.name] === 'string' && values[actor.name]) {
      out[f.name] = [values[actor.name], ...v.filter((x) => x !== values[actor.name])]
      continue
    }
    if (v !== undefined) out[f.name] = v
  }
  return out
}

function buildValue(f: FormField, v: unknown, at: string, errors: FieldError[]): unknown {
  const missing = () => {
    if (f.required && f.nullable) return null
    if (f.required) errors.push({ path: at, code: 'required' })
    return undefined
  }
  switch (f.widget) {
    case 'bool':
      return v === true || v === 'true' ? true : f.required ? false : undefined
    case 'number': {
      if (blank(v)) return missing()
      const n = typeof v === 'number' ? v : Number(v)
      if (!Number.isFinite(n)) return void errors.push({ path: at, code: 'number' })
      if (f.integer && !Number.isInteger(n)) return void errors.push({ path: at, code: 'integer' })
      if (f.min !== undefined && n < f.min) return void errors.push({ path: at, code: 'min', params: { min: f.min } })
      if (f.max !== undefined && n > f.max) return void errors.push({ path: at, code: 'max', params: { max: f.max } })
      return n
    }
    case 'weapon':
      if (blank(v)) return missing()
      return f.byIndex && typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
    case 'select': {
      if (blank(v)) return missing()
      // a select's DOM value is a string: give a numeric enum its number back
      const opt = f.options?.find((o) => String(o.value) === String(v))
      return opt ? opt.value : v
    }
    case 'checks':
    case 'combatants': {
      const list = Array.isArray(v) ? v.filter((x) => !blank(x)) : blank(v) ? [] : [v]
      if (!list.length) return missing()
      if (f.widget === 'combatants' && f.min !== undefined && list.length < f.min) errors.push({ path: at, code: 'minItems', params: { min: f.min } })
      return list
    }
    case 'dice': {
      const list = typeof v === 'string' ? parseDice(v) : Array.isArray(v) ? v : []
      return list.length ? list : missing()
    }
    case 'list': {
      const rows = Array.isArray(v) ? (v as FormValues[]) : []
      const built = rows.map((row, i) => buildObject(f.item ?? [], row ?? {}, `${at}.${i}`, errors))
      if (!built.length) {
        if (f.required) errors.push({ path: at, code: 'required' })
        return undefined
      }
      if (f.min !== undefined && built.length < f.min) errors.push({ path: at, code: 'minItems', params: { min: f.min } })
      return built
    }
    case 'object': {
      const obj = (v && typeof v === 'object' ? v : {}) as FormValues
      const before = errors.length
      const built = buildObject(f.item ?? [], obj, at, errors)
      if (!f.required && Object.keys(built).length === 0) {
        // an optional object left empty is left out, and so are its own required-field errors
        errors.length = before
        return undefined
      }
      return built
    }
    case 'variant': {
      const obj = (v && typeof v === 'object' ? v : {}) as FormValues
      const which = obj[f.discriminator ?? '']
      const variant = f.variants?.find((x) => x.value === which)
      if (!variant) return missing()
      return { [f.discriminator!]: variant.value, ...buildObject(variant.fields, obj, at, errors) }
    }
    case 'json': {
      if (blank(v)) return missing()
      if (typeof v !== 'string') return v
      try {
        return JSON.parse(v)
      } catch {
        return void errors.push({ path: at, code: 'json' })
      }
    }
    default:
      if (blank(v)) return f.required && f.emptyOk ? '' : missing()
      return v
  }
}

/** Every field of a form, nested ones too (list rows and variants), once each. */
export function allFields(fields: FormField[]): FormField[] {
  // list rows and objects keep their fields in `item`
  return fields.flatMap((f) => [f, ...allFields(f.item ?? []), ...allFields((f.variants ?? []).flatMap((v) => v.fields))])
}

/**
 * Maps an error field from main (`command.attacks.0.target`, `targetId`) to the form field it names, row indexes
 * kept (`attacks.0.target`), or null when no field of this form matches (the panel then shows it as a banner).
 */
export function fieldOfError(field: string | undefined, fields: FormField[]): string | null {
  if (!field) return null
  const parts = field.split('.')
  if (parts[0] === 'command') parts.shift()
  const known = new Set(allFields(fields).map((f) => f.path))
  for (let n = parts.length; n > 0; n--) {
    const head = parts.slice(0, n)
    if (/^\d+$/.test(head[head.length - 1])) continue
    if (known.has(head.filter((p) => !/^\d+$/.test(p)).join('.'))) return head.join('.')
  }
  return null
}

/** A zod / engine message in plain words where it has a usual shape; otherwise the message itself. */
export function plainError(message: string): { code: FieldError['code']; params?: Record<string, number | string> } | null {
  if (/received undefined|required/i.test(message)) return { code: 'required' }
  const small = /too small.*?>=?\s*(-?\d+)/i.exec(message)
  if (small) return /array|items/i.test(message) ? { code: 'minItems', params: { min: Number(small[1]) } } : { code: 'min', params: { min: Number(small[1]) } }
  const big = /too big.*?<=?\s*(-?\d+)/i.exec(message)
  if (big) return { code: 'max', params: { max: Number(big[1]) } }
  if (/expected number|expected int/i.test(message)) return { code: 'number' }
  return null
}
