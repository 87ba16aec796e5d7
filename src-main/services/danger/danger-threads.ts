/**
 * Where the danger check's worker threads come from. Built, the worker is its own bundle, out/main/danger-worker.js
 * (electron.vite.config.ts), and the entry points hand its path in (`dangerWorkerFrom`): the code of this module may
 * sit in a chunk of another folder, where a path of its own (`__dirname`) would miss it. (It did: the built app ran
 * every check in its main thread, the pool's fallback.) From the TypeScript sources (browser mode through tsx, the
 * tests) the worker is loaded through tsx's require hook, with the project's tsconfig for the @shared alias.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { lowerHelperThreads, lowerThread, threadIds } from './thread-priority'

/** Start one thread of the danger check's pool (it then takes jobs as messages: danger-worker.ts). */
export type SpawnDangerWorker = () => Worker

/**
 * Each thread is lowered to nice 10 as it is started (Linux: the thread the Worker adds to the process), before it
 * loads anything: compiling and setting up the worker and the rules takes each thread about 150 ms of CPU, which at
 * normal priority would compete with the main thread (the app's event loop) for the two cores of a small laptop
 * just as the GM starts a check (thread-priority.ts). The first thread also sets V8's inlining budget (below).
 */
export const lowered = (start: () => Worker): SpawnDangerWorker => () => {
  compileBudget()
  const before = threadIds()
  const w = start()
  for (const tid of threadIds()) if (!before.has(tid)) lowerThread(tid)
  // and, in Node, the helper threads that compile and collect for it (thread-priority.ts)
  lowerHelperThreads()
  return w
}

/**
 * V8's budget for inlining into one optimized function, set lower for the process before the first thread starts
 * (V8_INLINE_BUDGET bytecodes; V8's default is 920). A thread's first check is slow because V8 compiles the fight's
 * code while it runs: with the default, TurboFan spent about 1.4 s of CPU per thread on the first 6,000 fights of the
 * bench's check (`--trace-opt`), on the same two cores as the fights. With 300 it spent 0.8 s, and the compiled
 * fights ran as fast (55–60 ms per 200 fights either way). V8 has one set of flags per process, so the main thread
 * compiles with the same budget from then on; it has no loop as hot as a fight's.
 */
export const V8_INLINE_BUDGET = 300
let budgetSet = false
function compileBudget(): void {
  if (budgetSet) return
  budgetSet = true
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${V8_INLINE_BUDGET}`)
}

/**
 * Threads of the built worker `file` when there is one, else of the TypeScript sources. The built worker is plain
 * JavaScript: it starts without this process's module loaders (`--require`, `--import`, `--loader`), which a
 * Worker otherwise inherits. In a process run by the tsx command (the bench, `npm run gmc`, scripts), each thread
 * loaded tsx's hooks again before the worker: about 0.5 s of CPU per thread, on the cores the check's fights need.
 */
export const dangerWorkerFrom = (file?: string): SpawnDangerWorker => lowered(() => (file && existsSync(file) ? builtWorker(file) : fromSources()))

function builtWorker(file: string): Worker {
  const argv = withoutLoaders(process.execArgv)
  if (argv.length === process.execArgv.length) return new Worker(file)
  try {
    return new Worker(file, { execArgv: argv })
  } catch (e) {
    // a flag a thread may inherit but not be given (V8's, e.g. --max-old-space-size): as before, loaders and all
    if ((e as { code?: string }).code === 'ERR_WORKER_INVALID_EXEC_ARGV') return new Worker(file)
    throw e
  }
}

const LOADER_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader'])

/** `argv` without module-loader flags and their values (`--import x`, `--import=x`); the V8 and memory flags stay */
export function withoutLoaders(argv: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (LOADER_FLAGS.has(a)) i++
    else if (!LOADER_FLAGS.has(a.split('=')[0])) out.push(a)
  }
  return out
}

/** Threads of the TypeScript sources (tests, and browser mode run through tsx). */
export const spawnDangerWorker: SpawnDangerWorker = dangerWorkerFrom()

/** the project's tsconfig the source threads' tsx reads (its paths: @shared): src-main/services/danger/ is three deep */
// (an ES module bundle, the e2e tests' serve, has no __dirname and never starts threads from the sources)
export const SOURCES_TSCONFIG = typeof __dirname === 'string' ? join(__dirname, '..', '..', '..', 'tsconfig.node.json') : ''

function fromSources(): Worker {
  const source = join(__dirname, 'danger-worker.ts')
  const boot = `process.env.TSX_TSCONFIG_PATH ||= ${JSON.stringify(SOURCES_TSCONFIG)}; require('tsx/cjs'); require(${JSON.stringify(source)})`
  return new Worker(boot, { eval: true })
}

/** one thread per core, at most 4 (the check is CPU-bound; more threads than cores only add start-up cost) */
export const defaultDangerThreads = (): number => Math.max(1, Math.min(4, availableParallelism()))
