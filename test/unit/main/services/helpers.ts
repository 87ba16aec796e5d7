/** A real campaign store in a temp data dir, wired to the services with a recording publisher and a fixed clock. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SystemId } from '@shared/domain/systems'
import { createCampaignStore, type CampaignStore } from '../../../../src-main/campaign/campaign-store'
import { campaignPort } from '../../../../src-main/services/store-adapter'
import type { Publish, ServiceEnv, Shell } from '../../../../src-main/services/ports'
import { createExportService, exportDeps } from '../../../../src-main/services/sessions/export-service'
import { exportHandlers, type HandlerMap } from '../../../../src-main/ipc/handlers'
import { createPlayServices } from '../../../../src-main/services/play-services'

export interface Published {
  topic: string
  payload: unknown
}

export interface Harness {
  dir: string
  store: CampaignStore
  env: ServiceEnv
  published: Published[]
  campaignId: string
  /** a fresh store + env over the same data dir (a restart) */
  reopen(): Promise<{ store: CampaignStore; env: ServiceEnv; published: Published[] }>
  cleanup(): Promise<void>
}

function makeEnv(store: CampaignStore, published: Published[]): ServiceEnv {
  let t = Date.parse('2026-03-01T18:00:00.000Z')
  let n = 0
  const publish: Publish = (topic, payload) => {
    published.push({ topic, payload: JSON.parse(JSON.stringify(payload)) })
  }
  return {
    store: campaignPort(store),
    publish,
    now: () => new Date((t += 1000)).toISOString(),
    newId: () => `id-${++n}`,
    newSeed: () => `seed-${++n}`,
  }
}

export async function harness(systemId: SystemId = 'saga', name = 'Test Campaign'): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-svc-'))
  const stores: CampaignStore[] = []
  const open = () => {
    const s = createCampaignStore({ dataDir: dir, syncAppends: false })
    stores.push(s)
    return s
  }
  const store = open()
  const init = await store.init()
  if (!init.ok) throw new Error(init.error.message)
  const created = await store.create({ name, systemId })
  if (!created.ok) throw new Error(created.error.message)
  const published: Published[] = []
  return {
    dir,
    store,
    env: makeEnv(store, published),
    published,
    campaignId: created.value.id,
    async reopen() {
      const s = open()
      const p: Published[] = []
      return { store: s, env: makeEnv(s, p), published: p }
    },
    async cleanup() {
      for (const s of stores) await s.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** the `export:*` handler map over a real store and a (fake) shell, composed as src-main/wiring/create-core.ts does */
export function exportHandlersOver(store: CampaignStore, getShell: () => Shell | null): HandlerMap {
  return exportHandlers(createExportService(exportDeps(campaignPort(store), getShell)))
}

/** the whole core (wireCore) over a harness's store, and a GM's call of any channel: the IPC as the windows use it */
export async function gmCore(h: Harness) {
  const { wireCore } = await import('../../../../src-main/wiring/create-core')
  const { recordingLogger } = await import('../../../support/recording-logger')
  const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store, now: () => '2026-12-01T12:00:00.000Z' })
  const gm = { role: 'gm' as const, callerId: 'gm-1' }
  return async <T>(channel: string, req: unknown) => (await core.dispatch(channel, req, gm)) as { ok: true; value: T }
}

/** the play services (library, sessions, encounters, danger, replay) over a harness's store, clock and ids */
export const playServicesOf = (h: Harness) => createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
