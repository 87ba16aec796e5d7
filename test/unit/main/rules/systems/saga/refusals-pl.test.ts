/**
 * Issue 27, defect 9: a Saga refusal is one sentence, in English from main and in Polish on a Polish screen. Before
 * the fix these refusals were English sentences without a catalog key ("R4-K7 is not a vehicle", "Han has no weapon
 * \"Bowcaster\""), or carried a rule's phrase (`rule.saga.targetDead`), so a Polish screen showed main's English or
 * "Not by the rules: attack on …"; the sentences written for them sat unused in the ui table (`saga.refusal.*`).
 */
import { describe, expect, it } from 'vitest'
import type { AppError } from '@shared/result'
import { saidIn } from '../../said-in'
import { ui as uiEn } from '../../../../../../src-main/rules/systems/saga/i18n/en'
import { encounter, run, soldier, trooper, tryRun, type Log } from './helpers'

const refused = (log: Log, cmd: Parameters<typeof tryRun>[1]): AppError => {
  const r = tryRun(log, cmd)
  if (r.ok) throw new Error(`${cmd.type} was accepted`)
  return r.error
}
const said = saidIn

describe('Saga refusals read in Polish (issue 27, defect 9)', () => {
  it('a dead target (001:92, 001:105, 003:377): the sentence in both languages, the rule behind "why?", still overridable', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    log = run(log, { type: 'applyDamage', combatantId: 'st', amount: 40 })
    const e = refused(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [20, 6, 6, 6] })
    expect(e).toMatchObject({ code: 'rule', field: 'targetId', cite: '001:92, 003:377', details: { reason: 'refusal.saga.targetDead', rule: 'rule.saga.targetDead', overridable: true, params: { name: 'Stormtrooper' } } })
    expect(said(e, 'en')).toBe('Stormtrooper is already dead and cannot be attacked.')
    expect(said(e, 'pl')).toBe('Stormtrooper już nie żyje i nie można go zaatakować.')
    // damage typed in by the GM: its own sentence
    const d = refused(log, { type: 'applyDamage', combatantId: 'st', amount: 5 })
    expect(said(d, 'pl')).toBe('Stormtrooper już nie żyje i nie otrzymuje więcej obrażeń.')
    // the override still goes through, logged by the rule's phrase
    expect(tryRun(log, { type: 'attack', attackerId: 'han', targetId: 'st', dice: [20, 6, 6, 6], override: true }).ok).toBe(true)
  })

  it('grapple too big (003:226) says "grapple", in Polish "wejść w zwarcie"', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'big', ...trooper({ name: 'Rancor', size: 'gargantuan', hp: 80 }) }])
    const e = refused(log, { type: 'grapple', attackerId: 'han', targetId: 'big', dice: [20, 10, 1] })
    expect(e.cite).toBe('003:226')
    expect(said(e, 'pl')).toBe('Soldier nie może wejść w zwarcie z Rancor: zwarcie jest możliwe tylko z przeciwnikiem większym najwyżej o jedną kategorię rozmiaru.')
  })

  it('a weapon the attacker does not have, by name and by number, names neither an id nor a quote of code', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    const byName = refused(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Bowcaster', dice: [20, 6, 6, 6] })
    expect(byName).toMatchObject({ code: 'invalid', field: 'weapon' })
    expect(said(byName, 'en')).toBe('Soldier has no weapon called “Bowcaster”.')
    expect(said(byName, 'pl')).toBe('Soldier nie ma broni o nazwie „Bowcaster”.')
    const byNumber = refused(log, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 7, dice: [20, 6, 6, 6] })
    expect(said(byNumber, 'pl')).toBe('Soldier nie ma broni numer 8.')
  })

  it('the sweep\'s four (conCheck, avoidDeath, restoreShields, board) and a no-op track move say it in Polish', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper() }])
    const pl = (cmd: Parameters<typeof tryRun>[1]) => said(refused(log, cmd), 'pl')
    expect(pl({ type: 'conCheck', combatantId: 'st' })).toBe('Postać Stormtrooper nie jest nieprzytomna, więc nie wykonuje testu Kondycji.')
    expect(pl({ type: 'avoidDeath', combatantId: 'han' })).toBe('Soldier nie może teraz wydać punktu Mocy, by uniknąć śmierci: tylko zaraz po zabójczym ataku i tylko mając punkt Mocy.')
    expect(pl({ type: 'restoreShields', combatantId: 'han', targetId: 'st' })).toBe('Stormtrooper nie ma tarcz, które można by przywrócić.')
    expect(pl({ type: 'board', combatantId: 'han', vehicleId: 'st' })).toBe('Stormtrooper nie jest pojazdem, więc nie można do niego wsiąść.')
    expect(pl({ type: 'board', combatantId: 'han', vehicleId: null })).toBe('Soldier nie jest w pojeździe.')
    expect(pl({ type: 'moveConditionTrack', combatantId: 'han', steps: 1 })).toBe('Soldier jest już w stanie normalnym i nie może przesunąć się wyżej na ścieżce stanu.')
  })

  it('the refusal sentences live in one place: the log catalog, none left in the ui table', () => {
    expect(Object.keys(uiEn).filter((k) => k.startsWith('saga.refusal.'))).toEqual([])
  })
})
