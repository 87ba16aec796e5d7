/**
 * scenario.ts `scenarioOdds` (`gmc odds`): the attack is parsed once at the CLI's edge (issue 28), since a system's
 * odds read the parsed command and no longer parse it again: a malformed attack is refused as `invalid` at its field
 * under `attack`, a well-formed one gets its odds. (Failed once the odds stopped parsing: the malformed attack was
 * answered with a "no such combatant" refusal instead.)
 */
import { describe, expect, it } from 'vitest'
import { scenarioOdds } from '../../../../src-main/cli/scenario'

const hero = { name: 'Han', kind: 'heroic', heroicLevel: 3, bab: 3, abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 10, cha: 10 }, hp: 30, weapons: [{ name: 'Blaster Pistol', damage: '3d6', kind: 'ranged' }] }
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', hp: 10, bab: 1, weapons: [{ name: 'Blaster Rifle', damage: '3d8', kind: 'ranged' }] }
const scenario = { system: 'saga', combatants: [{ id: 'han', statBlock: hero }, { id: 'st', statBlock: trooper }] }

describe('gmc odds: the attack parsed at the edge (issue 28)', () => {
  it('a well-formed Saga attack (001 attack roll) gets its odds', () => {
    const r = scenarioOdds({ ...scenario, attack: { type: 'attack', attackerId: 'han', targetId: 'st' } }, { defaultSeed: 'odds' })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.hit).toBeGreaterThan(0)
    expect(r.value.hit).toBeLessThanOrEqual(1)
  })

  it('a malformed one is refused as invalid at its field under `attack`', () => {
    const r = scenarioOdds({ ...scenario, attack: { type: 'attack', attackerId: 'han', targetId: 7 } }, { defaultSeed: 'odds' })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid', field: 'attack.targetId' } })
  })
})
