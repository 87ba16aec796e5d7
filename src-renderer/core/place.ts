/**
 * Where the GM was in this window (screen, campaign, encounter), kept in `sessionStorage` so a reload of the
 * console mid-fight returns to the board of the running encounter (issue 10). Per tab; never shared with the
 * player display. Storage that throws (private modes) is treated as empty.
 */
import type { Screen } from '../stores/ui'

export interface Place {
  screen: Screen
  campaignId: string | null
  encounterId: string | null
}

const KEY = 'gmc.place'
const SCREENS: readonly Screen[] = ['home', 'overview', 'library', 'prep', 'board', 'sessions']

export function savePlace(p: Place, storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(p))
  } catch {
    /* no storage: nothing to restore later */
  }
}

export function loadPlace(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): Place | null {
  try {
    const raw = storage?.getItem(KEY)
    if (!raw) return null
    const p = JSON.parse(raw) as Partial<Place>
    const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null)
    if (!SCREENS.includes(p.screen as Screen)) return null
    return { screen: p.screen as Screen, campaignId: str(p.campaignId), encounterId: str(p.encounterId) }
  } catch {
    return null
  }
}
