/**
 * The player-safe exports (player-safe.ts) contain no GM-only value, every text format (the PDF prints the html), en
 * and pl. Issue 6: the fixed sessions of fixture.ts, scanned. Issue 27, defect 5: exports that leaked or garbled,
 * each session played through the real engine (test/unit/main/export/play.ts).
 */
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '../../../../src-shared/domain/encounter'
import { renderSession } from '../../../../src-main/export/export-session'
import { EXPORT_LANGS, type ExportFormat, type NormalizedSession } from '../../../../src-main/export/types'
import { GM_ONLY_VALUES, hangarSession, OUTPOST_GM_ONLY, outpostSession, starchasersSession } from './fixture'
import { exportText, play } from './play'

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

/** the player-safe exports of a session, every format and language */
async function allSafe(session: Parameters<typeof exportText>[0]): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = []
  for (const lang of EXPORT_LANGS) for (const format of TEXT_FORMATS) out.push([`${format} ${lang}`, await exportText(session, format, lang, true)])
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
