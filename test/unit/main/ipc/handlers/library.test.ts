// Prep keeps the danger check's threads ready: listing the plans or saving one tells the hook which campaign's prep
// the GM is in (create-core.ts warms the threads on that campaign's system).
import { describe, expect, it } from 'vitest'
import { ok } from '@shared/result'
import { libraryHandlers } from '../../../../../src-main/ipc/handlers/library'
import type { LibraryService } from '../../../../../src-main/services/campaigns/library-service'

describe('library handlers: the prep hook', () => {
  it('is told the campaign when the plans are listed, and the campaign and plan when a plan is saved; not for the library', async () => {
    const calls: Array<[string, string | undefined]> = []
    const library = { listPlans: async () => ok([]), savePlan: async () => ok({ id: 'p1' }), list: async () => ok([]) } as unknown as LibraryService
    const h = libraryHandlers(library, { onPrep: (campaignId, planId) => void calls.push([campaignId, planId]) })
    const call = (name: string, req: unknown) => (h as Record<string, (r: unknown) => unknown>)[name](req)
    await call('plan:list', { campaignId: 'c1' })
    await call('plan:save', { campaignId: 'c2', plan: { name: 'X', entries: [] } })
    await call('library:list', { campaignId: 'c3' })
    // the plan just saved is the one to warm on (it is likely to be checked next)
    expect(calls).toEqual([
      ['c1', undefined],
      ['c2', 'p1'],
    ])
  })
})
