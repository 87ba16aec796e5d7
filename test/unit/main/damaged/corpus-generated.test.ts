/** The damaged corpus, generated at test time: huge files and files nested 100,000 deep (issue 14; the corpus and its checks: ./corpus.ts, test/fixtures/damaged/manifest.json) */
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseLog, expectError, FIXTURES, SAMPLE, victimWithLog, type ErrorLike, type Expect, type LogEntry } from './corpus'
import { expectGoodsUnaffected, expectPrototypesUntouched, newWorld, sha256, snapshot, value } from './world'
/**
 * The big members of the corpus, generated here rather than committed: huge files and files nested 100,000 deep.
 * `npm run soak` (GMC_SOAK=1) makes the huge ones bigger.
 */

describe('generated: huge and 100,000-deep files', () => {
  const SOAK = process.env.GMC_SOAK === '1'
  const MB = 1024 * 1024
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
  let outside: string
  beforeAll(async () => void (outside = await mkdtemp(join(tmpdir(), 'gmc-big-'))))
  afterAll(async () => rm(outside, { recursive: true, force: true }))

  const campaignCases: Array<[string, () => Promise<Buffer>, Expect]> = [
    [
      `a campaign.json of ${SOAK ? 150 : 24} MB whose name is a number`,
      async () => {
        const c = JSON.parse(await readFile(join(SAMPLE, 'campaign.json'), 'utf8')) as Record<string, unknown>
        return Buffer.from(JSON.stringify({ ...c, name: 42, padding: 'x'.repeat((SOAK ? 150 : 24) * MB) }))
      },
      { code: 'damaged', message: 'name: .*expected string', field: 'name' },
    ],
    [
      'a campaign.json whose systemSettings nest 100,000 deep',
      async () => Buffer.from((await readFile(join(SAMPLE, 'campaign.json'), 'utf8')).replace('"systemSettings": {}', `"systemSettings": ${deep(100_000)}`)),
      { code: 'damaged', message: 'nested deeper than 64 levels', field: 'systemSettings.a.a.a' },
    ],
  ]
  for (const [what, make, exp] of campaignCases) {
    it(what, async () => {
      const w = await newWorld()
      try {
        const content = await make()
        const file = join(w.dir, 'victim', 'campaign.json')
        await mkdir(join(w.dir, 'victim'))
        await writeFile(file, content)
        await w.restart()
        const list = value(await w.call<Array<{ id: string; problem?: ErrorLike }>>('campaign:list', {}))
        expectError(list.find((x) => x.id === 'victim')?.problem, exp, Buffer.alloc(0), file)
        const opened = await w.call('campaign:open', { campaignId: 'victim' })
        expectError(opened.ok ? undefined : opened.error, exp, Buffer.alloc(0), file)
        expect((await readFile(file)).equals(content), 'byte-identical').toBe(true)
        expectPrototypesUntouched()
        await expectGoodsUnaffected(w)
      } finally {
        await w.close()
      }
    }, 120_000)
  }

  const logCases: Array<[string, (base: Buffer) => Buffer, number | 'last', string]> = [
    [
      `a session log of ${SOAK ? 200 : 8} MB whose last line is torn`,
      (base) => {
        const note = (i: number) => JSON.stringify({ kind: 'note', at: '2026-11-15T18:30:00.000Z', text: `filler note ${i} ${'·'.repeat(100)}`, gmOnly: false })
        const lines: string[] = []
        let size = base.length
        for (let i = 0; size < (SOAK ? 200 : 8) * MB; i++) size += (lines[lines.push(note(i)) - 1].length + 1)
        return Buffer.concat([base, Buffer.from(`${lines.join('\n')}\n${note(-1).slice(0, 50)}`)])
      },
      'last',
      'not valid JSON',
    ],
    ['a session log line nested 100,000 deep', (base) => Buffer.concat([base, Buffer.from(`{"kind":"note","at":"2026-11-15T18:30:00.000Z","text":${deep(100_000)},"gmOnly":false}\n`)]), 136, 'nested deeper than 64 levels'],
  ]
  for (const [what, make, line, message] of logCases) {
    it(what, async () => {
      const w = await newWorld()
      try {
        const content = make(await baseLog())
        const log = await victimWithLog(w, content)
        value(await w.call('campaign:open', { campaignId: 'victim' }), 'the campaign opens')
        const entries = value(await w.call<LogEntry[]>('session:log', { campaignId: 'victim', sessionId: 'session-2' }))
        const want = line === 'last' ? content.toString('utf8').split('\n').length : line
        const d = entries.find((x) => x.key === 'log.session.damaged' && x.params?.line === want)
        expect(d?.params?.message).toMatch(new RegExp(message))
        expect(value(await w.call<Array<{ id: string }>>('encounter:list', { campaignId: 'victim' })).map((x) => x.id)).toContain('kessa-3')
        expect((await readFile(log)).equals(content), 'byte-identical').toBe(true)
        expectPrototypesUntouched()
        await expectGoodsUnaffected(w)
      } finally {
        await w.close()
      }
    }, 120_000)
  }

  it('a campaign import nested 100,000 deep, and one over the 256 MB limit (sparse), are refused naming the file', async () => {
    const w = await newWorld()
    try {
      const exp = JSON.parse(await readFile(join(FIXTURES, 'import-campaign', 'export-library-kind.json'), 'utf8')) as { campaign: { library: Array<{ kind: string }> } }
      exp.campaign.library[0].kind = 'npc'
      const deepFile = join(outside, 'deep-export.json')
      const deepText = Buffer.from(JSON.stringify(exp).replace('"systemSettings":{}', `"systemSettings":${deep(100_000)}`))
      await writeFile(deepFile, deepText)
      const bigFile = join(outside, 'big-export.json')
      await writeFile(bigFile, '{')
      await truncate(bigFile, 257 * MB)
      const before = await snapshot(w.dir)
      const a = await w.store.importFromFile(deepFile)
      expectError(a.ok ? undefined : a.error, { code: 'damaged', message: 'nested deeper than 64 levels', field: 'campaign.systemSettings.a.a' }, Buffer.alloc(0), deepFile)
      const b = await w.store.importFromFile(bigFile)
      expectError(b.ok ? undefined : b.error, { code: 'invalid', message: 'larger than 256 MB', field: 'filePath' }, Buffer.alloc(0), bigFile)
      expect(await snapshot(w.dir)).toEqual(before)
      expect((await readFile(deepFile)).equals(deepText)).toBe(true)
      expectPrototypesUntouched()
      await expectGoodsUnaffected(w)
    } finally {
      await w.close()
    }
  }, 120_000)

  it(`library imports nested 100,000 deep and of ${SOAK ? 19 : 10} MB are refused naming the field, campaign.json untouched`, async () => {
    const w = await newWorld()
    try {
      const lib = JSON.parse(await readFile(join(FIXTURES, 'import-library', 'hp-string.json'), 'utf8')) as { statBlocks: Array<{ data: Record<string, unknown> }> }
      const cfile = join(w.dir, w.goods[0], 'campaign.json')
      const hash = await sha256(cfile)
      const deepText = JSON.stringify(lib).replace('"hp":"lots"', `"hp":12,"extra":${deep(100_000)}`)
      const a = await w.call('library:import', { campaignId: w.goods[0], text: deepText })
      expectError(a.ok ? undefined : a.error, { code: 'invalid', message: 'nested deeper than 64 levels' }, Buffer.alloc(0))
      lib.statBlocks[0].data.notes = 'n'.repeat((SOAK ? 19 : 10) * MB)
      const b = await w.call('library:import', { campaignId: w.goods[0], text: JSON.stringify(lib) })
      expectError(b.ok ? undefined : b.error, { code: 'invalid', field: 'items.0.data.hp' }, Buffer.alloc(0))
      expect(await sha256(cfile)).toBe(hash)
      expectPrototypesUntouched()
      await expectGoodsUnaffected(w)
    } finally {
      await w.close()
    }
  }, 120_000)
})
