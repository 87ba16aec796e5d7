/**
 * The danger check (issue 13): 10,000 Saga fights of 4 against 8 (the sample campaign's party and Sergeant Hale
 * against eight Outpost Troopers) in the worker threads, against the same fights in this thread, measured in one
 * run; and the longest event-loop stall of the main thread while the threads work (goal: ≤ 20 ms).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { EngineCommand } from '@shared/domain/encounter'
import { getSystem } from '../src-main/rules/index'
import { runDanger } from '../src-main/services/danger-service'
import { defaultDangerThreads, spawnDangerWorker } from '../src-main/services/danger-threads'
import type { DangerJob } from '../src-main/services/danger-simulate'

export const name = 'danger'

interface LibraryRecord { id: string; name: string; kind: string; data: unknown }

function sagaJob(): DangerJob {
  const file = JSON.parse(readFileSync(join(__dirname, '..', 'resources', 'campaigns', 'sample-saga', 'campaign.json'), 'utf8')) as { library: LibraryRecord[] }
  const rec = (id: string) => {
    const r = file.library.find((x) => x.id === id)
    if (!r) throw new Error(`bench: the sample campaign has no ${id}`)
    return r
  }
  const setup: EngineCommand[] = ['pc-tira-vos', 'pc-dax-orrin', 'pc-nira-sol', 'ally-sgt-hale'].map((id) => {
    const r = rec(id)
    return { type: 'addCombatant', statBlock: r.data, name: r.name, side: r.kind === 'pc' ? 'party' : 'allies', role: r.kind } as EngineCommand
  })
  const t = rec('npc-outpost-trooper')
  setup.push({ type: 'addCombatant', statBlock: t.data, name: t.name, side: 'enemies', role: 'npc', count: 8 } as EngineCommand)
  return { systemId: 'saga', setup }
}

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  const sys = getSystem('saga')
  if (!sys.ok) throw new Error(sys.error.message)
  const job = sagaJob()
  const threads = { count: defaultDangerThreads(), spawn: spawnDangerWorker }
  // in this thread: 1,000 fights, the per-fight reference
  const t0 = performance.now()
  const here = await runDanger(sys.value, job, 1000, 'bench', { count: 0, spawn: spawnDangerWorker })
  const perFightHere = (performance.now() - t0) / 1000
  if (!here.ok) throw new Error(here.error.message)
  // in the threads: 10,000 fights, start-up included, with the main thread's event loop watched meanwhile
  const lag = monitorEventLoopDelay({ resolution: 5 })
  lag.enable()
  const t1 = performance.now()
  const there = await runDanger(sys.value, job, 10_000, 'bench', threads)
  const threaded = performance.now() - t1
  lag.disable()
  if (!there.ok) throw new Error(there.error.message)
  return {
    'danger.saga.4v8.fight.in-thread': { value: Number(perFightHere.toFixed(3)), unit: 'ms', target: 'reference' },
    'danger.saga.4v8.10k.threads': { value: Number((threaded / 1000).toFixed(2)), unit: 's', target: `≤ 3 s (${threads.count} threads)` },
    'danger.saga.4v8.10k.speedup': { value: Number(((perFightHere * 10_000) / threaded).toFixed(2)), unit: 'x', target: 'vs 10k in this thread' },
    'danger.main-thread.max-stall': { value: Number((lag.max / 1e6).toFixed(1)), unit: 'ms', target: '≤ 20 ms' },
    'danger.saga.4v8.party-wins': { value: Number(there.value.partyWinChance.toFixed(3)), unit: '', target: 'info' },
  }
}
