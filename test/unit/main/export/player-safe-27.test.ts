/**
 * Issue 27, defect 5: player-safe exports that leaked or garbled. Each session is played through the real engine
 * (test/unit/main/export/play.ts) and exported in every text format (the PDF prints the html), en and pl.
 */
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '../../../../src-shared/domain/encounter'
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

describe('Saga: an encounter carried in from the session before names its combatants, never their ids (issue 27)', () => {
  // session 0: the fight is set up (Commander Vale joins, the sniper hidden); it goes on in session 1
  let carried: EventRecord[] = []
  play('saga', (t) => {
    t.add('Tira Vos', 'party')
    t.add('Commander Vale', 'enemies')
    t.add('Gantry Sniper', 'enemies', { hidden: true })
    t.run({ type: 'rollInitiative' })
    t.run({ type: 'startCombat' })
    carried = t.records()
  })
  const { session } = play(
    'saga',
    (t) => {
      const [tira, vale, sniper] = ['tira-vos', 'commander-vale', 'gantry-sniper'].map((id) => t.state().combatants.find((c) => c.id === id)!)
      // a natural 20 by the commander, and a shot by the hidden sniper
      t.run({ ...(t.system.dangerAttack(t.state(), vale, tira) as unknown as Record<string, unknown>), dice: [20, 6, 6, 6], override: true })
      t.run({ ...(t.system.dangerAttack(t.state(), sniper, tira) as unknown as Record<string, unknown>), override: true })
    },
    { carried },
  )

  it('Notable rolls name Commander Vale (GM and player-safe, en and pl)', async () => {
    for (const playerSafe of [false, true]) {
      for (const lang of EXPORT_LANGS) {
        const md = await exportText(session, 'md', lang, playerSafe)
        expect(md).toMatch(/Commander Vale, (natural 20|naturalne 20)/)
        expect(md).not.toMatch(/commander-vale|tira-vos/)
        // the CSV of the rolls names who rolled, never by id
        const csv = await exportText(session, 'csv', lang, playerSafe)
        expect(csv, `csv ${lang}`).toMatch(/Commander Vale/)
        expect(csv, `csv ${lang}`).not.toMatch(/commander-vale|tira-vos|gantry-sniper/)
      }
    }
    expect(await exportText(session, 'md', 'en', false)).toMatch(/goes on from the last session/)
  })

  it('the hidden sniper of the carried encounter stays out of every player-safe format', async () => {
    expect(await exportText(session, 'md', 'en', false)).toMatch(/Gantry Sniper/)
    for (const [where, text] of await allSafe(session)) expect(text, where).not.toMatch(/Gantry|gantry/)
  })
})

describe('Starchasers: a duel players read of has its start and its end, or neither (issue 27)', () => {
  /** the duel lines of the player-safe export, in order */
  const duelLines = (md: string) => md.split('\n').filter((l) => /duel|pojedyn/i.test(l))

  it('a hidden raider opens a duel on Juno: players read neither its start nor its end (en, pl)', async () => {
    const { session } = play('starchasers', (t) => {
      const juno = t.add('Juno Marr', 'party')
      const soot = t.add('Captain Soot', 'enemies', { hidden: true })
      t.run({ type: 'rollInitiative' })
      t.run({ type: 'startCombat' })
      t.run({ type: 'duelStart', fighters: [soot, juno], activeId: soot, override: true })
      t.run({ type: 'duelPhase', phase: 2, override: true })
      t.run({ type: 'duelEnd', override: true })
    })
    const gm = duelLines(await exportText(session, 'md', 'en', false))
    expect(gm.join('\n')).toMatch(/A duel begins: Captain Soot[\s\S]*The duel ends/)
    for (const lang of EXPORT_LANGS) expect(duelLines(await exportText(session, 'md', lang, true)), lang).toEqual([])
  })

  it('Juno opens the duel on a raider players see: both its start and its end are there', async () => {
    const { session } = play('starchasers', (t) => {
      const juno = t.add('Juno Marr', 'party')
      const soot = t.add('Captain Soot', 'enemies')
      t.run({ type: 'rollInitiative' })
      t.run({ type: 'startCombat' })
      t.run({ type: 'duelStart', fighters: [juno, soot], activeId: juno, override: true })
      t.run({ type: 'duelEnd', override: true })
    })
    const lines = duelLines(await exportText(session, 'md', 'en', true))
    expect(lines[0]).toMatch(/A duel begins: Juno Marr/)
    expect(lines.at(-1)).toMatch(/The duel ends/)
  })
})

describe('Storyteller: the player-safe summary tells what the board showed (issue 27)', () => {
  // the hidden sniper wounds Kael (players see his health drop), is revealed, and Kael goes down
  const { session } = play('storyteller', (t) => {
    const kael = t.add('Kael Vorn', 'party')
    t.add('Ilsa Dorne', 'party')
    const sniper = t.add('Scout sniper', 'enemies', { hidden: true })
    t.run({ type: 'rollInitiative' })
    t.run({ type: 'startCombat' })
    const c = (id: string) => t.state().combatants.find((x) => x.id === id)!
    for (let i = 0; i < 12 && !t.system.isOut(c(kael)); i++) {
      t.run({ ...(t.system.dangerAttack(t.state(), c(sniper), c(kael)) as unknown as Record<string, unknown>), override: true })
      if (i === 1) t.run({ type: 'setHidden', combatantId: sniper, hidden: false })
    }
    if (!t.system.isOut(c(kael))) t.run({ type: 'damage', combatantId: kael, amount: 20, damageType: 'lethal' })
  })

  it('Kael is out and took the damage the board showed; the revealed sniper took part (en, pl)', async () => {
    const gm = JSON.parse(await exportText(session, 'json', 'en', false)) as { encounters: Array<{ participants: Array<{ name: string; damageTaken: number; knockedOut: boolean }> }> }
    const gmKael = gm.encounters[0].participants.find((p) => p.name === 'Kael Vorn')!
    expect(gmKael.knockedOut).toBe(true)
    for (const lang of EXPORT_LANGS) {
      const safe = JSON.parse(await exportText(session, 'json', lang, true)) as typeof gm
      const people = safe.encounters[0].participants
      const kael = people.find((p) => p.name === 'Kael Vorn')!
      expect(kael.knockedOut, lang).toBe(true)
      // every point of it showed on Kael's exact health
      expect(kael.damageTaken, lang).toBe(gmKael.damageTaken)
      expect(people.map((p) => p.name), lang).toContain('Scout sniper')
    }
  })
})
