import { describe, expect, it } from 'vitest'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import { outpostSession } from './fixture'

describe('parseSessionLog', () => {
  it('reads the header and one record per line', () => {
    const p = parseSessionLog('{"schemaVersion":1,"kind":"header"}\n{"kind":"note","text":"a"}\n{"kind":"note","text":"b"}\n')
    expect(p.schemaVersion).toBe(1)
    expect(p.lines.map((l) => [l.line, l.record.text])).toEqual([[2, 'a'], [3, 'b']])
    expect(p.damaged).toEqual([])
  })

  it('reports a damaged line with its line number and still loads the rest', () => {
    const p = parseSessionLog('{"schemaVersion":1}\n{"kind":"note","text":"a"}\n{"kind":"no\n[1,2]\n{"kind":"note","text":"d"}')
    expect(p.damaged).toEqual([
      { line: 3, message: 'not valid JSON' },
      { line: 4, message: 'not a JSON object' },
    ])
    expect(p.lines.map((l) => l.line)).toEqual([2, 5])
  })

  it('does not quote the damaged text (it may be a GM-only note)', () => {
    const p = parseSessionLog('{"schemaVersion":1}\n{"kind":"note","gmOnly":true,"text":"SECRET-XYZ')
    expect(JSON.stringify(p.damaged)).not.toContain('SECRET-XYZ')
  })

  it('reports a missing header as line 1', () => {
    const p = parseSessionLog('{"kind":"note","text":"a"}\n')
    expect(p.damaged).toEqual([{ line: 1, message: 'no header line with schemaVersion' }])
    expect(p.lines).toHaveLength(1)
  })

  it('a truncated line in the fixture session (line 11) is reported and the other 54 records load', () => {
    const s = outpostSession('saga-outpost-damaged.ndjson')
    expect(s.damaged).toEqual([{ line: 11, message: 'not valid JSON' }])
    expect(s.records).toHaveLength(54)
    expect(s.entries.map((e) => e.line)).not.toContain(11)
    expect(s.entries.map((e) => e.line)).toContain(12)
    expect(s.entries.at(-1)?.key).toBe('export.entry.sessionEnded')
  })
})
