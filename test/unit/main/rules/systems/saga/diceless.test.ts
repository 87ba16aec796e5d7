/** Beyond the seed: the diceless ally mode wired into Saga (`allyAttack`), on the real engine. */
import { describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { logEntries } from '../../../../../../src-main/rules/index'
import { buildDocument } from '../../../../../../src-main/export/document'
import { engineDescribe } from '../../../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../../../src-main/export/parse-log'
import { encounter, ev, now, run, soldier, st, trooper, tryRun } from './helpers'

/** A Wookiee ally: nonheroic 4, BAB +6, Str 18, Dex 12 (+1), Con 16 (+3); bowcaster 3d10. Reflex 11, Fortitude 13. */
const wookiee = (over: Record<string, unknown> = {}) => ({
  name: 'Wookiee Ally',
  kind: 'nonheroic',
  role: 'ally',
  otherLevels: 4,
  abilities: { str: 18, dex: 12, con: 16, int: 10, wis: 10, cha: 10 },
  bab: 6,
  hp: 30,
  weapons: [{ name: 'Bowcaster', damage: '3d10', kind: 'ranged', ranges: [6, 12, 24, 48], damageType: 'energy' }],
  ...over,
})

describe('Saga diceless ally mode (take 10)', () => {
  it('the ally takes 10: 10 + 6 BAB + 1 Dex = 17 vs the trooper’s Reflex 17 → hit; 3d10 average 16.5 → 16 damage (SR/DR/DT as usual)', () => {
    let log = encounter([{ id: 'wk', side: 'allies', ...wookiee() }, { id: 'st', ...trooper({ hp: 20 }) }])
    log = run(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st' })
    expect(ev(log, 'saga.dicelessAttack')).toMatchObject({ attackValue: 17, defense: 'reflex', defenseValue: 17, choice: 'only', hit: true, damageAverage: 16.5, damage: 16, direction: 'byAlly' })
    // trooper DT 12 (Fortitude 10 + 2 armor): 16 ≥ 12 → −1 step; 20 − 16 = 4 HP (001)
    expect(st(log, 'st')).toMatchObject({ hp: 4, ct: 1 })
    expect(log.events.some((e) => e.type === 'saga.attackRolled' || e.type === 'saga.damageRolled')).toBe(false) // no dice at all
    const lines = logEntries(log.records).slice(-2).map((e) => formatLog(e))
    expect(lines[0]).toBe('Wookiee Ally (diceless) takes 10 with Bowcaster: 17 vs Stormtrooper’s Reflex 17: hit, average damage 16')
    expect(formatLog(logEntries(log.records).at(-2)!, 'pl')).toContain('Refleks 17')
  })

  it('situational modifiers count: short range −2 → 15 vs 17 misses, nothing is dealt', () => {
    let log = encounter([{ id: 'wk', side: 'allies', ...wookiee() }, { id: 'st', ...trooper({ hp: 20 }) }])
    log = run(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st', range: 'short' })
    expect(ev(log, 'saga.dicelessAttack')).toMatchObject({ attackValue: 15, hit: false, damage: 0 })
    expect(log.events.some((e) => e.type === 'saga.damageDealt')).toBe(false)
    expect(st(log, 'st').hp).toBe(20)
  })

  it('an NPC attacking the ally takes 10 against the ally’s best applicable defense: Fortitude 13 over Reflex 11', () => {
    let log = encounter([{ id: 'wk', side: 'allies', ...wookiee() }, { id: 'st', ...trooper() }])
    // trooper: 10 + 3 BAB + 1 Dex = 14; blaster rifle 3d8 average 13.5 → 13
    log = run(log, { type: 'allyAttack', attackerId: 'st', targetId: 'wk', against: ['reflex', 'fortitude'] })
    const e = ev(log, 'saga.dicelessAttack')
    expect(e).toMatchObject({ attackValue: 14, defense: 'fortitude', defenseValue: 13, choice: 'best', hit: true, damage: 13, direction: 'againstAlly' })
    expect(e.considered).toEqual([{ defense: 'reflex', value: 11 }, { defense: 'fortitude', value: 13 }])
    // the Wookiee's DT is its Fortitude 13: 13 damage reaches it (001)
    expect(st(log, 'wk')).toMatchObject({ hp: 17, ct: 1 })
    expect(formatLog(logEntries(log.records).at(-2)!)).toBe('Stormtrooper takes 10 with Blaster Rifle: 14 vs Wookiee Ally’s Fortitude 13 (the ally’s best of 2 applicable defenses): hit, average damage 13')
    // a weapon attack targets Reflex only (the default): 11, now 10 with the −1 of condition track step 1 (001)
    log = run(log, { type: 'allyAttack', attackerId: 'st', targetId: 'wk' })
    expect(ev(log, 'saga.dicelessAttack')).toMatchObject({ defense: 'reflex', defenseValue: 10, choice: 'only', hit: true })
  })

  it('the mode is for allies: a PC against an NPC is refused (overridable), and an action is spent in combat', () => {
    // the trooper survives the first blow: a second attack on it is refused for the action, not for a dead target
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 60 }) }, { id: 'wk', side: 'allies', ...wookiee() }])
    expect(tryRun(log, { type: 'allyAttack', attackerId: 'han', targetId: 'st' })).toMatchObject({ ok: false, error: { code: 'rule', field: 'attackerId', details: { reason: 'rule.saga.notAlly' } } })
    expect(tryRun(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st', weapon: 'Lightbow' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'weapon' } })
    log = run(log, { type: 'startCombat', dice: [5, 2, 19] }) // the Wookiee acts first
    log = run(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st' })
    expect(st(log, 'wk').actions).toMatchObject({ standard: 0 })
    expect(tryRun(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.noAction' } } })
  })

  it('the player-safe export never shows the NPC’s defense value: the line that needs it is left out (DESIGN §5, issue 10)', () => {
    let log = encounter([{ id: 'wk', side: 'allies', ...wookiee() }, { id: 'st', ...trooper({ hp: 20 }) }])
    log = run(log, { type: 'allyAttack', attackerId: 'wk', targetId: 'st' })
    const lines = [
      { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's' },
      { kind: 'encounter.started', at: now, encounterId: 'e', planId: null, name: 'Test', systemId: 'saga', seed: 'x' },
      ...log.records.map((record) => ({ kind: 'encounter.event', at: now, encounterId: 'e', record })),
    ]
    const session = normalizeSession(parseSessionLog(lines.map((l) => JSON.stringify(l)).join('\n')), { describe: engineDescribe })
    const docLines = (playerSafe: boolean) => buildDocument(session, { playerSafe, lang: 'en' }).sections.flatMap((x) => x.lines).map((l) => l.text)
    expect(docLines(false).find((t) => t.includes('takes 10'))).toContain('Stormtrooper’s Reflex 17')
    // the player display shows no enemy defense: neither the value nor a "?" stand-in reaches the player-safe text
    expect(docLines(true).filter((t) => /Reflex (17|\?)/.test(t))).toEqual([])
    expect(docLines(true).length).toBeGreaterThan(0)
  })
})
