/**
 * What a page of the app shows, read from its DOM in one call (the table soak, test/e2e/table-soak.e2e.test.ts: each
 * page must come to show what main's state says). Its own module so a unit test can check the reading in Chromium
 * (test/unit/main/e2e-support/table-snapshot.test.ts).
 */
import type { Page } from 'playwright-core'

/** what a page shows, read from its DOM in one call */
export interface Snapshot {
  text: string
  trackRound: string | null
  trackCurrent: string[]
  cards: string[]
  pools: Record<string, string>
  logSeqs: number[]
  errorShown: string | null
  playerWaiting: boolean
  playerTurn: string | null
  playerRound: string | null
  playerRows: string[]
  /** the players' pools shown (`player-td-<pool>`: 2d20's Momentum, and Threat when the GM shows it) */
  playerPools: Record<string, string>
  reconnecting: boolean
}

export async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    // the page's DOM, typed as little as this reads of it (the test's tsconfig has no DOM library)
    interface El { dataset: Record<string, string | undefined>; textContent: string | null; getClientRects(): { length: number } }
    const document = (globalThis as unknown as { document: { body: { innerText: string }; querySelector(s: string): El | null; querySelectorAll(s: string): Iterable<El> } }).document
    const getComputedStyle = (globalThis as unknown as { getComputedStyle(e: El): { visibility: string; display: string } }).getComputedStyle
    const q = (sel: string) => [...document.querySelectorAll(sel)]
    const one = (id: string) => document.querySelector(`[data-testid="${id}"]`)
    const idsOf = (prefix: string, els: El[]) => els.map((e) => e.dataset.testid!.slice(prefix.length))
    // shown: it has a box on screen and is not hidden by style (Playwright's `isVisible`). Not `offsetParent`, which is null for every element of
    // `position: fixed` (the connection banner), so a page still reconnecting read as online (table-soak: a settle
    // after a server crash passed while the pages were offline)
    const visible = (e: El | null) => {
      if (!e || e.getClientRects().length === 0) return false
      const style = getComputedStyle(e)
      return style.visibility !== 'hidden' && style.display !== 'none'
    }
    const pools: Record<string, string> = {}
    for (const e of q('[data-testid^="pool-value-"]')) pools[e.dataset.testid!.slice('pool-value-'.length)] = (e.textContent ?? '').trim()
    const err = [one('action-error'), one('error-banner')].find((e) => visible(e))
    return {
      text: document.body.innerText,
      trackRound: one('track-round')?.textContent?.trim() ?? null,
      trackCurrent: idsOf('track-entry-', q('[data-testid^="track-entry-"].current')),
      cards: idsOf('combatant-card-', q('[data-testid^="combatant-card-"]')),
      pools,
      logSeqs: q('[data-testid^="log-entry-"]').map((e) => Number(e.dataset.testid!.slice('log-entry-'.length))),
      errorShown: err ? (err.textContent ?? '').trim() : null,
      playerWaiting: !!one('player-waiting'),
      playerTurn: one('player-turn')?.textContent?.trim() ?? null,
      playerRound: one('player-round')?.textContent?.trim() ?? null,
      playerRows: idsOf('player-combatant-', q('[data-testid^="player-combatant-"]')),
      playerPools: Object.fromEntries(['momentum', 'threat'].flatMap((p) => { const e = one(`player-td-${p}`); return e ? [[p, (e.textContent ?? '').trim()]] : [] })),
      reconnecting: visible(one('connection-lost')),
    }
  })
}
