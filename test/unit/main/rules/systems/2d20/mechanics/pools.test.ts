import { describe, expect, it } from 'vitest'
import {
  adjustPool, complicationsToThreat, emptyPools, partyMomentum, saveMomentum, spend, spendCost, spendRequest, SPEND_POOL, type Pools, type SpendRequest,
} from '../../../../../../../src-main/rules/systems/2d20/mechanics/pools'

const pools = (over: Partial<Pools> = {}): Pools => ({ ...emptyPools(), ...over })
const jc = { id: 'jc', side: 'players' as const }
const narrator = { id: 'thark', side: 'narrator' as const }
const req = (r: unknown): SpendRequest => spendRequest.parse(r)

describe('the price of every spend (002:68-128)', () => {
  const cases: Array<[unknown, number, string]> = [
    [{ spend: 'additionalMovement' }, 1, '002:70 move a range'],
    [{ spend: 'additionalMovement', ignoreObstacles: true }, 3, '002:70 ignoring obstacles'],
    [{ spend: 'counterstrike' }, 3, '002:72'],
    [{ spend: 'createObstacle', steps: 3 }, 6, '002:74 2 per step'],
    [{ spend: 'createOpportunity', dice: 2 }, 2, '002:76 1 per d20'],
    [{ spend: 'dispatchMinion', extra: 2 }, 2, '002:78 1 per extra minion'],
    [{ spend: 'obtainInformation' }, 1, '002:84 1 per question'],
    [{ spend: 'rollExtraDamage', dice: 3 }, 3, '002:88 1 per combat die'],
    [{ spend: 'sendWeaponFlying' }, 3, '002:90 flying'],
    [{ spend: 'sendWeaponFlying', far: false }, 2, "002:90 at the enemy's feet"],
    [{ spend: 'bonusD20' }, 1, '002:94'],
    [{ spend: 'secondWind' }, 1, '002:98'],
    [{ spend: 'complication' }, 2, '002:108'],
    [{ spend: 'danger', dice: 4 }, 4, '002:110 1 per d6'],
    [{ spend: 'reinforcementMinion', count: 3 }, 3, '002:112'],
    [{ spend: 'reinforcementMonster', menace: 4 }, 4, '002:114 the Menace'],
    [{ spend: 'divideGroup', largestGroup: 3 }, 3, '002:116 the largest group'],
    [{ spend: 'maintainSplit' }, 1, '002:116 per scene'],
    [{ spend: 'seizeInitiative' }, 1, '002:118'],
    [{ spend: 'villainLuck', luck: 2, villainId: 'v' }, 6, '002:120 3 per Luck'],
    [{ spend: 'winDraw' }, 1, '002:122'],
  ]
  for (const [r, cost, why] of cases) it(`${why}: ${JSON.stringify(r)} costs ${cost}`, () => expect(spendCost(req(r))).toBe(cost))
  it('002:74: Create Obstacle cannot buy more than 3 steps (the request is invalid)', () => {
    expect(spendRequest.safeParse({ spend: 'createObstacle', steps: 4 }).success).toBe(false)
  })
  it('every spend names its pool and seed line', () => {
    for (const [id, v] of Object.entries(SPEND_POOL)) expect(v.seed, id).toMatch(/^002:\d+$/)
  })
})

describe('Momentum spends check and move the pools (J1)', () => {
  it('the test\'s own Momentum is used first, then the saved pool: Create Obstacle ×2 (4) = 1 fresh + 3 saved', () => {
    const r = spend(pools({ momentum: { jc: 3 } }), { ...jc, fresh: 1 }, req({ spend: 'createObstacle', steps: 2 }))
    expect(r.ok && r.value.pools.momentum.jc).toBe(0)
    expect(r.ok && r.value.freshLeft).toBe(0)
  })
  it('not enough Momentum is refused, with what is there', () => {
    const r = spend(pools({ momentum: { jc: 2 } }), { ...jc, fresh: 1 }, req({ spend: 'createObstacle', steps: 2 }))
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'momentum' })
    expect(!r.ok && r.error.message).toMatch(/has only 2 saved/)
  })
  it('a PC never pays from another PC\'s saved Momentum (J1 personal pools)', () => {
    expect(spend(pools({ momentum: { dejah: 5 } }), jc, req({ spend: 'counterstrike' })).ok).toBe(false)
  })
  it('party-pool setting: Counterstrike (3) from the party pool', () => {
    const r = spend(pools({ partyMomentum: 4 }), jc, req({ spend: 'counterstrike' }), { momentumPool: 'party', partyMomentumCap: 6 })
    expect(r.ok && r.value.pools.partyMomentum).toBe(1)
  })
  it('a narrator character pays Momentum spends with Threat (src-main/rules/systems/2d20/README.md): Roll Extra Damage ×2 = 2 Threat', () => {
    const r = spend(pools({ threat: 3 }), narrator, req({ spend: 'rollExtraDamage', dice: 2 }))
    expect(r.ok && r.value.pools.threat).toBe(1)
  })
  it('002:137: only players force a narrator character into an Explosive blast with Momentum', () => {
    expect(spend(pools({ threat: 3 }), narrator, req({ spend: 'explosiveBlast' })).ok).toBe(false)
    expect(spend(pools(), { ...jc, fresh: 1 }, req({ spend: 'explosiveBlast' })).ok).toBe(true)
  })
})

describe('Luck spends (002:92-102)', () => {
  it('002:96: an additional Conflict action costs 1 Luck', () => {
    const r = spend(pools({ luck: { jc: 3 } }), jc, req({ spend: 'extraConflictAction' }))
    expect(r.ok && r.value.pools.luck.jc).toBe(2)
  })
  it('no Luck, no spend', () => {
    expect(spend(pools({ luck: { jc: 0 } }), jc, req({ spend: 'bonusD20' }))).toMatchObject({ ok: false, error: { field: 'luck' } })
  })
})

describe('Threat spends (002:104-128)', () => {
  it('002:118 Seize Initiative: 1 Threat; a player cannot buy it', () => {
    const r = spend(pools({ threat: 2 }), narrator, req({ spend: 'seizeInitiative' }))
    expect(r.ok && r.value.pools.threat).toBe(1)
    expect(spend(pools({ threat: 2 }), jc, req({ spend: 'seizeInitiative' })).ok).toBe(false)
  })
  it('002:108: a complication needs 2 Threat', () => {
    expect(spend(pools({ threat: 1 }), narrator, req({ spend: 'complication' }))).toMatchObject({ ok: false, error: { field: 'threat' } })
  })
  it('002:120 Villain Using Luck: 2 Luck for 6 Threat, given to the villain', () => {
    const r = spend(pools({ threat: 7 }), narrator, req({ spend: 'villainLuck', luck: 2, villainId: 'sab' }))
    expect(r.ok && [r.value.pools.threat, r.value.pools.luck.sab]).toEqual([1, 2])
  })
  it('002:124: the narrator forcing a black-out pays the character 1 Luck', () => {
    const r = spend(pools({ threat: 0, luck: { jc: 1 } }), narrator, req({ spend: 'forceBlackOut', characterId: 'jc' }))
    expect(r.ok && [r.value.pools.threat, r.value.pools.luck.jc]).toEqual([0, 2])
  })
  it('002:126: a voluntary black-out pays all remaining Luck', () => {
    const r = spend(pools({ luck: { jc: 3 } }), jc, req({ spend: 'voluntaryBlackOut', characterId: 'jc' }))
    expect(r.ok && r.value.pools.luck.jc).toBe(0)
  })
  it('002:128: voluntary failure gives the narrator 1 Threat and the player 1 Luck', () => {
    const r = spend(pools({ threat: 2, luck: { jc: 0 } }), jc, req({ spend: 'voluntaryFailure', characterId: 'jc' }))
    expect(r.ok && [r.value.pools.threat, r.value.pools.luck.jc]).toEqual([3, 1])
  })
})

describe('saving Momentum and the board', () => {
  it('J1: saved Momentum stops at the lowest attribute (cap 4, 2 saved, 3 more → 2 saved, 1 lost)', () => {
    const r = saveMomentum(pools({ momentum: { jc: 2 } }), jc, 3, 4)
    expect([r.pools.momentum.jc, r.saved, r.lost]).toEqual([4, 2, 1])
  })
  it('a narrator character\'s unspent Momentum becomes Threat (src-main/rules/systems/2d20/README.md)', () => {
    expect(saveMomentum(pools({ threat: 1 }), narrator, 2, 0).pools.threat).toBe(3)
  })
  it('the party\'s Momentum on the board is the sum of the saved pools (J1)', () => {
    expect(partyMomentum(pools({ momentum: { jc: 2, dejah: 3 } }))).toBe(5)
  })
  it('002:108: a PC\'s complication bought off gives the narrator 2 Threat each', () => {
    expect(complicationsToThreat(pools({ threat: 1 }), 2).threat).toBe(5)
  })
  it('the GM\'s + and −: never below 0, never above a cap', () => {
    expect(adjustPool(pools({ threat: 1 }), 'threat', -2)).toMatchObject({ ok: false, error: { field: 'delta' } })
    expect(adjustPool(pools({ momentum: { jc: 4 } }), 'momentum', 1, 'jc', 4).ok).toBe(false)
    const r = adjustPool(pools(), 'luck', 2, 'jc')
    expect(r.ok && r.value.luck.jc).toBe(2)
  })
})
