/**
 * How the board lays out its cards (issue 27): in turn order, and the current one kept in sight in the cards' own
 * scrolled box.
 */

/** `ids` in the order of `order` (the turn order), then those not in it, in their own order */
export function inTurnOrder(ids: readonly string[], order: readonly string[]): string[] {
  const shown = new Set(ids)
  const placed = new Set(order)
  return [...order.filter((id) => shown.has(id)), ...ids.filter((id) => !placed.has(id))]
}

/** the gap kept above or below a card scrolled into sight */
const MARGIN = 8

/** the card of combatant `id` in `box`, or null */
export function cardOf(box: HTMLElement | null, id: string | null): HTMLElement | null {
  if (!box || !id) return null
  const testid = `combatant-card-${id}`
  return [...box.querySelectorAll<HTMLElement>('[data-testid^="combatant-card-"]')].find((e) => e.dataset.testid === testid) ?? null
}

/**
 * Scrolls `box` (and only it: not the page or the columns around it) the least that brings the card of `id` wholly
 * into sight, with a gap of up to MARGIN above or below it: a card nearly as tall as the box gets the gap the box
 * leaves, split above and below (an 8 px gap above it cut 4 px off its bottom: CI stops 35 and 36); a card as tall as
 * the box or taller shows its top at the box's top. Nothing when there is no such card.
 */
export function keepInSight(box: HTMLElement | null, id: string | null): void {
  const card = cardOf(box, id)
  if (!box || !card) return
  const b = box.getBoundingClientRect()
  const c = card.getBoundingClientRect()
  const gap = Math.max(0, Math.min(MARGIN, (b.height - c.height) / 2))
  const above = c.top - b.top - gap
  const below = c.bottom - b.bottom + gap
  if (above < 0 || c.height >= b.height) box.scrollTop += above
  else if (below > 0) box.scrollTop += below
}
