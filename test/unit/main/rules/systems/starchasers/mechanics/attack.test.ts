import { describe, expect, it } from 'vitest'
import { DiceSource, DEFAULT_FACES, actionScore, countAttack, poolFloor } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/dice'
import { resolveAttack, type AttackInput } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/attack'
import { critThreshold, defenses, initiativePool, movementPoints, passiveAlertness, weaponPool, weightExcess, defenseAvailability } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/derived'
import { attackPoolMods, coverSoak, defenseDice, rangeDice, movementActions, actionsThisTurn, movementWithConditions } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/conditions'
import { chewbacca, gamorreanGuard, hanSolo, validateSamples, allSamples } from '../../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { statBlock } from '../../../../../../../src-main/rules/systems/starchasers/schema'
import { fixedRng, noRng } from '../fixed-rng'

const base = (over: Partial<AttackInput> = {}): AttackInput => ({
  pool: 5, qualities: {}, defense: { kind: 'dodge', dice: 3 }, critThreshold: 4, resistance: 2, ...over,
})

describe('S1 dice faces', () => {
  it('S1: default attack die is 3 Hit, 1 Crit, 2 Focus, 2 Blank; defense 3 Evade, 2 Focus, 3 Blank', () => {
    expect(countAttack(DEFAULT_FACES.attack)).toEqual({ hit: 3, crit: 1, focus: 2, blank: 2 })
    expect(DEFAULT_FACES.defense.filter((f) => f === 'evade')).toHaveLength(3)
    expect(DEFAULT_FACES.defense.filter((f) => f === 'blank')).toHaveLength(3)
  })
  it('S1: manual symbols and face numbers are consumed before the Rng; RNG faces come from the table', () => {
    const d = new DiceSource(fixedRng([4, 8]), ['crit', 1])
    const r = d.attack(4)
    expect(r.ok && r.value).toEqual(['crit', 'hit', 'crit', 'blank'])
    expect(d.rolls.map((x) => x.manual ?? false)).toEqual([true, true, false, false])
  })
  it('S1: a bad manual face is an invalid error naming the die index', () => {
    const r = new DiceSource(noRng, ['hit', 'evade']).attack(2)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid', field: 'dice.1' })
  })
  it('S1: a configurable face table replaces the default', () => {
    const faces = { attack: ['crit', 'crit'] as const, defense: ['evade'] as const }
    const r = new DiceSource(fixedRng([2]), [], { attack: [...faces.attack], defense: [...faces.defense] }).attack(1)
    expect(r.ok && r.value).toEqual(['crit'])
  })
  it('S2: Action Score = Hits + 2 x Crits (000:17)', () => {
    expect(actionScore(['hit', 'crit', 'focus', 'crit', 'blank'])).toBe(5)
  })
  it('S21: no pool below 1 die', () => { expect(poolFloor(-3)).toBe(1); expect(poolFloor(4)).toBe(4) })
})

describe('derived values', () => {
  it("000:830-832 Han Solo's pools: Blaster Pistol 2 + Deftness 3 = 5; Bowcaster unproficient = 4", () => {
    expect(weaponPool(hanSolo, hanSolo.weapons[0])).toBe(5)
    expect(weaponPool(hanSolo, hanSolo.weapons[1])).toBe(4)
  })
  it('000:258-296 defense formulas', () => {
    // Gamorrean: Armor 3 deflection, Block T3 + S3 + 0 = 6 (000:1355)
    expect(defenses(gamorreanGuard)).toMatchObject({ armor: 3, block: 6, parry: 0 })
    // Han: Dodge Ag3 + Per3 = 6, no shield → Block 0, Parry De3 + Ag3 = 6
    expect(defenses(hanSolo)).toEqual({ armor: 2, block: 0, dodge: 6, parry: 6 })
  })
  it('000:585-586 Weakened lowers physical attributes, Dazed mental ones, in every formula', () => {
    expect(defenses(hanSolo, ['weakened']).dodge).toBe(5) // Ag 2 + Per 3
    expect(defenses(hanSolo, ['weakened', 'dazed']).dodge).toBe(4)
    expect(weaponPool(hanSolo, hanSolo.weapons[0], ['weakened'])).toBe(4)
  })
  it('S21 Movement Points = Agility + 3; Passive Alertness = floor((Per + Alert)/2)', () => {
    expect([1, 2, 3, 4, 5].map((a) => movementPoints(a))).toEqual([4, 5, 6, 7, 8])
    expect(passiveAlertness(3, 2)).toBe(2)
  })
  it('S5 crit threshold = Toughness + Resistance (+ armor bonus); initiative pool = Per + Alertness (+2 Quickdraw)', () => {
    expect(critThreshold(chewbacca)).toBe(7)
    expect(initiativePool(hanSolo)).toBe(3 + 2 + 2)
  })
  it('000:779-783 weapons too heavy: +2 dice per weight level above Strength', () => {
    expect(weightExcess(2, 'heavy')).toBe(1)
    expect(weightExcess(1, 'heavy')).toBe(2)
    expect(weightExcess(3, 'medium')).toBe(0)
  })
  it('000:597, 000:294 defense availability: grappled cannot Dodge, Parry melee only, no shield no Block, surprise = Armor only', () => {
    expect(defenseAvailability(hanSolo, { attackGroup: 'ranged', conditions: ['grappled'] })).toEqual({ armor: null, block: 'noShield', dodge: 'grappled', parry: 'parryMeleeOnly' })
    expect(defenseAvailability(hanSolo, { attackGroup: 'melee', conditions: [], surprised: true }).dodge).toBe('surprised')
  })
  it('every sample stat block validates against the schema', () => {
    expect(validateSamples()).toBe(true)
    expect(allSamples.length).toBeGreaterThanOrEqual(7)
  })
  it('schema rejects a stat block with a bad field, naming it', () => {
    const r = statBlock.safeParse({ ...hanSolo, hp: -1 })
    expect(r.success).toBe(false)
    if (!r.success) expect(r.error.issues[0].path).toEqual(['hp'])
  })
})

describe('range, cover and position (S13, 000:1028-1066, 000:1198-1226)', () => {
  const pistol = hanSolo.weapons[0]
  const rifle = hanSolo.weapons[1]
  const grenade = hanSolo.weapons[2]
  it('S13: pistol up to Medium, +2 into Melee; rifle up to Long, +2 at Extreme; Thrown +2 Medium, +4 Long, none at Extreme', () => {
    expect(['melee', 'close', 'medium', 'long', 'extreme'].map((b) => rangeDice(pistol, b as never))).toEqual([2, 0, 0, null, null])
    expect(['melee', 'close', 'medium', 'long', 'extreme'].map((b) => rangeDice(rifle, b as never))).toEqual([2, 0, 0, 0, 2])
    expect(['melee', 'close', 'medium', 'long', 'extreme'].map((b) => rangeDice(grenade, b as never))).toEqual([0, 0, 2, 4, null])
    expect(rangeDice(chewbacca.weapons[1], 'close')).toBeNull()
  })
  it('S13: Targeting(N) removes one range die per point', () => {
    expect(rangeDice({ ...grenade, qualities: { targeting: 1 } }, 'long')).toBe(3)
  })
  it('000:1214-1226 cover soak: partial 3, full 6, one less behind a creature, none vs melee', () => {
    expect(coverSoak('partial', false, 'ranged')).toBe(3)
    expect(coverSoak('full', false, 'thrown')).toBe(6)
    expect(coverSoak('partial', true, 'ranged')).toBe(2)
    expect(coverSoak('full', true, 'ranged')).toBe(5)
    expect(coverSoak('full', false, 'melee')).toBe(0)
  })
  it('000:1038-1066 back attack +1, high ground +2, opportunistic +2, pack tactics +2, Insensate -5 ranged / -2 melee', () => {
    expect(attackPoolMods({ group: 'melee', backAttack: true, features: ['opportunisticAttacks'] }, []).mods).toBe(3)
    expect(attackPoolMods({ group: 'ranged', highGround: true, targetFlankedByAlly: true, features: ['packTactics'] }, []).mods).toBe(4)
    expect(attackPoolMods({ group: 'ranged' }, ['insensate']).mods).toBe(-5)
    expect(attackPoolMods({ group: 'melee' }, ['insensate']).mods).toBe(-2)
  })
  it('000:1052 flanking: -1 Dodge per flanker after the first; 000:598 prone Armor x2 vs ranged, half vs melee', () => {
    expect(defenseDice('dodge', 6, { group: 'melee', flankers: 3 }, []).dice).toBe(4)
    expect(defenseDice('dodge', 6, { group: 'melee', flankers: 1 }, []).dice).toBe(6)
    expect(defenseDice('armor', 3, { group: 'ranged' }, ['prone']).dice).toBe(6)
    expect(defenseDice('armor', 3, { group: 'melee' }, ['prone']).dice).toBe(1)
    expect(defenseDice('block', 6, { group: 'melee' }, ['insensate']).dice).toBe(4)
  })
  it('000:61-66 movement actions between bands; 000:582 Stunned loses an action; 000:584 Hamstrung halves movement', () => {
    expect(movementActions('medium', 'melee')).toEqual({ min: 2, max: 2 })
    expect(movementActions('close', 'close')).toEqual({ min: 0, max: 2 })
    expect(actionsThisTurn(1)).toBe(1) // the Action a Stunned costs at the start of the next turn
    expect(actionsThisTurn()).toBe(2)
    expect(movementWithConditions(6, ['hamstrung'])).toBe(3)
  })
})

describe('attack resolution (S3, S4, S5, S17, S18, S19)', () => {
  it('000:170 / S3: Evades cancel Hits first, then Crits; each Crit is 2 damage', () => {
    // attack: hit hit crit crit blank; defense: evade evade evade → 2 hits cancelled, 1 crit cancelled, 1 crit left
    const d = new DiceSource(noRng, ['hit', 'hit', 'crit', 'crit', 'blank', 'evade', 'evade', 'evade'])
    const r = resolveAttack(base({ defense: { kind: 'dodge', dice: 3 } }), d)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value).toMatchObject({ netHits: 0, netCrits: 1, success: true, damage: 2, criticalStrike: false })
  })
  it('S3: a roll whose Hits and Crits are all cancelled misses', () => {
    const d = new DiceSource(noRng, ['hit', 'focus', 'blank', 'evade', 'evade'])
    const r = resolveAttack(base({ pool: 3, defense: { kind: 'dodge', dice: 2 } }), d)
    expect(r.ok && r.value.success).toBe(false)
    expect(r.ok && r.value.damage).toBe(0)
  })
  it('000:164 a Focus token turns every attack Focus into a Hit; 000:168 the defender token turns Focus into Evades', () => {
    const d = new DiceSource(noRng, ['focus', 'focus', 'hit', 'focus', 'evade'])
    const r = resolveAttack(base({ pool: 3, focusToken: true, defense: { kind: 'dodge', dice: 2, focusToken: true } }), d)
    expect(r.ok && r.value).toMatchObject({ hits: 3, evades: 2, netHits: 1, damage: 1 })
  })
  it('000:728 Accurate(1) converts one Focus into a Hit; 000:737 Vicious(1) one into a Crit, up to their numbers', () => {
    const d = new DiceSource(noRng, ['focus', 'focus', 'focus', 'blank', 'blank'])
    const r = resolveAttack(base({ pool: 3, qualities: { accurate: 1, vicious: 1 }, defense: { kind: 'dodge', dice: 2 } }), d)
    expect(r.ok && r.value).toMatchObject({ hits: 1, crits: 1, focusSpent: { vicious: 1, accurate: 1 }, damage: 3 })
  })
  it('a focus plan spends Focus on the qualities the player names, in that order', () => {
    const d = new DiceSource(noRng, ['focus', 'focus', 'hit', 'blank'])
    const r = resolveAttack(base({ pool: 3, qualities: { accurate: 2, stunning: 2 }, focusPlan: { stunning: 2 }, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ focusSpent: { stunning: 2 }, damage: 1, stress: 2 })
  })
  it('S19 / 000:1204 soak removes Hits before Crits, before the defender rolls', () => {
    const d = new DiceSource(noRng, ['hit', 'crit', 'crit', 'blank'])
    const r = resolveAttack(base({ pool: 3, soak: 2, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ soaked: { hits: 1, crits: 1 }, netCrits: 1, damage: 2 })
  })
  it('S18 Piercing removes Armor-Defense dice; any excess is +1 damage each', () => {
    // Piercing 2 vs Armor 1: pool would be 1 - 1 = 0 → floor 1; excess 1
    const d = new DiceSource(noRng, ['hit', 'focus', 'focus', 'blank'])
    const r = resolveAttack(base({ pool: 3, qualities: { piercing: 2 }, defense: { kind: 'armor', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ defensePool: 1, piercingExcess: 1, damage: 2 })
  })
  it('000:246 Defensive(N) armor counts N defense Focus as Evades', () => {
    const d = new DiceSource(noRng, ['hit', 'hit', 'focus', 'focus'])
    const r = resolveAttack(base({ pool: 2, defense: { kind: 'armor', dice: 2, focusAsEvades: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ evades: 1, netHits: 1 })
  })
  it('S17 Aim: Reroll(2) rerolls blanks first (dice the player does not pick)', () => {
    const d = new DiceSource(noRng, ['blank', 'hit', 'blank', 'crit', 'hit', 'blank'])
    const r = resolveAttack(base({ pool: 3, reroll: 2, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ rerolled: [0, 2], attackFaces: ['crit', 'hit', 'hit'], netHits: 2, netCrits: 1, damage: 4 })
  })
  it('S5 / 000:184 Crits above Toughness + Resistance are a Critical Strike: d8 on the status table', () => {
    // 3 uncanceled crits vs threshold 2; d8 = 3 → Stunned
    const d = new DiceSource(noRng, ['crit', 'crit', 'crit', 'blank', 3])
    const r = resolveAttack(base({ pool: 3, critThreshold: 2, resistance: 5, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value.statuses).toEqual([{ status: 'stunned', source: 'criticalStrike', roll: 3 }])
    expect(r.ok && r.value.damage).toBe(6)
  })
  it('000:586 Shocked adds the same amount of Stun damage (d8 = 7)', () => {
    const d = new DiceSource(fixedRng([7]), ['crit', 'crit', 'blank'])
    const r = resolveAttack(base({ pool: 2, critThreshold: 1, resistance: 9, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ damage: 4, stress: 4 })
  })
  it('S5 / 000:397 named qualities: Crits + N > Resistance inflicts the status (Daze 2 vs Resistance 2 with 1 Crit)', () => {
    const d = new DiceSource(noRng, ['crit', 'hit', 'blank'])
    const r = resolveAttack(base({ pool: 2, qualities: { daze: 2 }, critThreshold: 9, resistance: 2, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value.statuses).toEqual([{ status: 'dazed', source: 'daze' }])
    const d2 = new DiceSource(noRng, ['hit', 'hit', 'blank'])
    const r2 = resolveAttack(base({ pool: 2, qualities: { daze: 2 }, critThreshold: 9, resistance: 2, defense: { kind: 'dodge', dice: 1 } }), d2)
    expect(r2.ok && r2.value.statuses).toEqual([])
  })
  it('000:528 stun damage goes to Stress, Crits count 2', () => {
    const d = new DiceSource(noRng, ['hit', 'crit', 'blank'])
    const r = resolveAttack(base({ pool: 2, stun: true, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value).toMatchObject({ damage: 0, stress: 3 })
  })
  it('allies never take status conditions: an infinite threshold skips crit strikes and named statuses', () => {
    const d = new DiceSource(noRng, ['crit', 'crit', 'blank'])
    const r = resolveAttack(base({ pool: 2, qualities: { wounding: 3 }, critThreshold: Infinity, resistance: 0, defense: { kind: 'dodge', dice: 1 } }), d)
    expect(r.ok && r.value.statuses).toEqual([])
  })
})

describe('shields against damage types (000:900-909) and Ionic (000:736)', () => {
  it('a physical shield doubles its bonus against what it resists and halves it against its weaknesses', async () => {
    const { shieldBonusAgainst, isDroid } = await import('../../../../../../../src-main/rules/systems/starchasers/mechanics/derived')
    const f = { ...gamorreanGuard, shield: { name: 'Durasteel', kind: 'physical' as const, blockBonus: 3, resistances: ['physical'], weaknesses: ['photonic'], qualities: {} } }
    expect(shieldBonusAgainst(f, 'physical')).toEqual({ bonus: 6, why: 'superEffective' })
    expect(shieldBonusAgainst(f, 'photonic')).toEqual({ bonus: 1, why: 'weak' })
    expect(shieldBonusAgainst(f, 'sonic')).toEqual({ bonus: 3, why: null })
    const e = { ...f, shield: { ...f.shield, kind: 'energy' as const, resistances: ['photonic'], weaknesses: [] } }
    expect(shieldBonusAgainst(e, 'physical')).toEqual({ bonus: 0, why: 'notAttuned' })
    expect(shieldBonusAgainst(e, 'photonic').bonus).toBe(3)
    expect(isDroid({ ...hanSolo, species: 'Astromech Droid' })).toBe(true)
  })
})
