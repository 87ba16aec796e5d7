/** What generic code asks Starchasers (issue 9 item 1), with worked examples from seed 000. */
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { starchasersSystem } from '../../../../src-main/rules/systems/starchasers'
import { gamorreanGuard, hanSolo, lukeAlly, stormtrooper } from '../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { defenses as armorDefense } from '../../../../src-main/rules/systems/starchasers/mechanics/derived'
import { initialState } from '../../../../src-main/rules/index'

function combatant(sb: unknown, conditions: string[] = [], patch: Record<string, unknown> = {}): { state: EncounterState; c: Combatant } {
  const made = starchasersSystem.createCombatant(sb)
  if (!made.ok) throw new Error(made.error.message)
  const c = { id: 'h', name: 'Han', side: 'party', hidden: false, aware: true, notes: '', ...made.value, state: { ...made.value.state, ...patch }, conditions: conditions.map((k, i) => ({ id: `k${i}`, key: `starchasers.${k}` })) } as unknown as Combatant
  return { state: { ...initialState({ id: 'e', name: 'e', systemId: 'starchasers', seed: 's' }), combatants: [c] }, c }
}
const values = (sb: unknown, conditions: string[] = []) => {
  const { state, c } = combatant(sb, conditions)
  return starchasersSystem.derived(state, c).map((d) => [d.label, d.value])
}

describe('Starchasers kit', () => {
  it("derived values: Han's defenses (000:258-296), his pistol pool 5 and Bowcaster 4 (000:830-832), movement (S21)", () => {
    const v = values(hanSolo)
    expect(v).toEqual(expect.arrayContaining([
      ['starchasers.defense.armor', 2],
      ['starchasers.defense.dodge', 6], // Agility 3 + Perception 3
      ['starchasers.defense.parry', 6], // Deftness 3 + Agility 3
      ['starchasers.attackDice', 'Blaster Pistol: 5'],
      ['starchasers.attackDice', 'Bowcaster: 4'],
      ['starchasers.movement', 6], // Agility 3 + 3
      ['starchasers.passiveAlertness', 2], // floor((3 + 2) / 2)
      ['starchasers.critThreshold', 4], // Toughness 2 + Resistance 2 (S5)
    ]))
    // Hamstrung halves movement (000:584), Weakened lowers the physical attributes (000:585)
    expect(values(hanSolo, ['hamstrung'])).toContainEqual(['starchasers.movement', 3])
    expect(values(hanSolo, ['weakened'])).toContainEqual(['starchasers.defense.dodge', 5])
  })

  it("an ally shows its card's fixed values: Luke's Default Defense 3 and Parry 7 (000:1355, 000:1372)", () => {
    expect(values(lukeAlly)).toEqual([
      ['starchasers.defenseKind', 3],
      ['starchasers.defense.block', 0],
      ['starchasers.defense.dodge', 6],
      ['starchasers.defense.parry', 7],
      ['starchasers.movement', 6],
    ])
  })

  it('isOut: 0 HP, unconscious, dying or dead (000:615-631)', () => {
    expect(starchasersSystem.isOut(combatant(hanSolo).c)).toBe(false)
    expect(starchasersSystem.isOut(combatant(hanSolo, [], { unconscious: true }).c)).toBe(true)
    expect(starchasersSystem.isOut(combatant(hanSolo, [], { hp: 0 }).c)).toBe(true)
    expect(starchasersSystem.isOut(combatant(hanSolo, [], { dying: true }).c)).toBe(true)
  })

  it('facts: harmed damage (the batch attacker is the source), knock-outs, DOMINATE (S14)', () => {
    expect(starchasersSystem.facts({ type: 'starchasers.harmed', combatantId: 'b', source: 'attack', damage: 4, knockedOut: true })).toEqual({ actorId: undefined, targetId: 'b', damage: { sourceId: null, targetId: 'b', amount: 4 }, knockout: { targetId: 'b' } })
    expect(starchasersSystem.facts({ type: 'starchasers.duelExchanged', attackerId: 'a', defenderId: 'b', result: 'dominate' })).toEqual({ targetId: 'b', notable: ['dominate'] })
    expect(starchasersSystem.facts({ type: 'core.turnStarted', combatantId: 'a' })).toBeNull()
  })

  it("the card follows 000's Ally Stats order for allies, and gives a PC's pools per weapon", () => {
    const ally = starchasersSystem.card(lukeAlly, 'en')
    expect(ally.subtitle).toBe('Ally')
    expect(ally.sections.map((s) => s.title)).toEqual([undefined, 'starchasers.card.attributes', 'starchasers.card.combat', 'starchasers.card.defenses', 'starchasers.card.resilience', 'starchasers.card.awareness', 'starchasers.card.traits'])
    expect(ally.sections[2].lines.map((l) => l.value)).toEqual(['6', '9 (Finesse)', '5 (Quick)'])
    expect(ally.sections[3].lines.map((l) => l.value)).toEqual(['3', '0', '6', '7'])
    const han = starchasersSystem.card(hanSolo, 'pl')
    expect(han.sections[2].lines.map((l) => l.value)).toContain('Blaster Pistol: 5 kości (Dystansowa, Szybkość)')
  })

  it('issue 10: the card says a weapon’s qualities, the armor worn with its Deflection, and "Armor Defense" apart from it', () => {
    const en = starchasersSystem.card(stormtrooper, 'en')
    expect(en.sections[2].lines.map((l) => l.value)).toContain('E-11 Blaster Rifle: 5 dice (Ranged, Power; Spreading 1)')
    const defenseLines = en.sections[3].lines.map((l) => [l.label, l.value])
    expect(defenseLines).toContainEqual(['starchasers.card.armorDefense', String(armorDefense(stormtrooper).armor)])
    expect(defenseLines).toContainEqual(['starchasers.card.armor', 'Stormtrooper Armor (Deflection 3, Resistance +1, Agility −1; Defensive 1)'])
    const pl = starchasersSystem.card(gamorreanGuard, 'pl')
    expect(pl.sections[3].lines.map((l) => l.value)).toContain('Hide Armor (Odbicie 3)')
    expect(pl.sections[3].lines.map((l) => l.value)).toContain('Iron Buckler (Blok +0)')
  })

  it('labels name its bands, pools and conditions by i18n key', () => {
    expect(starchasersSystem.labels.bands.melee).toBe('starchasers.range.melee')
    expect(starchasersSystem.labels.conditions['starchasers.stunned']).toBe('conditions.starchasers.stunned')
    expect(starchasersSystem.labels.conditions['starchasers.disarmed']).toBe('cond.starchasers.disarmed')
  })
})
