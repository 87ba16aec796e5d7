/**
 * Pushes from the desktop shell to the console: a native menu item, a jump-list / dock entry or a second launch
 * asks the console to do what its own button does (the renderer runs the same action). Electron only; role gm.
 */
import { topic } from './define'

export type AppMenuCommand =
  | { command: 'campaign:new' }
  | { command: 'campaign:import' }
  | { command: 'campaign:export' }
  | { command: 'campaign:open'; campaignId: string }
  | { command: 'board:popOut' }
  | { command: 'help:shortcuts' }

export const shellTopics = {
  'app:menu': topic<AppMenuCommand>()(['gm']),
} as const
