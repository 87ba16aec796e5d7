/** Small CLI helpers: output sinks, flag parsing with one-line errors. */
export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
}

export const stdio: CliIo = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
}

export interface CliCommand {
  name: string
  usage: string
  /** returns the exit code: 0 ok, 1 failure (bad input), 2 usage */
  run(argv: string[], io?: CliIo): Promise<number>
}

export interface ParsedArgs {
  positional: string[]
  values: Record<string, string>
  flags: Set<string>
}

/** `--name value`, `--name=value` for value flags; boolean flags; anything else is an error string. */
export function parseArgs(argv: string[], valueFlags: string[], boolFlags: string[]): ParsedArgs | string {
  const out: ParsedArgs = { positional: [], values: {}, flags: new Set() }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a.startsWith('--')) {
      const eq = a.indexOf('=')
      const name = eq > 0 ? a.slice(0, eq) : a
      if (boolFlags.includes(name) && eq < 0) {
        out.flags.add(name)
        continue
      }
      if (!valueFlags.includes(name)) return `unknown option ${name}`
      const v = eq > 0 ? a.slice(eq + 1) : argv[++i]
      if (v === undefined || v === '') return `${name} needs a value`
      out.values[name] = v
      continue
    }
    out.positional.push(a)
  }
  return out
}

/** Print an error as one line of JSON on stderr (code, message, field). */
export function printError(io: CliIo, error: { code: string; message: string; field?: string }): void {
  io.err(JSON.stringify({ error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } }))
}
