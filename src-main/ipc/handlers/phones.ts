/**
 * Players' phones (issue 29): `links:*` and `request:list|answer` for the console, `character:*` for a phone. A
 * phone's character comes from the link its socket was opened with (CallContext.link, set by the server from the
 * token), never from the payload: a phone can only see and ask for its own character.
 */
import { err, ok } from '@shared/result'
import type { CharacterViews } from '../../services/table/character-views'
import type { LinksService } from '../../services/table/links-service'
import type { RequestsService } from '../../services/table/requests-service'
import type { CallContext } from './handler-map'
import type { HandlerMap } from './handler-map'

const noLink = () => err('forbidden', 'this connection has no player link', 'token')

export function phoneHandlers(links: LinksService, requests: RequestsService, views: CharacterViews): HandlerMap {
  const linkOf = (ctx: CallContext) => (ctx.role === 'character' ? ctx.link : undefined)
  return {
    'links:list': () => links.list(),
    'links:make': (r) => links.make(r.characterId),
    'links:revoke': (r) => links.revoke(r.linkId),
    'links:reach': (r) => links.reach(r.lan),
    'request:list': async () => ok(requests.list()),
    'request:answer': (r) => requests.answer(r.requestId, r.accept),
    'character:view': async (_r, ctx) => {
      const link = linkOf(ctx)
      return link ? ok(await views.view(link)) : noLink()
    },
    'character:request': async (r, ctx) => {
      const link = linkOf(ctx)
      return link ? requests.request(link, r) : noLink()
    },
    'character:odds': async (r, ctx) => {
      const link = linkOf(ctx)
      return link ? views.odds(link, r.targetId) : noLink()
    },
  }
}
