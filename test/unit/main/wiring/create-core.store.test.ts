/**
 * issue 28: the wiring opens the store (architecture.json: Shell and Server never import src-main/campaign). The
 * entry points hand `createCore` a data folder; it opens the campaign store there, seeds the samples on a first start
 * (the console opens the first of them, once) and closes the store with `close()`. Before issue 28 the entry
 * points built the store themselves and `createCore` did not exist.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type CreatedCore } from '../../../../src-main/wiring/create-core'
import { recordingLogger } from '../../../support/recording-logger'

const RESOURCES = resolve(import.meta.dirname, '../../../../resources/campaigns')
const gm = { role: 'gm' as const, callerId: 'test' }
const dirs: string[] = []
const cores: CreatedCore[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'gmc-open-core-'))
  dirs.push(d)
  return d
}
const open = async (dataDir: string, resourcesDir?: string) => {
  const core = await createCore({ mode: 'browser', version: 'test', log: recordingLogger(), dataDir, resourcesDir })
  cores.push(core)
  return core
}
type Info = { ok: true; value: { firstRunCampaignId: string | null } }
type List = { ok: true; value: Array<{ id: string }> }

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('createCore (issue 28: the wiring opens the store)', () => {
  it('a first start copies the samples in and app:info names the first one once; a second start names none', async () => {
    const dataDir = tempDir()
    const first = await open(dataDir, RESOURCES)
    expect(first.storeProblem).toBeNull()
    const list = (await first.dispatch('campaign:list', {}, gm)) as List
    expect(list.value.map((c) => c.id).sort()).toEqual(['sample-2d20', 'sample-saga', 'sample-starchasers', 'sample-storyteller'])
    const info = (await first.dispatch('app:info', {}, gm)) as Info
    expect(info.value.firstRunCampaignId).toMatch(/^sample-/)
    await first.close()
    const again = await open(dataDir, RESOURCES)
    expect(((await again.dispatch('app:info', {}, gm)) as Info).value.firstRunCampaignId).toBeNull()
    expect(((await again.dispatch('campaign:list', {}, gm)) as List).value).toHaveLength(4)
  })

  it('a samples folder that does not exist is no sample at all (the entry points no longer check it themselves)', async () => {
    const core = await open(tempDir(), join(tempDir(), 'no-such-folder'))
    expect(core.storeProblem).toBeNull()
    expect(((await core.dispatch('campaign:list', {}, gm)) as List).value).toEqual([])
    expect(((await core.dispatch('app:info', {}, gm)) as Info).value.firstRunCampaignId).toBeNull()
  })

  it('a data folder that cannot be used is told in storeProblem (serve turns it into a usage error, Electron logs it)', async () => {
    const file = join(tempDir(), 'a-file')
    writeFileSync(file, 'not a folder')
    const core = await open(file, RESOURCES)
    expect(core.storeProblem).toEqual(expect.any(String))
    expect(core.storeProblem!.length).toBeGreaterThan(0)
  })
})
