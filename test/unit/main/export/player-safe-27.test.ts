/**
 * Issue 27, defect 5: player-safe exports that leaked or garbled. Each session is played through the real engine
 * (test/unit/main/export/play.ts) and exported in every text format (the PDF prints the html), en and pl.
 */
import { describe, expect, it } from 'vitest'
import type { ExportFormat } from '../../../../src-main/export/types'
import { EXPORT_LANGS } from '../../../../src-main/export/types'
import { exportText, play } from './play'

const FORMATS: ExportFormat[] = ['md', 'html', 'json', 'csv']

/** the player-safe exports of a session, every format and language */
async function allSafe(session: Parameters<typeof exportText>[0]): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = []
  for (const lang of EXPORT_LANGS) for (const format of FORMATS) out.push([`${format} ${lang}`, await exportText(session, format, lang, true)])
  return out
}

describe('2d20: the Threat players do not see is never in a player-safe export (issue 27)', () => {
  const { session } = play('2d20', (t) => {
    const pc = t.add('John Carter', 'party')
    const ape = t.add('White ape', 'enemies')
    t.run({ type: 'rollInitiative' })
    t.run({ type: 'startCombat' })
    t.run({ type: 'adjustPool', pool: 'threat', value: 12 })
    t.run({ type: 'adjustPool', pool: 'threat', delta: 3 })
    t.run({ type: 'seize', combatantId: ape })
    t.run(t.system.dangerAttack(t.state(), t.state().combatants.find((c) => c.id === pc)!, t.state().combatants.find((c) => c.id === ape)!) as unknown as Record<string, unknown>)
  })

  it('the GM version lists every Threat change (the scan is not vacuous)', async () => {
    expect(await exportText(session, 'md', 'en', false)).toMatch(/Threat: 15 \(3\)/)
    expect(await exportText(session, 'md', 'pl', false)).toMatch(/Zagrożenie: 15 \(3\)/)
  })

  it('no player-safe format names the Threat or its value, in en or pl; the fight is still there', async () => {
    for (const [where, text] of await allSafe(session)) {
      expect(text, where).not.toMatch(/Threat|Zagroż|pool\.threat/)
      expect(text, where).toMatch(/White ape/)
    }
    // a seized initiative is seen at the table: its line stays, without the Threat
    expect(await exportText(session, 'md', 'en', true)).toMatch(/seizes the initiative/)
  })

  it('once the GM shows the Threat to players, its value may be listed', async () => {
    const shown = play('2d20', (t) => {
      t.add('John Carter', 'party')
      t.run({ type: 'playerDisplay', showThreat: true })
      t.run({ type: 'adjustPool', pool: 'threat', value: 4 })
    })
    expect(await exportText(shown.session, 'md', 'en', true)).toMatch(/Threat: 4 \(4\)/)
  })
})
