/**
 * Lines of a session log with the right JSON shape but content the log itself contradicts (issue 10: "show it in
 * its place in the log like a damaged line, and open the rest"; issue 14's damaged corpus). One pass, in order:
 * - anything after the `session.ended` line (the app never writes there);
 * - an `encounter.started` / `encounter.resumed` of a rule system this app does not know;
 * - an event, undo, redo or display change of an encounter the log never started (or whose start is damaged);
 * - an event record whose seq the encounter already has (a record written twice);
 * - a core event naming a combatant the encounter never had;
 * - an undo or redo of a batch the encounter never wrote.
 * Each comes back with its line and why; the caller leaves those lines out and reports them in their place.
 */
import { asColumns, type SomeLines } from './session-records'
import { lowerBound } from '../../rules/kit/history'

/**
 * Numbers with a value each, in two packed arrays kept ascending: the logs the app writes add them in ascending
 * order (a push); one out of order is put in its place. Cheaper than a Map over a long log.
 */
class Ascending {
  private readonly keys: number[] = []
  private readonly values: number[] = []

  get(x: number): number | undefined {
    const i = lowerBound(this.keys, x)
    return this.keys[i] === x ? this.values[i] : undefined
  }

  has(x: number): boolean {
    const n = this.keys.length
    return (n > 0 && this.keys[n - 1] === x) || this.get(x) !== undefined
  }

  /** x → v (a key already there keeps its value) */
  add(x: number, v = 0): void {
    const n = this.keys.length
    if (n === 0 || this.keys[n - 1] < x) {
      this.keys.push(x)
      this.values.push(v)
      return
    }
    if (this.keys[n - 1] === x) return
    const i = lowerBound(this.keys, x)
    if (this.keys[i] === x) return
    this.keys.splice(i, 0, x)
    this.values.splice(i, 0, v)
  }
}

interface Known {
  /** seq → the line of its event */
  seqs: Ascending
  batches: Ascending
  combatants: Set<string>
}

function take(k: Known, r: { seq: number; batch: number; event: { type: string; combatant?: unknown } }, line: number): void {
  k.seqs.add(r.seq, line)
  k.batches.add(r.batch)
  if (r.event.type === 'core.combatantAdded') {
    const c = r.event.combatant as { id?: unknown } | null | undefined
    if (c && typeof c.id === 'string') k.combatants.add(c.id)
  }
}

export function misfitLines(some: SomeLines, knownSystem: (id: string) => boolean): Array<{ line: number; message: string }> {
  const out: Array<{ line: number; message: string }> = []
  const encounters = new Map<string, Known>()
  let endedAt: number | null = null
  const { records, lines } = asColumns(some)
  for (let i = 0; i < records.length; i++) {
    const r = records[i]
    const line = lines[i]
    if (endedAt !== null) {
      out.push({ line, message: `written after the session.ended line (line ${endedAt}): nothing is ever written there` })
      continue
    }
    if (r.kind === 'session.ended') {
      endedAt = line
      continue
    }
    if (r.kind === 'encounter.started' || r.kind === 'encounter.resumed') {
      if (!knownSystem(r.systemId)) {
        out.push({ line, message: `encounter "${r.name}" is of the rule system "${r.systemId}", which this app does not know` })
        continue
      }
      const k: Known = { seqs: new Ascending(), batches: new Ascending(), combatants: new Set() }
      if (r.kind === 'encounter.resumed') for (const x of r.records) take(k, x as Parameters<typeof take>[1], line)
      encounters.set(r.encounterId, k)
      continue
    }
    if (!('encounterId' in r) || r.kind === 'encounter.command') continue
    const k = encounters.get(r.encounterId)
    if (!k) {
      out.push({ line, message: `a line of encounter "${r.encounterId}", which this log never started` })
      continue
    }
    if (r.kind === 'encounter.event') {
      const rec = r.record
      const first = k.seqs.get(rec.seq)
      if (first !== undefined) {
        out.push({ line, message: `event seq ${rec.seq} of this encounter is written twice (first on line ${first})` })
        continue
      }
      const named = (rec.event as { combatantId?: unknown }).combatantId
      if (rec.event.type.startsWith('core.') && rec.event.type !== 'core.combatantAdded' && typeof named === 'string' && !k.combatants.has(named)) {
        out.push({ line, message: `event ${rec.event.type} names combatant "${named}", whom the encounter never had` })
        continue
      }
      take(k, rec as Parameters<typeof take>[1], line)
      continue
    }
    if ((r.kind === 'encounter.undo' || r.kind === 'encounter.redo') && !k.batches.has(r.batch)) {
      out.push({ line, message: `${r.kind === 'encounter.undo' ? 'undo' : 'redo'} of batch ${r.batch}, which the encounter never wrote` })
    }
  }
  return out
}
