/** An in-memory stand-in for the campaign store with the shape the campaign service uses (unit tests only). */
import type { CampaignFile, CampaignRecord } from '@shared/domain/campaign'
import type { CampaignListEntry } from '@shared/views/campaign-views'
import { err, ok, type Result } from '@shared/result'
import type { CampaignStoreForService } from '../../src-main/services/campaigns/campaign-service'

export function memoryCampaignStore(now = () => '2026-01-01T00:00:00.000Z'): CampaignStoreForService & { files: Map<string, CampaignFile> } {
  const files = new Map<string, CampaignFile>()
  const summary = (id: string, f: CampaignFile): CampaignListEntry => ({ id, name: f.name, systemId: f.systemId, lastOpened: f.lastOpened, lastSession: null })
  return {
    files,
    async list() {
      return ok([...files].map(([id, f]) => summary(id, f)))
    },
    async create({ name, systemId }): Promise<Result<CampaignRecord>> {
      const id = `c${files.size + 1}`
      const data: CampaignFile = {
        schemaVersion: 1, name, systemId, systemSettings: {}, party: [], library: [], encounters: [], sessions: [],
        createdAt: now(), updatedAt: now(), lastOpened: null,
      } as CampaignFile
      files.set(id, data)
      return ok({ id, data })
    },
    async open(id) {
      const f = files.get(id)
      if (!f) return err('not-found', `no campaign ${id}`, 'campaignId')
      const data = { ...f, lastOpened: now() }
      files.set(id, data)
      return ok({ id, data })
    },
    async update(id, change) {
      const f = files.get(id)
      if (!f) return err('not-found', `no campaign ${id}`, 'campaignId')
      const next = change(f)
      if (next.ok) files.set(id, next.value)
      return next
    },
  }
}
