/**
 * A copy of a campaign (duplicate, import) must not share its live encounters' ids with the original: the
 * encounter service keys live encounters by id across campaigns, so after a restart an encounter would go to
 * whichever campaign opened first. A copy's session records get fresh encounter ids, the same fresh id for the
 * same old one across all of the copy's logs: the `encounterId` of every record, and the id in the engine's
 * `core.encounterCreated` event. Nothing else in a record changes.
 */
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomic-write'

type Rec = Record<string, unknown>
const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)

/** old encounter id → fresh one, for one copy */
export function freshEncounterIds(newId: () => string = randomUUID): (record: Rec) => Rec {
  const ids = new Map<string, string>()
  const fresh = (id: string): string => {
    let next = ids.get(id)
    if (next === undefined) ids.set(id, (next = newId()))
    return next
  }
  return (record) => {
    if (typeof record.encounterId !== 'string') return record
    const out: Rec = { ...record, encounterId: fresh(record.encounterId) }
    const inner = record.record
    const event = isObject(inner) ? inner.event : undefined
    if (record.kind === 'encounter.event' && isObject(inner) && isObject(event) && event.type === 'core.encounterCreated' && isObject(event.params) && typeof event.params.id === 'string') {
      out.record = { ...inner, event: { ...event, params: { ...event.params, id: fresh(event.params.id) } } }
    }
    return out
  }
}

/** rewrite the session logs in a copy's `sessions/` folder with fresh encounter ids (damaged lines stay as they are) */
export async function refreshLogsInFolder(sessionsDir: string, rekey: (record: Rec) => Rec): Promise<void> {
  const names = await readdir(sessionsDir).catch(() => [] as string[])
  for (const name of names.filter((n) => n.endsWith('.ndjson') && !n.startsWith('.'))) {
    const path = join(sessionsDir, name)
    const lines = (await readFile(path, 'utf8')).split('\n')
    const out = lines.map((line, i) => {
      if (i === 0 || line.trim() === '') return line
      try {
        const value: unknown = JSON.parse(line)
        return isObject(value) ? JSON.stringify(rekey(value)) : line
      } catch {
        return line
      }
    })
    await writeFileAtomic(path, out.join('\n'))
  }
}
