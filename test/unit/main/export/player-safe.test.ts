/** Issue 6: the player-safe exports contain no GM-only value (scanned, every text format, both languages). */
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { scrubForPlayers } from '../../../../src-main/export/player-safe'
import { EXPORT_LANGS, type ExportFormat } from '../../../../src-main/export/types'
import { fixtureSession, GM_ONLY_VALUES } from './fixture'

const TEXT_FORMATS: ExportFormat[] = ['md', 'html', 'json', 'csv']

describe('player-safe exports', () => {
  const session = fixtureSession()

  for (const lang of EXPORT_LANGS) {
    for (const format of TEXT_FORMATS) {
      it(`${format} (${lang}) holds no GM-only value; the GM version does`, async () => {
        const safe = await renderSession(session, { format, lang, playerSafe: true })
        const gm = await renderSession(session, { format, lang, playerSafe: false })
        if (!safe.ok || !gm.ok) throw new Error('render failed')
        const safeText = safe.value.data as string
        const gmText = gm.value.data as string
        for (const v of GM_ONLY_VALUES) expect(safeText, `${v} leaked`).not.toContain(v)
        // the GM version keeps the hidden roll, the hidden sniper and (except the CSV of rolls) the GM note:
        // the scan is not vacuous
        expect(gmText).toContain('Sniper notices')
        expect(gmText).toContain('Nightshade')
        if (format !== 'csv') expect(gmText).toContain('KRAYT-7')
        // the player-safe version still has the public record
        expect(safeText).toContain('Tira Vos')
        expect(safeText).toContain('Stormtrooper 2')
      })
    }
  }

  it('the player-safe JSON carries no NPC numbers (stat blocks, defenses, HP after a hit)', async () => {
    const r = await renderSession(session, { format: 'json', lang: 'en', playerSafe: true })
    if (!r.ok) throw new Error('render failed')
    const data = JSON.parse(r.value.data as string) as { records: Array<Record<string, any>>; replayable: boolean }
    expect(data.replayable).toBe(false)
    const events = data.records.filter((x) => x.record).map((x) => x.record.event)
    const npcAdded = events.filter((e) => e.type === 'core.combatantAdded' && e.combatant.role === 'npc')
    expect(npcAdded).toHaveLength(2)
    for (const e of npcAdded) expect(Object.keys(e.combatant)).not.toContain('stats')
    const onNpcs = events.filter((e) => e.targetId === 'st-1' || e.targetId === 'st-2')
    expect(onNpcs.length).toBeGreaterThan(0)
    for (const e of onNpcs) {
      expect(e).not.toHaveProperty('defense')
      expect(e).not.toHaveProperty('hpAfter')
    }
    // a PC's own numbers stay: Brek's HP after the stormtrooper's hit
    expect(events.find((e) => e.type === 'saga.damageApplied' && e.targetId === 'pc-brek')?.hpAfter).toBe(17)
  })

  it('scrubForPlayers drops notes, GM-only items and NPC stat blocks', () => {
    const out = scrubForPlayers({ a: 1, notes: 'x', list: [{ gmOnly: true, key: 'k' }, { key: 'v' }], c: { role: 'npc', stats: { hp: 9 }, name: 'N' } })
    expect(out).toEqual({ a: 1, list: [{ key: 'v' }], c: { role: 'npc', name: 'N' } })
  })
})
