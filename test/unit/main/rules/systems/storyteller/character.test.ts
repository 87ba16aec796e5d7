/**
 * Issue 29: a Storyteller character's own sheet on its player's phone, worked on the sample campaign's party (Kael
 * Vorn, the Scion 1e health track of T5: −0, −1, −1, −2, −2, −4, then Incapacitated: 7 boxes).
 */
import { describe, expect, it } from 'vitest'
import { combatantOf, sampleFight } from '../../../projections/sample-fight'

const KAEL = 'pc-kael-vorn'

describe('Storyteller characterSheet (issue 29)', () => {
  it('unhurt: every box of the track left, no wound penalty', () => {
    const f = sampleFight('storyteller')
    const sheet = f.system.characterSheet!(f.state, combatantOf(f, KAEL))
    expect(sheet.health).toEqual({ current: 7, max: 7, label: 'storyteller.health' })
    expect(sheet.resources).toEqual([
      { key: 'storyteller.woundPenalty', value: 0 },
      { key: 'storyteller.character.bashing', value: 0 },
      { key: 'storyteller.character.lethal', value: 0 },
      { key: 'storyteller.character.aggravated', value: 0 },
    ])
  })

  it('2 lethal and 1 bashing fill three boxes: 4 left, the third level\'s penalty −1 (T5, 004)', () => {
    const f = sampleFight('storyteller')
    const id = combatantOf(f, KAEL).id
    f.run({ type: 'damage', combatantId: id, amount: 2, damageType: 'lethal' })
    f.run({ type: 'damage', combatantId: id, amount: 1, damageType: 'bashing' })
    const sheet = f.system.characterSheet!(f.state, combatantOf(f, KAEL))
    expect(sheet.health).toEqual({ current: 4, max: 7, label: 'storyteller.health' })
    expect(sheet.resources).toEqual([
      { key: 'storyteller.woundPenalty', value: -1 },
      { key: 'storyteller.character.bashing', value: 1 },
      { key: 'storyteller.character.lethal', value: 2 },
      { key: 'storyteller.character.aggravated', value: 0 },
    ])
  })

  it('offers nothing to spend: the engine tracks no Willpower (seed 004 names none)', () => {
    const f = sampleFight('storyteller')
    expect(f.system.playerSpends).toBeUndefined()
  })
})
