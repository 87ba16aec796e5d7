/** Issue 6: the player-safe exports contain no GM-only value (scanned, every text format, both languages). */
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { scrubForPlayers } from '../../../../src-main/export/player-safe'
import { EXPORT_LANGS, type ExportFormat, type NormalizedSession } from '../../../../src-main/export/types'
import { GM_ONLY_VALUES, hangarSession, OUTPOST_GM_ONLY, outpostSession, starchasersSession } from './fixture'

const TEXT_FORMATS: ExportFormat[] = ['md', 'html', 'json', 'csv']

async function text(session: NormalizedSession, format: ExportFormat, lang: 'en' | 'pl', playerSafe: boolean): Promise<string> {
  const r = await renderSession(session, { format, lang, playerSafe })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as string
}

describe('player-safe exports', () => {
  const sessions: Array<[string, NormalizedSession, string[], string[]]> = [
    // [name, session, GM-only values, values the GM version must show in every format (the scan is not vacuous)]
    ['hangar (real Saga session)', hangarSession(), GM_ONLY_VALUES, ['Stealth (hidden)', 'Sniper']],
    ['outpost (hand-written)', outpostSession(), OUTPOST_GM_ONLY, ['Sniper notices']],
    // a GM note and the RNG seeds (a note is not a roll, so the CSV of the GM version has no note either)
    ['ember (real Starchasers session)', starchasersSession(), ['EMBER-7-TRACE', 'ember-seed'], []],
  ]
  for (const [name, session, secrets, inGm] of sessions) {
    for (const lang of EXPORT_LANGS) {
      for (const format of TEXT_FORMATS) {
        it(`${name}: ${format} (${lang}) holds no GM-only value; the GM version does`, async () => {
          const safe = await text(session, format, lang, true)
          const gm = await text(session, format, lang, false)
          for (const v of secrets) expect(safe, `${v} leaked`).not.toContain(v)
          for (const v of inGm) expect(gm).toContain(v)
          // the public record is still there
          expect(safe).toMatch(/Tira Vos|Kestrel/)
        })
      }
    }
  }

  it('the player-safe text hides the HP left of NPCs but keeps that of PCs', async () => {
    const npcHp = /Outpost Trooper \d takes \d+ damage \(\d+ HP left\)/
    expect(await text(hangarSession(), 'md', 'en', false)).toMatch(npcHp)
    const safe = await text(hangarSession(), 'md', 'en', true)
    expect(safe).not.toMatch(npcHp)
    expect(safe).toContain('Outpost Trooper 3 takes 5 damage (? HP left)')
    expect(safe).toContain('Dax Orrin takes 14 damage (28 HP left)')
  })

  it('the player-safe JSON carries no NPC numbers (stat blocks, HP after a hit) and no unseen ids', async () => {
    const data = JSON.parse(await text(hangarSession(), 'json', 'en', true)) as { records: Array<Record<string, any>>; replayable: boolean }
    expect(data.replayable).toBe(false)
    const events = data.records.filter((x) => x.record).map((x) => x.record.event)
    const added = events.filter((e) => e.type === 'core.combatantAdded')
    expect(added.map((e) => e.combatant.name)).toEqual(['Tira Vos', 'Dax Orrin', 'R4-K7', 'Outpost Trooper 1', 'Outpost Trooper 2', 'Outpost Trooper 3', 'Outpost Trooper 4'])
    for (const e of added.filter((x) => x.combatant.role !== 'pc')) {
      expect(e.combatant).not.toHaveProperty('stats')
      expect(e.combatant).not.toHaveProperty('state')
    }
    const onNpcs = events.filter((e) => e.type === 'saga.damageDealt' && String(e.targetId).startsWith('outpost-trooper'))
    expect(onNpcs).toHaveLength(5)
    for (const e of onNpcs) expect(e).not.toHaveProperty('hpAfter')
    // a PC's own numbers stay: Tira's HP after the trooper's critical hit
    expect(events.find((e) => e.type === 'saga.damageDealt' && e.targetId === 'tira-vos')?.hpAfter).toBe(4)
    // the hidden sniper is not even in the turn order lists
    expect(JSON.stringify(data)).not.toContain('"sniper"')
  })

  it('scrubForPlayers drops notes, GM-only items, NPC stat blocks and unseen ids', () => {
    const out = scrubForPlayers(
      { a: 1, notes: 'x', order: ['pc', 'spy'], list: [{ gmOnly: true, key: 'k' }, { key: 'v' }], c: { role: 'npc', stats: { hp: 9 }, name: 'N' } },
      new Set(),
      new Set(['spy']),
    )
    expect(out).toEqual({ a: 1, order: ['pc'], list: [{ key: 'v' }], c: { role: 'npc', name: 'N' } })
  })
})
