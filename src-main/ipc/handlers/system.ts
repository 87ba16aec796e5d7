/** `system:list`, `system:describe`, `system:card` (src-shared/ipc/contract-system.ts) over the system service. */
import { ok } from '@shared/result'
import type { SystemService } from '../../services/campaigns/system-service'
import type { HandlerMap } from './handler-map'

export function systemHandlers(service: SystemService): HandlerMap {
  return {
    'system:list': async () => ok(service.list()),
    'system:describe': async (r) => service.describe(r.systemId),
    'system:card': async (r) => service.card(r.systemId, r.statBlock, r.lang),
  }
}
