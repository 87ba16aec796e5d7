/** `session:*`: the session log (src-main/services/sessions/session-service.ts) and read-only replay (replay-service.ts). */
import { ok } from '@shared/result'
import type { ReplayService } from '../../services/sessions/replay-service'
import type { SessionService } from '../../services/sessions/session-service'
import type { HandlerMap } from './handler-map'

export function sessionHandlers(sessions: SessionService): HandlerMap {
  return {
    'session:start': (r) => sessions.start(r),
    'session:end': (r) => sessions.end(r),
    'session:rename': (r) => sessions.rename(r),
    'session:list': (r) => sessions.list(r.campaignId),
    'session:log': (r) => sessions.log(r),
    'session:note': (r) => sessions.note(r),
    'session:roll': (r) => sessions.roll(r),
    'session:rest': (r) => sessions.rest(r),
    'session:pool': (r) => sessions.pool(r),
  }
}

export function replayHandlers(replay: ReplayService): HandlerMap {
  return {
    'session:replayOpen': async (q) => replay.open(q.text),
    'session:replayStep': async (q) => replay.step(q.handle, q.encounterId, q.to),
    'session:replayClose': async (q) => ok(replay.close(q.handle)),
  }
}
