/**
 * Rule checks the GM can override. A broken rule refuses the command with a readable reason (code `rule`);
 * with `override: true` the command goes through and a `core.ruleOverridden` event records it in the log.
 */
import { err, type AppError } from '@shared/result'
import type { EngineCommand, EngineEvent } from '@shared/domain/encounter'
import type { CoreEvent } from './events'
import { fill } from '@shared/i18n/format-log'
import { refuse, type RefusalParams } from './refuse'

/** Returns a refusal, or null (rule holds, or was overridden: then the override event is pushed). */
export function checkRule(
  command: EngineCommand,
  broken: boolean,
  reasonKey: string,
  message: string,
  field: string | undefined,
  events: EngineEvent[],
  params: Record<string, string | number | boolean> = {},
): { ok: false; error: AppError } | null {
  if (!broken) return null
  if (command.override === true) {
    events.push({ type: 'core.ruleOverridden', command: command.type, reason: reasonKey, message, ...(field ? { field } : {}), params } satisfies CoreEvent)
    return null
  }
  // the reason's key and values: a screen can say it in the GM's language (issue 27)
  return err('rule', message, field, { reason: reasonKey, overridable: true, params })
}

export type RuleRefusal = { ok: false; error: AppError } | null

/**
 * A system's overridable rule check said in its own catalog: an override is logged by the rule's phrase (`rule`,
 * e.g. `rule.saga.targetDead`), a refusal is the catalog sentence `refusal` (refuse.ts), which a Polish screen says
 * in Polish (issue 27, defect 9); the rule's source travels apart as `cite`. Bind it once per system:
 * `const sagaRule = ruleRefuser(log)` (issue 28: one body for every system, not one copy each).
 */
export function ruleRefuser(catalog: Record<string, string>) {
  return (command: EngineCommand, broken: boolean, rule: string, refusal: string, params: RefusalParams, field: string, events: EngineEvent[], cite?: string): RuleRefusal => {
    const r = checkRule(command, broken, rule, fill(catalog[refusal] ?? refusal, params, 'en'), field, events, params)
    return r && refuse('rule', catalog, refusal, params, { field, cite, details: { overridable: true, rule } })
  }
}
