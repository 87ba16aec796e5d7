import { describe, expect, it } from 'vitest'
import { buildDocument } from '../../../../src-main/export/document'
import { summarizeAll } from '../../../../src-main/export/summary'
import { fixtureSession } from './fixture'

describe('encounter summary (fixture: Ambush in the hangar)', () => {
  const session = fixtureSession()

  it('counts rounds, damage dealt and taken, knock-outs and notable rolls; undone events do not count', () => {
    const [s] = summarizeAll(session.entries.filter((e) => e.status === 'active'))
    expect(s.name).toBe('Ambush in the hangar')
    expect(s.rounds).toBe(2)
    const by = Object.fromEntries(s.participants.map((p) => [p.name, [p.damageDealt, p.damageTaken, p.knockedOut]]))
    expect(by).toEqual({
      'Tira Vos': [22, 0, false],
      'Brek Oduun': [21, 13 + 11, false],
      'Stormtrooper 1': [0, 22, true],
      'Stormtrooper 2': [11, 21, true],
      'Nightshade Sniper': [13, 0, false],
    })
    // round 1: 22 + 13 + 11; round 2: 21 (the undone Vibroaxe miss adds nothing)
    expect(s.damageByRound).toEqual([46, 21])
    expect(s.knockouts).toEqual([
      // seq = the record's place in the log (line - 1)
      { seq: 26, round: 1, name: 'Stormtrooper 1' },
      { seq: 48, round: 2, name: 'Stormtrooper 2' },
    ])
    // the natural 20 of Tira's attack (a crit threat in Saga, 001) and the crit it confirmed
    expect(s.notable.map((n) => [n.kind, n.who, n.round])).toEqual([
      ['nat20', 'Tira Vos', 1],
      ['crit', 'Tira Vos', 1],
    ])
  })

  it('the player-safe summary leaves out the hidden sniper and the damage it dealt', () => {
    const doc = buildDocument(session, { playerSafe: true, lang: 'en' })
    const s = doc.summaries[0]
    expect(s.participants.map((p) => p.name)).toEqual(['Tira Vos', 'Brek Oduun', 'Stormtrooper 1', 'Stormtrooper 2'])
    expect(s.participants.find((p) => p.name === 'Brek Oduun')?.damageTaken).toBe(11)
    expect(s.damageByRound).toEqual([33, 21])
  })

  it('puts entries outside combat and the encounter in chronological sections', () => {
    const doc = buildDocument(session, { playerSafe: false, lang: 'en' })
    expect(doc.sections.map((s) => [s.encounter?.name ?? null, s.lines.length])).toEqual([
      [null, 5],
      // encounter.started + 30 active events (the undone attack and the commands are not lines)
      ['Ambush in the hangar', 31],
      [null, 4],
    ])
  })
})
