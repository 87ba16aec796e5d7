/** What generic code asks Saga (issue 9 item 1), with worked examples from 001/003. */
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { sagaSystem } from '../../../../src-main/rules/systems/saga'
import { initialState } from '../../../../src-main/rules/index'

/** Heroic level 2, Dex 14 (+2), Con 12 (+1), Wis 10: Reflex 10 + 2 + 2 = 14, Fortitude 10 + 2 + 1 = 13, Will 12 */
const trooper = { name: 'Tira', kind: 'heroic', heroicLevel: 2, hp: 20, bab: 2, speed: 6, initiative: 3, abilities: { str: 12, dex: 14, con: 12, int: 10, wis: 10, cha: 10 }, weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }, { name: 'Vibroblade', damage: '2d6', kind: 'melee' }], species: 'Human', classes: 'Soldier 2', feats: ['Point Blank Shot'] }

function combatant(ct = 0, status = 'ok', hp = 20): { state: EncounterState; c: Combatant } {
  const made = sagaSystem.createCombatant(trooper)
  if (!made.ok) throw new Error(made.error.message)
  const c: Combatant = { id: 't', name: 'Tira', side: 'party', hidden: false, aware: true, notes: '', conditions: [], ...made.value, state: { ...made.value.state, ct, status, hp } } as unknown as Combatant
  const state = { ...initialState({ id: 'e', name: 'e', systemId: 'saga', seed: 's' }), combatants: [c] }
  return { state, c }
}
const values = (ct: number) => {
  const { state, c } = combatant(ct)
  return Object.fromEntries(sagaSystem.derived(state, c).map((d) => [d.label, d.value]))
}

describe('Saga kit', () => {
  it('derived values at each condition step (001 condition track −1/−2/−5/−10; half speed at step 4)', () => {
    expect(values(0)).toMatchObject({ 'saga.reflex': 14, 'saga.fortitude': 13, 'saga.will': 12, 'saga.threshold': 13, 'saga.speed': 6 })
    expect(values(2)).toMatchObject({ 'saga.reflex': 12, 'saga.fortitude': 11, 'saga.will': 10, 'saga.conditionTrack': -2, 'saga.speed': 6 })
    expect(values(4)).toMatchObject({ 'saga.reflex': 4, 'saga.speed': 3 })
  })

  it('isOut: 0 HP or any status but ok (001 unconscious, disabled, dead, destroyed)', () => {
    expect(sagaSystem.isOut(combatant().c)).toBe(false)
    expect(sagaSystem.isOut(combatant(0, 'unconscious', 0).c)).toBe(true)
    expect(sagaSystem.isOut(combatant(5, 'disabled', 3).c)).toBe(true)
  })

  it('the danger check attacks with the first weapon', () => {
    const { state, c } = combatant()
    expect(sagaSystem.dangerAttack(state, c, { ...c, id: 'x' })).toEqual({ type: 'attack', attackerId: 't', targetId: 'x', weapon: 0 })
  })

  it('facts: damage from saga.damageDealt with its source, a knock-out by status, natural 20s and crits', () => {
    expect(sagaSystem.facts({ type: 'saga.damageDealt', targetId: 'b', source: 'a', dealt: 12, hpLoss: 12, statusBefore: 'ok', status: 'unconscious' })).toEqual({ targetId: 'b', damage: { sourceId: 'a', targetId: 'b', amount: 12 }, knockout: { targetId: 'b' } })
    expect(sagaSystem.facts({ type: 'saga.attackRolled', attackerId: 'a', dice: [{ die: 'd20', value: 20 }], crit: true, targets: [{ id: 'b' }] })).toEqual({ actorId: 'a', targetId: 'b', notable: ['nat20', 'crit'] })
    // a natural 20 on initiative is worth noting too (001: the d20 is the same die)
    expect(sagaSystem.facts({ type: 'core.initiativeSet', combatantId: 'a', dice: [{ die: 'd20', value: 20 }] })).toEqual({ notable: ['nat20'] })
    expect(sagaSystem.facts({ type: 'saga.conditionTrackMoved', combatantId: 'b', changes: [{ id: 'b', patch: { ct: 5, status: 'unconscious' } }] })?.knockout).toEqual({ targetId: 'b' })
    expect(sagaSystem.facts({ type: 'saga.turnBudget' })).toBeNull()
  })

  it('the book-style card (003 stat block): CL, defenses with flat-footed, Melee/Ranged lines, Base Atk and Grp', () => {
    const card = sagaSystem.card(trooper, 'en')
    expect(card.title).toBe('Tira')
    expect(card.subtitle).toBe('CL 2')
    const lines = Object.fromEntries(card.sections.flatMap((s) => s.lines).map((l) => [l.label ?? '', l.value]))
    expect(card.sections[0].lines[0].value).toBe('Medium Human Soldier 2')
    expect(lines).toMatchObject({
      'saga.card.init': '+3',
      'saga.card.ref': '14 (flat-footed 12)',
      'saga.card.fort': '13',
      'saga.card.hp': '20',
      'saga.card.threshold': '13',
      'saga.card.speed': '6 squares',
      // 001: ranged = BAB 2 + Dex 2; damage + ½ heroic level 1
      'saga.card.ranged': 'Blaster pistol +4 (3d6+1)',
      // melee = BAB 2 + Str 1; damage + ½ level 1 + Str 1
      'saga.card.melee': 'Vibroblade +3 (2d6+2)',
      'saga.card.baseAtk': '+2',
      // 003 grapple: BAB + the better of Str and Dex + size (Medium 0)
      'saga.card.grp': '+4',
      'saga.card.feats': 'Point Blank Shot',
    })
    expect(sagaSystem.card(trooper, 'pl').sections[1].lines[0].value).toBe('14 (nieprzygotowany 12)')
    expect(sagaSystem.card({ name: 'Broken' }, 'en')).toEqual({ title: 'Broken', subtitle: 'Invalid stat block', sections: [] })
  })
})
