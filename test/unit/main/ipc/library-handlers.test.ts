// Prep keeps the danger check's threads ready: listing the plans or saving one tells the hook which campaign's prep
// the GM is in (create-core.ts warms the threads on that campaign's system).
import { describe, expect, it } from 'vitest'
import { ok } from '@shared/result'
import { libraryHandlers } from '../../../../src-main/ipc/handlers/library'
import type { LibraryService } from '../../../../src-main/services/library-service'

describe('library handlers: the prep hook', () => {
  it('is told the campaign when the plans are listed and when a plan is saved, and not for the library', async () => {
    const calls: string[] = []
    const library = { listPlans: async () => ok([]), savePlan: async () => ok({ id: 'p1' }), list: async () => ok([]) } as unknown as LibraryService
    const h = libraryHandlers(library, { onPrep: (campaignId) => void calls.push(campaignId) })
    const call = (name: string, req: unknown) => (h as Record<string, (r: unknown) => unknown>)[name](req)
    await call('plan:list', { campaignId: 'c1' })
    await call('plan:save', { campaignId: 'c2', plan: { name: 'X', entries: [] } })
    await call('library:list', { campaignId: 'c3' })
    expect(calls).toEqual(['c1', 'c2'])
  })
})
