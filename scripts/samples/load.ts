/**
 * The bundled samples, found by convention and naming no system: for every system main registers (in the order of
 * src-main/rules/systems/registry.ts), its `samples/index.ts`, when it has one, exports `samples: SystemSamples`
 * (src-main/rules/kit/samples.ts): the campaign scripts/make-samples.ts writes and the session
 * scripts/make-sample-session.ts plays. A new system's samples need no line here.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { listSystems } from '../../src-main/rules/index'
import type { SystemSamples } from '../../src-main/rules/kit/samples'

const SYSTEMS = resolve(import.meta.dirname, '..', '..', 'src-main', 'rules', 'systems')

/** each registered system's samples, in the registry's order (systems without a samples/index.ts are skipped) */
export async function loadSamples(): Promise<SystemSamples[]> {
  const out: SystemSamples[] = []
  for (const id of listSystems()) {
    if (!existsSync(join(SYSTEMS, id, 'samples', 'index.ts'))) continue
    const mod = (await import(`../../src-main/rules/systems/${id}/samples/index.ts`)) as { samples: SystemSamples }
    out.push(mod.samples)
  }
  return out
}
