/**
 * Field and error sentences shared by the screens (components/forms/validation.ts: the forms' own checks) and the refusal
 * sentences (components/refusal.ts): a shared piece that knows no screen, so both may import it
 * (architecture.json: Parts know no UI; issue 27). One issue of one field as a sentence in the UI language, a
 * dotted path's label, a main error as a sentence, and a key made readable when no catalog knows it.
 */
import type { AppError } from '@shared/result'
import type { IssueDetail } from '@shared/zod-issue'

type T = (key: string, params?: Record<string, unknown>) => string

/** a key made readable when no catalog knows it: its last segment, words apart ("shortRange" → "Short range") */
export function humanize(key: string): string {
  const last = key.split('.').pop() ?? key
  const spaced = last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** one issue of one field as a sentence: "Hit points can't be below 1" */
export function issueSentence(t: T, issue: IssueDetail, field: string): string {
  const p = { field, min: issue.minimum, max: issue.maximum }
  const kind = issue.origin ?? ''
  // a refinement that names what the value must be (issue 27: dice notation checked by the engine's parser)
  if (issue.format === 'dice') return t('validation.dice', p)
  switch (issue.code) {
    case 'too_small':
      if (kind === 'string') return issue.minimum === 1 ? t('validation.empty', p) : t('validation.shortText', p)
      if (kind === 'array' || kind === 'set') return t('validation.fewItems', p)
      return t(issue.inclusive === false ? 'validation.notAbove' : 'validation.below', p)
    case 'too_big':
      if (kind === 'string') return t('validation.longText', p)
      if (kind === 'array' || kind === 'set') return t('validation.manyItems', p)
      return t(issue.inclusive === false ? 'validation.notBelow' : 'validation.above', p)
    case 'not_multiple_of':
      return t('validation.whole', p)
    case 'invalid_type':
      if (issue.missing) return t('validation.required', p)
      if (issue.expected === 'int') return t('validation.whole', p)
      if (issue.expected === 'number' || issue.expected === 'integer') return t('validation.number', p)
      if (issue.expected === 'string') return t('validation.text', p)
      if (issue.expected === 'boolean') return t('validation.bool', p)
      return t('validation.shape', p)
    case 'invalid_value':
      return t('validation.oneOf', { field, values: (issue.values ?? []).join(', ') })
    case 'invalid_format':
      return t('validation.format', p)
    case 'unrecognized_keys':
      return t('validation.unknownField', p)
    default:
      return t('validation.invalid', p)
  }
}

/** the label of a dotted path: the form's own label, else the last named segment, humanized */
export function pathLabel(path: string, labelOf?: (path: string) => string | undefined): string {
  const own = labelOf?.(path)
  if (own) return own
  const named = path.split('.').filter((s) => s && !/^\d+$/.test(s))
  return humanize(named[named.length - 1] ?? path)
}

/**
 * A main error as a sentence. `invalid` errors with `details.issue` become the sentence of their field (the path
 * after `prefix`, e.g. `record.data.`); other errors keep main's message, which is already written for people.
 */
export function errorSentence(t: T, error: AppError, opts: { prefix?: string; labelOf?: (path: string) => string | undefined } = {}): string {
  const issue = (error.details as { issue?: IssueDetail } | undefined)?.issue
  if (!issue) return error.message
  let path = error.field ?? ''
  if (opts.prefix && path.startsWith(opts.prefix)) path = path.slice(opts.prefix.length)
  return issueSentence(t, issue, path ? pathLabel(path, opts.labelOf) : t('validation.record'))
}
