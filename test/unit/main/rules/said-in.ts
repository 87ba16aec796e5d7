/**
 * What a screen says for a refusal from main, as src-renderer/components/refusal.ts says it (the node tests cannot
 * import the renderer): main's English sentence on an English screen; on a Polish one the refusal's key and params
 * from the Polish catalogs (registered by src-main/rules/index) (issue 27, defect 9).
 */
import type { AppError } from '@shared/result'
import { formatLog } from '@shared/i18n/format-log'

export function saidIn(e: AppError, locale: 'en' | 'pl'): string {
  const d = e.details as { reason?: string; params?: Record<string, string | number | boolean> } | undefined
  if (locale === 'en' || !d?.reason) return e.message
  const text = formatLog({ key: d.reason, params: d.params ?? {} }, 'pl')
  return text === d.reason ? e.message : text
}
