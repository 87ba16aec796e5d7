/**
 * The table (issue 29): players' own phones and the TV the GM arranges. Saved per campaign in `campaign.json`
 * (`playerDisplay.tv`, `playerDisplay.requests`, `playerDisplay.odds`); every field has a default, so a campaign
 * saved before issue 29 reads as the defaults.
 */

/** What the room's TV shows, and how (the console's preview is the same component fed the same view). */
export interface TvArrangement {
  /** the size of everything, 1 = as designed (0.6 … 2) */
  zoom: number
  /** combatants shown on each side of the current one in the turn track; null: all of them */
  around: number | null
  /** margins on every edge in % of the screen (a TV's overscan crops its edges), 0 … 10 */
  margin: number
  /** `board`: the full board; `list`: a plain list for a small or portrait screen */
  layout: 'board' | 'list'
  /** the panels shown */
  panels: { pools: boolean; wheel: boolean; lastResult: boolean; round: boolean }
  theme: 'dark' | 'light'
  /** the TV's shape, for the console's preview */
  aspect: '16:9' | '4:3' | '21:9' | '9:16'
}

export const TV_ASPECTS = ['16:9', '4:3', '21:9', '9:16'] as const

/** A change to the arrangement, or a saved one with fields missing (the defaults fill them in). */
export type TvPatch = Partial<Omit<TvArrangement, 'panels'>> & { panels?: Partial<TvArrangement['panels']> }

export const DEFAULT_TV: TvArrangement = {
  zoom: 1,
  around: null,
  margin: 0,
  layout: 'board',
  panels: { pools: true, wheel: true, lastResult: true, round: true },
  theme: 'dark',
  aspect: '16:9',
}

/** What a player may ask from their phone. Each is a request the GM accepts (or that goes through by itself, per
 *  campaign: `requests: 'auto'`). */
export const REQUEST_KINDS = ['endTurn', 'delay', 'ready', 'spend'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

/** `ask`: the GM accepts each request (one key); `auto`: a request main may carry out goes through by itself */
export type RequestPolicy = 'ask' | 'auto'

/** The campaign's table settings as the console edits them. */
export interface TableSettings {
  tv: TvArrangement
  requests: RequestPolicy
  /** players see the odds of their own attacks on their phone */
  odds: boolean
}

export const DEFAULT_TABLE: TableSettings = { tv: DEFAULT_TV, requests: 'ask', odds: false }

/** The campaign's saved table settings with the defaults filled in (a partial `tv` too). */
export function tableSettings(saved: { tv?: TvPatch; requests?: RequestPolicy; odds?: boolean } | undefined): TableSettings {
  const tv: TvArrangement = { ...DEFAULT_TV, ...(saved?.tv ?? {}), panels: { ...DEFAULT_TV.panels, ...(saved?.tv?.panels ?? {}) } }
  return { tv, requests: saved?.requests ?? DEFAULT_TABLE.requests, odds: saved?.odds ?? DEFAULT_TABLE.odds }
}
