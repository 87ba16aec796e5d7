/** Hide / reveal mid-fight, and system-specific notable rolls, on small logs in the session record format. */
import { describe, expect, it } from 'vitest'
import { buildDocument } from '../../../../src-main/export/document'
import { engineDescribe } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import { registerSystem } from '../../../../src-main/rules/index'
import { fakeSystem } from '../rules/kit/fake-system'

const at = '2026-11-28T18:00:00.000Z'
let seq = 0
const ev = (batch: number, event: Record<string, unknown>) => ({ kind: 'encounter.event', at, encounterId: 'e', record: { seq: ++seq, at, batch, event, status: 'active' } })
const combatant = (id: string, name: string, side: string, hidden: boolean) => ({ id, name, side, role: side === 'party' ? 'pc' : 'npc', hidden, aware: true, notes: '', stats: {}, state: {}, conditions: [], initiative: { value: null, modifier: 0 } })
const log = (systemId: string, records: object[]) =>
  [{ schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's' }, { kind: 'encounter.started', at, encounterId: 'e', planId: null, name: 'Test', systemId, seed: 'x' }, ...records].map((r) => JSON.stringify(r)).join('\n')

describe('a combatant hidden, then revealed', () => {
  seq = 0
  const text = log('saga', [
    ev(1, { type: 'core.combatantAdded', combatant: combatant('pc', 'Tira', 'party', false) }),
    ev(1, { type: 'core.combatantAdded', combatant: combatant('spy', 'Masked Spy', 'enemies', true) }),
    ev(2, { type: 'core.roundStarted', round: 1, order: ['pc', 'spy'] }),
    // while hidden: the spy's damage is the GM's secret
    ev(3, { type: 'saga.damageDealt', targetId: 'pc', targetName: 'Tira', source: 'spy', sourceName: 'Masked Spy', dealt: 5, hpLoss: 5, hpAfter: 25, status: 'ok', statusBefore: 'ok', outcome: 'hit' }),
    ev(4, { type: 'core.hiddenSet', combatantId: 'spy', name: 'Masked Spy', hidden: false }),
    // revealed: players see it
    ev(5, { type: 'saga.damageDealt', targetId: 'pc', targetName: 'Tira', source: 'spy', sourceName: 'Masked Spy', dealt: 7, hpLoss: 7, hpAfter: 18, status: 'ok', statusBefore: 'ok', outcome: 'hit' }),
  ])
  const session = normalizeSession(parseSessionLog(text), { describe: engineDescribe })

  it('GM-only until revealed; the reveal and what follows are for players', () => {
    expect(session.entries.filter((e) => e.event).map((e) => [e.event?.type, e.gmOnly])).toEqual([
      ['core.combatantAdded', false],
      ['core.combatantAdded', true],
      ['core.roundStarted', false],
      ['saga.damageDealt', true],
      ['core.hiddenSet', false],
      ['saga.damageDealt', false],
    ])
  })

  it('the player-safe summary names the revealed spy and counts only the damage seen', () => {
    const s = buildDocument(session, { playerSafe: true, lang: 'en' }).summaries[0]
    expect(s.participants.map((p) => [p.name, p.damageDealt, p.damageTaken])).toEqual([
      ['Tira', 0, 7],
      ['Masked Spy', 7, 0],
    ])
    const gm = buildDocument(session, { playerSafe: false, lang: 'en' }).summaries[0]
    expect(gm.participants.map((p) => [p.name, p.damageDealt, p.damageTaken])).toEqual([
      ['Tira', 0, 12],
      ['Masked Spy', 12, 0],
    ])
  })
})

describe('notable rolls by system', () => {
  it('a natural 20 is a complication in 2d20 (J1) and a natural 20 elsewhere (Saga 001): each system names its own', () => {
    seq = 0
    // a stand-in for the 2d20 system (its own facts say so, J1): the summary asks the encounter's system, never guesses
    registerSystem({
      ...fakeSystem('2d20', 'ordered'),
      facts: (e) => {
        const dice = (e.dice ?? []) as Array<{ die: string; value: number }>
        return { notable: dice.filter((d) => d.die === 'd20' && d.value === 20).map(() => 'complication') }
      },
    })
    const twoD20 = normalizeSession(parseSessionLog(log('2d20', [ev(1, { type: '2d20.testRolled', actorId: 'a', dice: [{ die: 'd20', value: 20 }, { die: 'd20', value: 3 }] })])))
    expect(buildDocument(twoD20, { playerSafe: false, lang: 'en' }).summaries[0].notable.map((n) => n.kind)).toEqual(['complication'])
    const sagaLog = normalizeSession(parseSessionLog(log('saga', [ev(1, { type: 'saga.attackRolled', attackerId: 'a', dice: [{ die: 'd20', value: 20 }], crit: true, targets: [] })])))
    expect(buildDocument(sagaLog, { playerSafe: false, lang: 'en' }).summaries[0].notable.map((n) => n.kind)).toEqual(['nat20', 'crit'])
  })
})
