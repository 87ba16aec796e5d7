/**
 * DESIGN §5: names of hidden or unrevealed combatants never reach a player. Every log entry that names a combatant
 * hidden at the time of the event is GM-only; the player-safe export agrees with the engine entry by entry.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EngineCommand, EventRecord } from '@shared/domain/encounter'
import { formatLog } from '@shared/i18n/format-log'
import { applyCommand, logEntries, logEntry, replay } from '../../../../../src-main/rules/index'
import { engineDescribe } from '../../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../../src-main/export/parse-log'
import { encounter, now, run, soldier, trooper, type Log } from '../systems/saga/helpers'

const SNIPER = 'Vanta Sniper'
const base = (): Log =>
  encounter(
    [
      { id: 'han', ...soldier({ name: 'Han' }) },
      { id: 'st', ...trooper({ name: 'Trooper', hp: 40 }) },
      { id: 'sn', ...trooper({ name: SNIPER, hp: 40 }) },
    ],
    [{}, {}, { hidden: true }],
  )

/** the session record format the exporter reads (one encounter) */
function sessionText(records: EventRecord[]): string {
  const at = now
  const lines = [
    { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's' },
    { kind: 'encounter.started', at, encounterId: 'e', planId: null, name: 'Test', systemId: 'saga', seed: 'x' },
    ...records.map((record) => ({ kind: 'encounter.event', at, encounterId: 'e', record })),
  ]
  return lines.map((l) => JSON.stringify(l)).join('\n')
}

describe('events about hidden combatants are GM-only (at the time of the event)', () => {
  it('the hidden sniper’s initiative, turn, attack and damage are GM-only; after the reveal its actions are public', () => {
    let log = base()
    // fixed dice: initiative Han 15, trooper 2, sniper 19 (d20s), then the sniper's attack 16 + 3 bab + 1 dex vs Han's Reflex
    log = run(log, { type: 'startCombat', dice: [15, 2, 19] })
    log = run(log, { type: 'attack', attackerId: 'sn', targetId: 'han', override: true, dice: [16, 4, 4, 4] })
    const hiddenPhase = logEntries(log.records)
    const named = hiddenPhase.filter((e) => formatLog(e).includes(SNIPER))
    expect(named.length).toBeGreaterThanOrEqual(4) // joins, initiative, turn, attack
    expect(named.every((e) => e.gmOnly === true)).toBe(true)
    // the damage line names only Han, but the hit came from the hidden sniper: GM-only too
    const dmg = hiddenPhase.find((e) => e.key.startsWith('log.saga.damage.'))!
    expect(formatLog(dmg)).not.toContain(SNIPER)
    expect(dmg.gmOnly).toBe(true)
    log = run(log, { type: 'setHidden', combatantId: 'sn', hidden: false })
    log = run(log, { type: 'attack', attackerId: 'sn', targetId: 'han', override: true, dice: [16, 4, 4, 4] })
    const after = logEntries(log.records).slice(hiddenPhase.length)
    expect(after.map((e) => [e.key, e.gmOnly === true])).toEqual([
      ['log.core.revealed', false],
      ['log.core.ruleOverridden', false],
      ['log.saga.attack.hit', false],
      ['log.saga.damageRolled', false],
      ['log.saga.damage.hit', false],
    ])
    // the earlier entries stay GM-only after the reveal (the stamp is on the recorded event)
    expect(logEntries(log.records).slice(0, hiddenPhase.length).map((e) => e.gmOnly)).toEqual(hiddenPhase.map((e) => e.gmOnly))
  })

  const ids = ['han', 'st', 'sn'] as const
  const who = fc.constantFrom(...ids)
  const d20 = fc.integer({ min: 1, max: 20 })
  const d = fc.integer({ min: 1, max: 6 })
  const command: fc.Arbitrary<EngineCommand> = fc.oneof(
    fc.record({ type: fc.constant('setHidden'), combatantId: who, hidden: fc.boolean() }),
    fc.record({ type: fc.constant('attack'), attackerId: who, targetId: who, override: fc.constant(true), dice: fc.tuple(d20, d, d, d) }),
    fc.record({ type: fc.constant('applyDamage'), combatantId: who, amount: fc.integer({ min: 0, max: 20 }) }),
    fc.record({ type: fc.constant('move'), combatantId: who, provokesFrom: fc.subarray([...ids]), override: fc.constant(true) }),
    fc.record({ type: fc.constant('aidAnother'), helperId: who, targetId: who, mode: fc.constantFrom('aid', 'suppress'), override: fc.constant(true), dice: fc.tuple(d20) }),
    fc.record({ type: fc.constant('addCondition'), combatantId: who, key: fc.constant('saga.grabbed') }),
    fc.constant({ type: 'nextTurn' }),
  )

  it('scan: no entry a player may see names a combatant that was hidden when it happened; the export agrees (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), (cmds) => {
        let log = run(base(), { type: 'startCombat' })
        for (const c of cmds) {
          const r = applyCommand(log.records, log.state, c, { now })
          if (r.ok) log = r.value
        }
        const names = new Map(log.state.combatants.map((x) => [x.id, x.name]))
        for (const [i, rec] of log.records.entries()) {
          const entry = logEntry(rec)
          if (!entry || i === 0) continue
          const before = replay(log.records.slice(0, i).filter((x) => x.status === 'active'))
          const after = replay(log.records.slice(0, i + 1).filter((x) => x.status === 'active'))
          // hidden at the time: before the event, or made hidden by it (hiding, joining hidden)
          const hiddenNames = [...names].filter(([id]) => {
            const b = before.combatants.find((x) => x.id === id)
            const a = after.combatants.find((x) => x.id === id)
            return rec.event.type === 'core.hiddenSet' ? a?.hidden === true : (b?.hidden ?? a?.hidden) === true
          }).map(([, n]) => n)
          const text = formatLog(entry)
          if (hiddenNames.some((n) => text.includes(n))) expect(entry.gmOnly, `${text}`).toBe(true)
        }
        // the player-safe export hides exactly the entries the engine marks (it scans on its own too)
        const session = normalizeSession(parseSessionLog(sessionText(log.records)), { describe: engineDescribe })
        const exported = session.entries.filter((e) => e.event && e.shown !== false)
        const engine = log.records.map((r) => logEntry(r)).filter((e) => e !== null)
        expect(exported.map((e) => e.gmOnly)).toEqual(engine.map((e) => e.gmOnly === true))
      }),
      { numRuns: 40 },
    )
  })
})
