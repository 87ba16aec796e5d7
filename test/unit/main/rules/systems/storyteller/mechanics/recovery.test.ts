import { describe, expect, it } from 'vitest'
import { scoreOptions, scorePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { medicineDifficulty, type Wounds } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/health'
import { healingValue, medicalIncrement, medicinePool, medicMayRoll, naturalRecovery } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/recovery'
import { bob as bobInput, medicalDroid, parseSample } from '../../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { DEFAULT_SETTINGS, SCION_HEALTH_TRACK } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'

const bob = parseSample(bobInput)
const w = (bashing: number, lethal = 0, aggravated = 0): Wounds => ({ bashing, lethal, aggravated, dead: false })
const opts = scoreOptions(DEFAULT_SETTINGS)
/** the droid's 6 dice showing `n` successes */
const droidRoll = (n: number) => scorePool([...Array<number>(n).fill(8), ...Array<number>(6 - n).fill(3)], 0, opts)
// 004's example implies difficulty 2 for Bob (3 and 5 successes heal 3 and 5 with Stamina 2); T5 keeps it a GM input
const BOB_DIFFICULTY = 2

describe("004 medical example: Bob's 3 bashing, Stamina 2", () => {
  it('004: (Stamina + Enhanced Stamina) = 2 for Bob; Enhanced Stamina is Epic Stamina', () => {
    expect(healingValue(bob)).toBe(2)
    expect(healingValue(parseSample({ ...bobInput, epic: { stamina: 1 } }))).toBe(3)
  })
  it('004: sleeping it off, the next day 1 bashing is left, the day after none', () => {
    expect(naturalRecovery(w(3), 2, 24).wounds).toEqual(w(1))
    expect(naturalRecovery(w(3), 2, 48).wounds).toEqual(w(0))
  })
  it('004: a medical droid worth 6 dice rolls 3 successes: Bob is patched up after about an hour', () => {
    expect(medicinePool({ dice: 6 }).dice).toBe(6)
    const r = medicalIncrement(w(3), 2, 'hour', droidRoll(3), BOB_DIFFICULTY)
    expect(r).toMatchObject({ tended: true, net: 1, amount: 3, type: 'bashing', wounds: w(0) })
  })
  it('004: with 5 successes Bob could have recovered from 2 more points (5 bashing)', () => {
    expect(medicalIncrement(w(5), 2, 'hour', droidRoll(5), BOB_DIFFICULTY)).toMatchObject({ amount: 5, wounds: w(0) })
  })
  it('T6: the "4 successes" case is a typo for 1: net −1 leaves Bob untended, so the hour heals nothing', () => {
    const r = medicalIncrement(w(3), 2, 'hour', droidRoll(1), BOB_DIFFICULTY)
    expect(r).toMatchObject({ tended: false, net: -1, amount: 0, wounds: w(3) })
  })
  it('T6: 4 successes (net 2) are care like 3 and 5: they heal 4', () => {
    expect(medicalIncrement(w(5), 2, 'hour', droidRoll(4), BOB_DIFFICULTY)).toMatchObject({ tended: true, amount: 4, wounds: w(1) })
  })
  it('T5: the default difficulty from the track would be 1 for Bob (so the GM enters 2 to match the example)', () => {
    expect(medicineDifficulty(w(3), SCION_HEALTH_TRACK)).toBe(1)
  })
})

describe('004 recovery rates', () => {
  it('004 untended: lethal heals per week, aggravated never', () => {
    expect(naturalRecovery(w(0, 4, 2), 2, 24 * 6).wounds).toEqual(w(0, 4, 2))
    expect(naturalRecovery(w(0, 4, 2), 2, 24 * 7)).toMatchObject({ wounds: w(0, 2, 2), healed: { bashing: 0, lethal: 2, aggravated: 0 } })
  })
  it('004 tended: lethal per day, aggravated per week (value + net); other types heal untended meanwhile', () => {
    expect(medicalIncrement(w(3, 4), 2, 'day', droidRoll(2), 1)).toMatchObject({ type: 'lethal', amount: 3, wounds: w(1, 1), healed: { bashing: 2, lethal: 3, aggravated: 0 } })
    expect(medicalIncrement(w(0, 2, 10), 3, 'week', droidRoll(3), 4)).toMatchObject({ tended: false, wounds: w(0, 0, 10) })
    expect(medicalIncrement(w(0, 0, 10), 3, 'week', droidRoll(5), 4)).toMatchObject({ tended: true, amount: 4, wounds: w(0, 0, 6) })
  })
  it('004: an interruption negates the effort (untended for that increment)', () => {
    expect(medicalIncrement(w(3), 2, 'hour', droidRoll(5), 2, true)).toMatchObject({ tended: false, wounds: w(3) })
  })
  it('Science: Medicine is Intelligence + Medicine (Scion 1e) for a character, with wound penalties (T5)', () => {
    expect(medicinePool(parseSample(medicalDroid)).dice).toBe(6)
    expect(medicinePool(parseSample(medicalDroid), { woundPenalty: -1 }).dice).toBe(5)
  })
})

describe('T6 the same medic waits one untended increment', () => {
  it('T6: after a failed attempt the same medic may not roll in the next increment', () => {
    const r = medicMayRoll({ kind: 'care', increment: 'hour', medicId: 'droid', tended: false }, 'droid')
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'medicId' })
  })
  it('T6: a different medic need not wait; after an untended increment or a success the medic may roll', () => {
    expect(medicMayRoll({ kind: 'care', increment: 'hour', medicId: 'droid', tended: false }, 'kael').ok).toBe(true)
    expect(medicMayRoll({ kind: 'rest', increment: 'hour' }, 'droid').ok).toBe(true)
    expect(medicMayRoll({ kind: 'care', increment: 'hour', medicId: 'droid', tended: true }, 'droid').ok).toBe(true)
    expect(medicMayRoll(null, 'droid').ok).toBe(true)
  })
})
