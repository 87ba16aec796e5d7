/**
 * Issue 27, defect 3: one truth on every screen. The console's pools bar, its player preview and the player page
 * show the figures main derives from the one encounter state: no screen sums a pool of its own.
 * Defect 4: the player display shows what players need: the Saga condition track, a fighter out of the fight in
 * its system's words, the end of the fight, and a hidden combatant's turn as the campaign chose (never who).
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import PoolsPanel from '../../../../../src-renderer/systems/2d20/PoolsPanel.vue'
import PlayerPools from '../../../../../src-renderer/systems/2d20/PlayerPools.vue'
import { applyCommand, createEncounter, getSystem } from '../../../../../src-main/rules/index'
import { sampleInput } from '../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { mountWithSystems } from '../../support/mount'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'
import type { GmEncounterView, PlayerBoardView } from '@shared/views/encounter-views'
import { playerView } from '../../support/fixtures'

const td = (() => {
  const s = getSystem('2d20')
  if (!s.ok) throw new Error('no 2d20')
  return s.value
})()

/** the 2d20 sample's fight: both PCs and Woola (an ally, Reason 2: J1 caps her saved Momentum at 2) save Momentum */
function fought(): EncounterState {
  const made = createEncounter({ id: 'e1', name: 'Arena', systemId: '2d20', seed: 'x' })
  if (!made.ok) throw new Error(made.error.message)
  let { state, records } = made.value as { state: EncounterState; records: EventRecord[] }
  const run = (command: Record<string, unknown>) => {
    const r = applyCommand(records, state, command as EngineCommand, { now: '2026-12-01T10:00:00.000Z' })
    if (!r.ok) throw new Error(`${String(command.type)}: ${r.error.message}`)
    state = r.value.state
    records = r.value.records
  }
  run({ type: 'addCombatant', statBlock: sampleInput('johnCarter'), id: 'jc', name: 'John Carter', side: 'party', role: 'pc' })
  run({ type: 'addCombatant', statBlock: sampleInput('dejahThoris'), id: 'dejah', name: 'Dejah Thoris', side: 'party', role: 'pc' })
  run({ type: 'addCombatant', statBlock: sampleInput('woola'), id: 'woola', name: 'Woola', side: 'allies', role: 'npc' })
  run({ type: 'addCombatant', statBlock: sampleInput('whiteApe'), id: 'ape', name: 'White ape', side: 'enemies', role: 'npc' })
  const test = (id: string, attributes: string[]) => run({ type: 'test', combatantId: id, attributes, difficulty: 1, dice: [1, 1] })
  test('dejah', ['empathy', 'reason'])
  test('jc', ['might', 'daring'])
  test('woola', ['might', 'daring'])
  return state
}

describe('2d20 Party Momentum is one figure on every screen (issue 27 defect 3, J1)', () => {
  it('the pools bar shows the Party Momentum main derives for the player display, an ally’s saved Momentum included', async () => {
    const state = fought()
    const woola = state.combatants.find((c) => c.id === 'woola')!.state as { momentum: number }
    expect(woola.momentum).toBeGreaterThan(0)
    // the figure main puts in both views (to-gm-view's playerPoolsOf and the player view call the system's playerPools)
    const shown = td.playerPools!(state).momentum
    const gm = { encounter: state, playerPools: td.playerPools!(state) } as unknown as GmEncounterView
    const console = await mountWithSystems(PoolsPanel, ['2d20'], () => ({ props: { view: gm } }))
    expect(console.wrapper.get('[data-testid="td-party-momentum-value"]').text()).toBe(String(shown))
    // the GM sees whose Momentum makes up the figure: Woola's saved Momentum has its own place on the bar
    expect(console.wrapper.get('[data-testid="td-mom-value-woola"]').text()).toContain(String(woola.momentum))
    const tv = await mountWithSystems(PlayerPools, ['2d20'], () => ({ props: { encounter: { id: 'e1', name: 'Arena', initiativeModel: 'ordered' as const, phase: 'setup' as const, round: 0, order: [], currentId: null, pools: td.playerPools!(state) } } }))
    expect(tv.wrapper.get('[data-testid="player-td-momentum"]').text()).toContain(String(shown))
  })
})

/** the fixture's board with changes to its encounter */
const board = (over: Partial<NonNullable<PlayerBoardView['encounter']>>, rows?: NonNullable<PlayerBoardView['encounter']>['order']): PlayerBoardView => {
  const v = playerView()
  return { ...v, encounter: { ...v.encounter!, ...over, ...(rows ? { order: rows } : {}) } }
}
const banned = /undefined|NaN|\[object Object\]|player\.|saga\.track|side\./

describe('the player display shows what players need (issue 27 defect 4)', () => {
  it('Saga: the condition track of a PC, its current step lit (001: Normal, −1, −2, −5, −10, Helpless)', async () => {
    const v = playerView()
    v.encounter!.order[0] = { ...v.encounter!.order[0], extra: { conditionTrack: 2, prone: false, status: 'ok' } }
    for (const locale of ['en', 'pl'] as const) {
      const { wrapper } = await mountWithSystems(PlayerBoard, ['saga'], () => ({ locale, props: { view: v } }))
      const ct = wrapper.get('[data-testid="player-ct-han"]')
      expect(ct.findAll('.step')).toHaveLength(6)
      expect(wrapper.get('[data-testid="player-ct-han-current"]').text()).toBe('−2')
      expect(ct.text()).toMatch(locale === 'en' ? /^Condition tracks*Normal/ : /^Ścieżka stanus*Normalny/)
      expect(wrapper.text()).not.toMatch(banned)
    }
  })

  it('a PC out of the fight reads as its state (Unconscious / Nieprzytomny), not as a plain "0 / 30"', async () => {
    const v = board({}, [
      { id: 'han', name: 'Han', side: 'party', current: false, health: { kind: 'exact', current: 0, max: 30 }, conditions: [], status: 'unconscious' },
      { id: 'luke', name: 'Luke', side: 'party', current: true, health: { kind: 'exact', current: 12, max: 30 }, conditions: [] },
      { id: 'trooper-1', name: 'Stormtrooper 1', side: 'enemies', current: false, health: { kind: 'descriptor', key: 'health.dead' }, conditions: [], status: 'dead' },
    ])
    const en = await mountWithSystems(PlayerBoard, ['saga'], () => ({ props: { view: v } }))
    expect(en.wrapper.get('[data-testid="player-status-han"]').text()).toBe('Unconscious')
    expect(en.wrapper.get('[data-testid="player-combatant-han"]').classes()).toContain('out')
    expect(en.wrapper.find('[data-testid="player-status-luke"]').exists()).toBe(false)
    // the descriptor is not said twice
    expect(en.wrapper.get('[data-testid="player-health-trooper-1"]').text()).toBe('Dead')
    const pl = await mountWithSystems(PlayerBoard, ['saga'], () => ({ locale: 'pl', props: { view: v } }))
    expect(pl.wrapper.get('[data-testid="player-status-han"]').text()).toBe('Bez przytomności')
    expect(pl.wrapper.text()).not.toMatch(banned)
  })

  it('after End encounter: "The fight is over", nobody’s turn', async () => {
    const v = board({ phase: 'ended', currentId: null, round: 4 }, playerView().encounter!.order.map((c) => ({ ...c, current: false })))
    const en = await mountWithSystems(PlayerBoard, ['saga'], () => ({ props: { view: v } }))
    expect(en.wrapper.get('[data-testid="player-turn"]').text()).toBe('The fight is over')
    expect(en.wrapper.get('[data-testid="player-round"]').text()).toBe('Ended in round 4')
    expect(en.wrapper.text()).not.toMatch(/’s turn/)
    const pl = await mountWithSystems(PlayerBoard, ['saga'], () => ({ locale: 'pl', props: { view: v } }))
    expect(pl.wrapper.get('[data-testid="player-turn"]').text()).toBe('Walka skończona')
    expect(pl.wrapper.get('[data-testid="player-round"]').text()).toBe('Koniec w rundzie 4')
  })

  it('while a hidden combatant acts: its side’s turn, or someone else’s; no visible one shown acting', async () => {
    const rows = playerView().encounter!.order.map((c) => ({ ...c, current: false }))
    const side = await mountWithSystems(PlayerBoard, ['saga'], () => ({ props: { view: board({ currentId: null, hiddenTurn: { side: 'enemies' } }, rows) } }))
    expect(side.wrapper.get('[data-testid="player-turn"]').text()).toBe('Enemies’ turn')
    expect(side.wrapper.findAll('.pc.current')).toHaveLength(0)
    // a side's name takes its possessive in a whole phrase ("Party’ turn" before)
    const party = await mountWithSystems(PlayerBoard, ['saga'], () => ({ props: { view: board({ currentId: null, hiddenTurn: { side: 'party' } }, rows) } }))
    expect(party.wrapper.get('[data-testid="player-turn"]').text()).toBe('The party’s turn')
    const other = await mountWithSystems(PlayerBoard, ['saga'], () => ({ locale: 'pl', props: { view: board({ currentId: null, hiddenTurn: {} }, rows) } }))
    expect(other.wrapper.get('[data-testid="player-turn"]').text()).toBe('Tura kogoś innego')
    expect(other.wrapper.text()).not.toMatch(banned)
  })
})
