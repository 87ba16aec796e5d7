import { describe, expect, it } from 'vitest'
import { NO_WOUNDS, applyDamage, boxes, heal, healthDescriptor, healthStatus, isIncapacitated, medicineDifficulty, woundPenalty, type Wounds } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/health'
import { SCION_HEALTH_TRACK } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'

const track = SCION_HEALTH_TRACK
const w = (bashing: number, lethal = 0, aggravated = 0): Wounds => ({ bashing, lethal, aggravated, dead: false })

describe('T5: the Scion 1e health track', () => {
  it('T5: −0, −1, −1, −2, −2, −4, then Incapacitated (7 boxes)', () => {
    expect(boxes(track)).toBe(7)
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => woundPenalty(w(n), track))).toEqual([0, 0, -1, -1, -2, -2, -4])
    expect(isIncapacitated(w(6), track)).toBe(false)
    expect(isIncapacitated(w(4, 2, 1), track)).toBe(true)
  })
  it('T5: bashing, lethal and aggravated share the track (1 B + 2 L + 1 A is the −2 level)', () => {
    expect(woundPenalty(w(1, 2, 1), track)).toBe(-2)
  })
  it('T5: the Medicine difficulty is |current wound penalty|: Bob\'s 3 bashing (004) give 1, not the 2 the example implies', () => {
    expect(medicineDifficulty(w(3), track)).toBe(1)
  })
  it('a stat block may bring its own track (an extra −0 level)', () => {
    expect(woundPenalty(w(2), [0, 0, -1, -1, -2, -2, -4])).toBe(0)
  })
})

describe('damage on the track (decided in src-main/rules/systems/storyteller/README.md)', () => {
  it('damage fills empty boxes', () => {
    expect(applyDamage(NO_WOUNDS, 'lethal', 3, track)).toMatchObject({ wounds: w(0, 3), added: 3, upgraded: 0, overflow: 0 })
  })
  it('on a full track bashing turns bashing boxes into lethal; the character stays incapacitated', () => {
    const r = applyDamage(w(5), 'bashing', 4, track) // 2 boxes fill, 2 upgrade
    expect(r).toMatchObject({ wounds: w(5, 2), added: 2, upgraded: 2, overflow: 0 })
    expect(healthStatus(r.wounds, track)).toBe('incapacitated')
  })
  it('aggravated replaces bashing first, then lethal; damage that replaces nothing kills', () => {
    expect(applyDamage(w(1, 6), 'aggravated', 2, track)).toMatchObject({ wounds: w(0, 5, 2), upgraded: 2 })
    const dead = applyDamage(w(0, 7), 'lethal', 1, track)
    expect(dead).toMatchObject({ overflow: 1, wounds: { dead: true } })
    expect(healthStatus(dead.wounds, track)).toBe('dead')
  })
  it('healing removes points of one type', () => {
    expect(heal(w(3, 1), 'bashing', 5)).toEqual({ wounds: w(0, 1), healed: 3 })
  })
  it('player-safe descriptors follow the level: unhurt, bruised, hurt, wounded, maimed, incapacitated, dead', () => {
    expect([w(0), w(1), w(2), w(4), w(6), w(7)].map((x) => healthDescriptor(x, track))).toEqual(['unhurt', 'bruised', 'hurt', 'wounded', 'maimed', 'incapacitated'])
    expect(healthDescriptor({ ...w(0, 7), dead: true }, track)).toBe('dead')
  })
})
