import { describe, expect, it } from 'vitest'
import { sagaLevel, setSagaKind, setSagaLevel } from '@renderer/systems/saga/editor-model'

// 001 "Combat Statistics": a nonheroic character's levels are nonheroic levels (count toward CL, not heroic level)
describe('the Saga editor level (issue 10: nonheroic level 2 saved as heroic 2 + other 1)', () => {
  const npc = { kind: 'nonheroic', heroicLevel: 0, otherLevels: 1, hp: 10 }
  it('a nonheroic Level 2 is two nonheroic levels, no heroic level', () => {
    const next = setSagaLevel(npc, 2)
    expect(next).toMatchObject({ heroicLevel: 0, otherLevels: 2 })
    expect(sagaLevel(next)).toBe(2)
    expect(npc.otherLevels).toBe(1)
  })
  it('a droid Level 3 is three nonheroic levels', () => {
    expect(setSagaLevel({ kind: 'droid', heroicLevel: 0, otherLevels: 1 }, 3)).toMatchObject({ heroicLevel: 0, otherLevels: 3 })
  })
  it('a heroic Level 5 is five heroic levels and keeps nonheroic levels the GM wrote', () => {
    expect(setSagaLevel({ kind: 'heroic', heroicLevel: 1, otherLevels: 0 }, 5)).toMatchObject({ heroicLevel: 5, otherLevels: 0 })
    expect(sagaLevel({ kind: 'heroic', heroicLevel: 4, otherLevels: 2 })).toBe(4)
  })
  it('changing the type carries the level over', () => {
    expect(setSagaKind({ kind: 'heroic', heroicLevel: 3, otherLevels: 0 }, 'nonheroic')).toMatchObject({ kind: 'nonheroic', heroicLevel: 0, otherLevels: 3 })
    expect(setSagaKind({ kind: 'nonheroic', heroicLevel: 0, otherLevels: 2 }, 'heroic')).toMatchObject({ kind: 'heroic', heroicLevel: 2, otherLevels: 0 })
    expect(setSagaKind({ kind: 'nonheroic', heroicLevel: 0, otherLevels: 2 }, 'droid')).toMatchObject({ kind: 'droid', heroicLevel: 0, otherLevels: 2 })
  })
})
