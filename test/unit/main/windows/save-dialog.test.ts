/** The shell's save dialog for a campaign export (Electron): over the console window, .json filter, cancel → null. */
import { describe, expect, it } from 'vitest'
import { createTrustedSenders } from '../../../../src-main/ipc/trusted-senders'
import { appPages } from '../../../../src-main/windows/app-url'
import { createWindowManager, type WindowManagerDeps } from '../../../../src-main/windows/window-manager'
import { memoryWindowState } from '../../../../src-main/windows/window-state'
import { display, fakeDialog, FakeBrowserWindow, fakeScreen } from '../../../support/fake-electron'
import { recordingLogger } from '../../../support/recording-logger'

function setup(dialog?: WindowManagerDeps['dialog']) {
  FakeBrowserWindow.created = []
  return createWindowManager({
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
}

describe('window manager: chooseSavePath', () => {
  it('asks over the console window with the suggested name and a .json filter; cancel is null', async () => {
    const dialog = fakeDialog(['/home/gm/hangar.gmc.json', undefined])
    const wm = setup(dialog)
    const win = wm.openConsole()
    expect(await wm.chooseSavePath('hangar.gmc.json')).toEqual({ ok: true, value: '/home/gm/hangar.gmc.json' })
    expect(dialog.asked[0].window).toBe(win)
    expect(dialog.asked[0].options).toMatchObject({ defaultPath: 'hangar.gmc.json', filters: [{ extensions: ['json'] }] })
    expect(await wm.chooseSavePath('hangar.gmc.json')).toEqual({ ok: true, value: null })
  })

  it('answers errors, never throws: no dialog, no console window, a failing dialog', async () => {
    const none = setup()
    none.openConsole()
    const r1 = await none.chooseSavePath('x.json')
    expect(!r1.ok && r1.error.code).toBe('internal')

    const closed = setup(fakeDialog(['/tmp/x.json']))
    const r2 = await closed.chooseSavePath('x.json')
    expect(!r2.ok && r2.error.code).toBe('not-found')

    const failing = setup(fakeDialog([new Error('portal gone')]))
    failing.openConsole()
    const r3 = await failing.chooseSavePath('x.json')
    expect(!r3.ok && r3.error).toMatchObject({ code: 'io', message: expect.stringContaining('portal gone') })
  })
})
