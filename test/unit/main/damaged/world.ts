/**
 * A data folder driven through the real services (wireCore over the real campaign store), as the damaged-input
 * and fuzz harnesses need it: two good campaigns to prove "the others are unaffected", a restart, and the checks
 * that nothing leaked into Object.prototype.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Result } from '@shared/result'
import { createCampaignStore, type CampaignStore } from '../../../../src-main/campaign/campaign-store'
import { wireCore, type Core } from '../../../../src-main/wiring/create-core'
import { recordingLogger } from '../../../support/recording-logger'

export const GM = { role: 'gm' as const, callerId: 'gm-test' }
export const PLAYER = { role: 'player' as const, callerId: 'player-test' }

export interface World {
  dir: string
  store: CampaignStore
  core: Core
  /** the good campaigns' ids: a Saga and a Starchasers one */
  goods: string[]
  call<T = unknown>(channel: string, payload: unknown, who?: typeof GM | typeof PLAYER): Promise<Result<T>>
  /** a fresh store and core over the same folder, as after a restart (the old store is closed) */
  restart(): Promise<void>
  close(): Promise<void>
}

export async function openWorld(dir: string): Promise<Omit<World, 'goods'>> {
  let store = createCampaignStore({ dataDir: dir, syncAppends: false })
  let core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: store })
  const w = {
    dir,
    get store() {
      return store
    },
    get core() {
      return core
    },
    call: <T>(channel: string, payload: unknown, who: typeof GM | typeof PLAYER = GM) => core.dispatch(channel, payload, who) as Promise<Result<T>>,
    async restart() {
      await store.close()
      store = createCampaignStore({ dataDir: dir, syncAppends: false })
      core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: store })
    },
    async close() {
      await store.close()
    },
  }
  return w
}

export const value = <T>(r: Result<T>, what = 'call'): T => {
  if (!r.ok) throw new Error(`${what}: expected ok, got ${r.error.code}: ${r.error.message}`)
  return r.value
}

/** a temp data folder with two good campaigns created through the services */
export async function newWorld(): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-world-'))
  const w = (await openWorld(dir)) as World
  const a = value(await w.call<{ id: string }>('campaign:create', { name: 'Good Saga', systemId: 'saga' }), 'create')
  const b = value(await w.call<{ id: string }>('campaign:create', { name: 'Good Starchasers', systemId: 'starchasers' }), 'create')
  w.goods = [a.id, b.id]
  const close = w.close
  w.close = async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  }
  return w
}

/** the good campaigns list without a problem, open, and take a session start and end */
export async function expectGoodsUnaffected(w: World): Promise<void> {
  const list = value(await w.call<Array<{ id: string; problem?: unknown }>>('campaign:list', {}), 'campaign:list')
  for (const id of w.goods) {
    const entry = list.find((x) => x.id === id)
    expect(entry, `${id} is listed`).toBeDefined()
    expect(entry?.problem, `${id} has no problem`).toBeUndefined()
    value(await w.call('campaign:open', { campaignId: id }), `campaign:open ${id}`)
  }
  const s = value(await w.call<{ id: string }>('session:start', { campaignId: w.goods[0], title: 'Still fine', date: '2026-12-01' }), 'session:start')
  value(await w.call('session:end', { campaignId: w.goods[0], sessionId: s.id }), 'session:end')
}

export { sha256, snapshot } from '../campaign/helpers'

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort()
const ARRAY_PROTO_NAMES = Object.getOwnPropertyNames(Array.prototype).sort()

/** Object.prototype (and Array.prototype) as the process started: no key added, none polluted */
export function expectPrototypesUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES)
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(ARRAY_PROTO_NAMES)
  const probe = {} as Record<string, unknown>
  for (const k of ['polluted', 'isAdmin']) expect(probe[k], k).toBeUndefined()
}
