/**
 * What is wrong with a stat block saved before a check (issue 27): main's `library:problems` names the field and the
 * issue; the library, the editor and prep say it as one sentence ("Weapons 1, Damage must be dice notation…").
 */
import type { AppError } from '@shared/result'
import type { FieldProblem } from '@shared/zod-issue'
import { humanize } from '../../core/labels'
import { issueSentence } from '../../components/forms/validation'

type T = (key: string, params?: Record<string, unknown>) => string
/** the label of a data path in the reader's language (the system's own boxes), else undefined */
export type LabelOf = (path: string) => string | undefined

/** a data path as words: `weapons.0.damage` → "Weapons 1, Damage"; each step by the system's label when it has one */
export function pathWords(path: string, labelOf?: LabelOf): string {
  const out: string[] = []
  const segs = path.split('.').filter(Boolean)
  segs.forEach((seg, i) => {
    if (/^\d+$/.test(seg) && out.length) out[out.length - 1] += ` ${Number(seg) + 1}`
    else out.push(labelOf?.(segs.slice(0, i + 1).join('.')) ?? humanize(seg))
  })
  return out.join(', ')
}

export function problemSentence(t: T, p: FieldProblem, labelOf?: LabelOf): string {
  return issueSentence(t, p.issue, p.field ? pathWords(p.field, labelOf) : t('validation.record'))
}

/** a system's data-path labels in the reader's language (SystemUi.fieldLabel gives i18n keys) */
export const labelsOf = (t: T, keyOf: ((path: string) => string | undefined) | undefined): LabelOf => (path) => {
  const key = keyOf?.(path)
  return key ? t(key) : undefined
}

/** the problem as the refusal main would give on save, so the editor shows it at its field when the block opens */
export function problemAsError(p: FieldProblem): AppError {
  return { code: 'invalid', message: p.message, field: `record.data.${p.field}`, details: { issue: p.issue } }
}
