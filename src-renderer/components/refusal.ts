/**
 * A refusal from main as one plain sentence in the UI language (issue 27, defect 9): never a request path
 * (`command.fighters:`), never zod's words ("Too small: expected array…"), never a seed citation inline (main keeps
 * it apart, `cite`, for a "why?" toggle).
 *
 * - a reason the UI says in its own words (`details.reason`, e.g. a session that has ended);
 * - a refused value (`details.issue`): the sentence of that field, with the form's own label when it has one;
 * - a refusal with a reason key (`details.reason` + `params`, src-main/rules/kit/refuse.ts) in a language other
 *   than main's English: its own sentence in that language, from the system's (or the core) log catalogs;
 * - else main's message, without a leading field path, which is written for people.
 */
import type { AppError } from '@shared/result'
import { formatLog } from '@shared/i18n/format-log'
import { errorSentence } from './field-sentences'

type T = (key: string, params?: Record<string, unknown>) => string
type Te = (key: string) => boolean

/** errors the UI says in its own words, by `details.reason` */
const REASONS: Record<string, string> = { 'session-ended': 'sessions.errSessionEnded' }

/** the request's own prefixes a GM never reads */
const PREFIX = /^(?:command|record\.data|record|plan|payload|request)\./
export const bareField = (field?: string): string => (field ?? '').replace(PREFIX, '')

/** "command.fighters.0: no combatant …" → "no combatant …" (main's older messages name the field first) */
function withoutFieldPath(message: string, field?: string): string {
  let m = message
  for (const f of [field, bareField(field)]) {
    if (f && m.startsWith(`${f}: `)) m = m.slice(f.length + 2)
  }
  // a dotted path and a colon at the start is a path, never words
  m = m.replace(/^(?:[A-Za-z_][\w-]*\.)+[\w-]+: /, '')
  return m.charAt(0).toUpperCase() + m.slice(1)
}

export interface RefusalOptions {
  locale?: string
  /** the label of a field path (`fighters`) in the form that sent it */
  labelOf?: (path: string) => string | undefined
}

export function refusalText(t: T, te: Te, e: AppError, opts: RefusalOptions = {}): string {
  const d = (e.details ?? {}) as { reason?: unknown; issue?: unknown; params?: Record<string, string | number | boolean>; plain?: boolean }
  if (d.plain) return e.message
  const reason = typeof d.reason === 'string' ? d.reason : undefined
  if (reason && REASONS[reason] && te(REASONS[reason])) return t(REASONS[reason])
  if (d.issue) return errorSentence(t, { ...e, field: bareField(e.field) }, { labelOf: opts.labelOf })
  if (reason && opts.locale && opts.locale !== 'en') {
    const said = formatLog({ key: reason, params: d.params ?? {} }, opts.locale === 'pl' ? 'pl' : 'en')
    // a refusal's own sentence (`refusal.<system>.<name>`, core/refuse.ts) as it is; a rule an override names
    // (`rule.<system>.<name>`, a phrase) inside "Not by the rules: …"
    if (said !== reason) return reason.startsWith('rule.') ? t('refusal.rule', { what: said }) : said
  }
  return withoutFieldPath(e.message, e.field)
}

/** refusals a GM meets while playing: said as they are; anything else is something that went wrong */
export const isRefusal = (e: AppError): boolean => ['invalid', 'rule', 'not-found', 'conflict', 'forbidden'].includes(e.code)
