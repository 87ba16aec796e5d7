/**
 * Campaign home operations (foundation issue): duplicate, delete with undo and a trash list, export (browser: a
 * Blob download; Electron: main's save dialog), import from a file, a damaged campaign's "restore the newest backup",
 * the first start opening the sample campaign, and party members marked in the library.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import CampaignHome from '@renderer/features/campaigns/CampaignHome.vue'
import ConsoleApp from '@renderer/windows/console/ConsoleApp.vue'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { fakeBridge, okR, errR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { campaigns, overview } from '../../support/fixtures'

const trashEntry = { trashId: 'c2~20261129T100000000Z', campaignId: 'c2', name: 'Starfall', deletedAt: '2026-11-29T10:00:00.000Z' }

function homeBridge() {
  let trash: (typeof trashEntry)[] = []
  return fakeBridge()
    .handle('campaign:list', okR(campaigns))
    .handle('campaign:trash', () => okR(trash))
    .handle('campaign:duplicate', okR({ ...campaigns[0], id: 'c3', name: 'Outer Rim (copy)', lastOpened: null }))
    .handle('campaign:delete', () => {
      trash = [trashEntry]
      return okR(trashEntry)
    })
    .handle('campaign:restore', () => {
      trash = []
      return okR(campaigns[1])
    })
}

const testid = (id: string) => `[data-testid="${id}"]`

describe('campaign home operations', () => {
  afterEach(() => vi.restoreAllMocks())

  it('duplicates a campaign through campaign:duplicate', async () => {
    const { wrapper, bridge } = await mountWith(CampaignHome, { bridge: homeBridge() })
    await wrapper.find(testid('campaign-duplicate-c1')).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:duplicate')).toEqual([{ campaignId: 'c1' }])
  })

  it('deletes to the trash with an undo, lists the trash and restores from it', async () => {
    const { wrapper, bridge } = await mountWith(CampaignHome, { bridge: homeBridge() })
    expect(wrapper.find(testid('campaign-trash-empty')).exists()).toBe(true)
    await wrapper.find(testid('campaign-delete-c2')).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:delete')).toEqual([{ campaignId: 'c2' }])
    expect(wrapper.find(testid('campaign-row-c2')).exists()).toBe(false)
    expect(wrapper.find(testid('campaign-notice')).text()).toContain('“Starfall” moved to the trash.')
    const row = wrapper.find(testid(`campaign-trash-row-${trashEntry.trashId}`))
    expect(row.text()).toContain('Starfall')

    await wrapper.find(testid('campaign-undo-delete')).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:restore')).toEqual([{ trashId: trashEntry.trashId }])
    expect(wrapper.find(testid('campaign-row-c2')).exists()).toBe(true)
    expect(wrapper.find(testid('campaign-trash-empty')).exists()).toBe(true)
  })

  it('restores from the trash list', async () => {
    const bridge = homeBridge().handle('campaign:trash', okR([trashEntry]))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    await wrapper.find(testid(`campaign-trash-restore-${trashEntry.trashId}`)).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:restore')).toEqual([{ trashId: trashEntry.trashId }])
  })

  it('browser mode: export downloads the JSON text main sends as a file (campaign:exportSave answers with it)', async () => {
    const bridge = homeBridge().handle('campaign:exportSave', okR({ saved: false, warnings: [], download: { fileName: 'outer-rim.gmc.json', mimeType: 'application/json', text: '{"kind":"gm-console.campaign-export"}\n' } }))
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob)
      return 'blob:x'
    })
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    await wrapper.find(testid('campaign-export-c1')).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:exportSave')).toEqual([{ campaignId: 'c1' }])
    expect(clicked).toEqual(['outer-rim.gmc.json'])
    expect(await blobs[0].text()).toBe('{"kind":"gm-console.campaign-export"}\n')
    expect(wrapper.find(testid('campaign-notice')).text()).toContain('outer-rim.gmc.json')
  })

  it('Electron: export goes through main’s save dialog; a cancel shows nothing', async () => {
    const answers = [okR({ saved: true, filePath: '/home/gm/outer-rim.gmc.json', warnings: ['line 3 skipped'] }), okR({ saved: false, warnings: [] })]
    const bridge = homeBridge().handle('campaign:exportSave', () => answers.shift()!)
    ;(bridge as { mode: string }).mode = 'electron'
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    await wrapper.find(testid('campaign-export-c1')).trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:exportSave')).toEqual([{ campaignId: 'c1' }])
    expect(bridge.callsTo('campaign:export')).toEqual([])
    const notice = wrapper.find(testid('campaign-notice')).text()
    expect(notice).toContain('Saved to /home/gm/outer-rim.gmc.json.')
    expect(notice).toContain('left out: 1')
    await wrapper.find(testid('campaign-export-c1')).trigger('click')
    await flushPromises()
    expect(wrapper.find(testid('campaign-notice')).exists()).toBe(false)
  })

  it('imports the picked file’s text; main’s error names the field and nothing is added', async () => {
    const replies = [errR('invalid', 'the imported file: campaign.library.0.kind: Invalid option', 'campaign.library.0.kind'), okR({ id: 'c9', name: 'Imported', systemId: 'saga', lastOpened: null })]
    const bridge = homeBridge().handle('campaign:import', () => replies.shift()!)
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    const input = wrapper.find(testid('campaign-import-file'))
    const pick = async (text: string) => {
      Object.defineProperty(input.element, 'files', { configurable: true, value: [new File([text], 'x.json', { type: 'application/json' })] })
      await input.trigger('change')
      await flushPromises()
    }
    await pick('{"bad":true}')
    expect(bridge.callsTo('campaign:import')).toEqual([{ text: '{"bad":true}' }])
    expect(wrapper.text()).toContain('campaign.library.0.kind')
    expect(wrapper.find(testid('campaign-row-c9')).exists()).toBe(false)
    await pick('{"good":true}')
    expect(wrapper.find(testid('campaign-row-c9')).exists()).toBe(true)
    expect(wrapper.find(testid('campaign-notice')).text()).toContain('Imported “Imported”.')
  })

  it('offers a damaged campaign’s newest backup; restoring it opens the campaign', async () => {
    const damaged = {
      id: 'bad',
      name: 'Broken',
      systemId: 'saga',
      lastOpened: null,
      problem: { code: 'damaged', message: '/data/bad/campaign.json: not valid JSON', details: { file: '/data/bad/campaign.json', newestBackup: { name: 'campaign.20261129T100000000Z.update.json', takenAt: '2026-11-29T10:00:00.000Z', reason: 'update' } } },
    }
    const noBackup = { ...damaged, id: 'worse', problem: { ...damaged.problem, details: { newestBackup: null } } }
    const bridge = homeBridge()
      .handle('campaign:list', okR([damaged, noBackup, ...campaigns]))
      .handle('campaign:restoreBackup', okR({ id: 'bad', name: 'Broken', systemId: 'saga', lastOpened: null }))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    const detail = wrapper.find(testid('campaign-problem-detail-bad'))
    expect(detail.text()).toContain('/data/bad/campaign.json: not valid JSON')
    const button = wrapper.find(testid('campaign-restore-backup-bad'))
    expect(button.text()).toMatch(/^Restore the newest backup \(.*2026.*\)$/)
    expect(wrapper.find(testid('campaign-restore-backup-worse')).exists()).toBe(false)
    expect(wrapper.find(testid('campaign-problem-detail-worse')).text()).toContain('No backup to restore.')
    await button.trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:restoreBackup')).toEqual([{ campaignId: 'bad' }])
    expect(wrapper.emitted('open')).toEqual([['bad']])
  })

  it('speaks Polish', async () => {
    const { wrapper } = await mountWith(CampaignHome, { bridge: homeBridge(), locale: 'pl' })
    expect(wrapper.find(testid('campaign-duplicate-c1')).text()).toBe('Duplikuj')
    expect(wrapper.find(testid('campaign-trash')).text()).toContain('Kosz jest pusty.')
  })
})

describe('first start', () => {
  const shellBridge = (firstRunCampaignId: string | null) =>
    homeBridge()
      .handle('app:info', okR({ version: '1', mode: 'browser', role: 'gm', firstRunCampaignId }))
      .handle('campaign:open', okR(overview()))
      .handle('player:view', okR({ campaignName: null, systemId: null, encounter: null }))
      .handle('encounter:list', okR([]))
      .handle('session:list', okR([]))

  it('opens the sample campaign main seeded, into its overview', async () => {
    const { wrapper, bridge } = await mountWith(ConsoleApp, { bridge: shellBridge('c1') })
    await flushPromises()
    expect(bridge.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(wrapper.find(testid('campaign-overview')).exists()).toBe(true)
  })

  it('shows the campaign list after 3 s when main does not answer app:info', async () => {
    vi.useFakeTimers()
    try {
      const bridge = shellBridge(null).handle('app:info', () => new Promise(() => {}))
      const { wrapper } = await mountWith(ConsoleApp, { bridge })
      expect(wrapper.find(testid('console-starting')).exists()).toBe(true)
      expect(wrapper.find(testid('campaign-home')).exists()).toBe(false)
      await vi.advanceTimersByTimeAsync(3000)
      expect(wrapper.find(testid('campaign-home')).exists()).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stays on the campaign list on later starts', async () => {
    const { wrapper, bridge } = await mountWith(ConsoleApp, { bridge: shellBridge(null) })
    await flushPromises()
    expect(bridge.callsTo('campaign:open')).toEqual([])
    expect(wrapper.find(testid('campaign-home')).exists()).toBe(true)
  })
})

describe('library party marks', () => {
  it('marks the stat blocks in the open campaign’s party', async () => {
    const records = [
      { id: 'a', name: 'Han Solo', kind: 'pc', tags: [], updatedAt: '', data: {} },
      { id: 'b', name: 'Stormtrooper', kind: 'npc', tags: [], updatedAt: '', data: {} },
    ]
    const bridge = fakeBridge().handle('library:list', okR(records))
    const { wrapper } = await mountWith(LibraryView, { props: { campaignId: 'c1', systemId: 'saga' }, bridge })
    useCampaignsStore().current = { ...overview(), partyIds: ['a'] }
    await flushPromises()
    expect(wrapper.find(testid('library-in-party-a')).text()).toContain('in the party')
    expect(wrapper.find(testid('library-in-party-b')).exists()).toBe(false)
  })
})
