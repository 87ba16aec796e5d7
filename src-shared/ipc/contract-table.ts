/**
 * The table (issue 29): player links (one per character, a phone each), the requests players send from them, the
 * character view a phone shows, and the campaign's table settings (the TV's arrangement, how requests are taken,
 * whether players see their odds).
 */
import { z } from 'zod'
import { REQUEST_KINDS, TV_ASPECTS, type TableSettings } from '../domain/table'
import type { CharacterLinksView, CharacterLinkView, CharacterRequestView, CharacterView, GmRequestView } from '../views/character-views'
import type { OddsView } from '../views/encounter-views'
import { channel, topic } from './define'

const id = z.string().min(1).max(200)
const empty = z.object({}).strict()

/** a change to the TV's arrangement: any of its fields */
export const tvPatchSchema = z
  .object({
    zoom: z.number().min(0.6).max(2),
    around: z.number().int().min(1).max(20).nullable(),
    margin: z.number().min(0).max(10),
    layout: z.enum(['board', 'list']),
    panels: z.object({ pools: z.boolean(), wheel: z.boolean(), lastResult: z.boolean(), round: z.boolean() }).strict().partial(),
    theme: z.enum(['dark', 'light']),
    aspect: z.enum(TV_ASPECTS),
  })
  .strict()
  .partial()

export const tableChannels = {
  /** the campaign's table settings (defaults filled in) */
  'table:get': channel<TableSettings>()(z.object({ campaignId: id }).strict()),
  /** change some of them; saved with the campaign, the TV and the preview follow at once */
  'table:set': channel<TableSettings>()(z.object({ campaignId: id, tv: tvPatchSchema.optional(), requests: z.enum(['ask', 'auto']).optional(), odds: z.boolean().optional() }).strict()),
  /** the open campaign's player links, and where phones can reach the app */
  'links:list': channel<CharacterLinksView>()(empty),
  /** a new link for a character of the open campaign (a PC of the party, or an ally a player runs) */
  'links:make': channel<CharacterLinkView>()(z.object({ characterId: id }).strict()),
  /** the link stops working at once: its phones are disconnected and told it was revoked */
  'links:revoke': channel<CharacterLinksView>()(z.object({ linkId: id }).strict()),
  /** listen on the network too (`lan: true`, the LAN address) or on this computer only */
  'links:reach': channel<CharacterLinksView>()(z.object({ lan: z.boolean() }).strict()),
  /** the requests waiting for the GM, oldest first */
  'request:list': channel<GmRequestView[]>()(empty),
  /** accept (carried out as the GM's own command) or decline a request */
  'request:answer': channel<GmRequestView>()(z.object({ requestId: id, accept: z.boolean() }).strict()),
  /** a phone's own character (redacted in main for that character) */
  'character:view': channel<CharacterView>()(empty, ['character']),
  /** a player's request; refused at once (a plain sentence) out of turn or for what the character cannot do;
   *  `characterId`, when given, must be the link's own character (another one is refused) */
  'character:request': channel<CharacterRequestView>()(
    z.object({ kind: z.enum(REQUEST_KINDS), resource: z.string().min(1).max(60).optional(), trigger: z.string().trim().max(200).optional(), characterId: id.optional() }).strict(),
    ['character'],
  ),
  /** the odds of the character's own default attack on a combatant of the board (when the GM allows it) */
  'character:odds': channel<OddsView>()(z.object({ targetId: id }).strict(), ['character']),
} as const

export const tableTopics = {
  /** a character's own view: each phone gets its own character's (the hub's per-subscriber push) */
  'character:view': topic<CharacterView>()(['character']),
  'requests:changed': topic<GmRequestView[]>()(['gm']),
  'links:changed': topic<CharacterLinksView>()(['gm']),
} as const
