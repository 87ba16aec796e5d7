/**
 * Issue 12: the Storyteller board parts. The drawn wheel's layout (004: tokens on the tick each acts on next, the
 * current tick first, the next actor marked), the Speed of a prepared action and where it moves its actor (004
 * "Attacker moves (Attack Speed) ticks forward"), the health track boxes (T5), and the parts mounted with the
 * system's own catalogs (en and pl).
 */
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { fit, layoutWheel, type WheelItem } from '../../../../../src-renderer/systems/storyteller/wheel-layout'
import { draftMove } from '../../../../../src-renderer/systems/storyteller/speed'
import { healthBoxes } from '../../../../../src-renderer/systems/storyteller/health-boxes'
import StorytellerCard from '../../../../../src-renderer/systems/storyteller/StorytellerCard.vue'
import TickTrack from '../../../../../src-renderer/systems/storyteller/TickTrack.vue'
import { mountWithSystems } from '../../support/mount'

const items: WheelItem[] = [
  { id: 'kael', name: 'Kael Vorn', side: 'party', tick: 6, current: true },
  { id: 't1', name: 'Stormtrooper 1', side: 'enemies', tick: 8 },
  { id: 't2', name: 'Stormtrooper 2', side: 'enemies', tick: 8 },
  { id: 'droid', name: '2-1B', side: 'allies', tick: 11 },
]

describe('the drawn tick wheel: layout', () => {
  it('004: a slot per tick from the current one, each token on its tick, the current actor and the next ones (a tie on 8) marked', () => {
    const l = layoutWheel(items, 6, { orientation: 'vertical', width: 264 })
    expect(l.slots.map((s) => s.tick)).toEqual([6, 7, 8, 9, 10, 11, 12, 13])
    expect(l.slots[0].now).toBe(true)
    const at = (id: string) => l.tokens.find((t) => t.id === id)!
    expect(at('kael')).toMatchObject({ tick: 6, current: true, next: false })
    expect(l.nextIds).toEqual(['t1', 't2'])
    // two on tick 8 share its row, side by side, in the engine's order
    expect(at('t1').y).toBe(at('t2').y)
    expect(at('t1').x).toBeLessThan(at('t2').x)
    expect(at('droid').y).toBeGreaterThan(at('t1').y)
  })

  it('a prepared action adds a ghost of its actor where its Speed moves it, with the arrow from the actor', () => {
    const l = layoutWheel(items, 6, { orientation: 'vertical', width: 264, preview: { id: 'kael', from: 6, to: 11, speed: 5 }, previewLabel: 'Speed 5' })
    const ghost = l.tokens.find((t) => t.ghost)!
    expect(ghost).toMatchObject({ id: 'kael', tick: 11, current: false })
    expect(ghost.label).toContain('Speed 5')
    expect(l.arrow).not.toBeNull()
    expect(l.arrow!.y2).toBeGreaterThan(l.arrow!.y1)
  })

  it('ticks beyond the span gather on the last slot ("more"); names are cut to fit', () => {
    const l = layoutWheel([...items, { id: 'late', name: 'Late', side: 'enemies', tick: 40 }], 6, { orientation: 'horizontal', width: 960, maxSpan: 12 })
    expect(l.slots).toHaveLength(12)
    expect(l.slots.at(-1)).toMatchObject({ tick: 17, more: true })
    expect(l.tokens.find((t) => t.id === 'late')!.x).toBe(l.tokens.filter((t) => t.tick >= 17).map((t) => t.x)[0])
    expect(fit('A very long combatant name', 60, 7)).toBe('A very…')
    expect(fit('Bob', 60, 7)).toBe('Bob')
    // issue 27 (the screen sweep): the number that tells three troopers on one tick apart stays in sight
    expect(fit('Stormtrooper 2', 70, 7)).toBe('Storm… 2')
    expect(fit('Stormtrooper 12', 70, 7)).toBe('Stor… 12')
    expect(fit('Stormtrooper 2', 40, 7)).toBe('Sto…')
  })
})

const fighter = (id: string, tick: number, stats: Record<string, unknown> = {}): Combatant =>
  ({ id, name: id, side: 'party', role: 'pc', hidden: false, aware: true, conditions: [], notes: '', stats, state: {}, initiative: { value: tick, modifier: 0, delayed: false, readied: null } }) as unknown as Combatant
const encounter = (tick: number, combatants: Combatant[], settings?: Record<string, unknown>): EncounterState =>
  ({ id: 'e', name: 'E', systemId: 'storyteller', seed: 's', combatants, pools: {}, display: {}, system: settings ? { settings } : {}, turn: { phase: 'combat', round: 1, order: combatants.map((c) => c.id), index: 0, tick } }) as unknown as EncounterState

describe('the Speed of a prepared action (004)', () => {
  const kael = fighter('kael', 6, { weapons: [{ name: 'Heavy blaster pistol', speed: 5 }, { name: 'Fists', speed: 4 }] })
  it('an attack takes its weapon’s Speed from the tick the actor acts on', () => {
    const s = encounter(6, [kael])
    expect(draftMove(s, { type: 'attack', attackerId: 'kael', targetId: 'x', weapon: 1 })).toMatchObject({ kind: 'attack', from: 6, to: 10, speed: 4, weapon: 'Fists' })
    expect(draftMove(s, { type: 'attack', attackerId: 'kael', targetId: 'x', weapon: 'heavy blaster pistol' })).toMatchObject({ to: 11, speed: 5 })
    // the first weapon when none is chosen; none at all: unarmed, Speed 5
    expect(draftMove(s, { type: 'attack', attackerId: 'kael', targetId: 'x' })).toMatchObject({ speed: 5, weapon: 'Heavy blaster pistol' })
    expect(draftMove(encounter(0, [fighter('bob', 0)]), { type: 'attack', attackerId: 'bob', targetId: 'x' })).toMatchObject({ speed: 5, to: 5 })
  })
  it('other actions: the Speed given, else the campaign’s action Speed (default 5); waiting is to the tick given', () => {
    const s = encounter(7, [fighter('kael', 6)], { actionSpeed: 3 })
    // the clock never goes back: Kael on 6 acts on the wheel's 7
    expect(draftMove(s, { type: 'act', combatantId: 'kael' })).toMatchObject({ from: 7, to: 10, speed: 3 })
    expect(draftMove(s, { type: 'social', actorId: 'kael', targetId: 'x', roll: 'presence', speed: 2 })).toMatchObject({ to: 9 })
    expect(draftMove(encounter(7, [fighter('kael', 7)]), { type: 'act', combatantId: 'kael' })).toMatchObject({ speed: 5 })
    expect(draftMove(s, { type: 'wait', combatantId: 'kael', tick: 12 })).toMatchObject({ kind: 'wait', from: 7, to: 12 })
    expect(draftMove(s, { type: 'wait', combatantId: 'kael', tick: 7 })).toBeNull()
  })
  it('nothing outside a fight, for commands that do not move, or without an actor', () => {
    expect(draftMove({ ...encounter(0, [kael]), turn: { phase: 'setup', round: 0, order: [], index: -1 } } as EncounterState, { type: 'act', combatantId: 'kael' })).toBeNull()
    expect(draftMove(encounter(0, [kael]), { type: 'damage', combatantId: 'kael', amount: 1, damageType: 'lethal' })).toBeNull()
    expect(draftMove(encounter(0, [kael]), null)).toBeNull()
  })
})

describe('the health track (T5)', () => {
  it('the Scion track −0 −1 −1 −2 −2 −4 Inc, filled aggravated, lethal, bashing from the left; the penalty is the last filled level’s', () => {
    const h = healthBoxes({}, { wounds: { bashing: 1, lethal: 2, aggravated: 1, dead: false } })
    expect(h.boxes.map((b) => (b.inc ? 'Inc' : b.penalty))).toEqual([0, -1, -1, -2, -2, -4, 'Inc'])
    expect(h.boxes.map((b) => b.fill)).toEqual(['aggravated', 'lethal', 'lethal', 'bashing', 'empty', 'empty', 'empty'])
    expect([h.filled, h.penalty, h.status]).toEqual([4, -2, 'hurt'])
    expect(healthBoxes({ health: [0, -2] }, { wounds: { bashing: 3, lethal: 0, aggravated: 0, dead: false } })).toMatchObject({ filled: 3, status: 'incapacitated', penalty: -2 })
    expect(healthBoxes({}, { wounds: { bashing: 0, lethal: 0, aggravated: 0, dead: true } }).status).toBe('dead')
  })

  it('the card draws the boxes with the penalty, in en and pl', async () => {
    const c = { ...fighter('kael', 0), name: 'Kael Vorn', state: { wounds: { bashing: 0, lethal: 2, aggravated: 0, dead: false } } } as Combatant
    const en = await mountWithSystems(StorytellerCard, ['storyteller'], () => ({ props: { combatant: c } }))
    expect(en.wrapper.findAll('[data-fill="lethal"]')).toHaveLength(2)
    expect(en.wrapper.get('[data-testid="st-health-penalty"]').text()).toBe('Wound penalty −1')
    expect(en.wrapper.text()).toContain('Health track')
    const pl = await mountWithSystems(StorytellerCard, ['storyteller'], () => ({ props: { combatant: c }, locale: 'pl' }))
    expect(pl.wrapper.get('[data-testid="st-health-penalty"]').text()).toBe('Kara za rany −1')
    expect(pl.wrapper.text()).toContain('Tor zdrowia')
  })

  it('the wheel component draws a token per combatant and the ghost of a prepared action', async () => {
    const { wrapper } = await mountWithSystems(TickTrack, ['storyteller'], () => ({ props: { items, tick: 6, preview: { id: 'kael', from: 6, to: 11, speed: 5 } } }))
    expect(wrapper.findAll('[data-testid^="st-wheel-token-"]')).toHaveLength(4)
    expect(wrapper.get('[data-testid="st-wheel-ghost-kael"]').attributes('data-tick')).toBe('11')
    expect(wrapper.get('[data-testid="st-wheel-ghost-kael"]').text()).toContain('Speed 5')
    expect(wrapper.get('[data-testid="st-wheel-token-kael"]').classes()).toContain('current')
    expect(wrapper.get('[data-testid="st-wheel-token-t1"]').classes()).toContain('next')
  })
})
