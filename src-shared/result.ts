/** The result of every IPC call and every engine decision: values, never thrown errors. */
export type ErrorCode =
  | 'invalid' // a payload or file of the wrong shape (field names the path)
  | 'rule' // a command that breaks a rule of the system (the GM may override)
  | 'not-found'
  | 'forbidden' // wrong window role, bad token
  | 'unknown-channel'
  | 'conflict'
  | 'damaged' // a damaged file on disk (left untouched)
  | 'newer-version' // a file written by a newer GM Console
  | 'io'
  | 'internal'

export interface AppError {
  code: ErrorCode
  message: string
  /** dotted path of the offending field, e.g. `combatants.2.hp` */
  field?: string
  /** extra machine-readable detail, e.g. the newest backup of a damaged file */
  details?: Record<string, unknown>
  /** the rule's source (a seed line `002:108`, a RULES-DEFAULTS id `J7`), kept out of the sentence (issue 27): a
   *  screen shows it behind a "why?" toggle */
  cite?: string
}

/** a rule source: a seed line or range (`000:739`, `000:1339-1413`), a RULES-DEFAULTS id (`J7`, `S16`), a doc */
const CITE = /^(?:\d{3}:\d+(?:[-–]\d+)?(?:\/\d+)?|[A-Z]\d{1,2}|RULES-DEFAULTS(?: [A-Z]\d{1,2})?|docs\/[\w./-]+|seed \d{3})$/

/**
 * A message with its rule sources taken out of the sentence: "X cannot act (blacked out, defeated or dispatched,
 * 002:176)" → "X cannot act (blacked out, defeated or dispatched)" and "002:176". Only parts of a parenthesis that
 * are sources go; the words stay.
 */
export function splitCitation(message: string): { message: string; cite?: string } {
  const cites: string[] = []
  const out = message.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
    const parts = inner.split(/[,;]\s*/).map((p) => p.trim())
    const found: string[] = []
    const words: string[] = []
    for (const p of parts) {
      const bare = p.replace(/^see /, '')
      // "PCs 002:92": the words stay, the source goes
      const tail = /^(.*\S)\s+(\d{3}:\d+(?:[-–]\d+)?)$/.exec(bare)
      if (CITE.test(bare)) found.push(bare)
      else if (tail) {
        found.push(tail[2])
        words.push(tail[1])
      } else words.push(p)
    }
    if (!found.length) return whole
    cites.push(...found)
    return words.length ? ` (${words.join(', ')})` : ''
  })
  return cites.length ? { message: out.trim(), cite: cites.join(', ') } : { message }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const err = (code: ErrorCode, message: string, field?: string, details?: Record<string, unknown>): { ok: false; error: AppError } => {
  // a rule's source is not part of the sentence a GM reads (issue 27): it travels beside it
  const said = message.includes('(') ? splitCitation(message) : { message }
  const base: AppError = field === undefined && details === undefined ? { code, message: said.message } : { code, message: said.message, ...(field !== undefined ? { field } : {}), ...(details ? { details } : {}) }
  return { ok: false, error: said.cite ? { ...base, cite: said.cite } : base }
}
