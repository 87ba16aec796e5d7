/**
 * The session log reader (campaign/session-log.ts) reads line by line and settles the `tx` groups as they come
 * (issue 13: a restore reads 100,000 lines). This property test holds it to a plain reference reader, written the
 * obvious way (split the text, check each line, then drop the groups a crash cut short in a second pass), over
 * random logs mixing whole, torn and repeated groups, blank, broken, deep and prototype-naming lines.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSessionLog } from '../../../../src-main/campaign/session-log'
import { jsonSyntaxProblem, MAX_JSON_DEPTH, textDepth, unsafeKeyInText, unsafeKeyProblem } from '../../../../src-main/campaign/json-text'

type Damaged = { line: number; message: string }
type Mark = { id: string; i: number; n: number }

const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype

function markOf(v: Record<string, unknown>): Mark | null | undefined {
  if (!('tx' in v)) return undefined
  const t = v.tx as Record<string, unknown>
  return plain(t) && typeof t.id === 'string' && Number.isSafeInteger(t.n) && (t.n as number) > 0 && Number.isSafeInteger(t.i) && (t.i as number) >= 0 && (t.i as number) < (t.n as number) ? (t as unknown as Mark) : null
}

/** the reference: every line on its own, then the groups: a run i = 0..n-1 on consecutive lines is kept, the rest damaged */
function reference(text: string): { records: unknown[]; lines: number[]; damaged: Damaged[] } {
  const lines = text.split('\n')
  const found: Array<{ v: Record<string, unknown>; line: number }> = []
  const damaged: Damaged[] = []
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]
    if (line.trim() === '') continue
    if (textDepth(line) > MAX_JSON_DEPTH) {
      damaged.push({ line: i + 1, message: `nested deeper than ${MAX_JSON_DEPTH} levels` })
      continue
    }
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch (e) {
      damaged.push({ line: i + 1, message: jsonSyntaxProblem(e, line) })
      continue
    }
    const unsafe = unsafeKeyInText(line, v)
    if (unsafe) damaged.push({ line: i + 1, message: unsafeKeyProblem(unsafe) })
    else if (plain(v)) found.push({ v, line: i + 1 })
    else damaged.push({ line: i + 1, message: 'not a JSON object' })
  }
  const records: unknown[] = []
  const kept: number[] = []
  for (let k = 0; k < found.length; ) {
    const m = markOf(found[k].v)
    if (m === undefined) {
      records.push(found[k].v)
      kept.push(found[k].line)
      k++
      continue
    }
    if (m === null) {
      damaged.push({ line: found[k].line, message: 'its "tx" group mark is malformed' })
      k++
      continue
    }
    let run = 0
    while (k + run < found.length) {
      const x = markOf(found[k + run].v)
      if (!x || x.id !== m.id || x.i !== m.i + run || x.n !== m.n || found[k + run].line !== found[k].line + run) break
      run++
    }
    for (let j = k; j < k + run; j++) {
      if (m.i === 0 && run === m.n) {
        const { tx: _tx, ...rest } = found[j].v
        records.push(rest)
        kept.push(found[j].line)
      } else damaged.push({ line: found[j].line, message: `part of a change cut short (${run} of its ${m.n} lines written): left out whole` })
    }
    k += run
  }
  return { records, lines: kept, damaged: damaged.sort((a, b) => a.line - b.line) }
}

const header = JSON.stringify({ schemaVersion: 2, kind: 'gm-console.session-log', sessionId: 's1', createdAt: '2026-12-01T10:00:00.000Z' })

/** one piece of a log: a group (maybe torn, maybe with a wrong n), a plain record, or a damaged line of some kind */
const piece = fc.oneof(
  fc.record({ n: fc.integer({ min: 1, max: 4 }), id: fc.constantFrom('a', 'b'), from: fc.constantFrom(0, 0, 0, 1), drop: fc.integer({ min: -1, max: 4 }), wrongN: fc.boolean() }).map(({ n, id, from, drop, wrongN }) => {
    const out: string[] = []
    for (let i = from; i < n; i++) if (i !== drop) out.push(JSON.stringify({ kind: 'note', at: 'x', text: `${id}${i}`, tx: { id, i, n: wrongN && i === n - 1 ? n + 1 : n } }))
    return out
  }),
  fc.string({ maxLength: 8 }).map((text) => [JSON.stringify({ kind: 'note', at: 'x', text })]),
  fc.constantFrom(
    [''],
    ['   '],
    ['{"kind":"note","at":'],
    ['[1,2]'],
    ['null'],
    [' {"kind":"note","at":"x","text":"space before"}'],
    ['{"kind":"note","tx":{"id":"a","i":5,"n":2}}'],
    ['{"kind":"note","tx":"nope"}'],
    ['{"__proto__":{"x":1},"tx":{"id":"a","i":0,"n":1}}'],
    ['{"kind":"note","event":{"constructor":{"a":1}}}'],
    [JSON.stringify({ kind: 'note', at: 'x', text: '[{'.repeat(50) })],
    [`{"a":${'['.repeat(70)}${']'.repeat(70)}}`],
    [`{"a":${'['.repeat(62)}${']'.repeat(62)}}`],
  ),
)

describe('session log reader against a plain reference (issue 13: read line by line, groups settled as they come)', () => {
  it('gives the same records, line numbers and damaged lines in their places (property)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, endsWithNewline) => {
        const text = [header, ...pieces.flat()].join('\n') + (endsWithNewline ? '\n' : '')
        const read = parseSessionLog(text, 'log.ndjson')
        if (!read.ok) throw new Error(read.error.message)
        const want = reference(text)
        expect(read.value.records).toEqual(want.records)
        expect(read.value.lines).toEqual(want.lines)
        expect(read.value.damaged).toEqual(want.damaged)
      }),
      { numRuns: 2000 },
    )
  })
})
