/**
 * The app around the screens, as main knows it: what started (`app:info`: a first start's sample, the campaign a
 * restarted main came back to), the desktop menu's commands (`app:menu`), and the other windows (the pop-out board,
 * the player display and its link). The screens ask here, never the bridge (issue 28: stores are its only callers).
 */
import { defineStore } from 'pinia'
import type { PushContract } from '@shared/ipc/contract'
import { call, listen } from '../bridge/call'

export const useAppStore = defineStore('app', () => {
  const info = () => call('app:info', {})
  /** the menu / jump list / dock commands, while the returned unsubscribe is not called */
  const onMenu = (run: (cmd: PushContract['app:menu']) => void) => listen('app:menu', run)
  /** Electron opens a window; browser mode answers with the URL to open */
  const openBoard = (encounterId: string) => call('window:openBoard', { encounterId })
  const openPlayer = () => call('window:openPlayer', {})
  /** browser mode: the player page's address (the desktop app has none: a window) */
  const playerLink = () => call('window:playerLink', {})
  /** a new player link; the old one stops working */
  const newPlayerLink = () => call('window:newPlayerLink', {})
  return { info, onMenu, openBoard, openPlayer, playerLink, newPlayerLink }
})
