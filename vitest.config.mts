import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const root = import.meta.dirname
// correctness tests, not timings (those are in `npm run bench`): a busy 2-core machine must not fail them
const testTimeout = 30_000
const alias = { '@shared': resolve(root, 'src-shared'), '@renderer': resolve(root, 'src-renderer') }
/**
 * The reliability harnesses (docs/dev/harnesses.md: the damaged-input corpus, the fuzz, the redaction property, the
 * memory run): long runs over the real core and store, in their own project `heavy` (issue 28). `vitest run` (and so
 * `npm test`) runs every project; `vitest run --project node` leaves them out, `--project heavy` runs only them.
 */
export const HEAVY = [
  'test/unit/main/damaged/**/*.test.ts',
  'test/unit/main/fuzz/**/*.test.ts',
  'test/unit/main/memory/**/*.test.ts',
  'test/unit/main/redaction/player-safe-property.test.ts',
]

export default defineConfig({
  test: {
    // a worker per core (vitest's default leaves one core to itself: on 2 cores, one worker). The files wait on imports,
    // files and child processes much of their time: on the 2-core CI machine 2 workers took the dom project from 543 s
    // to 212 s (wall, a busy machine; the same CPU time). `--maxWorkers=n` overrides (issue 27)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          testTimeout,
          include: ['test/unit/main/**/*.test.ts', 'test/unit/shared/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...HEAVY],
        },
      },
      {
        resolve: { alias },
        test: { name: 'heavy', environment: 'node', testTimeout, include: HEAVY },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'dom', environment: 'happy-dom', testTimeout, include: ['test/unit/renderer/**/*.test.ts'] },
      },
    ],
  },
})
