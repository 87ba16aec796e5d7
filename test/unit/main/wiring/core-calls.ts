/** Calling a wired core as the GM's console or a player window does (the dispatch with a caller's role). */
import type { PlayerBoardView } from '@shared/views/encounter-views'
import type { Core } from '../../../../src-main/wiring/create-core'

export const GM = { role: 'gm' as const, callerId: 'gm-1' }
export const PLAYER = { role: 'player' as const, callerId: 'player-1' }

/** the GM's call, its value; a refusal throws naming its field */
export async function must<T>(core: Core, channel: string, req: unknown): Promise<T> {
  const r = (await core.dispatch(channel, req, GM)) as { ok: boolean; value?: T; error?: { message: string; field?: string } }
  if (!r.ok) throw new Error(`${channel}: ${r.error?.field ?? ''} ${r.error?.message}`)
  return r.value as T
}

/** what a player window is shown now */
export const playerView = async (core: Core) => ((await core.dispatch('player:view', {}, PLAYER)) as { ok: true; value: PlayerBoardView }).value
