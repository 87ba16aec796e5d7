/** What the played sample sessions share (scripts/make-sample-session.ts and the sessions in scripts/samples/). */
import type { PlayServices } from '../../src-main/services/play-services'

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string; field?: string; code?: string } }

/** the value of a service call, or a thrown error naming what failed and its field */
export async function must<T>(what: string, p: Promise<R<T>> | R<T>): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(`${what}: ${r.error.message}${r.error.field ? ` (${r.error.field})` : ''}`)
  return r.value
}

/** what make-sample-session.ts hands a sample's play function */
export interface PlayContext {
  play: PlayServices
  campaignId: string
  sessionId: string
  /** advance the fixed clock */
  later(seconds: number): void
}
