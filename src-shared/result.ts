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
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const err = (code: ErrorCode, message: string, field?: string, details?: Record<string, unknown>): { ok: false; error: AppError } => ({
  ok: false,
  error: field === undefined && details === undefined ? { code, message } : { code, message, ...(field !== undefined ? { field } : {}), ...(details ? { details } : {}) },
})
