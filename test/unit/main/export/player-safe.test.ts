/** Issue 6: the player-safe exports contain no GM-only value (scanned, every text format, both languages). */
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
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

  it('the player-safe text says what the display showed: an NPC "bloodied", never its HP left; a PC\'s HP (shown exactly)', async () => {
    const npcHp = /Outpost Trooper \d takes \d+ damage \(\d+ HP left\)/
    expect(await text(hangarSession(), 'md', 'en', false)).toMatch(npcHp)
    const safe = await text(hangarSession(), 'md', 'en', true)
    expect(safe).not.toMatch(npcHp)
    // issue 10: no "? HP left" / "Condition track step ?" artifact; the descriptor the display showed instead
    expect(safe).not.toContain('?')
    expect(safe).toContain('Outpost Trooper 3 is now bloodied')
    expect(safe).toContain('Dax Orrin takes 14 damage (28 HP left)')
  })

  it('the player-safe JSON carries no log record (no stat blocks, HP after a hit, tiebreaks or ids of unseen combatants), only the lines and the boards players saw', async () => {
    const data = JSON.parse(await text(hangarSession(), 'json', 'en', true)) as { records: unknown[]; header: unknown; replayable: boolean; entries: Array<{ params: Record<string, unknown> }>; boards: Array<{ board: { order: Array<{ id: string; name: string; health: { kind: string } }> } }> }
    expect(data.replayable).toBe(false)
    expect(data.records).toEqual([])
    expect(data.header).toBeNull()
    const all = JSON.stringify(data)
    for (const k of ['"stats"', '"hpAfter"', '"tiebreaks"', '"appliedTurnOf"', '"sniper"', '"seed"']) expect(all).not.toContain(k)
    // the boards: the troopers as descriptors (enemies' default), Tira exactly
    const last = data.boards[data.boards.length - 1].board.order
    expect(last.find((c) => c.id === 'tira-vos')?.health.kind).toBe('exact')
    expect(last.filter((c) => c.name.startsWith('Outpost Trooper')).every((c) => c.health.kind === 'descriptor')).toBe(true)
  })
})
