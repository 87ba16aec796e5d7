import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const root = import.meta.dirname
// correctness tests, not timings (those are in `npm run bench`): a busy 2-core machine must not fail them
const testTimeout = 30_000
const alias = { '@shared': resolve(root, 'src-shared'), '@renderer': resolve(root, 'src-renderer') }

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'node', environment: 'node', testTimeout, include: ['test/unit/main/**/*.test.ts', 'test/unit/shared/**/*.test.ts'] },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'dom', environment: 'happy-dom', testTimeout, include: ['test/unit/renderer/**/*.test.ts'] },
      },
    ],
  },
})
