/**
 * What is wrong with a stat block saved before a check (issue 27): main's `library:problems` names the field and the
 * issue; the library, the editor and prep say it as one sentence ("Weapons 1, Damage must be dice notation…").
 */
import type { AppError } from '@shared/result'
import type { FieldProblem } from '@shared/zod-issue'
import { humanize } from '../../core/labels'
import { issueSentence } from '../../core/validation'

type T = (key: string, params?: Record<string, unknown>) => string

/** a data path as words: `weapons.0.damage` → "Weapons 1, Damage" */
export function pathWords(path: string): string {
  const out: string[] = []
  for (const seg of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(seg) && out.length) out[out.length - 1] += ` ${Number(seg) + 1}`
    else out.push(humanize(seg))
  }
  return out.join(', ')
}

export function problemSentence(t: T, p: FieldProblem): string {
  return issueSentence(t, p.issue, p.field ? pathWords(p.field) : t('validation.record'))
}

/** the problem as the refusal main would give on save, so the editor shows it at its field when the block opens */
export function problemAsError(p: FieldProblem): AppError {
  return { code: 'invalid', message: p.message, field: `record.data.${p.field}`, details: { issue: p.issue } }
}
