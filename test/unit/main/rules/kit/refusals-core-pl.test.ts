/**
 * Issue 27, defect 9: the core engine's refusals (combat not started, a missing combatant, nothing to undo, bad dice
 * notation, a die entered by hand) said as one plain sentence, in English by main and in Polish on a Polish screen:
 * worked examples said as the console's `refusalText` says them. Before this issue they were English only
 * ("combat has not started", "bad dice notation "3x6": expected + or - at 2, got "x"") on every screen.
 */
import { describe, expect, it } from 'vitest'
import type { AppError } from '@shared/result'
import { formatLog } from '@shared/i18n/format-log'
import { applyCommand, createEncounter, decide, registerSystem, undo } from '../../../../../src-main/rules/index'
import { parseDice } from '../../../../../src-main/rules/kit/dice'
import { fixedRng } from '../../../../../src-main/rules/kit/rng'
import { fakeSystem } from './fake-system'

const now = '2026-01-01T00:00:00.000Z'
/** what a screen says (src-renderer/components/refusal.ts): main's English sentence, or on a Polish screen the
 *  refusal's key said from the log catalogs with its params */
const said = (e: AppError, locale: 'en' | 'pl'): string => {
  const d = (e.details ?? {}) as { reason?: string; params?: Record<string, string | number | boolean> }
  return locale === 'en' || !d.reason ? e.message : formatLog({ key: d.reason, params: d.params ?? {} }, locale)
}
const refusal = (r: { ok: boolean; error?: AppError }): AppError => {
  if (r.ok || !r.error) throw new Error('expected a refusal')
  return r.error
}

describe('core refusals read in Polish (issue 27, defect 9)', () => {
  registerSystem(fakeSystem('fakepl', 'ordered'))
  const log = createEncounter({ id: 'e1', name: 'Test', systemId: 'fakepl' as never, seed: 's' }, now)
  if (!log.ok) throw new Error(log.error.message)

  it('next turn before combat: "Combat has not started" / "Walka się jeszcze nie zaczęła"', () => {
    const e = refusal(decide(log.value.state, { type: 'nextTurn' }, { rng: fixedRng([1]), now }))
    expect(e).toMatchObject({ code: 'rule', field: 'type', message: 'Combat has not started', details: { reason: 'refusal.core.combatNotStarted' } })
    expect(said(e, 'en')).toBe('Combat has not started')
    expect(said(e, 'pl')).toBe('Walka się jeszcze nie zaczęła')
  })

  it('a combatant no longer there is not named by its id, in either language', () => {
    const e = refusal(decide(log.value.state, { type: 'setNote', combatantId: 'trooper-7', notes: 'x' }, { rng: fixedRng([1]), now }))
    expect(e.field).toBe('combatantId')
    expect(said(e, 'en')).toBe('That combatant is not in the encounter')
    expect(said(e, 'pl')).toBe('Tego uczestnika nie ma w starciu')
    expect(said(e, 'pl')).not.toContain('trooper-7')
  })

  it('nothing to undo: "Nie ma nic do cofnięcia"', () => {
    const e = refusal(undo(log.value.records))
    expect(said(e, 'pl')).toBe('Nie ma nic do cofnięcia')
  })

  it('bad dice notation keeps its field and says where it breaks, in Polish too', () => {
    const e = refusal(parseDice('3x6', {}, 'weapons.0.damage'))
    expect(e).toMatchObject({ code: 'invalid', field: 'weapons.0.damage', details: { position: 1, reason: 'refusal.core.diceNoSign' } })
    expect(e.message).toBe('Bad dice notation "3x6": "x" at character 2 should be + or -')
    expect(said(e, 'pl')).toBe('Błędny zapis kości „3x6”: w miejscu „x” na pozycji 2 powinien być + lub -')
    expect(said(refusal(parseDice('3d1')), 'pl')).toBe('Błędny zapis kości „3d1”: kość ma od 2 do 10000 ścianek, a nie d1')
  })

  it('a die entered by hand out of its range names the range, at its dice field', () => {
    const added = applyCommand(log.value.records, log.value.state, { type: 'addCombatant', statBlock: { name: 'Hale', hp: 10 } }, { rng: fixedRng([1]), now })
    if (!added.ok) throw new Error(added.error.message)
    const e = refusal(decide(added.value.state, { type: 'rollInitiative', dice: [99] }, { rng: fixedRng([1]), now }))
    expect(e.field).toBe('dice.0')
    expect(said(e, 'en')).toMatch(/^A die entered by hand must be a whole number from 1 to \d+, not 99$/)
    expect(said(e, 'pl')).toMatch(/^Kość wpisana ręcznie musi być liczbą całkowitą od 1 do \d+, a nie 99$/)
  })
})
