import { describe, expect, it } from 'vitest'
import { checkFaces, dieSuccesses, epicAutosuccesses, makePool, rollFaces, scoreOptions, scorePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { DEFAULT_SETTINGS, SCION_EPIC_TABLE, withDefaults } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'
import { commandDice, fixedRng } from '../../../../../../../src-main/rules/kit/rng'

const plain = scoreOptions(DEFAULT_SETTINGS)
const exalted = scoreOptions(withDefaults({ tensDouble: true }))

describe('T1: successes on d10s', () => {
  it('T1: 7, 8, 9 and 10 are one success each; 1-6 none', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((f) => dieSuccesses(f, plain))).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1])
    expect(scorePool([1, 7, 10, 4, 9], 0, plain)).toMatchObject({ diceSuccesses: 3, successes: 3, botch: false })
  })
  it('T1 option (Exalted 2e): a 10 counts twice, except on a damage roll', () => {
    expect(scorePool([10, 10, 7, 3], 0, exalted).successes).toBe(5)
    expect(scorePool([10, 10, 7, 3], 0, { ...exalted, damage: true }).successes).toBe(3)
  })
  it('T1: a botch is 0 successes with at least one 1', () => {
    expect(scorePool([1, 3, 6], 0, plain).botch).toBe(true)
    expect(scorePool([2, 3, 6], 0, plain).botch).toBe(false) // a plain failure
    expect(scorePool([1, 7], 0, plain).botch).toBe(false)
  })
  it('T1 + T2: autosuccesses make a roll that cannot botch (0 successes means none at all)', () => {
    expect(scorePool([1, 1, 2], 1, plain)).toMatchObject({ diceSuccesses: 0, successes: 1, botch: false })
  })
})

describe('T2: Epic autosuccesses', () => {
  it('T2: the Scion 1e table 1, 2, 4, 7, 11, 16, 22, 29, 37, 46 for Epic 1-10', () => {
    expect(Array.from({ length: 11 }, (_, e) => epicAutosuccesses(e, SCION_EPIC_TABLE))).toEqual([0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46])
  })
  it('T2: a rating beyond the table keeps its last entry; a custom table replaces it', () => {
    expect(epicAutosuccesses(12, SCION_EPIC_TABLE)).toBe(46)
    expect(epicAutosuccesses(2, [1, 3])).toBe(3)
  })
})

describe('pools', () => {
  it('a pool adds its parts and never drops below 0 dice (wound penalties can empty it)', () => {
    expect(makePool([{ key: 'dexterity', value: 2 }, { key: 'wound', value: -4 }], 1)).toMatchObject({ dice: 0, auto: 1 })
    expect(makePool([{ key: 'dexterity', value: 3 }, { key: 'brawl', value: 0 }]).parts).toEqual([{ key: 'dexterity', value: 3 }])
  })
  it('dice come from the Rng; dice typed in by hand come first and are marked manual', () => {
    const r = rollFaces(3, commandDice([10, 1], fixedRng([7])))
    expect(r.faces).toEqual([10, 1, 7])
    expect(r.rolls.map((d) => d.manual ?? false)).toEqual([true, true, false])
  })
  it('faces given for a pool must match its size and be 1-10, naming the field', () => {
    expect(checkFaces([7, 8], 2, 'accuracyDice').ok).toBe(true)
    const n = checkFaces([7], 2, 'accuracyDice')
    expect(!n.ok && n.error.field).toBe('accuracyDice')
    const b = checkFaces([7, 11], 2, 'accuracyDice')
    expect(!b.ok && b.error.field).toBe('accuracyDice.1')
  })
})
