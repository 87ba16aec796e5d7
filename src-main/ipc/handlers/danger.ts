/** `plan:danger`, `plan:tune` and `plan:dangerCancel` over the danger check (src-main/services/danger/danger-service.ts). */
import { ok } from '@shared/result'
import type { DangerService } from '../../services/danger/danger-service'
import type { HandlerMap } from './handler-map'

export function dangerHandlers(danger: DangerService): HandlerMap {
  return {
    'plan:danger': (r) => danger.run(r),
    'plan:tune': (r) => danger.tune(r),
    'plan:dangerCancel': async (r) => ok(danger.cancel(r.campaignId, r.planId)),
  }
}
