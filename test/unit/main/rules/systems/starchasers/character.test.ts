/**
 * Issue 29: a Starchasers character's own sheet on its player's phone, and the Motivation its player may ask to
 * spend, worked on the sample campaign's party with fixed states.
 */
import { describe, expect, it } from 'vitest'
import { combatantOf, sampleFight, withState } from '../../../projections/sample-fight'

const KESTREL = 'pc-kestrel'
const SPARKY = 'ally-sparky'

describe('Starchasers characterSheet and playerSpends (issue 29)', () => {
  it('a PC: Hit Points in full, Stress against its capacity, Injuries, Vitality, Motivation, Focus tokens (000:615, 000:988)', () => {
    const f = sampleFight('starchasers')
    const k = combatantOf(f, KESTREL)
    // Kestrel: 12 HP, Stress Capacity 6, 6 Vitality, no Motivation yet
    withState(f, k.id, { hp: 7, stress: 2, motivation: 3, focusTokens: 1 })
    const sheet = f.system.characterSheet!(f.state, combatantOf(f, KESTREL))
    expect(sheet.health).toEqual({ current: 7, max: 12, label: 'starchasers.card.hitPoints' })
    expect(sheet.resources).toEqual([
      { key: 'starchasers.stress', value: 2, max: 6 },
      { key: 'starchasers.injuries', value: 0 },
      { key: 'starchasers.vitality', value: 6, max: 6 },
      { key: 'starchasers.motivation', value: 3 },
      { key: 'starchasers.character.focusTokens', value: 1 },
    ])
  })

  it('an ally has no Motivation (000:1413): Stress and Injuries only', () => {
    const f = sampleFight('starchasers')
    const keys = f.system.characterSheet!(f.state, combatantOf(f, SPARKY)).resources.map((r) => r.key)
    expect(keys).toEqual(['starchasers.stress', 'starchasers.injuries'])
  })

  it('unconscious with Motivation: 1 Motivation wakes it, and the wake command spends exactly one (000:596)', () => {
    const f = sampleFight('starchasers')
    const k = combatantOf(f, KESTREL)
    expect(f.system.playerSpends!.options(f.state, k)).toEqual([])
    withState(f, k.id, { hp: 5, unconscious: true, motivation: 2 })
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, KESTREL))).toEqual([{ resource: 'motivation', label: 'starchasers.character.wake', left: 2 }])
    const cmd = f.system.playerSpends!.command(f.state, combatantOf(f, KESTREL), 'motivation')
    expect(cmd).toEqual({ type: 'wake', combatantId: k.id, by: 'motivation' })
    f.run(cmd!)
    expect(combatantOf(f, KESTREL).state).toMatchObject({ unconscious: false, motivation: 1 })
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, KESTREL))).toEqual([])
  })

  it('at 0 HP, Dying, or without Motivation nothing is offered (the wake command refuses those)', () => {
    const f = sampleFight('starchasers')
    const k = combatantOf(f, KESTREL)
    for (const patch of [{ hp: 0, unconscious: true, motivation: 2 }, { hp: 3, unconscious: true, dying: true, motivation: 2 }, { hp: 3, unconscious: true, motivation: 0 }]) {
      withState(f, k.id, patch)
      expect(f.system.playerSpends!.options(f.state, combatantOf(f, KESTREL)), JSON.stringify(patch)).toEqual([])
      expect(f.system.playerSpends!.command(f.state, combatantOf(f, KESTREL), 'motivation')).toBeNull()
      withState(f, k.id, { hp: 12, unconscious: false, dying: false, motivation: 0 })
    }
  })
})
