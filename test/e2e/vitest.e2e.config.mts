// End-to-end tests: the built app in browser mode, driven in Debian Chromium (run through scripts/e2e.mjs).
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const root = resolve(import.meta.dirname, '..', '..')

export default defineConfig({
  root,
  resolve: { alias: { '@shared': resolve(root, 'src-shared') } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
