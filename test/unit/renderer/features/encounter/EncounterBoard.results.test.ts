/** Issue 10 "results in plain sight" on the board: the result card, the defeated, quick HP, durations, custom
 * conditions, the actor by card (the odds panel's words: features/dice/OddsView.test.ts; the Saga card: systems/saga/SagaCard.test.ts). */
import { describe, expect, it } from 'vitest'
import { okR } from '../../support/fake-bridge'
import { boardBridge, mountBoard } from '../../support/board'
import { mountWith, flushPromises } from '../../support/mount'
import { combatant, encounterState, gmView, playerView } from '../../support/fixtures'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'

/** the player view with one more condition on its first row */
function withCondition(v: ReturnType<typeof playerView>, cond: { key: string; name?: string }) {
  const [first, ...rest] = v.encounter!.order
  return { ...v, encounter: { ...v.encounter!, order: [{ ...first, conditions: [...first.conditions, cond] }, ...rest] } }
}
import type { ResultCardView } from '@shared/views/result-views'

const result: ResultCardView = {
  batch: 7,
  title: null,
  rolls: [
    {
      label: { key: 'result.attackOn', params: { attacker: 'Han', target: 'Stormtrooper 1', weapon: 'Blaster' } },
      dice: [{ die: 'd20', value: 13 }],
      total: 17,
      against: { label: { key: 'saga.reflex' }, value: 17 },
      outcome: 'hit',
    },
  ],
  effects: [
    { key: 'result.hpLoss', params: { name: 'Stormtrooper 1', amount: 10, from: 10, to: 0 }, tone: 'damage' },
    { key: 'result.status.unconscious', params: { name: 'Stormtrooper 1' }, tone: 'down' },
  ],
}
const state = () =>
  encounterState({
    combatants: [
      combatant('han', { initiative: { value: 18, modifier: 3 }, conditions: [{ id: 'saga.aiming#1', key: 'saga.aiming', ends: { at: 'turnEnd', combatantId: 'han' }, appliedRound: 2 }] }),
      combatant('trooper-1', { name: 'Stormtrooper 1', side: 'enemies', role: 'npc', state: { hp: 0, maxHp: 10 }, initiative: { value: 12, modifier: 1 } }),
      combatant('trooper-2', { name: 'Stormtrooper 2', side: 'enemies', role: 'npc', state: { hp: 10, maxHp: 10 }, initiative: { value: 9, modifier: 1 } }),
    ],
    turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: 0 },
  })
const bridge = () => boardBridge().handle('encounter:get', () => okR(gmView({ encounter: state(), result, out: ['trooper-1'] })))

describe('board: results in plain sight', () => {
  it('draws the newest result: the dice, the total against Reflex, hit, and what it did', async () => {
    const { wrapper } = await mountBoard(bridge())
    const card = wrapper.find('[data-testid="result-card"]')
    expect(card.exists()).toBe(true)
    expect(card.find('[data-testid="result-outcome-0"]').text()).toBe('Hit')
    expect(card.find('[data-testid="result-total-0"]').text()).toBe('= 17')
    expect(card.find('[data-testid="result-against-0"]').text()).toBe('vs Reflex 17')
    expect(card.findAll('[data-testid="result-die"]').map((d) => d.text())).toEqual(['13'])
    expect(card.find('[data-testid="result-effect-damage"]').text()).toBe('Stormtrooper 1 loses 10 HP (10 → 0)')
    expect(card.find('[data-testid="result-effect-down"]').text()).toBe('Stormtrooper 1 is knocked out')
  })

  it('issue 27: after Next turn the last result stays, and the card names the turn change since it', async () => {
    const since = { ...result, since: { key: 'log.core.nextTurn', params: { round: 3, name: 'Stormtrooper 2' }, log: true } }
    const { wrapper } = await mountBoard(boardBridge().handle('encounter:get', () => okR(gmView({ encounter: state(), result: since, out: ['trooper-1'] }))))
    const card = wrapper.find('[data-testid="result-card"]')
    expect(card.find('[data-testid="result-outcome-0"]').text()).toBe('Hit')
    expect(card.find('[data-testid="result-since"]').text()).toBe('Since then: Round 3: Stormtrooper 2’s turn')
    // a result with nothing since has no such line
    const plain = await mountBoard(bridge())
    expect(plain.wrapper.find('[data-testid="result-since"]').exists()).toBe(false)
  })

  it('a batch of many rolls (initiative for 30) shows six and a button for the rest, so the cards below stay in sight', async () => {
    const many: ResultCardView = {
      batch: 9,
      title: { key: 'result.roll' },
      rolls: Array.from({ length: 30 }, (_, i) => ({ label: { key: 'result.roll' }, dice: [{ die: 'd20', value: (i % 20) + 1 }], total: (i % 20) + 3 })),
      effects: [],
    }
    const { wrapper } = await mountBoard(boardBridge().handle('encounter:get', () => okR(gmView({ encounter: state(), result: many }))))
    const card = wrapper.find('[data-testid="result-card"]')
    expect(card.findAll('.roll')).toHaveLength(6)
    const more = card.find('[data-testid="result-more"]')
    expect(more.text()).toBe('+ 24 more rolls (all 30)')
    await more.trigger('click')
    expect(card.findAll('.roll')).toHaveLength(30)
    expect(card.find('[data-testid="result-more"]').text()).toBe('Show fewer rolls')
    // the one result of an attack has no button
    const one = await mountBoard(bridge())
    expect(one.wrapper.find('[data-testid="result-more"]').exists()).toBe(false)
  })

  it('the defeated are dimmed on the card and the track; the default target is a foe still standing', async () => {
    const { wrapper } = await mountBoard(bridge())
    expect(wrapper.find('[data-testid="combatant-card-trooper-1"]').classes()).toContain('out')
    expect(wrapper.find('[data-testid="track-entry-trooper-1"]').classes()).toContain('out')
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('trooper-2')
    // the GM picks the fallen one anyway: the panel says so
    await wrapper.find('[data-testid="combatant-card-trooper-1"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="odds-target-out"]').text()).toBe('Stormtrooper 1 is already out of the fight')
  })

  it('the skip option is sent as the encounter option', async () => {
    const { wrapper, bridge: b } = await mountBoard(bridge())
    const box = wrapper.find('[data-testid="board-skip-out"]')
    expect((box.element as HTMLInputElement).checked).toBe(true)
    await box.setValue(false)
    await flushPromises()
    expect(b.callsTo('encounter:command').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'setOptions', skipOut: false } })
  })

  it('quick HP: "7" + Enter damages, "+4" heals, through the system’s own commands; nonsense says how', async () => {
    const { wrapper, bridge: b } = await mountBoard(bridge())
    const input = wrapper.find('[data-testid="combatant-hp-input-trooper-2"]')
    await input.setValue('7')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(b.callsTo('encounter:command').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'applyDamage', combatantId: 'trooper-2', amount: 7 } })
    await input.setValue('+4')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(b.callsTo('encounter:command').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'heal', combatantId: 'trooper-2', amount: 4 } })
    await input.setValue('lots')
    await input.trigger('keydown', { key: 'Enter' })
    expect(wrapper.find('[data-testid="combatant-hp-error-trooper-2"]').text()).toMatch(/whole number/)
  })

  it('condition durations read as words; a custom condition with rounds is added from the selected card', async () => {
    const { wrapper, bridge: b } = await mountBoard(bridge())
    expect(wrapper.find('[data-testid="condition-duration-han-saga.aiming#1"]').text()).toBe("· until the end of HAN's next turn")
    await wrapper.find('[data-testid="combatant-card-trooper-2"]').trigger('click')
    await wrapper.find('[data-testid="condition-add-key-trooper-2"]').setValue('__custom')
    await wrapper.find('[data-testid="condition-add-name-trooper-2"]').setValue('Pinned under rubble')
    await wrapper.find('[data-testid="condition-add-rounds-trooper-2"]').setValue('2')
    await wrapper.find('[data-testid="condition-add-trooper-2"]').trigger('submit')
    await flushPromises()
    expect(b.callsTo('encounter:command').at(-1)).toEqual({ encounterId: 'e1', command: { type: 'addCondition', combatantId: 'trooper-2', key: 'custom.pinned-under-rubble', name: 'Pinned under rubble', ends: { at: 'rounds', rounds: 2 } } })
  })

  it('a custom condition shows its name as typed, dots and letter case kept (issue 10)', async () => {
    const held = { id: 'custom.held-by-cpt-rex#1', key: 'custom.held-by-cpt-rex', name: 'held by Cpt. Rex', ends: { at: 'manual' }, appliedRound: 2 }
    const s = state()
    s.combatants[2] = { ...s.combatants[2], conditions: [held] } as (typeof s.combatants)[number]
    const { wrapper } = await mountBoard(boardBridge().handle('encounter:get', () => okR(gmView({ encounter: s, result, out: ['trooper-1'] }))))
    const chip = wrapper.find('[data-testid="condition-remove-trooper-2-custom.held-by-cpt-rex#1"]').element.parentElement!
    expect(chip.textContent).toContain('held by Cpt. Rex')
    const player = await mountWith(PlayerBoard, { props: { view: withCondition(playerView(), { key: 'custom.held-by-cpt-rex', name: 'held by Cpt. Rex' }) } })
    expect(player.wrapper.find('[data-testid="player-combatant-han"]').text()).toContain('held by Cpt. Rex')
  })

  it('“Act” (or Shift+click) makes a card the actor; a click makes it the target', async () => {
    const { wrapper } = await mountBoard(bridge())
    await wrapper.find('[data-testid="combatant-act-trooper-2"]').trigger('click')
    await flushPromises()
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('trooper-2')
    expect(wrapper.find('[data-testid="combatant-actor-trooper-2"]').exists()).toBe(true)
    await wrapper.find('[data-testid="combatant-card-han"]').trigger('click')
    await flushPromises()
    expect((wrapper.find('[data-testid="action-field-targetId"]').element as HTMLSelectElement).value).toBe('han')
    await wrapper.find('[data-testid="combatant-card-han"]').trigger('click', { shiftKey: true })
    await flushPromises()
    expect((wrapper.find('[data-testid="action-field-attackerId"]').element as HTMLSelectElement).value).toBe('han')
  })
})
