/**
 * Issue 12 item 4: the Storyteller sample session (resources/campaigns/sample-storyteller, session-2, played by
 * scripts/make-sample-session.ts through the real engine) in every export format and language, GM and
 * player-safe: damage and health read properly (004 health track, T5), no untranslated key, the hidden scout
 * sniper and every GM-only text stay out of the player-safe versions, and the attack lines survive redaction in
 * their player form (`<key>.public`: no Dodge DV, no soak).
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSession, renderSession } from '../../../../src-main/export/export-session'
import { EXPORT_LANGS, type ExportFormat, type NormalizedSession } from '../../../../src-main/export/types'

const DIR = resolve(import.meta.dirname, '../../../../resources/campaigns/sample-storyteller')
const FORMATS: ExportFormat[] = ['md', 'html', 'json', 'csv']
/** GM-only: the GM note, the sniper (name and its note's code), the session's prep notes, the RNG seeds */
const GM_ONLY = ['first drawn weapon', 'Scout sniper', 'TOWER-7', 'talk the crew through', 'pelgo-seed']

async function session(): Promise<NormalizedSession> {
  const r = await loadSession(DIR, 'session-2')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
async function text(format: ExportFormat, lang: 'en' | 'pl', playerSafe: boolean): Promise<string> {
  const r = await renderSession(await session(), { format, lang, playerSafe })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as string
}

describe('Storyteller session exports', () => {
  for (const lang of EXPORT_LANGS) {
    for (const format of FORMATS) {
      it(`${format} (${lang}): no raw catalog key; the player-safe version holds no GM-only value`, async () => {
        const gm = await text(format, lang, false)
        const safe = await text(format, lang, true)
        // the readable formats (JSON carries the records, event types and message keys as data)
        if (format !== 'json') for (const t of [gm, safe]) expect(t).not.toMatch(/(^|[\s"(>])(log\.)?(storyteller|export|health)\.[a-z][\w.]*/m)
        expect(gm).toContain('Scout sniper')
        for (const v of GM_ONLY) expect(safe, `${v} leaked`).not.toContain(v)
        expect(safe).toContain('Kael Vorn')
      })
    }
  }

  it('the GM log reads the 004 attack in full: accuracy vs DV, damage − soak = lethal dealt, the wheel move', async () => {
    const md = await text('md', 'en', false)
    expect(md).toMatch(/Kael Vorn hits Stormtrooper 1 with Heavy blaster pistol: \d+ vs Dodge DV 2 \(net \d+\); damage \d+ − soak 3 = \d+ lethal/)
    expect(md).toMatch(/Kael Vorn acts \(Heavy blaster pistol\): Speed 5, from tick \d+ to tick \d+/)
    // 004 medical care: what the track actually lost, and the healing value (Stamina + net successes)
    expect(md).toMatch(/2-1B tends Kael Vorn for one day: \d+ vs difficulty \d+ \(net \d+\), heals \d+ lethal \(healing value \d+\)/)
    expect(md).toContain('Ilsa Dorne rests untended (1 × day): heals 2 bashing, 0 lethal, 0 aggravated')
    // T1 botch named in words in the summary
    expect(md).toMatch(/Tick \d+: Stormtrooper \d, botch/)
  })

  it('the player-safe log keeps the attacks without the defender’s DV or soak, and the moves on the public wheel', async () => {
    const md = await text('md', 'en', true)
    expect(md).toMatch(/Kael Vorn hits Stormtrooper 1 with Heavy blaster pistol \(successes: \d+\): \d+ lethal damage gets through/)
    expect(md).toMatch(/Stormtrooper \d misses (Kael Vorn|Ilsa Dorne) with E-11 blaster rifle \(successes: \d+\)/)
    expect(md).toMatch(/Stormtrooper 1 acts \(E-11 blaster rifle\): Speed 5, from tick \d+ to tick \d+/)
    expect(md).not.toMatch(/Dodge DV|soak/)
    const pl = await text('md', 'pl', true)
    expect(pl).toMatch(/Kael Vorn trafia Stormtrooper 1 bronią Heavy blaster pistol \(sukcesy: \d+\): przechodzi \d+ obraże(nie|nia|ń) \(śmiertelne\)/)
  })

  it('the summary counts the damage the track took: dealt by the party equals what the troopers took', async () => {
    const json = JSON.parse(await text('json', 'en', false)) as unknown
    const md = await text('md', 'en', false)
    const row = (name: string) => md.split('\n').find((l) => l.startsWith(`| ${name} |`))!.split('|').map((x) => x.trim())
    const dealt = ['Kael Vorn', 'Ilsa Dorne'].reduce((s, n) => s + Number(row(n)[3]), 0)
    const taken = ['Stormtrooper 1', 'Stormtrooper 2', 'Stormtrooper 3'].reduce((s, n) => s + Number(row(n)[4]), 0)
    expect(dealt).toBeGreaterThan(0)
    expect(dealt).toBe(taken)
    // the JSON summary says its rounds are ticks (004: the tick wheel)
    const enc = (json as { encounters?: Array<{ unit?: string }> }).encounters ?? []
    expect(enc.length).toBeGreaterThan(0)
    expect(enc.every((e) => e.unit === 'tick')).toBe(true)
  })
})
