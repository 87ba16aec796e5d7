/** Handlers of the rule-system channels (`system:*`, src-shared/ipc/contract-system.ts) over the system service. */
import { ok } from '@shared/result'
import { createSystemService, type SystemService } from '../services/system-service'
import type { HandlerMap } from './handlers'

export function createSystemHandlers(service: SystemService = createSystemService()): HandlerMap {
  return {
    'system:list': async () => ok(service.list()),
    'system:describe': async (r) => service.describe(r.systemId),
    'system:card': async (r) => service.card(r.systemId, r.statBlock, r.lang),
  }
}
