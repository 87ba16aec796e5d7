import { appendFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseSessionLog, readSessionLog, SessionLog } from '../../../../src-main/campaign/session-log'
import { ok, sha256, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

const header = { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's1', createdAt: '2026-11-29T10:00:00.000Z' }

describe('session log (ndjson)', () => {
  it('writes a header line, then one line per appended record, in order', async () => {
    const path = join(dir, 's1.ndjson')
    const log = ok(await SessionLog.create(path, header))
    await Promise.all([1, 2, 3].map((seq) => log.append({ seq, at: '2026-11-29T10:00:01.000Z', event: { type: 'core.note', text: `n${seq}` } })))
    await log.close()
    const lines = (await readFile(path, 'utf8')).split('\n')
    expect(lines).toHaveLength(5) // header, 3 events, trailing newline
    expect(JSON.parse(lines[0])).toEqual(header)
    const content = ok(await readSessionLog(path))
    expect(content.records.map((r) => r.seq)).toEqual([1, 2, 3])
    expect(content.damaged).toEqual([])
  })

  for (const sync of ['background', 'each', false] as const) {
    it(`durability ${String(sync)}: many quick appends all land, in order, and flush/close wait for the sync`, async () => {
      const path = join(dir, `s-${String(sync)}.ndjson`)
      const log = ok(await SessionLog.create(path, header, { sync }))
      const results = await Promise.all(Array.from({ length: 200 }, (_, seq) => log.append({ seq })))
      expect(results.every((r) => r.ok)).toBe(true)
      await log.flush()
      expect(ok(await readSessionLog(path)).records.map((r) => r.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i))
      ok(await log.append({ seq: 200 }))
      await log.close() // closing right after an append must not sync a closed file
      const after = await log.append({ seq: 201 })
      expect(!after.ok && after.error.code).toBe('io')
      expect(ok(await readSessionLog(path)).records).toHaveLength(201)
    })
  }

  it('refuses to create over an existing log, and to open a missing one', async () => {
    const path = join(dir, 's1.ndjson')
    await ok(await SessionLog.create(path, header)).close()
    const again = await SessionLog.create(path, header)
    expect(!again.ok && again.error.code).toBe('conflict')
    const missing = await SessionLog.open(join(dir, 'nope.ndjson'))
    expect(!missing.ok && missing.error.code).toBe('not-found')
  })

  it('readAll reports a damaged line with its line number and still returns the rest', async () => {
    const text = [JSON.stringify(header), '{"seq":1}', '{"seq":2, oops', '[1,2]', '{"seq":3}', ''].join('\n')
    const content = ok(parseSessionLog(text, '/x/s1.ndjson'))
    expect(content.records).toEqual([{ seq: 1 }, { seq: 3 }])
    expect(content.lines).toEqual([2, 5])
    expect(content.damaged.map((d) => d.line)).toEqual([3, 4])
    expect(content.damaged[0].message).toMatch(/not valid JSON/)
    expect(content.damaged[1].message).toBe('not a JSON object')
  })

  it('a damaged line is described by where it breaks, never by its content (issue 10)', async () => {
    const path = join(dir, 'log.ndjson')
    await writeFile(path, `${JSON.stringify(header)}\n{"seq":1}\nroot:x:0:0:hunter2-SECRET\n{"seq":2, "SECRET"}\n`)
    const content = ok(await readSessionLog(path))
    expect(content.records).toEqual([{ seq: 1 }])
    expect(content.damaged.map((d) => d.line)).toEqual([3, 4])
    expect(JSON.stringify(content.damaged)).not.toMatch(/root|hunter2|SECRET/)
    await writeFile(path, 'root:x:0:0:hunter2-SECRET\n')
    const bad = await readSessionLog(path)
    expect(!bad.ok && bad.error.message).toMatch(/line 1 \(header\) is not valid JSON/)
    expect(JSON.stringify(bad)).not.toMatch(/root|hunter2|SECRET/)
  })

  it('a line nested deeper than the limit is a damaged line, the rest is read (issue 10)', async () => {
    const path = join(dir, 'log.ndjson')
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`
    await writeFile(path, `${JSON.stringify(header)}\n{"seq":1}\n${deep}\n{"seq":2}\n`)
    const content = ok(await readSessionLog(path))
    expect(content.records).toEqual([{ seq: 1 }, { seq: 2 }])
    expect(content.damaged).toEqual([{ line: 3, message: expect.stringMatching(/nested deeper than \d+ levels/) }])
  })

  it('a line holding a key that names a prototype is a damaged line naming the key and where, also when the key is spelled with \\u escapes (issue 14)', () => {
    const lines = [
      JSON.stringify(header),
      '{"seq":1}',
      '{"seq":2,"__proto__":{"polluted":"yes"}}',
      '{"seq":3,"event":{"c":{"\\u0063onstructor":{"prototype":{"polluted":"yes"}}}}}',
      '{"seq":4,"event":{"items":[{"\\u005f_proto__":1}]}}',
      '{"seq":5,"text":"a prototype of the constructor: words in values are fine"}',
    ]
    const content = ok(parseSessionLog(`${lines.join('\n')}\n`, 'log.ndjson'))
    expect(content.records.map((r) => r.seq)).toEqual([1, 5])
    expect(content.damaged).toEqual([
      { line: 3, message: 'key "__proto__" at the top level is not allowed' },
      { line: 4, message: 'key "constructor" at event.c is not allowed' },
      { line: 5, message: 'key "__proto__" at event.items.0 is not allowed' },
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a header holding a key that names a prototype is an error naming the file and the key', () => {
    const r = parseSessionLog(`{"schemaVersion":1,"__proto__":{"polluted":"yes"}}\n{"seq":1}\n`, 'log.ndjson')
    expect(r.ok ? null : r.error).toEqual({ code: 'damaged', message: 'log.ndjson: line 1 (header): key "__proto__" at the top level is not allowed', field: 'header.__proto__' })
  })

  it('after a torn last line (crash mid-write) the next append starts on a new line', async () => {
    const path = join(dir, 's1.ndjson')
    await ok(await SessionLog.create(path, header)).close()
    await appendFile(path, '{"seq":1}\n{"seq":2,"text":"half')
    const log = ok(await SessionLog.open(path))
    ok(await log.append({ seq: 3 }))
    const content = ok(await log.readAll())
    await log.close()
    expect(content.records).toEqual([{ seq: 1 }, { seq: 3 }])
    expect(content.damaged).toEqual([{ line: 3, message: expect.stringMatching(/not valid JSON/) }])
  })

  it('a damaged or newer header is an error naming the file; the file is left as it was', async () => {
    const path = join(dir, 's1.ndjson')
    await writeFile(path, '{"schemaVersion":4,"kind":"gm-console.session-log"}\n{"seq":1}\n')
    const hash = await sha256(path)
    const newer = await SessionLog.open(path)
    expect(!newer.ok && newer.error).toMatchObject({ code: 'newer-version', field: 'schemaVersion' })
    expect(!newer.ok && newer.error.message).toContain(path)
    const read = await readSessionLog(path)
    expect(!read.ok && read.error.code).toBe('newer-version')
    expect(await sha256(path)).toBe(hash)
    await writeFile(path, 'not json\n{"seq":1}\n')
    const damagedHash = await sha256(path)
    const damaged = await readSessionLog(path)
    expect(!damaged.ok && damaged.error).toMatchObject({ code: 'damaged', field: 'line.1' })
    expect(!damaged.ok && damaged.error.message).toContain(path)
    expect((await SessionLog.open(path)).ok).toBe(false)
    expect(await sha256(path)).toBe(damagedHash)
  })

  it('rejects a record that is not a plain JSON object, writing nothing', async () => {
    const path = join(dir, 's1.ndjson')
    const log = ok(await SessionLog.create(path, header))
    const before = await sha256(path)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    for (const bad of [cyclic, [1, 2] as unknown, 'text' as unknown, new Date() as unknown, { n: 1n } as unknown]) {
      const r = await log.append(bad as Record<string, unknown>)
      expect(!r.ok && r.error).toMatchObject({ code: 'invalid', field: 'record' })
    }
    await log.close()
    expect(await sha256(path)).toBe(before)
  })
})

describe('session log groups (issue 10: a change lands whole or not at all; schemaVersion 2)', () => {
  const v2 = { ...header, schemaVersion: 2 }

  it('appendAll writes several records as one group of consecutive lines, read back without their tx marks', async () => {
    const path = join(dir, 'g.ndjson')
    const log = ok(await SessionLog.create(path, v2))
    ok(await log.append({ kind: 'note', n: 0 }))
    ok(await log.appendAll([{ kind: 'a', n: 1 }, { kind: 'b', n: 2 }, { kind: 'c', n: 3 }]))
    await log.close()
    const raw = (await readFile(path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l))
    expect(raw[1].tx).toBeUndefined()
    expect(raw.slice(2).map((r) => [r.tx.i, r.tx.n])).toEqual([[0, 3], [1, 3], [2, 3]])
    expect(new Set(raw.slice(2).map((r) => r.tx.id)).size).toBe(1)
    const content = ok(await readSessionLog(path))
    expect(content.records).toEqual([{ kind: 'note', n: 0 }, { kind: 'a', n: 1 }, { kind: 'b', n: 2 }, { kind: 'c', n: 3 }])
    expect(content.lines).toEqual([2, 3, 4, 5])
  })

  it('a group torn at any byte (a kill mid-write) is dropped whole, its lines reported damaged; later appends still read', async () => {
    const path = join(dir, 't.ndjson')
    const log = ok(await SessionLog.create(path, v2))
    ok(await log.append({ kind: 'note', n: 0 }))
    await log.close()
    const before = await readFile(path)
    const group = ok(await SessionLog.open(path))
    ok(await group.appendAll([{ kind: 'a', n: 1 }, { kind: 'b', n: 2 }, { kind: 'c', n: 3 }]))
    await group.close()
    const whole = await readFile(path)
    for (let cut = before.length + 1; cut < whole.length - 1; cut += 7) {
      await writeFile(path, whole.subarray(0, cut))
      const next = ok(await SessionLog.open(path))
      ok(await next.append({ kind: 'note', n: 9 }))
      await next.close()
      const content = ok(await readSessionLog(path))
      expect(content.records, `cut at ${cut}`).toEqual([{ kind: 'note', n: 0 }, { kind: 'note', n: 9 }])
      expect(content.damaged.length).toBeGreaterThan(0)
    }
  })

  it('a version-1 log (no groups) reads unchanged; a malformed tx mark is a damaged line, not a silent skip', async () => {
    const path = join(dir, 'v1.ndjson')
    await writeFile(path, `${JSON.stringify(header)}\n{"kind":"a"}\n{"kind":"b","tx":"nope"}\n{"kind":"c"}\n`)
    const content = ok(await readSessionLog(path))
    expect(content.records).toEqual([{ kind: 'a' }, { kind: 'c' }])
    expect(content.damaged).toEqual([{ line: 3, message: expect.stringMatching(/tx/) }])
  })

  it('a group broken by a damaged line in its middle is left out whole; the damaged lines come in line order', () => {
    const g = (i: number, n: number, id = 'g1') => JSON.stringify({ kind: 'note', i, tx: { id, i, n } })
    const text = [JSON.stringify(v2), g(0, 3), '{"kind":', g(2, 3), '{"kind":"plain"}', '', g(0, 2, 'g2'), g(1, 2, 'g2'), g(0, 1, 'g2'), g(0, 2, 'g3')].join('\n')
    const content = ok(parseSessionLog(`${text}\n`, 'log.ndjson'))
    // the same change written twice (same id) reads twice: each copy is a whole group of its own
    expect(content.records).toEqual([{ kind: 'plain' }, { kind: 'note', i: 0 }, { kind: 'note', i: 1 }, { kind: 'note', i: 0 }])
    expect(content.lines).toEqual([5, 7, 8, 9])
    expect(content.damaged.map((d) => [d.line, /cut short/.test(d.message) ? 'cut' : 'json'])).toEqual([
      [2, 'cut'],
      [3, 'json'],
      [4, 'cut'],
      [10, 'cut'],
    ])
  })
})
