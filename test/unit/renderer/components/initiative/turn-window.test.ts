/** The turn track of a big fight (issue 13): the rows around the turn, the others counted, all on request. */
import { describe, expect, it } from 'vitest'
import TurnTrack from '@renderer/components/initiative/TurnTrack.vue'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'
import { combatant, encounterState, playerView } from '../../support/fixtures'
import { mountWith } from '../../support/mount'

const troopers = (n: number) => Array.from({ length: n }, (_, i) => combatant(`t${i}`, { name: `Trooper ${i}`, side: 'enemies', role: 'npc', initiative: { value: 100 - i, modifier: 0 } }))
const fight = (n: number, index: number, phase: 'combat' | 'setup' = 'combat') => {
  const all = troopers(n)
  return encounterState({ combatants: all, turn: { phase, round: 1, order: phase === 'setup' ? [] : all.map((c) => c.id), index: phase === 'setup' ? -1 : index } })
}
const shown = (w: { findAll(s: string): Array<{ attributes(a: string): string | undefined }> }) => w.findAll('[data-testid^="track-entry-"]').map((r) => r.attributes('data-testid')!.slice('track-entry-'.length))

describe('turn track of a long order', () => {
  it('shows 3 rows before the turn and those up next, counts the others, and shows all on a click', async () => {
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: fight(100, 50), model: 'ordered' } })
    expect(shown(wrapper)).toEqual(Array.from({ length: 24 }, (_, i) => `t${47 + i}`))
    expect(wrapper.find('[data-testid="track-entry-t50"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="track-earlier"]').text()).toBe('▲ 47 earlier')
    expect(wrapper.find('[data-testid="track-later"]').text()).toBe('▼ 29 later')
    // the next turn moves the window by one row
    await wrapper.setProps({ encounter: fight(100, 51) })
    expect(shown(wrapper)[0]).toBe('t48')
    expect(wrapper.find('[data-testid="track-later"]').text()).toBe('▼ 28 later')
    await wrapper.find('[data-testid="track-later"]').trigger('click')
    expect(shown(wrapper)).toHaveLength(100)
    expect(wrapper.find('[data-testid="track-later"]').exists()).toBe(false)
    await wrapper.find('[data-testid="track-around"]').trigger('click')
    expect(shown(wrapper)).toHaveLength(24)
  })

  it('keeps a full window at the ends of the order, and shows short orders and initiative entry whole', async () => {
    const start = await mountWith(TurnTrack, { props: { encounter: fight(100, 1), model: 'ordered' } })
    expect(shown(start.wrapper)[0]).toBe('t0')
    expect(start.wrapper.find('[data-testid="track-earlier"]').exists()).toBe(false)
    const end = await mountWith(TurnTrack, { props: { encounter: fight(100, 99), model: 'ordered' } })
    expect(shown(end.wrapper)).toEqual(Array.from({ length: 24 }, (_, i) => `t${76 + i}`))
    expect(end.wrapper.find('[data-testid="track-later"]').exists()).toBe(false)
    const short = await mountWith(TurnTrack, { props: { encounter: fight(40, 20), model: 'ordered' } })
    expect(shown(short.wrapper)).toHaveLength(40)
    const setup = await mountWith(TurnTrack, { props: { encounter: fight(100, -1, 'setup'), model: 'ordered' } })
    expect(shown(setup.wrapper)).toHaveLength(100)
  })

  it('says the counts in Polish', async () => {
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: fight(100, 50), model: 'ordered' }, locale: 'pl' })
    expect(wrapper.find('[data-testid="track-earlier"]').text()).toBe('▲ wcześniej: 47')
    expect(wrapper.find('[data-testid="track-later"]').text()).toBe('▼ dalej: 29')
  })
})

describe('player display of a long order', () => {
  const board = (n: number, at: number, model: 'ordered' | 'sides' = 'ordered') => {
    const base = playerView()
    const order = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `Trooper ${i}`, side: 'enemies' as const, current: i === at, health: { kind: 'hidden' as const }, conditions: [] }))
    return playerView({ encounter: { ...base.encounter!, initiativeModel: model, currentId: at >= 0 ? `t${at}` : null, order } })
  }
  const rows = (w: { findAll(s: string): Array<{ attributes(a: string): string | undefined }> }) => w.findAll('[data-testid^="player-combatant-"]').map((r) => r.attributes('data-testid')!.slice('player-combatant-'.length))

  it('shows the rows around the turn on the screen at the table, the others counted', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: board(100, 50) } })
    expect(rows(wrapper)).toEqual(Array.from({ length: 24 }, (_, i) => `t${47 + i}`))
    expect(wrapper.find('[data-testid="player-combatant-t50"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="player-turn"]').text()).toBe('Trooper 50’s turn')
    expect(wrapper.find('[data-testid="player-earlier"]').text()).toBe('▲ 47 earlier')
    expect(wrapper.find('[data-testid="player-later"]').text()).toBe('▼ 29 later')
    await wrapper.setProps({ view: board(100, 51) })
    expect(rows(wrapper)[0]).toBe('t48')
  })

  it('shows a short order, and side initiative, whole', async () => {
    expect(rows((await mountWith(PlayerBoard, { props: { view: board(40, 20) } })).wrapper)).toHaveLength(40)
    const sides = (await mountWith(PlayerBoard, { props: { view: board(100, -1, 'sides') } })).wrapper
    expect(rows(sides)).toHaveLength(100)
    expect(sides.find('[data-testid="player-earlier"]').exists()).toBe(false)
  })
})
