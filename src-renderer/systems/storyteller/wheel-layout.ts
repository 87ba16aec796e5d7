/**
 * Where everything goes on the drawn tick wheel (004: "everyone else counts down per tick from winner"; "Attacker
 * moves (Attack Speed) ticks forward on the combat wheel"), as a pure function so the SVG component only draws.
 * The wheel is laid out as a track: one slot per tick from the current tick on, each combatant a token on the
 * slot of the tick it acts on next, in acting order within a slot (004: the higher Join Battle first). An action
 * being prepared shows as a ghost token on the tick it will move its actor to, with an arrow from the actor.
 *  - vertical: ticks run down (the GM's narrow turn-track column), tokens side by side in a slot's row;
 *  - horizontal: ticks run right (the player display), tokens stacked in a slot's column.
 */
import type { Side } from '@shared/domain/encounter'

export interface WheelItem {
  id: string
  name: string
  side: Side
  /** the tick it acts on next */
  tick: number
  /** acting now (the GM's current actor; on the player display the visible one up next) */
  current?: boolean
}

export interface WheelPreview {
  id: string
  /** the tick the action is taken on and the one it moves the actor to (from + Speed) */
  from: number
  to: number
  speed: number
}

export interface WheelToken {
  id: string
  label: string
  name: string
  side: Side
  tick: number
  x: number
  y: number
  w: number
  h: number
  current: boolean
  /** the first actor after the current one */
  next: boolean
  ghost?: boolean
}

export interface WheelSlot {
  tick: number
  /** the slot's point on the axis (vertical: the axis is at x, the tick number left of it) */
  x: number
  y: number
  now: boolean
  /** ticks beyond the drawn span are gathered on the last slot */
  more: boolean
}

export interface WheelLayout {
  width: number
  height: number
  slots: WheelSlot[]
  tokens: WheelToken[]
  /** the preview arrow, from the actor's token to its ghost */
  arrow: { x1: number; y1: number; x2: number; y2: number; label: string } | null
  /** ids acting next after the current one (the wheel's order) */
  nextIds: string[]
}

export interface LayoutOptions {
  orientation: 'vertical' | 'horizontal'
  width: number
  /** at least this many ticks are drawn (from the current tick) */
  minSpan?: number
  /** at most this many (later ticks go on the last slot, marked "more") */
  maxSpan?: number
  /** average glyph width, for cutting names to fit */
  charWidth?: number
  preview?: WheelPreview | null
  /** the label of the arrow, e.g. "Speed 5" */
  previewLabel?: string
}

const SLOT = { vertical: 28, horizontal: 34 }
const AXIS = { vertical: 40, horizontal: 30 }

/**
 * a name cut to fit `width` pixels; a short last word that tells a group apart ("Stormtrooper 2", "Raider B") is
 * kept, its head cut instead (issue 27: three pills read "Stormtr…" on one tick)
 */
export function fit(name: string, width: number, charWidth: number): string {
  const n = Math.max(1, Math.floor((width - 10) / charWidth))
  if (name.length <= n) return name
  const tail = /\s\S{1,3}$/.exec(name)?.[0] ?? ''
  if (tail && n - tail.length >= 3) return `${name.slice(0, n - tail.length - 1).trimEnd()}…${tail}`
  return `${name.slice(0, Math.max(1, n - 1))}…`
}

/** acting order on the wheel: the lowest tick first; on one tick the order the items came in (the engine's) */
export function wheelSequence(items: readonly WheelItem[]): WheelItem[] {
  return items.map((it, i) => ({ it, i })).sort((a, b) => a.it.tick - b.it.tick || a.i - b.i).map((x) => x.it)
}

export function layoutWheel(items: readonly WheelItem[], tick: number, o: LayoutOptions): WheelLayout {
  const charWidth = o.charWidth ?? 7
  const minSpan = o.minSpan ?? 8
  const maxSpan = o.maxSpan ?? 16
  const seq = wheelSequence(items)
  const current = seq.find((x) => x.current)
  const after = seq.filter((x) => x !== current)
  const nextTick = after[0]?.tick
  const nextIds = nextTick === undefined ? [] : after.filter((x) => x.tick === nextTick).map((x) => x.id)
  const latest = Math.max(tick, ...items.map((x) => x.tick), o.preview ? o.preview.to : tick)
  const span = Math.min(maxSpan, Math.max(minSpan, latest - tick + 1))
  const last = tick + span - 1
  const slotOf = (t: number) => Math.min(Math.max(t, tick), last) - tick
  const all: Array<WheelItem & { ghost?: boolean }> = [...seq]
  if (o.preview) {
    const actor = items.find((x) => x.id === o.preview!.id)
    if (actor) all.push({ ...actor, tick: o.preview.to, current: false, ghost: true })
  }
  const bySlot = new Map<number, Array<WheelItem & { ghost?: boolean }>>()
  for (const it of all) {
    const s = slotOf(it.tick)
    bySlot.set(s, [...(bySlot.get(s) ?? []), it])
  }
  const vertical = o.orientation === 'vertical'
  const slotSize = SLOT[o.orientation]
  const axis = AXIS[o.orientation]
  const slots: WheelSlot[] = []
  const tokens: WheelToken[] = []
  let height = 0
  if (vertical) {
    // a row per tick: the tick number left of the axis, tokens in a row to its right
    const room = o.width - axis - 4
    for (let s = 0; s < span; s++) {
      const y = 4 + s * slotSize
      slots.push({ tick: tick + s, x: axis - 10, y: y + slotSize / 2, now: s === 0, more: s === span - 1 && latest > last })
      const here = bySlot.get(s) ?? []
      const w = here.length ? Math.min(room, Math.floor((room - 4 * (here.length - 1)) / here.length)) : 0
      here.forEach((it, i) => tokens.push(token(it, axis + 4 + i * (w + 4), y + 3, w, slotSize - 6)))
    }
    height = 8 + span * slotSize
  } else {
    // a column per tick: the tick number under the axis, tokens stacked above it
    const col = (o.width - 8) / span
    const rows = Math.max(1, ...[...bySlot.values()].map((x) => x.length))
    const top = 4
    for (let s = 0; s < span; s++) {
      const x = 4 + s * col
      slots.push({ tick: tick + s, x: x + col / 2, y: top + rows * slotSize + axis / 2 + 4, now: s === 0, more: s === span - 1 && latest > last })
      const here = bySlot.get(s) ?? []
      here.forEach((it, i) => tokens.push(token(it, x + 2, top + i * slotSize, col - 4, slotSize - 4)))
    }
    height = top + rows * slotSize + axis + 8
  }

  function token(it: WheelItem & { ghost?: boolean }, x: number, y: number, w: number, h: number): WheelToken {
    return {
      id: it.id, name: it.name, side: it.side, tick: it.tick, x, y, w, h,
      label: it.ghost && o.previewLabel ? fit(`${o.previewLabel}: ${it.name}`, w, charWidth) : fit(it.name, w - (it.current ? 2 * charWidth : 0), charWidth), current: !it.ghost && it.current === true, next: !it.ghost && nextIds.includes(it.id), ...(it.ghost ? { ghost: true } : {}),
    }
  }

  let arrow: WheelLayout['arrow'] = null
  if (o.preview) {
    const from = tokens.find((t) => t.id === o.preview!.id && !t.ghost)
    const to = tokens.find((t) => t.id === o.preview!.id && t.ghost)
    if (from && to) {
      // vertical: straight down the tokens' side stripe, from the actor to its ghost (the ghost is labelled)
      arrow = vertical
        ? { x1: from.x + 2, y1: from.y + from.h, x2: to.x + 2, y2: to.y, label: o.previewLabel ?? '' }
        : { x1: from.x + from.w / 2, y1: from.y + from.h / 2, x2: to.x, y2: to.y + to.h / 2, label: o.previewLabel ?? '' }
    }
  }
  return { width: o.width, height, slots, tokens, arrow, nextIds }
}
