/**
 * Where the danger check's worker threads come from. Built (electron-vite: out/main/danger-worker.js beside the
 * main bundle) the worker is plain JavaScript; from the TypeScript sources (browser mode through tsx, the tests) it
 * is loaded through tsx's require hook, with the project's tsconfig for the @shared alias.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

/** Start one thread of the danger check's pool (it then takes jobs as messages: danger-worker.ts). */
export type SpawnDangerWorker = () => Worker

export const spawnDangerWorker: SpawnDangerWorker = () => {
  const built = join(__dirname, 'danger-worker.js')
  if (existsSync(built)) return new Worker(built)
  const source = join(__dirname, 'danger-worker.ts')
  const tsconfig = join(__dirname, '..', '..', 'tsconfig.node.json')
  const boot = `process.env.TSX_TSCONFIG_PATH ||= ${JSON.stringify(tsconfig)}; require('tsx/cjs'); require(${JSON.stringify(source)})`
  return new Worker(boot, { eval: true })
}

/** one thread per core, at most 4 (the check is CPU-bound; more threads than cores only add start-up cost) */
export const defaultDangerThreads = (): number => Math.max(1, Math.min(4, availableParallelism()))
