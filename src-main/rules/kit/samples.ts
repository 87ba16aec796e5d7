/**
 * A rule system's samples (src-main/rules/systems/<id>/samples/): the sample campaign that scripts/make-samples.ts
 * writes (the party, the library, the encounters of resources/campaigns/sample-<id>/campaign.json), and the sample
 * session that scripts/make-sample-session.ts plays through the real services (sessions/session-2.ndjson and its
 * sessions index entry). Each system's `samples/index.ts` exports `samples: SystemSamples`; the scripts find it by
 * the system's id and name no system.
 *
 * A session talks to the app only through `SamplePlay`, the few service calls it makes (the script hands it the real
 * play services, which have these and more), so the rules import no service.
 */
import type { EncounterState } from '@shared/domain/encounter'
import type { EncounterPlan, StatBlockKind } from '@shared/domain/campaign'
import type { GmEncounterView } from '@shared/views/encounter-views'

export interface SampleStatBlock {
  id: string
  name: string
  kind: StatBlockKind
  tags: string[]
  /** the rule system's stat block (validated by its statBlockSchema) */
  data: Record<string, unknown>
}

export interface SampleContent {
  /** folder under resources/campaigns */
  campaign: string
  party: string[]
  library: SampleStatBlock[]
  encounters: Array<Omit<EncounterPlan, 'updatedAt'>>
}

/** the fixed time written into every sample record (the samples never change at run time) */
export const SAMPLE_TIME = '2026-11-01T12:00:00.000Z'

// ------------------------------------------------------------------------------------------- the sample session

/** a service answer, as the sample sessions read it */
export type SampleAnswer<T> = { ok: true; value: T } | { ok: false; error: { message: string; field?: string; code?: string } }

/** the value of a service answer, or a thrown error naming the step and the field */
export async function must<T>(what: string, p: Promise<SampleAnswer<T>> | SampleAnswer<T>): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(`${what}: ${r.error.message}${r.error.field ? ` (${r.error.field})` : ''}`)
  return r.value
}

/** what a sample session's line in the log names: its campaign and session */
interface InSession {
  campaignId: string
  sessionId: string
}

/** the service calls a sample session makes (the real play services satisfy it: scripts/make-sample-session.ts) */
export interface SamplePlay {
  sessions: {
    note(req: InSession & { text: string; gmOnly?: boolean }): Promise<SampleAnswer<unknown>>
    roll(req: InSession & { notation: string; hidden?: boolean; label?: string }): Promise<SampleAnswer<unknown>>
    rest(req: InSession & { who: string; kind: 'short' | 'long' | 'healing' | 'other'; amount?: number; text?: string }): Promise<SampleAnswer<unknown>>
    pool(req: InSession & { pool: string; delta: number; reason?: string }): Promise<SampleAnswer<unknown>>
  }
  encounters: {
    launch(campaignId: string, planId: string): Promise<SampleAnswer<GmEncounterView>>
    command(encounterId: string, command: Record<string, unknown>): Promise<SampleAnswer<GmEncounterView>>
    undo(encounterId: string): Promise<SampleAnswer<GmEncounterView>>
  }
}

/** what the script hands a sample session's play function */
export interface PlayContext {
  play: SamplePlay
  campaignId: string
  sessionId: string
  /** advance the fixed clock */
  later(seconds: number): void
}

/** a played sample session: the script starts it, calls `play`, ends it an hour later and writes its log */
export interface SampleSession {
  /** folder under resources/campaigns */
  campaign: string
  /** prefix of the fixed ids and seeds */
  prefix: string
  title: string
  /** the session's date: its fixed clock starts at 18:00 UTC that day */
  date: string
  notes: string
  /** stat blocks that fill a library entry of the campaign only where it is a placeholder (no data) */
  statBlocks?: SampleStatBlock[]
  play(ctx: PlayContext): Promise<void>
}

/** what a system's samples/index.ts exports as `samples` */
export interface SystemSamples {
  campaign: SampleContent
  session?: SampleSession
}

/**
 * The fixed clock of the generated sessions: set to 18:00 UTC of a session's date, 20 seconds on for every service
 * call that asks the time (`step`), `later` for a pause of the table. Arithmetic on a number: no wall clock.
 */
export function sampleClock(): { now(): string; step(): string; startAt(date: string): void; later(seconds: number): void } {
  let t = 0
  const now = () => new Date(t).toISOString()
  return {
    now,
    step: () => ((t += 20_000), now()),
    startAt: (date) => void (t = Date.parse(`${date}T18:00:00.000Z`)),
    later: (seconds) => void (t += seconds * 1000),
  }
}

/** a live encounter driven through the encounter service, as the console would */
export function encounterDriver(ctx: PlayContext, first: GmEncounterView) {
  let view = first
  const eid = first.encounter.id
  const st = (): EncounterState => view.encounter
  return {
    st,
    view: () => view,
    async cmd(c: Record<string, unknown>): Promise<GmEncounterView> {
      view = await must(`command ${String(c.type)}`, ctx.play.encounters.command(eid, c))
      return view
    },
    /** a command the rules may refuse (out of turn, out of range): then it is skipped, as a GM would */
    async tryCmd(c: Record<string, unknown>): Promise<boolean> {
      const r = await ctx.play.encounters.command(eid, c)
      if (r.ok) view = r.value
      return r.ok
    },
    async undo(): Promise<void> {
      view = await must('undo', ctx.play.encounters.undo(eid))
    },
    current: () => st().combatants.find((c) => c.id === st().turn.order[st().turn.index]),
  }
}
