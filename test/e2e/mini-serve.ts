/**
 * A test-only entry of browser mode that also knows the fixture system `mini` (test/fixtures/systems/mini): the
 * same `serve()` as `npm run serve`, with one line before it: `registerSystem(miniSystem)` (a `SystemId` is a
 * string the registry checks when it is parsed, issue 28). No generic source file changes.
 * Run by test/e2e/mini-system.e2e.test.ts:
 * `node node_modules/tsx/dist/cli.mjs --tsconfig tsconfig.node.json test/e2e/mini-serve.ts --port 0 --data-dir DIR`.
 */
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

async function main(): Promise<void> {
  const { registerSystem } = await import('../../src-main/rules/index')
  const { miniSystem } = await import('../fixtures/systems/mini')
  registerSystem(miniSystem)
  const { serve } = await import('../../src-main/server/serve')
  const running = await serve(process.argv.slice(2), { root })
  if (!running) return
  const stop = async () => {
    await running.stop()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
