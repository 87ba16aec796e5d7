/**
 * Pure placement rules. The player display goes fullscreen on a secondary display when one exists (the chosen
 * one if it still exists), else it is a normal window on the primary. Remembered bounds are clamped to the
 * displays that exist now (a monitor may have been unplugged since), as VS Code's WindowStateValidator does.
 */
import type { DisplayLike, Rect } from './electron-like'

export const MIN_WIDTH = 480
export const MIN_HEIGHT = 360

const area = (r: Rect) => Math.max(0, r.width) * Math.max(0, r.height)
function intersection(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  return { x, y, width: Math.min(a.x + a.width, b.x + b.width) - x, height: Math.min(a.y + a.height, b.y + b.height) - y }
}

/** A window of `size` centred in the display's work area (shrunk to fit). */
export function centredIn(display: DisplayLike, size: { width: number; height: number }): Rect {
  const wa = display.workArea
  const width = Math.min(size.width, wa.width)
  const height = Math.min(size.height, wa.height)
  return { x: wa.x + Math.round((wa.width - width) / 2), y: wa.y + Math.round((wa.height - height) / 2), width, height }
}

export function choosePlayerDisplay(displays: DisplayLike[], primary: DisplayLike, preferredId?: number | null): DisplayLike {
  const preferred = preferredId != null ? displays.find((d) => d.id === preferredId) : undefined
  return preferred ?? displays.find((d) => d.id !== primary.id) ?? primary
}

/**
 * The display the GM last chose for the player display: the same id if it still exists, else the monitor with the
 * same label or the same bounds (ids can change after a reboot or re-plugging), else none.
 */
export function rememberedDisplay(displays: DisplayLike[], saved: { displayId?: number; display?: { bounds?: Rect; label?: string } } | undefined): number | null {
  if (!saved) return null
  if (saved.displayId != null && displays.some((d) => d.id === saved.displayId)) return saved.displayId
  const label = saved.display?.label
  const byLabel = label ? displays.filter((d) => d.label === label) : []
  if (byLabel.length === 1) return byLabel[0].id
  const b = saved.display?.bounds
  const byBounds = b ? displays.find((d) => d.bounds.x === b.x && d.bounds.y === b.y && d.bounds.width === b.width && d.bounds.height === b.height) : undefined
  return byBounds?.id ?? null
}

export interface Placement {
  bounds: Rect
  fullscreen: boolean
  displayId: number
}

export function placePlayerWindow(displays: DisplayLike[], primary: DisplayLike, preferredId?: number | null): Placement {
  const display = choosePlayerDisplay(displays, primary, preferredId)
  if (display.id !== primary.id) return { bounds: { ...display.bounds }, fullscreen: true, displayId: display.id }
  return { bounds: centredIn(primary, { width: 1280, height: 800 }), fullscreen: false, displayId: primary.id }
}

/**
 * Saved bounds if they are still usable: the display holding most of the window must show at least a title-bar
 * sized part of it; the size is cut to that display's work area and the window moved inside it. Otherwise the
 * fallback size centred on the primary display.
 */
export function clampBounds(saved: Rect | null | undefined, displays: DisplayLike[], primary: DisplayLike, fallback: { width: number; height: number }): Rect {
  const valid = (r: Rect | null | undefined): r is Rect =>
    !!r && [r.x, r.y, r.width, r.height].every((n) => Number.isFinite(n)) && r.width >= MIN_WIDTH / 2 && r.height >= MIN_HEIGHT / 2
  if (!valid(saved)) return centredIn(primary, fallback)
  let best: DisplayLike | null = null
  let bestArea = 0
  for (const d of displays) {
    const a = area(intersection(saved, d.workArea))
    if (a > bestArea) {
      best = d
      bestArea = a
    }
  }
  // less than a 100×40 strip visible: the window would be lost off-screen
  if (!best || bestArea < 100 * 40) return centredIn(primary, fallback)
  const wa = best.workArea
  const width = Math.max(Math.min(saved.width, wa.width), Math.min(MIN_WIDTH, wa.width))
  const height = Math.max(Math.min(saved.height, wa.height), Math.min(MIN_HEIGHT, wa.height))
  const x = Math.min(Math.max(saved.x, wa.x), wa.x + wa.width - width)
  const y = Math.min(Math.max(saved.y, wa.y), wa.y + wa.height - height)
  return { x, y, width, height }
}
