// The console's side of the desktop menu (src-renderer/core/app-menu.ts): each app:menu push runs the console's action.
import { describe, expect, it, vi } from 'vitest'
import type { AppMenuCommand } from '@shared/ipc/contract-shell'
import { runMenuCommand, type MenuCommandDeps } from '../../../../src-renderer/core/app-menu'

function deps(ui: Partial<MenuCommandDeps['ui']> = {}) {
  const state = { screen: 'overview' as const, campaignId: 'saga' as string | null, encounterId: 'enc-1' as string | null, helpOpen: false, ...ui }
  const d = {
    ui: { ...state, go: vi.fn((next) => void (d.ui.screen = next)) } as MenuCommandDeps['ui'],
    openCampaign: vi.fn(async () => undefined),
    exportCampaign: vi.fn(async () => ({ ok: true })),
    openBoard: vi.fn(async () => ({ ok: true })),
    press: vi.fn(),
  }
  return d
}
const run = (cmd: AppMenuCommand, d: ReturnType<typeof deps>) => runMenuCommand(cmd, d)

describe('desktop menu commands in the console', () => {
  it('File > New campaign goes to the campaign list and presses its New button', async () => {
    const d = deps()
    await run({ command: 'campaign:new' }, d)
    expect(d.ui.go).toHaveBeenCalledWith('home')
    expect(d.press).toHaveBeenCalledWith('campaign-new')
  })
  it('opens a recent campaign, exports the open one, pops out the current board, opens the shortcuts', async () => {
    const d = deps()
    await run({ command: 'campaign:open', campaignId: 'star' }, d)
    expect(d.openCampaign).toHaveBeenCalledWith('star')
    await run({ command: 'campaign:export' }, d)
    expect(d.exportCampaign).toHaveBeenCalledWith('saga')
    await run({ command: 'board:popOut' }, d)
    expect(d.openBoard).toHaveBeenCalledWith('enc-1')
    await run({ command: 'help:shortcuts' }, d)
    expect(d.ui.helpOpen).toBe(true)
  })
  it('without an open campaign or encounter: export shows the campaign list, pop-out does nothing', async () => {
    const d = deps({ campaignId: null, encounterId: null })
    await run({ command: 'campaign:export' }, d)
    expect(d.exportCampaign).not.toHaveBeenCalled()
    expect(d.ui.go).toHaveBeenCalledWith('home')
    await run({ command: 'board:popOut' }, d)
    expect(d.openBoard).not.toHaveBeenCalled()
  })
})
