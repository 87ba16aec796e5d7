/**
 * Issue 27, defect 7 (the board fits a laptop), the parts a DOM without layout can check: the cards in turn order,
 * the current card scrolled into sight in its own box, the log pinned to its newest entry unless the GM scrolled up
 * (then "newest ↓"), and the result card not repeating its title. The layout itself: test/e2e/board-fit.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '@shared/domain/encounter'
import type { ResultCardView } from '@shared/views/result-views'
import { inTurnOrder, keepInSight } from '@renderer/features/encounter/board-layout'
import LogPane from '@renderer/features/session-log/LogPane.vue'
import ResultCard from '@renderer/features/dice/ResultCard.vue'
import { flushPromises, mountWith } from '../../support/mount'

describe('cards in turn order', () => {
  it('the turn order first, then those not in it (in their own order); the search keeps only those it found', () => {
    expect(inTurnOrder(['a', 'b', 'c', 'd'], ['c', 'a', 'd'])).toEqual(['c', 'a', 'd', 'b'])
    expect(inTurnOrder(['a', 'b', 'd'], ['c', 'a', 'd'])).toEqual(['a', 'd', 'b'])
    expect(inTurnOrder(['a', 'b'], [])).toEqual(['a', 'b'])
  })
})

/** a box 300 px tall at y 100 whose cards sit at the given tops (each 200 px tall unless `heights` says), scrolled by
 *  scrollTop */
function boxWith(tops: Record<string, number>, heights: Record<string, number> = {}) {
  const box = document.createElement('div')
  let scrolled = 0
  Object.defineProperty(box, 'scrollTop', { get: () => scrolled, set: (v: number) => (scrolled = Math.max(0, v)) })
  box.getBoundingClientRect = () => ({ top: 100, bottom: 400, left: 0, right: 600, width: 600, height: 300, x: 0, y: 100, toJSON: () => ({}) })
  for (const [id, top] of Object.entries(tops)) {
    const card = document.createElement('article')
    card.dataset.testid = `combatant-card-${id}`
    const h = heights[id] ?? 200
    card.getBoundingClientRect = () => ({ top: top - scrolled, bottom: top - scrolled + h, left: 0, right: 300, width: 300, height: h, x: 0, y: top - scrolled, toJSON: () => ({}) })
    box.append(card)
  }
  return { box, scrolled: () => scrolled }
}

describe('the current card kept in sight', () => {
  it('scrolls the box the least that shows the card: down to a card below, up to one above, not at all for one in sight', () => {
    const b = boxWith({ a: 110, b: 350, c: 700 })
    keepInSight(b.box, 'a')
    expect(b.scrolled()).toBe(0)
    keepInSight(b.box, 'c')
    // its bottom (900) 8 px above the box's bottom (400): 900 - 400 + 8
    expect(b.scrolled()).toBe(508)
    keepInSight(b.box, 'b')
    // its top (350 - 508) 8 px below the box's top
    expect(b.scrolled()).toBe(242)
    keepInSight(b.box, 'nobody')
    keepInSight(null, 'a')
    expect(b.scrolled()).toBe(242)
  })

  // CI stops 35 and 36: a 2d20 card in Polish at 1366×768 was 4 px shorter than its box; scrolled to keep 8 px above it,
  // its bottom was cut off by 4 px
  it('a card nearly as tall as the box is shown whole: the gaps above and below shrink to what the box leaves', () => {
    const inSight = (b: ReturnType<typeof boxWith>, id: string) => {
      const r = b.box.querySelector<HTMLElement>(`[data-testid="combatant-card-${id}"]`)!.getBoundingClientRect()
      return r.top >= 100 && r.bottom <= 400
    }
    // below the box: scrolled down, its bottom 2 px above the box's bottom (the 4 px left split above and below)
    const down = boxWith({ a: 110, b: 500 }, { b: 296 })
    keepInSight(down.box, 'b')
    expect(inSight(down, 'b')).toBe(true)
    expect(down.scrolled()).toBe(500 + 296 - 400 + 2)
    // above the box: scrolled up, its top 2 px below the box's top
    const up = boxWith({ a: 150, b: 500 }, { a: 296 })
    up.box.scrollTop = 200
    keepInSight(up.box, 'a')
    expect(inSight(up, 'a')).toBe(true)
    expect(up.scrolled()).toBe(150 - 100 - 2)
    // as tall as the box: its top at the box's top; taller: the same
    for (const h of [300, 340]) {
      const tall = boxWith({ a: 110, b: 500 }, { b: h })
      keepInSight(tall.box, 'b')
      expect(tall.scrolled()).toBe(400)
    }
  })
})

const entry = (seq: number): LogEntry => ({ seq, key: 'log.core.roundStarted', params: { round: seq } })
const logOf = (n: number) => Array.from({ length: n }, (_, i) => entry(i + 1))

/** the log's box with a layout: `height` px of entries seen through a 200 px window */
function layOut(el: HTMLElement, height: () => number) {
  let top = 0
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: height })
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 200 })
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = Math.max(0, Math.min(v, height() - 200))) })
}

describe('the log pinned to its newest entry', () => {
  for (const [locale, label] of [['en', 'Newest ↓'], ['pl', 'Najnowsze ↓']] as const) {
    it(`follows new entries; scrolled up to read it stays put and offers "${label}", which brings the newest back (${locale})`, async () => {
      const { wrapper } = await mountWith(LogPane, { props: { log: logOf(20) }, locale })
      const box = wrapper.find('[data-testid="log-pane"]').element as HTMLElement
      let n = 20
      layOut(box, () => n * 25)
      // a new entry: the box follows it to the bottom
      n = 21
      await wrapper.setProps({ log: logOf(21) })
      await flushPromises()
      expect(box.scrollTop).toBe(21 * 25 - 200)
      await wrapper.find('[data-testid="log-pane"]').trigger('scroll')
      expect(wrapper.find('[data-testid="log-newest"]').exists()).toBe(false)
      // the GM scrolls up to read: a new entry does not move the box, and the button is offered
      box.scrollTop = 100
      await wrapper.find('[data-testid="log-pane"]').trigger('scroll')
      n = 22
      await wrapper.setProps({ log: logOf(22) })
      await flushPromises()
      expect(box.scrollTop).toBe(100)
      const newest = wrapper.find('[data-testid="log-newest"]')
      expect(newest.text()).toBe(label)
      await newest.trigger('click')
      expect(box.scrollTop).toBe(22 * 25 - 200)
      expect(wrapper.find('[data-testid="log-newest"]').exists()).toBe(false)
      // following again: the next entry is followed
      n = 23
      await wrapper.setProps({ log: logOf(23) })
      await flushPromises()
      expect(box.scrollTop).toBe(23 * 25 - 200)
    })
  }
})

describe('the result card', () => {
  it('does not repeat its title as the line of its one roll', async () => {
    const line = { key: 'result.roll' }
    const result: ResultCardView = { batch: 3, title: line, rolls: [{ label: line, dice: [{ die: 'd20', value: 12 }], total: 12 }], effects: [] }
    const { wrapper } = await mountWith(ResultCard, { props: { result, systemId: 'saga' } })
    const title = wrapper.find('[data-testid="result-title"]').text()
    expect(title).not.toBe('')
    expect(wrapper.findAll('.rlabel')).toHaveLength(0)
    const other: ResultCardView = { ...result, rolls: [{ ...result.rolls[0], label: { key: 'result.initiativeFor', params: { n: 2 } } }] }
    await wrapper.setProps({ result: other })
    expect(wrapper.findAll('.rlabel').map((e) => e.text())).toEqual([wrapper.find('.rlabel').text()])
    expect(wrapper.find('.rlabel').text()).not.toBe(title)
  })
})
