/**
 * `npx tsx --tsconfig tsconfig.node.json scripts/gen-schema.ts [--check]`: writes docs/schema/*.schema.json from
 * the zod schemas (z.toJSONSchema), so the documented formats are the ones the engine validates.
 * --check: exit 1 when a committed schema is out of date.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { coreCommandSchemas } from '../src-main/rules/kit/commands'
import { sagaCommandSchemas } from '../src-main/rules/systems/saga/commands'
import { sagaStatBlockSchema } from '../src-main/rules/systems/saga/schema'
import { oddsInputSchema, scenarioSchema } from '../src-main/cli/scenario'

const root = join(import.meta.dirname, '..')
const dir = join(root, 'docs/schema')
const opts = { io: 'input', unrepresentable: 'any' } as const

function schemaOf(title: string, s: z.ZodType, description?: string): Record<string, unknown> {
  return { title, ...(description ? { description } : {}), ...z.toJSONSchema(s, opts) }
}

const commands = (group: Record<string, z.ZodType>) => Object.fromEntries(Object.entries(group).map(([k, s]) => [k, z.toJSONSchema(s, opts)]))

const files: Record<string, Record<string, unknown>> = {
  'scenario.schema.json': schemaOf('GM Console scenario', scenarioSchema, 'Input of `gmc resolve --in`: a system, combatants (stat blocks) and commands.'),
  'odds-input.schema.json': schemaOf('GM Console odds input', oddsInputSchema, 'Input of `gmc odds --in`: a scenario plus the attack command to evaluate.'),
  'saga-stat-block.schema.json': schemaOf('Saga Edition stat block', sagaStatBlockSchema),
  'commands.schema.json': {
    title: 'GM Console engine commands',
    description: 'The command objects sent over IPC, in scenarios and by the CLI. Core commands work in every system; saga commands in Saga Edition encounters.',
    core: commands(coreCommandSchemas),
    saga: commands(sagaCommandSchemas),
  },
}

const check = process.argv.includes('--check')
mkdirSync(dir, { recursive: true })
let stale = 0
for (const [name, schema] of Object.entries(files)) {
  const text = `${JSON.stringify(schema, null, 2)}\n`
  const path = join(dir, name)
  if (check) {
    let old = ''
    try {
      old = readFileSync(path, 'utf8')
    } catch {
      /* missing */
    }
    if (old !== text) {
      console.error(`stale: docs/schema/${name}`)
      stale++
    }
  } else {
    writeFileSync(path, text)
    console.log(`wrote docs/schema/${name}`)
  }
}
if (stale) process.exit(1)
