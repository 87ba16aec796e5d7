/**
 * The desktop app's native menu, jump list and dock reach the console as `app:menu` pushes (src-main/windows/
 * desktop-shell.ts); each runs what the console's own button does. Electron only (browser mode never sends it).
 */
import { nextTick } from 'vue'
import type { AppMenuCommand } from '@shared/ipc/contract-shell'
import type { Screen } from '../stores/ui'

export interface MenuCommandDeps {
  ui: { screen: Screen; campaignId: string | null; encounterId: string | null; helpOpen: boolean; go(next: Screen): void }
  openCampaign(campaignId: string): Promise<void>
  exportCampaign(campaignId: string): Promise<unknown>
  openBoard(encounterId: string): Promise<unknown>
  /** presses a console button by its data-testid (the same handler as a click) */
  press(testid: string): void
}

export async function runMenuCommand(cmd: AppMenuCommand, deps: MenuCommandDeps): Promise<void> {
  const { ui } = deps
  switch (cmd.command) {
    case 'campaign:new':
      ui.go('home')
      await nextTick()
      deps.press('campaign-new')
      return
    case 'campaign:open':
      return deps.openCampaign(cmd.campaignId)
    case 'campaign:export':
      if (ui.campaignId) await deps.exportCampaign(ui.campaignId)
      else ui.go('home')
      return
    case 'board:popOut':
      if (ui.encounterId) await deps.openBoard(ui.encounterId)
      return
    case 'help:shortcuts':
      ui.helpOpen = true
      return
    case 'campaign:import':
      // the desktop shell imports through a native dialog itself (a menu click cannot open the page's file input)
      return
  }
}

/** `document.querySelector('[data-testid=…]').click()` */
export function pressButton(testid: string): void {
  const doc = (globalThis as { document?: { querySelector(s: string): { click(): void } | null } }).document
  doc?.querySelector(`[data-testid="${testid}"]`)?.click()
}
