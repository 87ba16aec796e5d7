/** The damaged corpus: campaign.json files and campaign and library imports (issue 14; the corpus and its checks: ./corpus.ts, test/fixtures/damaged/manifest.json) */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectError, FIXTURES, manifest, of, test, title, type ErrorLike } from './corpus'
import { expectGoodsUnaffected, expectPrototypesUntouched, newWorld, sha256, snapshot, value } from './world'

describe('the corpus', () => {
  it('holds at least 60 files, each in the manifest once, each kind represented', async () => {
    const onDisk: string[] = []
    for (const kind of ['campaign', 'session', 'import-campaign', 'import-library']) for (const f of await readdir(join(FIXTURES, kind))) onDisk.push(`${kind}/${f}`)
    expect(onDisk.length).toBeGreaterThanOrEqual(60)
    expect(manifest.entries.map((e) => e.file).sort()).toEqual(onDisk.sort())
    for (const kind of ['campaign', 'session', 'import-campaign', 'import-library']) expect(of(kind).length, kind).toBeGreaterThan(5)
  })
})

describe('damaged campaign.json: the campaign is marked damaged, the others carry on', () => {
  for (const e of of('campaign')) {
    test(e)(title(e), async () => {
      const w = await newWorld()
      try {
        const content = await readFile(join(FIXTURES, e.file))
        const file = join(w.dir, 'victim', 'campaign.json')
        await mkdir(join(w.dir, 'victim'))
        await writeFile(file, content)
        await w.restart()
        for (let pass = 0; pass < 2; pass++) {
          const list = value(await w.call<Array<{ id: string; problem?: ErrorLike }>>('campaign:list', {}))
          const entry = list.find((x) => x.id === 'victim')
          expect(entry, 'the damaged campaign is listed').toBeDefined()
          const opened = await w.call('campaign:open', { campaignId: 'victim' })
          if (e.expect.accepted) {
            expect(entry?.problem).toBeUndefined()
            value(opened)
          } else {
            expectError(entry?.problem, e.expect, content, file)
            expectError(opened.ok ? undefined : opened.error, e.expect, content, file)
            // no edit may write it either
            expect((await w.call('campaign:rename', { campaignId: 'victim', name: 'Other' })).ok).toBe(false)
            expect((await w.call('session:start', { campaignId: 'victim', title: 'x', date: '2026-12-01' })).ok).toBe(false)
            expect(await readFile(file)).toEqual(content)
          }
          expectPrototypesUntouched()
          await expectGoodsUnaffected(w)
          await w.restart()
        }
      } finally {
        await w.close()
      }
    })
  }
})

describe('damaged campaign imports: refused naming the file, nothing added', () => {
  let outside: string
  beforeAll(async () => void (outside = await mkdtemp(join(tmpdir(), 'gmc-imports-'))))
  afterAll(async () => rm(outside, { recursive: true, force: true }))

  for (const e of of('import-campaign')) {
    test(e)(title(e), async () => {
      const w = await newWorld()
      try {
        const content = await readFile(join(FIXTURES, e.file))
        const file = join(outside, e.file.replace('/', '-'))
        await writeFile(file, content)
        const before = await snapshot(w.dir)
        const r = await w.store.importFromFile(file)
        expectError(r.ok ? undefined : r.error, e.expect, content, file)
        expect(await snapshot(w.dir), 'nothing written to the data folder').toEqual(before)
        expect(await readFile(file)).toEqual(content)
        expectPrototypesUntouched()
        await expectGoodsUnaffected(w)
      } finally {
        await w.close()
      }
    })
  }
})

describe('damaged library imports: refused naming the problem, campaign.json untouched', () => {
  for (const e of of('import-library')) {
    test(e)(title(e), async () => {
      const w = await newWorld()
      try {
        const content = await readFile(join(FIXTURES, e.file))
        const cfile = join(w.dir, w.goods[0], 'campaign.json')
        const hash = await sha256(cfile)
        const r = await w.call('library:import', { campaignId: w.goods[0], text: content.toString('utf8') })
        expectError(r.ok ? undefined : r.error, e.expect, content)
        expect(await sha256(cfile)).toBe(hash)
        expectPrototypesUntouched()
        await expectGoodsUnaffected(w)
      } finally {
        await w.close()
      }
    })
  }
})

