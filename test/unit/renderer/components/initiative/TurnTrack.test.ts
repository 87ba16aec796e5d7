/** What the turn track shows as each model's count (issue 27, defect 6): never an internal number. */
import { describe, expect, it } from 'vitest'
import TurnTrack from '@renderer/components/initiative/TurnTrack.vue'
import StorytellerTrack from '@renderer/systems/storyteller/StorytellerTrack.vue'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'
import { combatant, encounterState, playerView } from '../../support/fixtures'
import { mountWith } from '../../support/mount'

// 2d20 keeps each side's order in the count (players 1000, 998…; narrator 999…): no roll, J7 alternates the sides
const jc = combatant('jc', { name: 'John Carter', side: 'party', initiative: { value: 1000, modifier: 0 } })
const tars = combatant('tars', { name: 'Tars Tarkas', side: 'enemies', role: 'npc', initiative: { value: 999, modifier: 0 } })
const j7 = (phase: 'setup' | 'combat') => encounterState({ systemId: '2d20', combatants: [jc, tars], turn: phase === 'setup' ? { phase, round: 1, order: [], index: -1 } : { phase, round: 2, order: ['jc', 'tars'], index: 1 } })

describe('2d20 turn track (J7)', () => {
  it('J7 (no initiative roll): shows the place in the round\'s turn order, never the internal count 1000', async () => {
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: j7('combat'), model: 'alternating' } })
    const text = wrapper.text()
    expect(text).not.toContain('1000')
    expect(text).not.toContain('999')
    expect(wrapper.find('[data-testid="track-entry-jc"] .init').text()).toBe('1')
    expect(wrapper.find('[data-testid="track-entry-tars"] .init').text()).toBe('2')
    expect(wrapper.find('[data-testid="track-round"]').text()).toBe('Round 2')
  })
  it('J7: before the fight there is no initiative to roll or type in', async () => {
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: j7('setup'), model: 'alternating' } })
    expect(wrapper.find('[data-testid="track-init-jc"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-roll-initiative"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-start"]').exists()).toBe(true)
    expect(wrapper.text()).not.toContain('1000')
  })
})

describe('Storyteller turn track (004: the tick wheel counts ticks, not rounds)', () => {
  const kael = combatant('kael', { name: 'Kael Vorn', side: 'party', initiative: { value: 4, modifier: 4 } })
  const st = combatant('st', { name: 'Stormtrooper', side: 'enemies', role: 'npc', initiative: { value: 7, modifier: 1 } })
  const wheel = encounterState({ systemId: 'storyteller', combatants: [kael, st], turn: { phase: 'combat', round: 1, order: ['kael', 'st'], index: 0, tick: 4 } })
  it('004: the list\'s header shows the current tick, not "Round 1"', async () => {
    for (const locale of ['en', 'pl'] as const) {
      const { wrapper } = await mountWith(StorytellerTrack, { props: { encounter: wheel, model: 'ticks' }, locale })
      expect(wrapper.find('[data-testid="track-round"]').text()).toBe(locale === 'en' ? 'Tick 4' : 'Tik 4')
      expect(wrapper.text()).not.toMatch(/Round 1|Runda 1/)
    }
  })
})

describe('Storyteller ties on the screens (004: "if still tied, actions are simultaneous")', () => {
  const kael = combatant('kael', { name: 'Kael Vorn', side: 'party', initiative: { value: 5, modifier: 4 } })
  const st = combatant('st', { name: 'Stormtrooper', side: 'enemies', role: 'npc', initiative: { value: 3, modifier: 1 } })
  const bob = combatant('bob', { name: 'Bob', side: 'enemies', role: 'npc', initiative: { value: 3, modifier: 1 } })
  const tied = encounterState({ systemId: 'storyteller', combatants: [kael, st, bob], turn: { phase: 'combat', round: 1, order: ['st', 'bob', 'kael'], index: 0, tick: 3, together: ['st', 'bob'] } })
  it('004: the GM track marks the tied pair current together and names both as acting', async () => {
    const { wrapper } = await mountWith(StorytellerTrack, { props: { encounter: tied, model: 'ticks' } })
    expect(wrapper.find('[data-testid="track-entry-st"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="track-entry-bob"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="track-entry-kael"]').classes()).not.toContain('current')
  })
  it('004: the player display names the tied pair as acting together, in en and pl', async () => {
    const base = playerView()
    const row = (id: string, name: string, current: boolean) => ({ id, name, side: 'enemies' as const, current, health: { kind: 'hidden' as const }, conditions: [] })
    const view = playerView({ encounter: { ...base.encounter!, initiativeModel: 'ticks', tick: 3, currentId: 'st', order: [row('st', 'Stormtrooper', true), row('bob', 'Bob', true), row('kael', 'Kael Vorn', false)] } })
    for (const [locale, text] of [['en', 'Stormtrooper, Bob act together'], ['pl', 'Razem działają: Stormtrooper, Bob']] as const) {
      const { wrapper } = await mountWith(PlayerBoard, { props: { view }, locale })
      expect(wrapper.find('[data-testid="player-turn"]').text()).toBe(text)
    }
  })
})

describe('2d20 description reaches the track as its own model', () => {
  it('J7: main\'s strategy id "alternating" is kept (not read as an ordered count, which showed "1000 John Carter")', async () => {
    const { normalizeDescription } = await import('@renderer/stores/models/description')
    const { systemUi } = await import('@renderer/systems/registry')
    const d = normalizeDescription({ id: '2d20', name: 'system.2d20', initiative: 'alternating', commands: [] } as unknown as Parameters<typeof normalizeDescription>[0])
    expect(systemUi('2d20', d).initiativeModel).toBe('alternating')
  })
})

// issue 28: moved here from the Sessions screen's test (features/sessions/SessionsView.test.ts), the file of its source
describe('read-only turn track', () => {
  it('shows no controls in replay', async () => {
    const enc = encounterState({ turn: { phase: 'setup', round: 0, order: [], index: -1 } })
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: enc, model: 'ordered', readonly: true } })
    expect(wrapper.find('[data-testid="track-roll-initiative"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-init-han"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-hide-han"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-entry-han"]').text()).toContain('18')
  })
})
