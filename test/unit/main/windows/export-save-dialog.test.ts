/**
 * A session export saved in Electron (issue 6): the window manager's save dialog (fake electron) with a filter for
 * the export's format, behind the real `export:save` handler over the sample campaign.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCampaignStore, type CampaignStore } from '../../../../src-main/campaign/campaign-store'
import { exportHandlers } from '../../../../src-main/ipc/handlers'
import { campaignPort } from '../../../../src-main/services/store-adapter'
import { createExportService, exportDeps } from '../../../../src-main/services/sessions/export-service'
import { createTrustedSenders } from '../../../../src-main/ipc/trusted-senders'
import { appPages } from '../../../../src-main/windows/app-url'
import { createWindowManager } from '../../../../src-main/windows/window-manager'
import { memoryWindowState } from '../../../../src-main/windows/window-state'
import { display, fakeDialog, FakeBrowserWindow, fakeScreen } from '../../../support/fake-electron'
import { recordingLogger } from '../../../support/recording-logger'

const RESOURCES = resolve(import.meta.dirname, '../../../../resources/campaigns')
const ctx = { role: 'gm' as const, callerId: 'test' }

describe('export:save in the Electron shell', () => {
  let dir: string
  let store: CampaignStore
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmc-export-dialog-'))
    store = createCampaignStore({ dataDir: join(dir, 'data'), resourcesDir: RESOURCES, syncAppends: false })
    const init = await store.init()
    if (!init.ok) throw new Error(init.error.message)
  })
  afterAll(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('asks over the console with the export’s name and format filter, then writes the file there', async () => {
    FakeBrowserWindow.created = []
    const target = join(dir, 'hangar-players.html')
    const dialog = fakeDialog([target, undefined])
    const wm = createWindowManager({
      BrowserWindow: FakeBrowserWindow,
      screen: fakeScreen([display(1, 0, 0, 1920, 1080)]),
      senders: createTrustedSenders(),
      pages: appPages({}),
      devTools: false,
      preloadPath: '/app/out/preload/index.cjs',
      state: memoryWindowState({}),
      log: recordingLogger(),
      dialog,
    })
    const consoleWin = wm.openConsole()
    const save = exportHandlers(createExportService(exportDeps(campaignPort(store), () => wm)))['export:save']!
    const r = await save({ campaignId: 'sample-saga', sessionId: 'session-2', format: 'html', playerSafe: true, lang: 'pl' }, ctx)
    expect(r).toEqual({ ok: true, value: { saved: true, path: target, fileName: 'the-hangar-ambush-players.html', damagedLines: [] } })
    expect(dialog.asked[0].window).toBe(consoleWin)
    expect(dialog.asked[0].options).toEqual({ defaultPath: 'the-hangar-ambush-players.html', filters: [{ name: 'HTML', extensions: ['html'] }] })
    const html = await readFile(target, 'utf8')
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('lang="pl"')
    // cancelled: nothing saved, the file name still reported
    const again = await save({ campaignId: 'sample-saga', sessionId: 'session-2', format: 'csv', playerSafe: false, lang: 'en' }, ctx)
    expect(again).toEqual({ ok: true, value: { saved: false, fileName: 'the-hangar-ambush.csv', damagedLines: [] } })
    expect(dialog.asked[1].options.filters).toEqual([{ name: 'CSV', extensions: ['csv'] }])
  })
})
