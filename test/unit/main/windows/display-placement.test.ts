import { describe, expect, it } from 'vitest'
import { choosePlayerDisplay, clampBounds, placePlayerWindow, rememberedDisplay } from '../../../../src-main/windows/display-placement'
import { display } from '../../../support/fake-electron'

const laptop = display(1, 0, 0, 1920, 1080)
const tv = display(2, 1920, 0, 1920, 1080)
const left = display(3, -1280, 0, 1280, 1024)

describe('display placement', () => {
  it('puts the player display on a secondary display, fullscreen', () => {
    expect(placePlayerWindow([laptop, tv], laptop)).toEqual({ bounds: tv.bounds, fullscreen: true, displayId: 2 })
  })
  it('falls back to a normal window on the only display', () => {
    const p = placePlayerWindow([laptop], laptop)
    expect(p.fullscreen).toBe(false)
    expect(p.displayId).toBe(1)
    expect(p.bounds).toEqual({ x: 320, y: 155, width: 1280, height: 800 })
  })
  it('prefers the chosen display, and forgets it when unplugged', () => {
    expect(choosePlayerDisplay([laptop, tv, left], laptop, 3).id).toBe(3)
    expect(choosePlayerDisplay([laptop, tv], laptop, 3).id).toBe(2)
    expect(choosePlayerDisplay([laptop], laptop, 3).id).toBe(1)
  })
})

describe('rememberedDisplay', () => {
  const a = { id: 5, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, label: 'Built-in' }
  const b = { id: 6, bounds: { x: 1920, y: 0, width: 1920, height: 1080 }, workArea: { x: 1920, y: 0, width: 1920, height: 1080 }, label: 'LG TV' }
  it('keeps the id while it exists, else finds the monitor by label, else by bounds', () => {
    expect(rememberedDisplay([a, b], { displayId: 6 })).toBe(6)
    expect(rememberedDisplay([a, b], { displayId: 99, display: { label: 'LG TV' } })).toBe(6)
    expect(rememberedDisplay([a, b], { displayId: 99, display: { bounds: { ...b.bounds } } })).toBe(6)
    expect(rememberedDisplay([a, b], { displayId: 99, display: { bounds: { x: 5, y: 5, width: 10, height: 10 } } })).toBeNull()
    expect(rememberedDisplay([a, b], undefined)).toBeNull()
  })
})

describe('clampBounds', () => {
  const fallback = { width: 1400, height: 900 }
  it('keeps bounds that fit a display', () => {
    expect(clampBounds({ x: 100, y: 100, width: 800, height: 600 }, [laptop], laptop, fallback)).toEqual({ x: 100, y: 100, width: 800, height: 600 })
  })
  it('centres on the primary display when the saved bounds are on a display that is gone', () => {
    expect(clampBounds({ x: 2500, y: 100, width: 800, height: 600 }, [laptop], laptop, fallback)).toEqual({ x: 260, y: 105, width: 1400, height: 900 })
  })
  it('moves a window hanging off the edge back inside and shrinks one larger than the display', () => {
    expect(clampBounds({ x: 1500, y: -50, width: 800, height: 600 }, [laptop], laptop, fallback)).toEqual({ x: 1120, y: 30, width: 800, height: 600 })
    expect(clampBounds({ x: 0, y: 0, width: 5000, height: 3000 }, [laptop], laptop, fallback)).toEqual({ x: 0, y: 30, width: 1920, height: 1050 })
  })
  it('uses the display holding most of the window', () => {
    expect(clampBounds({ x: 1800, y: 100, width: 800, height: 600 }, [laptop, tv], laptop, fallback)).toEqual({ x: 1920, y: 100, width: 800, height: 600 })
  })
  it('ignores garbage', () => {
    for (const bad of [null, undefined, { x: NaN, y: 0, width: 800, height: 600 }, { x: 0, y: 0, width: 10, height: 10 }]) {
      expect(clampBounds(bad as never, [laptop], laptop, fallback)).toEqual({ x: 260, y: 105, width: 1400, height: 900 })
    }
  })
})
