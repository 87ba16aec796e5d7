/**
 * Issues 11 and 12 (exports in the system's own words), on the bundled sample sessions that the real engine played
 * (resources/campaigns/sample-2d20 and sample-storyteller, session-2):
 * - 2d20 deals stress, not damage (002:155-165: the Confusion, Fear and Injury stress tracks): the summary's columns,
 *   chart and knock-outs say stress and who is out of the fight the 2d20 way (blacked out, defeated, dispatched);
 * - a 2d20 player-safe export prints the Injury left on a track shown exactly, never "HP" (view.ts: health = the
 *   Injury track left);
 * - Storyteller is a tick system (004 "tick wheel"; T3): no rounds. Every format marks lines, knock-outs, notable
 *   rolls, the chart and the CSV column with the tick, never "R1" / "round 1".
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSession, renderSession } from '../../../../src-main/export/export-session'
import type { ExportFormat, NormalizedSession } from '../../../../src-main/export/types'

const dir = (id: string) => resolve(import.meta.dirname, `../../../../resources/campaigns/${id}`)
const cache = new Map<string, NormalizedSession>()
async function text(sample: string, format: ExportFormat, lang: 'en' | 'pl', playerSafe = false): Promise<string> {
  let s = cache.get(sample)
  if (!s) {
    const r = await loadSession(dir(sample), 'session-2')
    if (!r.ok) throw new Error(r.error.message)
    cache.set(sample, (s = r.value))
  }
  const r = await renderSession(s, { format, lang, playerSafe })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as string
}

describe('2d20 exports say stress (issue 11)', () => {
  for (const [lang, words, not] of [
    ['en', ['Stress dealt', 'Stress taken', 'Stress per round', 'Out of the fight (blacked out, defeated or dispatched)'], /Damage (dealt|taken|per round)|damage dealt in each round/],
    ['pl', ['Zadany stres', 'Otrzymany stres', 'Stres w kolejnych rundach', 'Poza walką (nieprzytomni, pokonani lub wyeliminowani)'], /Zadane obrażenia|Otrzymane obrażenia|Obrażenia w kolejnych rundach/],
  ] as const) {
    for (const format of ['md', 'html'] as const) {
      it(`002:155-165 ${format} (${lang}): the summary counts stress, in the 2d20 words, GM and player-safe`, async () => {
        for (const safe of [false, true]) {
          const out = await text('sample-2d20', format, lang, safe)
          for (const w of words) expect(out, w).toContain(w)
          expect(out).not.toMatch(not)
        }
      })
    }
  }
  it('view.ts (exact health = the Injury track left): the player-safe board lines say Injury left, never HP (en, pl)', async () => {
    const en = await text('sample-2d20', 'md', 'en', true)
    expect(en).toMatch(/John Carter: \d+\/8 Injury left/)
    expect(en).not.toMatch(/\bHP\b/)
    const pl = await text('sample-2d20', 'md', 'pl', true)
    expect(pl).toMatch(/John Carter: pozostało \d+\/8 na torze Ran/)
    expect(pl).not.toMatch(/\bPW\b/)
    for (const format of ['html', 'csv', 'json'] as const) expect(await text('sample-2d20', format, 'en', true)).not.toMatch(/\d+\/\d+ HP\b/)
  })
})

describe('Storyteller exports count ticks, not rounds (issue 12)', () => {
  it('004 tick wheel, md (en): lines marked T<tick>, the turn line says the tick, the summary and knock-outs name ticks', async () => {
    const md = await text('sample-storyteller', 'md', 'en')
    expect(md).not.toMatch(/\bR1\b|[Rr]ound \d|Rounds:/)
    // the sniper won Join Battle: tick 0, tied with others (004: acting together); Stormtrooper 2 acted from tick 1 (sample log)
    expect(md).toMatch(/- T0 · \d\d:\d\d · Tick 0: [^\n]*Scout sniper act together/)
    expect(md).toMatch(/- T1 · \d\d:\d\d · Stormtrooper 2 misses Kael Vorn/)
    expect(md).toMatch(/Last tick: \d+/)
    expect(md).toMatch(/\*\*Damage per tick\*\*: T0 \d+, T1 \d+/)
    expect(md).toContain('**Out of the fight (Incapacitated or dead)**')
    // the knock-out and the botch are named with the tick of the line that says them (issue 27: the sample shows a
    // knock-out again, its fight played until the first one is taken out)
    const ko = /Stormtrooper 1 \(tick (\d+)\)/.exec(md)
    expect(md).toMatch(new RegExp(`- T${ko![1]} · \\d\\d:\\d\\d · Stormtrooper 1 (is incapacitated|dies)`))
    const botch = /- Tick (\d+): (Stormtrooper \d), botch/.exec(md)
    expect(botch![1]).not.toBe('1')
    expect(md).toMatch(new RegExp(`- T${botch![1]} · \\d\\d:\\d\\d · ${botch![2]} botches`))
  })
  it('004 tick wheel, md (pl), html, csv and json: ticks in every format', async () => {
    const pl = await text('sample-storyteller', 'md', 'pl')
    expect(pl).not.toMatch(/\bR1\b|[Rr]unda \d|Rundy:/)
    expect(pl).toMatch(/- T0 · \d\d:\d\d · Tik 0: razem działają [^\n]*Scout sniper/)
    expect(pl).toMatch(/Tik \d+: Stormtrooper \d, pech/)
    const html = await text('sample-storyteller', 'html', 'en', true)
    expect(html).not.toMatch(/\bR1\b|[Rr]ound \d/)
    expect(html).toContain('Damage per tick')
    expect(html).toMatch(/<title>T0: \d+<\/title>/)
    const csv = await text('sample-storyteller', 'csv', 'en')
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\n')
    expect(rows[0].split(',')[3]).toBe('tick')
    const ticks = new Set(rows.slice(1).map((r) => r.split(',')[3]).filter((x) => x !== ''))
    expect(ticks.size).toBeGreaterThan(2)
    const json = JSON.parse(await text('sample-storyteller', 'json', 'en')) as { encounters: Array<{ summary?: { unit?: string } }> }
    expect(JSON.stringify(json)).toContain('"unit":"tick"')
  })
})
