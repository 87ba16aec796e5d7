/**
 * Issue 10: the player-safe exports of the bundled sample sessions (where 54 GM-only values were found in 8 export
 * files). The secrets are read from the GM side (the log itself), independently of the redaction: hidden
 * combatants that were never revealed (names and ids), combatant notes, readied-action triggers, GM notes and
 * hidden rolls, the tiebreak and appliedTurnOf fields.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSession, renderSession } from '../../../../src-main/export/export-session'
import type { ExportFormat } from '../../../../src-main/export/types'

const ROOT = resolve(import.meta.dirname, '../../../../resources/campaigns')

function secretsOf(log: string): string[] {
  const out = new Set<string>(['tiebreaks', 'appliedTurnOf'])
  const hidden = new Map<string, string>()
  for (const line of log.split('\n').filter((l) => l.trim())) {
    const r = JSON.parse(line) as Record<string, any>
    if (r.kind === 'note' && r.gmOnly === true) out.add(String(r.text))
    if (r.kind === 'roll' && r.hidden === true && r.label) out.add(String(r.label))
    const e = r.record?.event as Record<string, any> | undefined
    if (!e) continue
    if (e.type === 'core.combatantAdded') {
      if (e.combatant.notes) out.add(String(e.combatant.notes))
      if (e.combatant.hidden) hidden.set(e.combatant.id, e.combatant.name)
    }
    if (e.type === 'core.hiddenSet' && e.hidden === false) hidden.delete(e.combatantId)
    if (e.type === 'core.readied' && e.trigger) out.add(String(e.trigger))
    if (e.type === 'core.noteSet' && e.notes) out.add(String(e.notes))
  }
  for (const [id, name] of hidden) out.add(id).add(name)
  return [...out]
}

describe('player-safe exports of the bundled sample sessions hold no GM-only value (issue 10)', () => {
  for (const campaign of readdirSync(ROOT)) {
    const dir = resolve(ROOT, campaign)
    let sessions: string[] = []
    try {
      sessions = readdirSync(resolve(dir, 'sessions')).filter((f) => f.endsWith('.ndjson'))
    } catch {
      continue
    }
    for (const file of sessions) {
      it(`${campaign}/${file}`, async () => {
        const secrets = secretsOf(readFileSync(resolve(dir, 'sessions', file), 'utf8'))
        const loaded = await loadSession(dir, file.replace(/\.ndjson$/, ''))
        if (!loaded.ok) throw new Error(loaded.error.message)
        for (const format of ['md', 'html', 'json', 'csv'] as ExportFormat[]) {
          const safe = await renderSession(loaded.value, { format, lang: 'en', playerSafe: true })
          if (!safe.ok) throw new Error(safe.error.message)
          const text = (safe.value.data as string).toLowerCase()
          expect(secrets.filter((s) => text.includes(s.toLowerCase())), format).toEqual([])
          expect(text).not.toMatch(/step \?|\? hp/)
        }
        // the GM version has them (the scan is not vacuous)
        const gm = await renderSession(loaded.value, { format: 'json', lang: 'en', playerSafe: false })
        if (!gm.ok) throw new Error(gm.error.message)
        expect(secrets.filter((s) => (gm.value.data as string).includes(s)).length).toBeGreaterThan(0)
      })
    }
  }
})
