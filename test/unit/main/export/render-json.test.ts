import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import { parseSessionExport } from '../../../../src-main/export/render-json'
import { createReplayService } from '../../../../src-main/services/sessions/replay-service'
import { FIXTURES, hangarSession } from './fixture'

describe('JSON export is complete, versioned and re-importable', () => {
  const session = hangarSession()

  it('carries every record of the log (commands, undo) and reads back to the same log', async () => {
    const r = await renderSession(session, { format: 'json', lang: 'en', playerSafe: false })
    if (!r.ok) throw new Error(r.error.message)
    const back = parseSessionExport(r.value.data as string)
    if (!back.ok) throw new Error(back.error.message)
    const original = readFileSync(resolve(FIXTURES, 'saga-hangar.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect([back.value.header, ...back.value.records]).toEqual(original)
    // the ndjson it gives back parses to the same normalized session
    expect(normalizeSession(parseSessionLog(back.value.ndjson)).entries.map((e) => e.raw)).toEqual(session.entries.map((e) => e.raw))
    // the commands and the undo record are there too: replay needs them
    expect(back.value.records.filter((x) => x.kind === 'encounter.command')).toHaveLength(35)
    expect(back.value.records.filter((x) => x.kind === 'encounter.undo')).toEqual([{ kind: 'encounter.undo', at: '2026-11-15T18:06:20.000Z', encounterId: 'kessa-3', batch: 8 }])
  })

  it('refuses a player-safe export, a newer version and non-JSON, naming the field', async () => {
    const safe = await renderSession(session, { format: 'json', lang: 'en', playerSafe: true })
    if (!safe.ok) throw new Error('render failed')
    const a = parseSessionExport(safe.value.data as string)
    expect(a.ok ? null : a.error.field).toBe('replayable')
    const gm = await renderSession(session, { format: 'json', lang: 'en', playerSafe: false })
    if (!gm.ok) throw new Error('render failed')
    const newer = { ...JSON.parse(gm.value.data as string), version: 99 }
    const b = parseSessionExport(JSON.stringify(newer))
    expect(b.ok ? null : b.error.code).toBe('newer-version')
    const c = parseSessionExport('{not json')
    expect(c.ok ? null : c.error).toEqual({ code: 'invalid', message: 'the file is not JSON', field: 'text' })
    const d = parseSessionExport('{"format":"gm-console/session-export","version":1,"replayable":true,"logSchemaVersion":1,"header":null,"records":"x"}')
    expect(d.ok ? null : d.error.field).toBe('records')
  })
})

describe('the GM JSON export replays in the session service (session:replayOpen / replayStep)', () => {
  it('opens the exported hangar session and steps its encounter to the end, never re-rolling', async () => {
    const r = await renderSession(hangarSession(), { format: 'json', lang: 'en', playerSafe: false })
    if (!r.ok) throw new Error(r.error.message)
    let n = 0
    const replay = createReplayService({ newId: () => `h-${++n}` })
    const opened = replay.open(r.value.data as string)
    if (!opened.ok) throw new Error(opened.error.message)
    expect(opened.value.encounters.map((e) => e.name)).toEqual(['Ambush in the hangar'])
    const last = opened.value.encounters[0].batches
    const view = replay.step(opened.value.handle, undefined, last)
    if (!view.ok) throw new Error(view.error.message)
    // the replayed state matches the summary: four troopers down, Tira and Dax standing
    const hp = Object.fromEntries(view.value.encounter.combatants.map((c) => [c.name, (c.state as { hp?: number }).hp]))
    expect(hp['Outpost Trooper 1']).toBe(0)
    expect(hp['Tira Vos']).toBe(30 - 26)
    expect(hp['Dax Orrin']).toBe(42 - 14)
  })
})
