/**
 * Rule checks the GM can override. A broken rule refuses the command with a readable reason (code `rule`);
 * with `override: true` the command goes through and a `core.ruleOverridden` event records it in the log.
 */
import { err, type AppError } from '@shared/result'
import type { EngineCommand, EngineEvent } from '@shared/domain/encounter'
import type { CoreEvent } from './events'

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
