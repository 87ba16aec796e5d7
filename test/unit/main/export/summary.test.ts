import { describe, expect, it } from 'vitest'
import { buildDocument } from '../../../../src-main/export/document'
import { summarizeAll } from '../../../../src-main/export/summary'
import { hangarSession, outpostSession, starchasersSession } from './fixture'

const table = (s: ReturnType<typeof summarizeAll>[number]) => Object.fromEntries(s.participants.map((p) => [p.name, [p.damageDealt, p.damageTaken, p.knockedOut]]))

describe('encounter summary of the real Saga session (saga-hangar.ndjson)', () => {
  const session = hangarSession()

  it('counts damage from saga.damageDealt (source → target), knock-outs from status changes, natural 20s from the d20', () => {
    const [s] = summarizeAll(session.entries.filter((e) => e.status === 'active'))
    expect(s.name).toBe('Ambush in the hangar')
    expect(s.rounds).toBe(2)
    // worked from the log by hand: Tira 18 (crit, line 62) + 12 (line 132); Dax 10 + 21; R4-K7 5; the troopers'
    // hits: 1 → Dax 14, 2 → Tira 26 (a natural 20, doubled: W1). The undone shot of batch 8 counts for nothing.
    expect(table(s)).toEqual({
      'Tira Vos': [30, 26, false],
      'Dax Orrin': [31, 14, false],
      'R4-K7': [5, 0, false],
      'Outpost Trooper 1': [14, 18, true],
      'Outpost Trooper 2': [26, 10, true],
      'Outpost Trooper 3': [0, 17, true],
      'Outpost Trooper 4': [0, 21, true],
      Sniper: [0, 0, false],
    })
    expect(s.damageByRound).toEqual([14 + 18 + 26 + 10 + 5, 12 + 21])
    expect(s.knockouts.map((k) => [k.name, k.round])).toEqual([
      ['Outpost Trooper 1', 1],
      ['Outpost Trooper 2', 1],
      ['Outpost Trooper 3', 2],
      ['Outpost Trooper 4', 2],
    ])
    // 001: a natural 20 is an automatic critical hit
    expect(s.notable.map((n) => [n.kind, n.who, n.round])).toEqual([
      ['nat20', 'Tira Vos', 1],
      ['crit', 'Tira Vos', 1],
      ['nat20', 'Outpost Trooper 2', 1],
      ['crit', 'Outpost Trooper 2', 1],
    ])
  })

  it('the player-safe summary leaves out the hidden sniper', () => {
    const doc = buildDocument(session, { playerSafe: true, lang: 'en' })
    expect(doc.summaries[0].participants.map((p) => p.name)).not.toContain('Sniper')
    expect(doc.summaries[0].participants).toHaveLength(7)
  })

  it('puts entries outside combat and the encounter in chronological sections; silent events are not lines', () => {
    const doc = buildDocument(session, { playerSafe: false, lang: 'en' })
    expect(doc.sections.map((s) => s.encounter?.name ?? null)).toEqual([null, 'Ambush in the hangar', null])
    const lines = doc.sections[1].lines.map((l) => l.text)
    expect(lines[0]).toBe('Encounter begins: Ambush in the hangar')
    expect(lines.at(-1)).toBe('The encounter ends')
    expect(lines.some((l) => l.includes('turnBudget') || l.includes('encounterReset'))).toBe(false)
  })
})

describe('encounter summary of a hand-written Saga log (saga-outpost.ndjson)', () => {
  const session = outpostSession()

  it('counts saga.damageDealt damage and its knock-outs (the Saga facts); undone events do not count', () => {
    const [s] = summarizeAll(session.entries.filter((e) => e.status === 'active'))
    expect(s.rounds).toBe(2)
    expect(table(s)).toEqual({
      'Tira Vos': [22, 0, false],
      'Brek Oduun': [21, 13 + 11, false],
      'Stormtrooper 1': [0, 22, true],
      'Stormtrooper 2': [11, 21, true],
      'Nightshade Sniper': [13, 0, false],
    })
    // round 1: 22 + 13 + 11; round 2: 21 (the undone Vibroaxe miss adds nothing)
    expect(s.damageByRound).toEqual([46, 21])
    expect(s.knockouts.map((k) => [k.name, k.round])).toEqual([
      ['Stormtrooper 1', 1],
      ['Stormtrooper 2', 2],
    ])
  })

  it('the player-safe summary leaves out the hidden sniper and the damage it dealt', () => {
    const s = buildDocument(session, { playerSafe: true, lang: 'en' }).summaries[0]
    expect(s.participants.map((p) => p.name)).toEqual(['Tira Vos', 'Brek Oduun', 'Stormtrooper 1', 'Stormtrooper 2'])
    expect(s.participants.find((p) => p.name === 'Brek Oduun')?.damageTaken).toBe(11)
    expect(s.damageByRound).toEqual([33, 21])
  })
})

describe('encounter summary of the real Starchasers session (starchasers-ember.ndjson)', () => {
  const session = starchasersSession()

  it('counts starchasers.harmed damage (the attacker is the batch actor), the surprise round, duels and DOMINATE', () => {
    const doc = buildDocument(session, { playerSafe: false, lang: 'en' })
    const [s] = doc.summaries
    expect(s.name).toBe('Raiders at the Ember Gate')
    // worked from the log: surprise round 0: Kestrel 2, Soot 4 (on Kestrel), Juno 2, Sparky 2 (diceless ally, S16)
    // round 1: the duel, Soot DOMINATEs Juno three times for 8 each (S14); Soot 6 and Raider 2 2 on Kestrel; Sparky 2
    // round 2: Soot 3 on Sparky (NPC against an ally), Sparky 2
    expect(table(s)).toEqual({
      Kestrel: [2, 4 + 6 + 2, true],
      'Juno Marr': [2, 24, true],
      Sparky: [6, 3, false],
      'Ember Raider 1': [0, 6, true],
      'Ember Raider 2': [2, 4, false],
      'Ember Raider 3': [0, 0, false],
      'Captain Soot': [4 + 24 + 6 + 3, 0, false],
    })
    expect(s.firstRound).toBe(0)
    expect(s.damageByRound).toEqual([10, 34, 5, 0])
    expect(s.knockouts.map((k) => [k.name, k.round])).toEqual([
      ['Ember Raider 1', 0],
      ['Juno Marr', 1],
      ['Kestrel', 1],
    ])
    expect(s.notable.map((n) => [n.kind, n.who, n.round])).toEqual([
      ['dominate', 'Captain Soot', 1],
      ['dominate', 'Captain Soot', 1],
      ['dominate', 'Captain Soot', 1],
    ])
    // the chart starts at the surprise round
    expect(doc.sections.some((x) => x.lines.some((l) => l.round === 0))).toBe(true)
  })
})
