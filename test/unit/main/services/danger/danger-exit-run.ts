/**
 * A script for danger-threads.test.ts (run with `node --import tsx`): `warm` warms a pool of threads and ends;
 * `check` runs a small check on the pool and prints its run count. Nothing else keeps this process alive, so it ends
 * when the pool lets it: at once after a warm-up, and after the check's report.
 */
import { getSystem } from '../../../../../src-main/rules/index'
import type { EngineCommand } from '@shared/domain/encounter'
import { createDangerPool } from '../../../../../src-main/services/danger/danger-pool'
import { runDanger } from '../../../../../src-main/services/danger/danger-service'
import { spawnDangerWorker } from '../../../../../src-main/services/danger/danger-threads'

// long enough that a process kept alive by idle threads would outlast the test
const pool = createDangerPool({ count: 2, spawn: spawnDangerWorker, idleMs: 10 * 60_000 })
const sys = getSystem('saga')
if (!sys.ok) throw new Error(sys.error.message)
if (process.argv[2] === 'warm') {
  pool.warm({ systemId: 'saga' })
  process.stdout.write('warmed\n')
} else {
  const t = sys.value.statBlockTemplates
  const setup = [
    { type: 'addCombatant', statBlock: t.pc('A'), side: 'party', role: 'pc', count: 2 },
    { type: 'addCombatant', statBlock: t.npc('B'), side: 'enemies', role: 'npc', count: 3 },
  ] as EngineCommand[]
  void runDanger(sys.value, { systemId: 'saga', setup }, 400, 'exit', pool).then((r) => {
    process.stdout.write(`${JSON.stringify({ ok: r.ok, runs: r.ok ? r.value.runs : 0, inThreads: pool.started })}\n`)
  })
}
