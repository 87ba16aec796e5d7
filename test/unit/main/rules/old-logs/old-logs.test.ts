/**
 * Issue 9 item 3, "old logs keep working": test/fixtures/old-logs/ holds session logs written before the event
 * shapes changed (the bundled sample sessions and the session fixtures as they were), and next to each the final
 * encounter state and log lines they replayed to then (`*.expected.json`, recorded before the change). Read
 * through the app's fold (and the upcast it calls), they must replay to exactly the same states and log lines.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadOldLog, type Loaded } from './load'

const DIR = resolve(import.meta.dirname, '../../../../fixtures/old-logs')
const logs = readdirSync(DIR).filter((f) => f.endsWith('.ndjson'))

describe('logs written before issue 9 still load', () => {
  it('the fixture folder holds old logs with encounters', () => {
    expect(logs.length).toBeGreaterThanOrEqual(4)
    // written before the upcast existed: no record carries a version
    for (const f of logs) expect(readFileSync(join(DIR, f), 'utf8')).not.toMatch(/"v":\d/)
  })

  for (const f of logs) {
    it(`${f}: replays to the same final encounter state and log as before the change`, () => {
      const expected = JSON.parse(readFileSync(join(DIR, f.replace(/\.ndjson$/, '.expected.json')), 'utf8')) as Record<string, Loaded>
      const loaded = loadOldLog(join(DIR, f))
      expect(Object.keys(loaded)).toEqual(Object.keys(expected))
      for (const id of Object.keys(expected)) {
        expect(loaded[id].state, `${id}: state`).toEqual(expected[id].state)
        expect(loaded[id].log, `${id}: log`).toEqual(expected[id].log)
      }
    })
  }
})
