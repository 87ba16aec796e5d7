/**
 * A refusal a GM can meet, said as one sentence of a catalog (issue 27, defect 9): `key` names the sentence in the
 * system's log catalog (`src-main/rules/systems/<id>/i18n/{en,pl}.ts`, `refusal.<system>.<name>`) or in the core one
 * (`src-shared/i18n/log-core.ts`, `refusal.core.<name>`). Main's message is the English sentence; the key and its
 * params travel in `details` so a Polish screen says the same sentence in Polish (components/refusal.ts). The rule's
 * source (a seed line, a RULES-DEFAULTS id) is never in the sentence: it travels apart, for a "why?" toggle.
 */
import { err, type ErrorCode } from '@shared/result'
import { fill } from '@shared/i18n/format-log'
import core from '@shared/i18n/log-core'

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

/**
 * The params of a refusal said inside another one ("Raider cannot join: {why}"): a part's refusal with its own key
 * nests as that key (the log formatter says a param that is a key in the reader's language, with the same params);
 * one without a key nests as its message.
 */
export function nestedRefusal(e: { message: string; details?: Record<string, unknown> }): RefusalParams {
  const d = (e.details ?? {}) as { reason?: unknown; params?: RefusalParams }
  return typeof d.reason === 'string' ? { ...d.params, why: d.reason } : { why: e.message }
}

/** a die entered by hand outside its range (rng.ts `commandDice`), refused at `dice.<n>` */
export function manualDieRefusal(e: { index: number; min: number; max: number; value: string }) {
  return refuse('invalid', core.en, 'refusal.core.manualDie', { min: e.min, max: e.max, value: e.value }, { field: `dice.${e.index}` })
}
