/** `player:view`: what the player display shows now (src-main/services/play/player-board.ts, already redacted). */
import { ok } from '@shared/result'
import type { PlayerBoard } from '../../services/play/player-board'
import type { HandlerMap } from './handler-map'

export function playerHandlers(board: Pick<PlayerBoard, 'view'>): HandlerMap {
  return { 'player:view': async () => ok(board.view()) }
}
