/**
 * Rule-system channels (issue 9): what main tells the renderer about the registered rule systems, so generic
 * screens never name one. `system:describe` gives the command JSON Schemas with their UI hints, the label keys,
 * the stat-block schema, kinds and templates, and the system's catalogs; `system:card` lays a stat block out as
 * the system's book prints it. Spread into `invokeContract` (contract.ts).
 */
import { z } from 'zod'
import type { CardLayout, SystemDescription, SystemSummary } from '../views/system-views'
import { channel } from './define'

const id = z.string().min(1).max(200)

export const systemChannels = {
  /** the registered (playable) rule systems: ids and names only, so a player window too (issue 27) loads each one's
   *  public description without a list of its own */
  'system:list': channel<SystemSummary[]>()(z.object({}).strict(), ['gm', 'player', 'character']),
  /** the player display too: its condition and band names come from the system's catalogs */
  'system:describe': channel<SystemDescription>()(z.object({ systemId: id }).strict(), ['gm', 'player', 'character']),
  /** a stat block (as stored in the library) laid out as a book-style card, in the UI language */
  'system:card': channel<CardLayout>()(z.object({ systemId: id, statBlock: z.record(z.string(), z.unknown()), lang: z.enum(['en', 'pl']).default('en') }).strict()),
} as const
