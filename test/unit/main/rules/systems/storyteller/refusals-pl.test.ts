/**
 * Issue 27, defect 9: a Storyteller refusal is one sentence, in English from main and in Polish on a Polish screen.
 * Before the fix these refusals were English sentences without a catalog key, some with ids or field paths in them
 * ("no combatant with id \"x\"", "accuracyDice: the pool has 2 dice, 1 faces were given", "droid failed the last
 * increment…"), so a Polish screen showed main's English.
 */
import { describe, expect, it } from 'vitest'
import type { AppError } from '@shared/result'
import { saidIn } from '../../said-in'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
// rules/index registers each system's log catalogs, as main does
import { engineFor } from '../../../../../../src-main/rules/index'
import { checkFaces } from '../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { commandOdds } from '../../../../../../src-main/rules/systems/storyteller/odds'
import { medicMayRoll } from '../../../../../../src-main/rules/systems/storyteller/mechanics/recovery'
import { kaelTrooperBob, now, initialState, run } from './engine'
import { kaelVorn } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { seededRng } from '../../../../../../src-main/rules/kit/rng'

const engine = (() => {
  const e = engineFor('storyteller')
  if (!e.ok) throw new Error(e.error.message)
  return e.value
})()
function refused(state: EncounterState, cmd: EngineCommand): AppError {
  const r = engine.decide(state, cmd, { rng: seededRng('refusals-pl'), now })
  if (r.ok) throw new Error(`${cmd.type} was accepted`)
  return r.error
}
const error = (r: { ok: boolean }): AppError => {
  if (r.ok) throw new Error('accepted')
  return (r as { ok: false; error: AppError }).error
}
const said = saidIn

describe('Storyteller refusals read in Polish (issue 27, defect 9)', () => {
  it('waiting to a tick already passed names the combatant and the tick, in both languages', () => {
    const s = kaelTrooperBob()
    const e = refused(s, { type: 'wait', combatantId: 'kael', tick: 0 })
    expect(e).toMatchObject({ code: 'rule', field: 'tick', details: { reason: 'refusal.storyteller.waitAfter', params: { name: 'Kael Vorn', tick: 0 } } })
    expect(said(e, 'en')).toBe('Kael Vorn can only wait until a tick after tick 0.')
    expect(said(e, 'pl')).toBe('Kael Vorn może czekać tylko do tiku późniejszego niż tik 0.')
  })

  it('acting outside a fight, a weapon the attacker lacks, a combatant not in the encounter', () => {
    const calm = run(initialState({ id: 'e', name: 'Bay', systemId: 'storyteller', seed: '1' }), { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
    expect(said(refused(calm, { type: 'act', combatantId: 'kael' }), 'pl')).toBe('Koło tików obraca się tylko w walce: najpierw rozpocznij walkę.')
    const s = kaelTrooperBob()
    const w = refused(s, { type: 'attack', attackerId: 'kael', targetId: 'st', weapon: 'Bowcaster' })
    expect(said(w, 'en')).toBe('Kael Vorn has no weapon called “Bowcaster”.')
    expect(said(w, 'pl')).toBe('Kael Vorn nie ma broni o nazwie „Bowcaster”.')
    const nobody = refused(s, { type: 'attack', attackerId: 'kael', targetId: 'nobody' })
    expect(nobody).toMatchObject({ code: 'not-found', field: 'targetId' })
    expect(said(nobody, 'en')).not.toContain('nobody')
    expect(said(nobody, 'pl')).toBe('W tym starciu nie ma takiego uczestnika.')
    // the odds panel refuses the same way
    expect(said(error(commandOdds(s, { type: 'attack', attackerId: 'nobody', targetId: 'st' })), 'pl')).toBe('W tym starciu nie ma takiego uczestnika.')
  })

  it('dice typed in by hand: the count agrees with its word (one/few/many), no field path in the sentence', () => {
    const few = error(checkFaces([7], 2, 'accuracyDice'))
    expect(few.field).toBe('accuracyDice')
    expect(said(few, 'en')).toBe('The pool has 2 dice, but 1 result was typed in.')
    expect(said(few, 'pl')).toBe('Pula ma 2 kości, a wpisano 1 wynik.')
    expect(said(error(checkFaces([7, 7, 7, 7, 7], 1, 'damageDice')), 'pl')).toBe('Pula ma 1 kość, a wpisano 5 wyników.')
    const range = error(checkFaces([7, 11], 2, 'accuracyDice'))
    expect(range.field).toBe('accuracyDice.1')
    expect(said(range, 'pl')).toBe('Na k10 wypada od 1 do 10, nie 11.')
  })

  it('T6: the medic who failed is named by name, not by id; the rule behind "why?"', () => {
    const e = error(medicMayRoll({ kind: 'care', increment: 'hour', medicId: 'droid-7', tended: false }, 'droid-7', '2-1B'))
    expect(e).toMatchObject({ code: 'rule', field: 'medicId', cite: 'T6' })
    expect(said(e, 'en')).toBe('2-1B failed the last treatment and must let one increment pass untended before trying again (another medic need not wait).')
    expect(said(e, 'pl')).toBe('2-1B: ostatnie leczenie się nie powiodło, więc przed kolejną próbą musi minąć jeden okres bez opieki (inny medyk nie musi czekać).')
  })
})
