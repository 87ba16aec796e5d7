/**
 * Issue 29, "A TV the GM arranges": the player board honours the campaign's arrangement (`view.tv`), option by
 * option: zoom, the combatants around the current one, margins, the plain list, the panels, light or dark; and the
 * console's preview is the same component fed the same view, laid out at the TV's size.
 */
import { describe, expect, it } from 'vitest'
import type { VueWrapper } from '@vue/test-utils'
import { DEFAULT_TV, type TvArrangement } from '@shared/domain/table'
import type { PlayerBoardCombatant, PlayerBoardView } from '@shared/views/encounter-views'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'
import TvPreview from '@renderer/features/player-display/TvPreview.vue'
import { mountWith, mountWithSystems } from '../../support/mount'
import { playerView } from '../../support/fixtures'

const arranged = (tv: Partial<TvArrangement>, over: Partial<PlayerBoardView> = {}): PlayerBoardView => playerView({ tv: { ...DEFAULT_TV, ...tv, panels: { ...DEFAULT_TV.panels, ...tv.panels } }, ...over })

/** a fight of `n` combatants, `at` current */
function fight(n: number, at: number, tv: Partial<TvArrangement> = {}): PlayerBoardView {
  const order: PlayerBoardCombatant[] = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: `Fighter ${i}`, side: i % 2 ? 'enemies' : 'party', current: i === at, health: { kind: 'descriptor', key: 'health.unhurt' }, conditions: [] }))
  const base = playerView()
  return arranged(tv, { encounter: { ...base.encounter!, order, currentId: at >= 0 ? `c${at}` : null } })
}
const rowIds = (w: VueWrapper) => w.findAll('[data-testid^="player-combatant-"]').map((r) => r.attributes('data-testid')!.replace('player-combatant-', ''))
const style = (w: VueWrapper) => w.get('[data-testid="player-board"]').attributes('style') ?? ''

describe('the TV as the GM arranges it (issue 29)', () => {
  it('without an arrangement (a campaign saved before it) the board is as it was: dark, the full board, every panel', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: playerView() } })
    const root = wrapper.get('[data-testid="player-board"]')
    expect(root.attributes('data-theme')).toBe('dark')
    expect(root.attributes('data-layout')).toBe('board')
    expect(style(wrapper)).toContain('--scale: 1')
    expect(wrapper.find('[data-testid="player-round"]').exists()).toBe(true)
  })

  it('zoom: the size of everything (the board\'s scale), times the device\'s own text size', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: arranged({ zoom: 1.5 }), fontScale: 1.2 } })
    expect(style(wrapper)).toMatch(/--scale: 1\.8\b/)
  })

  it('around: only N combatants each side of the current one, going round the order (its top marked), and how many are off screen', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: fight(12, 5, { around: 2 }) } })
    expect(rowIds(wrapper)).toEqual(['c3', 'c4', 'c5', 'c6', 'c7'])
    expect(wrapper.get('[data-testid="player-not-shown"]').text()).toBe('7 more off screen')
    // the last one acts: the first of the next round are up next, marked
    await wrapper.setProps({ view: fight(12, 11, { around: 2 }) })
    expect(rowIds(wrapper)).toEqual(['c9', 'c10', 'c11', 'c0', 'c1'])
    const wrapped = wrapper.findAll('.pc.wrap')
    expect(wrapped).toHaveLength(1)
    expect(wrapped[0].attributes('data-testid')).toBe('player-combatant-c0')
    expect(wrapped[0].attributes('data-wrap')).toBe('From the top')
    // a short order is shown whole; nobody current yet: the first ones
    await wrapper.setProps({ view: fight(5, 2, { around: 2 }) })
    expect(rowIds(wrapper)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4'])
    await wrapper.setProps({ view: fight(12, -1, { around: 1 }) })
    expect(rowIds(wrapper)).toEqual(['c0', 'c1', 'c2'])
    expect(wrapper.get('[data-testid="player-later"]').text()).toContain('9')
  })

  it('margins: % of the screen\'s height and width (the TV\'s window, or the preview\'s frame)', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: arranged({ margin: 5 }) } })
    expect(style(wrapper)).toContain('--mv: 5vh')
    expect(style(wrapper)).toContain('--mh: 5vw')
    await wrapper.setProps({ frame: { width: 1920, height: 1080 } })
    expect(style(wrapper)).toContain('--mv: 54px')
    expect(style(wrapper)).toContain('--mh: 96px')
  })

  it('list: one plain row per combatant, no system card, no wheel, no bands', async () => {
    const view = arranged({ layout: 'list' }, { systemId: 'storyteller' })
    const enc = view.encounter!
    view.encounter = { ...enc, initiativeModel: 'ticks', tick: 3, order: enc.order.map((c, i) => ({ ...c, tick: i + 3 })), bands: [{ band: 'close', ids: ['han'] }] }
    const { wrapper } = await mountWith(PlayerBoard, { props: { view } })
    expect(wrapper.get('[data-testid="player-board"]').classes()).toContain('list')
    expect(rowIds(wrapper)).toEqual(['han', 'trooper-1', 'x'])
    expect(wrapper.find('[data-testid="player-bands"]').exists()).toBe(false)
    expect(wrapper.find('.tickwheel, [data-testid="tick-wheel"], svg').exists()).toBe(false)
    // the full board draws them
    await wrapper.setProps({ view: { ...view, tv: { ...view.tv!, layout: 'board' } } })
    expect(wrapper.find('[data-testid="player-bands"]').exists()).toBe(true)
  })

  it('panels on and off: the round, the last result (said as the log says it)', async () => {
    const lastResult = { key: 'log.core.conditionAdded', params: { name: 'Stormtrooper 1', condition: 'Pinned' } }
    const base = playerView()
    const view = (panels: Partial<TvArrangement['panels']>) => arranged({ panels: { ...DEFAULT_TV.panels, ...panels } }, { encounter: { ...base.encounter!, lastResult } })
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: view({}) } })
    expect(wrapper.get('[data-testid="player-last-result"]').text()).toContain('Stormtrooper 1')
    expect(wrapper.get('[data-testid="player-last-result"]').text()).toContain('Pinned')
    expect(wrapper.find('[data-testid="player-round"]').exists()).toBe(true)
    await wrapper.setProps({ view: view({ lastResult: false, round: false }) })
    expect(wrapper.find('[data-testid="player-last-result"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="player-round"]').exists()).toBe(false)
  })

  it('the pools panel and the tick wheel follow their switches', async () => {
    const base = playerView({ systemId: 'storyteller' })
    const enc = { ...base.encounter!, initiativeModel: 'ticks' as const, tick: 3, order: base.encounter!.order.map((c, i) => ({ ...c, tick: i + 3 })) }
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: arranged({}, { systemId: 'storyteller', encounter: enc }) } })
    const wheelShown = () => wrapper.html().includes('<svg') || wrapper.find('[class*="wheel"], [class*="tick"]').exists()
    expect(wheelShown()).toBe(true)
    await wrapper.setProps({ view: arranged({ panels: { ...DEFAULT_TV.panels, wheel: false } }, { systemId: 'storyteller', encounter: enc }) })
    expect(wrapper.html().includes('<svg')).toBe(false)
  })

  it('the pools panel (2d20\'s Momentum) follows its switch', async () => {
    const base = playerView({ systemId: '2d20' })
    const enc = { ...base.encounter!, pools: { momentum: 3 } }
    const { wrapper } = await mountWithSystems(PlayerBoard, ['2d20'], () => ({ props: { view: arranged({}, { systemId: '2d20', encounter: enc }) } }))
    expect(wrapper.find('[data-testid="player-td-momentum"]').exists()).toBe(true)
    await wrapper.setProps({ view: arranged({ panels: { ...DEFAULT_TV.panels, pools: false } }, { systemId: '2d20', encounter: enc }) })
    expect(wrapper.find('[data-testid="player-td-momentum"]').exists()).toBe(false)
  })

  it('light or dark', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: arranged({ theme: 'light' }) } })
    expect(wrapper.get('[data-testid="player-board"]').classes()).toContain('theme-light')
    await wrapper.setProps({ view: arranged({ theme: 'dark' }) })
    expect(wrapper.get('[data-testid="player-board"]').classes()).toContain('theme-dark')
  })

  it('the console\'s preview is the same board fed the same view, at the TV\'s size for its shape, scaled to fit', async () => {
    const view = arranged({ margin: 5, aspect: '4:3', around: 1 })
    const { wrapper } = await mountWith(TvPreview, { props: { view, maxHeight: 300 } })
    const frame = wrapper.get('[data-testid="tv-frame"]')
    expect(frame.attributes('style')).toContain('width: 1440px')
    expect(frame.attributes('style')).toContain('height: 1080px')
    expect(frame.attributes('style')).toMatch(/scale\(/)
    expect(wrapper.get('[data-testid="player-board"]').attributes('style')).toContain('--mv: 54px')
    expect(wrapper.get('[data-testid="player-board"]').classes()).not.toContain('preview')
    await wrapper.setProps({ aspect: '9:16' })
    expect(wrapper.get('[data-testid="tv-frame"]').attributes('style')).toContain('height: 1920px')
  })
})
