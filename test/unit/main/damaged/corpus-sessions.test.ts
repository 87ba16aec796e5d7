/** The damaged corpus: session logs (issue 14; the corpus and its checks: ./corpus.ts, test/fixtures/damaged/manifest.json) */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect } from 'vitest'
import { baseLog, expectError, FIXTURES, of, test, title, victimWithLog, type LogEntry } from './corpus'
import { expectGoodsUnaffected, expectPrototypesUntouched, newWorld, value } from './world'

describe('damaged session logs: the damage is shown in its place, the rest of the log and the campaign open', () => {
  let baseline = 0
  beforeAll(async () => {
    const w = await newWorld()
    try {
      await victimWithLog(w, await baseLog())
      value(await w.call('campaign:open', { campaignId: 'victim' }))
      baseline = value(await w.call<LogEntry[]>('session:log', { campaignId: 'victim', sessionId: 'session-2' })).length
      expect(baseline).toBeGreaterThan(50)
    } finally {
      await w.close()
    }
  })

  for (const e of of('session')) {
    test(e)(title(e), async () => {
      const w = await newWorld()
      try {
        const content = await readFile(join(FIXTURES, e.file))
        const log = await victimWithLog(w, content)
        value(await w.call('campaign:open', { campaignId: 'victim' }), 'the campaign opens')
        const read = await w.call<LogEntry[]>('session:log', { campaignId: 'victim', sessionId: 'session-2' })
        if (e.expect.scope === 'file') {
          expectError(read.ok ? undefined : read.error, e.expect, content, log)
        } else {
          const entries = value(read, 'session:log')
          const damaged = entries.filter((x) => x.key === 'log.session.damaged')
          if (e.expect.accepted) {
            expect(damaged).toEqual([])
            expect(entries.length).toBe(baseline)
          } else {
            expect(damaged.map((d) => d.params?.line), 'the damaged line, in its place').toContain(e.expect.line)
            const d = damaged.find((x) => x.params?.line === e.expect.line)
            expect(d?.params?.message).toMatch(new RegExp(e.expect.message ?? '.'))
            // the rest of the log still loads, and so does its encounter
            expect(entries.length - damaged.length).toBeGreaterThanOrEqual(baseline - 2)
            const encounters = value(await w.call<Array<{ id: string }>>('encounter:list', { campaignId: 'victim' }))
            expect(encounters.map((x) => x.id)).toContain('kessa-3')
          }
        }
        expect(await readFile(log), 'the log is left byte-identical').toEqual(content)
        expectPrototypesUntouched()
        await expectGoodsUnaffected(w)
      } finally {
        await w.close()
      }
    })
  }
})

