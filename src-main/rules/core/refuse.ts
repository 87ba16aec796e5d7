/**
 * A refusal a GM can meet, said as one sentence of a catalog (issue 27, defect 9): `key` names the sentence in the
 * system's log catalog (`src-main/rules/systems/<id>/i18n/{en,pl}.ts`, `refusal.<system>.<name>`) or in the core one
 * (`src-shared/i18n/log-core.ts`, `refusal.core.<name>`). Main's message is the English sentence; the key and its
 * params travel in `details` so a Polish screen says the same sentence in Polish (components/refusal.ts). The rule's
 * source (a seed line, a RULES-DEFAULTS id) is never in the sentence: it travels apart, for a "why?" toggle.
 */
import { err, type ErrorCode } from '@shared/result'
import { fill } from '@shared/i18n/format-log'

export type RefusalParams = Record<string, string | number | boolean>
export interface RefusalOptions {
  /** the refused field (a path in the command or payload) */
  field?: string
  /** the rule's source, e.g. `002:176` or `J7` */
  cite?: string
  /** more machine-readable detail */
  details?: Record<string, unknown>
}

export function refuse(code: ErrorCode, catalog: Record<string, string>, key: string, params: RefusalParams = {}, opts: RefusalOptions = {}) {
  const template = catalog[key]
  // a key missing from the catalog is a bug the refusal tests name (test/unit/main/rules/refusals-said.test.ts)
  const message = template === undefined ? key : fill(template, params, 'en')
  const r = err(code, message, opts.field, { ...opts.details, reason: key, params })
  return opts.cite ? { ok: false as const, error: { ...r.error, cite: r.error.cite ? `${opts.cite}, ${r.error.cite}` : opts.cite } } : r
}
