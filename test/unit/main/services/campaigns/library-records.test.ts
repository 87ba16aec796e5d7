/**
 * Issue 30, after the import: a library that holds a compendium. Opening the library asks for its problems; each
 * block is checked by the system's schema once while it stays as it is (the store's records are frozen and an edit
 * copies what it changes), a changed block is checked again. A compendium's import asks for thousands of fresh ids,
 * each looked up in a set of the library's, never the whole library walked per id.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignFile, StatBlockRecord } from '@shared/domain/campaign'
import { freshId, libraryProblems } from '../../../../../src-main/services/campaigns/library-records'
import { getSystem } from '../../../../../src-main/rules/index'
import type { ServiceEnv } from '../../../../../src-main/services/ports'
import { trooper } from '../fixtures'

const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o)
    for (const v of Object.values(o)) deepFreeze(v)
  }
  return o
}
const rec = (id: string, data: Record<string, unknown>): StatBlockRecord => ({ id, name: id, kind: 'npc', tags: [], data, updatedAt: '2026-12-07T00:00:00.000Z' })
const campaign = (library: StatBlockRecord[]): CampaignFile =>
  ({ schemaVersion: 1, name: 'C', systemId: 'saga', systemSettings: {}, party: [], library, encounters: [], sessions: [], createdAt: '2026-12-07T00:00:00.000Z', updatedAt: '2026-12-07T00:00:00.000Z', lastOpened: null }) as CampaignFile

afterEach(() => vi.restoreAllMocks())

describe("the library's problems, each block checked once while it is unchanged", () => {
  it('a frozen library is checked once; a changed block (new data) again; the problems are the same each time', () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const bad = { ...trooper, name: 'Bad', weapons: [{ name: 'Rifle', damage: '3x6', kind: 'ranged' }] }
    const lib = deepFreeze([rec('a', { ...trooper, name: 'A' }), rec('bad', bad), rec('c', { ...trooper, name: 'C' })])
    const spy = vi.spyOn(sys.value.statBlockSchema, 'safeParse')
    const first = libraryProblems(deepFreeze(campaign(lib)))
    expect(Object.keys(first)).toEqual(['bad'])
    expect(first.bad).toMatchObject({ field: 'weapons.0.damage' })
    expect(spy).toHaveBeenCalledTimes(3)
    // opened again: nothing checked, the same answer
    expect(libraryProblems(deepFreeze(campaign(lib)))).toEqual(first)
    expect(spy).toHaveBeenCalledTimes(3)
    // the bad block fixed (an edit copies the record and its data): that one checked, and it is gone from the answer
    const fixed = deepFreeze([lib[0], rec('bad', { ...bad, weapons: [{ name: 'Rifle', damage: '3d6', kind: 'ranged' }] }), lib[2]])
    expect(libraryProblems(deepFreeze(campaign(fixed)))).toEqual({})
    expect(spy).toHaveBeenCalledTimes(4)
  })

  it('data that is not frozen (it could still change) is checked each time', () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const data: Record<string, unknown> = { ...trooper, name: 'Loose' }
    const file = campaign([rec('loose', data)])
    const spy = vi.spyOn(sys.value.statBlockSchema, 'safeParse')
    expect(libraryProblems(file)).toEqual({})
    data.hp = 0
    expect(Object.keys(libraryProblems(file))).toEqual(['loose'])
    expect(spy).toHaveBeenCalledTimes(2)
  })
})

describe('fresh ids for a large import', () => {
  it("never one of the library's or of those taken; the library's ids are read once per library, not per id", () => {
    // each record counts the reads of its id
    let reads = 0
    const library = deepFreeze(
      Array.from({ length: 2000 }, (_, i) => {
        const r = rec(`id-${i}`, { ...trooper, name: `T${i}` })
        return Object.defineProperty({ ...r }, 'id', { enumerable: true, get: () => (reads++, r.id) })
      }),
    )
    const file = deepFreeze(campaign(library))
    // the generator offers taken ids first: each must be passed over
    const offered = ['id-5', 'id-1999', 'new-1', 'new-1', 'id-7', 'new-2']
    const env = { newId: () => offered.shift() ?? 'spare' } as unknown as ServiceEnv
    const taken = new Set<string>()
    const a = freshId(env, file, taken)
    taken.add(a)
    const b = freshId(env, file, taken)
    expect([a, b]).toEqual(['new-1', 'new-2'])
    // 2,000 ids against a library of 2,000: its ids read once (Array#some read them all for each id: 4,000,000 reads)
    reads = 0
    let n = 0
    const many = { newId: () => `m-${n++}` } as unknown as ServiceEnv
    for (let i = 0; i < 2000; i++) freshId(many, file, taken)
    expect(reads).toBeLessThanOrEqual(library.length)
  })
})
