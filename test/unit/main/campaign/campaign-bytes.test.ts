/**
 * campaign.json's bytes are written a record at a time (campaign-file.ts `campaignBytes`, issue 30: a compendium's
 * campaign): they must be exactly the bytes of `serializeCampaign` (the snapshot's hash, the file any JSON tool reads).
 */
import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SCHEMA_VERSION, type CampaignFile } from '@shared/domain/campaign'
import { campaignBytes, serializeCampaign } from '../../../../src-main/campaign/campaign-file'
import { deepFreeze } from '../../../../src-main/campaign/campaign-db'

const at = '2026-12-07T10:00:00.000Z'
const base = (over: Partial<CampaignFile> = {}): CampaignFile => ({ schemaVersion: CAMPAIGN_SCHEMA_VERSION, name: 'Bytes', systemId: 'saga', systemSettings: {}, party: [], library: [], encounters: [], sessions: [], createdAt: at, updatedAt: at, lastOpened: null, ...over })
const record = (i: number, name: string) => ({ id: `r${i}`, name, kind: 'npc' as const, tags: ['a', 'ż'], data: { name, hp: i, weapons: [{ name: 'Blaster', damage: '3d6' }], note: undefined }, updatedAt: at })

describe('campaign.json written a record at a time (issue 30)', () => {
  const cases: Array<[string, CampaignFile]> = [
    ['an empty campaign', base()],
    ['a library of non-ASCII names (Polish, a dash, an emoji, a quote and a backslash), nested data and an undefined field', base({ name: 'Kampania „Żółw” — ✨', library: [record(1, 'Szturmowiec'), record(2, 'Łowca "nagród" \\ 🛸'), record(3, '')] as CampaignFile['library'] })],
    ['a value JSON leaves out at the top level (undefined) and arrays of plain values', base({ lastOpened: at, party: [], importAnswers: undefined } as Partial<CampaignFile>)],
    ['a thousand records, frozen as the store holds them', deepFreeze(base({ library: Array.from({ length: 1000 }, (_, i) => record(i, `Trooper ${i}`)) as CampaignFile['library'] }))],
  ]
  for (const [what, data] of cases) {
    it(`${what}: the same bytes as serializeCampaign`, () => {
      const bytes = campaignBytes(data)
      expect(bytes.equals(Buffer.from(serializeCampaign(data)))).toBe(true)
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(data)))
    })
  }

  it('an array entry JSON cannot write is null, as JSON.stringify writes it', () => {
    const odd = { ...base(), party: [undefined, () => 1, 'x'] } as unknown as CampaignFile
    expect(campaignBytes(odd).toString('utf8')).toBe(serializeCampaign(odd))
    expect(campaignBytes(odd).toString('utf8')).toContain('"party":[null,null,"x"]')
  })
})
