#!/usr/bin/env node
// `npm run serve -- [--port N] [--data-dir DIR] [--host [ADDR]]`: browser mode (see src-main/server/serve.ts).
// Builds the renderer first when out/renderer is missing.
import { pathToFileURL } from 'node:url'
import { build, importServer, isBuilt, root } from './lib.mjs'

export async function runServe(argv) {
  if (!argv.includes('--help') && !argv.includes('-h') && !isBuilt()) {
    console.error('gm-console: no build yet, building…')
    build()
  }
  const { serve, UsageError } = await importServer()
  let running
  try {
    running = await serve(argv, { root })
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`gm-console serve: ${e.message}`)
      process.exit(2)
    }
    throw e
  }
  if (!running) return
  const stop = async () => {
    await running.stop()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runServe(process.argv.slice(2))
