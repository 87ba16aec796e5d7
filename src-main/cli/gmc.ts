/**
 * `gmc <command> [args]` — the GM Console scripting CLI (`npm run gmc -- …`, or the `gmc` bin).
 * Commands are a table: add one with a single line below.
 */
import { exportCommand } from './export-command'
import { importCommand } from './import-command'
import { stdio, type CliCommand, type CliIo } from './io'
import { oddsCommand, resolveCommand } from './resolve-command'
import { rollCommand } from './roll-command'

export const commands: CliCommand[] = [
  rollCommand,
  resolveCommand,
  oddsCommand,
  exportCommand,
  importCommand,
]

export async function main(argv: string[], io: CliIo = stdio): Promise<number> {
  const [name, ...rest] = argv
  const help = () => io.out(['usage: gmc <command> [options]', '', ...commands.map((c) => `  ${c.usage}`)].join('\n'))
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    help()
    return name ? 0 : 2
  }
  const cmd = commands.find((c) => c.name === name)
  if (!cmd) {
    io.err(`gmc: unknown command "${name}"`)
    help()
    return 2
  }
  try {
    return await cmd.run(rest, io)
  } catch (e) {
    io.err(JSON.stringify({ error: { code: 'internal', message: (e as Error).message } }))
    return 1
  }
}

const entry = process.argv[1] ?? ''
if (/gmc\.(ts|js|mjs|cjs)$/.test(entry)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
