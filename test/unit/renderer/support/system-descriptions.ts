/**
 * `system:list` / `system:describe` answers for component tests: main's own builder (src-main/services/
 * system-service.ts) run on the registered rule systems, so the forms under test are exactly the ones main serves.
 */
import type { SystemDescription, SystemSummary } from '@shared/views/system-views'
import { createSystemService } from '../../../../src-main/services/campaigns/system-service'
import type { FakeBridge } from './fake-bridge'
import { okR } from './fake-bridge'

const service = createSystemService()

/** The description main serves for a registered system. */
export function describeForTest(id: string): SystemDescription {
  const r = service.describe(id)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

export const systemList = (): SystemSummary[] => service.list()

/** Answers `system:list` and `system:describe` on a fake bridge, as main does. */
export function withSystems(bridge: FakeBridge): FakeBridge {
  return bridge.handle('system:list', () => okR(service.list())).handle('system:describe', (req: { systemId: string }) => service.describe(req.systemId))
}
