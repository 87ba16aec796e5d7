/**
 * The 2d20 board parts (src-renderer/systems/2d20/): the card's tracks with their maxima (002:165) and afflictions,
 * the pools bar's + and − and spend buttons (the commands they send, what they say they cost), the J7 strip's "next"
 * (the other side first), and the player display's pools from the redacted view.
 */
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { GmEncounterView, PlayerEncounterView } from '@shared/views/encounter-views'
import TwoD20Card from '../../../../../src-renderer/systems/2d20/TwoD20Card.vue'
import PoolsPanel from '../../../../../src-renderer/systems/2d20/PoolsPanel.vue'
import PlayerPools from '../../../../../src-renderer/systems/2d20/PlayerPools.vue'
import { turnState } from '../../../../../src-renderer/systems/2d20/model'
import { sampleInput } from '../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { getSystem } from '../../../../../src-main/rules/index'
import { mountWithSystems } from '../../support/mount'

const attrs = (c: Record<string, unknown>) => c
const combatant = (id: string, sample: string, side: Combatant['side'], state: Record<string, unknown> = {}): Combatant => ({
  id, name: (sampleInput(sample) as { name: string }).name, side, role: side === 'enemies' ? 'npc' : 'pc', conditions: [], hidden: false,
  stats: attrs(sampleInput(sample) as Record<string, unknown>),
  state: { stress: { confusion: 0, fear: 0, injury: 0 }, afflictions: { madness: 0, trauma: 0, wounds: 0 }, luck: 0, momentum: 0, blackedOut: false, dispatched: false, ...state },
} as unknown as Combatant)

const jc = combatant('jc', 'johnCarter', 'party', { stress: { confusion: 0, fear: 2, injury: 8 }, afflictions: { madness: 0, trauma: 0, wounds: 2 }, luck: 2, momentum: 3 })
const dejah = combatant('dejah', 'dejahThoris', 'party', { luck: 3 })
const ape = combatant('ape', 'whiteApe', 'enemies', { afflictions: { madness: 0, trauma: 1, wounds: 3 } })
const thark = combatant('thark', 'tharkWarrior', 'enemies', { dispatched: true })
const w2 = combatant('w2', 'tharkWarrior', 'enemies')

const encounter = (turn: Partial<EncounterState['turn']>, extra: Partial<EncounterState> = {}): EncounterState => ({
  id: 'e1', name: 'Arena', systemId: '2d20', combatants: [jc, dejah, ape, thark, w2], pools: { threat: 4 }, display: {}, system: {},
  turn: { phase: 'combat', round: 1, order: ['jc', 'thark', 'dejah', 'w2', 'ape'], index: 0, ...turn }, ...extra,
} as unknown as EncounterState)
// the pools' figures as main derives them (to-gm-view's playerPoolsOf: the system's playerPools), as every GM view carries them
const td = getSystem('2d20')
const view = (enc: EncounterState) => ({ encounter: enc, playerPools: td.ok ? td.value.playerPools?.(enc) : undefined }) as unknown as GmEncounterView

describe('2d20 card', () => {
  it('002:165 / J4: each track with its maximum and afflictions; a monster past its Menace is defeated', async () => {
    const { wrapper } = await mountWithSystems(TwoD20Card, ['2d20'], () => ({ props: { combatant: jc } }))
    // John Carter: Injury max = max(Cunning 5, Might 8) = 8, Fear max = max(Daring 4, Passion 7) = 7
    expect(wrapper.get('[data-testid="td-track-jc-injury"]').text()).toMatch(/Injury\s*8 \/ 8\s*Wounds 2/)
    expect(wrapper.get('[data-testid="td-track-jc-fear"]').text()).toMatch(/Fear\s*2 \/ 7/)
    expect(wrapper.get('[data-testid="td-momentum-jc"]').text()).toMatch(/3 \/ 4/)
    const monster = await mountWithSystems(TwoD20Card, ['2d20'], () => ({ props: { combatant: ape } }))
    expect(monster.wrapper.find('[data-testid="td-track-ape-confusion"]').exists()).toBe(false)
    expect(monster.wrapper.get('[data-testid="td-status-ape"]').text()).toBe('defeated')
    expect(monster.wrapper.get('[data-testid="td-menace-ape"]').text()).toBe('Menace 3 · afflictions 4')
    const pl = await mountWithSystems(TwoD20Card, ['2d20'], () => ({ locale: 'pl', props: { combatant: thark } }))
    expect(pl.wrapper.text()).toContain('Sługus: bez torów stresu')
    // a state word that fits every character (issue 27: the Polish status words were masculine only)
    expect(pl.wrapper.get('[data-testid="td-status-thark"]').text()).toBe('wyeliminowanie')
  })
})

describe('2d20 pools bar', () => {
  it('+ and − send adjustPool (Threat) and adjust (a PC’s Luck / saved Momentum); the spends send spend with their cost on the button', async () => {
    const { wrapper } = await mountWithSystems(PoolsPanel, ['2d20'], () => ({ props: { view: view(encounter({})) } }))
    expect(wrapper.get('[data-testid="td-party-momentum-value"]').text()).toBe('3')
    expect(wrapper.get('[data-testid="td-threat-value"]').text()).toBe('4')
    await wrapper.get('[data-testid="td-threat-dec"]').trigger('click')
    await wrapper.get('[data-testid="td-luck-inc-dejah"]').trigger('click')
    await wrapper.get('[data-testid="td-mom-dec-jc"]').trigger('click')
    expect(wrapper.get('[data-testid="td-spend-createObstacle"]').text()).toMatch(/Create Obstacle\s*2 per step/)
    await wrapper.get('[data-testid="td-times"]').setValue(2)
    await wrapper.get('[data-testid="td-spend-createObstacle"]').trigger('click')
    await wrapper.get('[data-testid="td-spend-secondWind-injury"]').trigger('click')
    await wrapper.get('[data-testid="td-spend-complication"]').trigger('click')
    await wrapper.get('[data-testid="td-spend-voluntaryFailure"]').trigger('click')
    // a row a roll pays is shown, never sent
    expect(wrapper.get('[data-testid="td-spend-rollExtraDamage"]').attributes('disabled')).toBeDefined()
    await wrapper.get('[data-testid="td-spend-rollExtraDamage"]').trigger('click')
    expect(wrapper.emitted('command')?.map((e) => e[0])).toEqual([
      { type: 'adjustPool', pool: 'threat', delta: -1 },
      { type: 'adjust', combatantId: 'dejah', pool: 'luck', delta: 1 },
      { type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: -1 },
      { type: 'spend', by: 'jc', request: { spend: 'createObstacle', steps: 2 } },
      { type: 'spend', by: 'jc', request: { spend: 'secondWind' }, track: 'injury' },
      { type: 'spend', by: 'narrator', request: { spend: 'complication' } },
      { type: 'spend', by: 'narrator', request: { spend: 'voluntaryFailure', characterId: 'jc' } },
    ])
  })
  it('J7: after a player the narrator’s side is next when anyone there can act (the dispatched skipped)', () => {
    expect(turnState(encounter({ index: 0 })).next?.id).toBe('w2')
    // after a narrator character: the players' side; nobody able left: a new round (null)
    expect(turnState(encounter({ index: 1, order: ['jc', 'w2', 'thark', 'ape', 'dejah'] })).next?.id).toBe('dejah')
    expect(turnState(encounter({ index: 2, order: ['jc', 'w2', 'dejah', 'thark', 'ape'] })).next).toBeNull()
  })
})

describe('2d20 on the player display', () => {
  it('shows the party’s Momentum, the Threat only when main sent it, each PC’s Luck and who is next', async () => {
    const pv = (pools: Record<string, number>): PlayerEncounterView => ({
      id: 'e1', name: 'Arena', initiativeModel: 'alternating' as never, phase: 'combat', round: 1, currentId: 'jc', pools,
      order: [
        { id: 'jc', name: 'John Carter', side: 'party', health: { kind: 'exact', current: 0, max: 8 }, conditions: [], extra: { luck: 2 }, current: true },
        { id: 'w2', name: 'Warhoon warrior 2', side: 'enemies', health: { kind: 'descriptor', key: '2d20.stress.fresh' }, conditions: [], current: false },
      ],
    })
    const hidden = await mountWithSystems(PlayerPools, ['2d20'], () => ({ props: { encounter: pv({ momentum: 5 }) } }))
    expect(hidden.wrapper.get('[data-testid="player-td-momentum"]').text()).toMatch(/Party Momentum\s*5/)
    expect(hidden.wrapper.find('[data-testid="player-td-threat"]').exists()).toBe(false)
    expect(hidden.wrapper.get('[data-testid="player-td-luck-jc"]').text()).toMatch(/John Carter · Luck\s*2/)
    expect(hidden.wrapper.get('[data-testid="player-td-next"]').text()).toMatch(/Next: Warhoon warrior 2\s*narrator’s side/)
    const shown = await mountWithSystems(PlayerPools, ['2d20'], () => ({ locale: 'pl', props: { encounter: pv({ momentum: 5, threat: 3 }) } }))
    expect(shown.wrapper.get('[data-testid="player-td-threat"]').text()).toMatch(/Zagrożenie\s*3/)
  })
})
