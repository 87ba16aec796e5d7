import { describe, expect, it } from 'vitest'
import HelpOverlay from '@renderer/features/encounter/HelpOverlay.vue'
import { actionOf, SHORTCUTS } from '@renderer/features/encounter/shortcuts'
import { okR } from '../../support/fake-bridge'
import { boardBridge, mountBoard } from '../../support/board'
import { flushPromises, mountWith } from '../../support/mount'
import { encounterState, gmView } from '../../support/fixtures'

describe('encounter board', () => {
  it('draws the ordered turn track with the current combatant, round, delay and hidden', async () => {
    const { wrapper } = await mountBoard()
    expect(wrapper.find('[data-testid="track-round"]').text()).toBe('Round 2')
    const entries = wrapper.findAll('[data-testid^="track-entry-"]')
    expect(entries.map((e) => e.attributes('data-testid'))).toEqual(['track-entry-han', 'track-entry-trooper-1', 'track-entry-trooper-2'])
    expect(entries[0].classes()).toContain('current')
    expect(entries[2].text()).toContain('delaying')
    expect(entries[2].classes()).toContain('hidden')
  })

  it('sends hide/reveal, resume and next turn as engine commands', async () => {
    const { wrapper, bridge } = await mountBoard()
    await wrapper.find('[data-testid="track-hide-trooper-2"]').trigger('click')
    await wrapper.find('[data-testid="track-resume-trooper-2"]').trigger('click')
    await wrapper.find('[data-testid="board-next"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'setHidden', combatantId: 'trooper-2', hidden: false },
      { type: 'resume', combatantId: 'trooper-2' },
      { type: 'nextTurn' },
    ])
  })

  it('shows combatant cards with HP, conditions and system resources; removes a condition', async () => {
    const v = gmView()
    v.encounter.combatants[0].conditions = [{ id: 'k1', key: 'saga.flatFooted', ends: { at: 'manual' }, appliedRound: 1 }]
    v.encounter.combatants[0].state = { hp: 20, maxHp: 30, ct: 2 }
    const bridge = boardBridge().handle('encounter:get', okR(v))
    const { wrapper } = await mountBoard(bridge)
    const card = wrapper.find('[data-testid="combatant-card-han"]')
    expect(card.find('[data-testid="combatant-hp-han"]').text()).toBe('20 / 30')
    expect(card.text()).toContain('Flat-footed')
    expect(card.find('[data-testid="saga-ct"] .on').text()).toBe('−2')
    await card.find('[data-testid="condition-remove-han-k1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').at(-1).command).toEqual({ type: 'removeCondition', combatantId: 'han', conditionId: 'k1' })
  })

  it('names the step undo will take back, undoes and redoes, also with the keyboard', async () => {
    const { wrapper, bridge } = await mountBoard()
    const undo = wrapper.find('[data-testid="board-undo"]')
    expect(undo.text()).toContain('Undo:')
    expect(wrapper.find('[data-testid="board-redo"]').attributes('disabled')).toBeDefined()
    await undo.trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:undo')).toEqual([{ encounterId: 'e1' }])
    // the redo button now names the step (log.core.roundStarted → "Round 2")
    expect(wrapper.find('[data-testid="board-redo"]').text()).toContain('Redo: Round 2')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, shiftKey: true }))
    await flushPromises()
    expect(bridge.callsTo('encounter:redo')).toHaveLength(1)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }))
    await flushPromises()
    expect(bridge.callsTo('encounter:command').at(-1).command).toEqual({ type: 'nextTurn' })
  })

  it('switches between several running encounters', async () => {
    const { wrapper, bridge } = await mountBoard()
    await wrapper.find('[data-testid="board-tab-e2"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:get').map((r) => r.encounterId)).toContain('e2')
    expect(wrapper.find('[data-testid="board-title"]').text()).toBe('Speeder chase')
  })

  it('adds a combatant mid-fight from the library', async () => {
    const bridge = boardBridge().handle('library:list', okR([{ id: 'sb1', name: 'Stormtrooper', kind: 'npc', tags: [], data: { name: 'Stormtrooper', hp: 10 }, updatedAt: '' }]))
    const { wrapper } = await mountBoard(bridge)
    await wrapper.find('[data-testid="board-add"]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="add-combatant-pick"]').setValue('sb1')
    await wrapper.find('[data-testid="add-combatant-count"]').setValue(3)
    await wrapper.find('[data-testid="add-combatant-dialog"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').at(-1).command).toMatchObject({ type: 'addCombatant', templateId: 'sb1', count: 3, side: 'enemies', statBlock: { name: 'Stormtrooper', hp: 10 } })
  })

  it('issue 30: adds from a library of a compendium: 200 names listed and how many more, the search finds and picks one', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, name: `Trooper ${i + 1}`, kind: 'npc', tags: ['compendium'], data: { name: `Trooper ${i + 1}`, hp: 10 }, updatedAt: '' }))
    const bridge = boardBridge().handle('library:list', okR(many))
    const { wrapper } = await mountBoard(bridge)
    await wrapper.find('[data-testid="board-add"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="add-combatant-pick"] option:not([disabled])')).toHaveLength(200)
    expect(wrapper.find('[data-testid="add-combatant-narrow"]').text()).toBe('…and 1800 more: type a name to narrow')
    await wrapper.find('[data-testid="add-combatant-search"]').setValue('trooper 1777')
    await wrapper.find('[data-testid="add-combatant-dialog"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').at(-1).command).toMatchObject({ type: 'addCombatant', templateId: 'n1776', count: 1 })
  })
})

describe('shortcuts', () => {
  const ev = (key: string, mods: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target, ...mods })
  it('maps keys to actions and ignores typing in fields except Escape', () => {
    expect(actionOf(ev('n'))).toBe('next')
    expect(actionOf(ev('z', { ctrlKey: true }))).toBe('undo')
    expect(actionOf(ev('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo')
    expect(actionOf(ev('y', { metaKey: true }))).toBe('redo')
    expect(actionOf(ev('a'))).toBe('command')
    expect(actionOf(ev('/'))).toBe('search')
    const input = document.createElement('input')
    expect(actionOf(ev('n', {}, input))).toBeNull()
    expect(actionOf(ev('Escape', {}, input))).toBe('close')
  })
  it('lists every shortcut in the help overlay', async () => {
    const { wrapper } = await mountWith(HelpOverlay)
    for (const s of SHORTCUTS) expect(wrapper.find(`[data-testid="help-${s.action}"]`).exists()).toBe(true)
    expect(wrapper.text()).toContain('Next turn')
  })
})

describe('pop-out board window', () => {
  it('shows one encounter and follows encounter:changed like the console (windows stay in sync)', async () => {
    const BoardApp = (await import('@renderer/windows/board/BoardApp.vue')).default
    const bridge = boardBridge()
    const { wrapper } = await mountWith(BoardApp, { props: { encounterId: 'e1' }, bridge })
    await flushPromises()
    expect(bridge.callsTo('encounter:get')).toEqual([{ encounterId: 'e1' }])
    expect(wrapper.find('[data-testid="board-popout"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="board-tab-e2"]').exists()).toBe(false)
    bridge.push('encounter:changed', gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 4, order: ['han', 'trooper-1', 'trooper-2'], index: 1 } }) }))
    await flushPromises()
    expect(wrapper.find('[data-testid="track-round"]').text()).toBe('Round 4')
    expect(wrapper.find('[data-testid="track-entry-trooper-1"]').classes()).toContain('current')
  })

  it('a new turn renders again only the two cards whose mark moved, not the card grid (issue 13)', async () => {
    const BoardApp = (await import('@renderer/windows/board/BoardApp.vue')).default
    const bridge = boardBridge()
    const updates: string[] = []
    const counter = { beforeUpdate(this: { $options: { __name?: string }; $props: { combatant?: { id: string } } }) {
      const n = this.$options.__name
      if (n === 'CombatantCard') updates.push(`card:${this.$props.combatant!.id}`)
      else if (n === 'CardGrid' || n === 'TurnTrack') updates.push(n)
    } }
    const { wrapper } = await mountWith(BoardApp, { props: { encounterId: 'e1' }, bridge, global: { mixins: [counter] } })
    const turn = (index: number) => encounterState({ turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index } })
    bridge.push('encounter:changed', gmView({ encounter: turn(1) }))
    await flushPromises()
    expect(wrapper.find('[data-testid="combatant-card-trooper-1"]').classes()).toContain('current')
    updates.length = 0
    bridge.push('encounter:changed', gmView({ encounter: turn(2) }))
    await flushPromises()
    expect(wrapper.find('[data-testid="combatant-card-trooper-2"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="combatant-card-trooper-1"]').classes()).not.toContain('current')
    expect(updates.filter((u) => u.startsWith('card:')).sort()).toEqual(['card:trooper-1', 'card:trooper-2'])
    expect(updates).not.toContain('CardGrid')
    expect(updates).toContain('TurnTrack')
  })

  it('pops out through main and opens the returned URL in browser mode', async () => {
    const bridge = boardBridge().handle('window:openBoard', okR({ opened: false, url: 'http://127.0.0.1:1/board?encounter=e1' }))
    const opened: string[] = []
    const orig = window.open
    window.open = ((u: string) => {
      opened.push(u)
      return null
    }) as typeof window.open
    const { wrapper } = await mountBoard(bridge)
    await wrapper.find('[data-testid="board-popout"]').trigger('click')
    await flushPromises()
    window.open = orig
    expect(bridge.callsTo('window:openBoard')).toEqual([{ encounterId: 'e1' }])
    expect(opened).toEqual(['http://127.0.0.1:1/board?encounter=e1'])
  })
})

describe('setup phase and ending', () => {
  it('enters initiative from physical dice, toggles surprise, starts combat, ends the encounter', async () => {
    const setup = gmView({ encounter: encounterState({ turn: { phase: 'setup', round: 0, order: [], index: -1 } }) })
    const bridge = boardBridge().handle('encounter:get', okR(setup)).handle('encounter:command', okR(setup))
    const { wrapper } = await mountBoard(bridge)
    await wrapper.find('[data-testid="track-init-han"]').setValue('17')
    await wrapper.find('[data-testid="track-aware-trooper-1"]').trigger('click')
    await wrapper.find('[data-testid="track-roll-initiative"]').trigger('click')
    await wrapper.find('[data-testid="track-start"]').trigger('click')
    globalThis.confirm = () => true
    await wrapper.find('[data-testid="board-end"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([
      { type: 'setInitiative', combatantId: 'han', value: 17 },
      { type: 'setAware', combatantId: 'trooper-1', aware: false },
      { type: 'rollInitiative' },
      { type: 'startCombat' },
      { type: 'endEncounter' },
    ])
  })
})

describe('per-system parts and initiative models', () => {
  it('Starchasers: the running duel under the action panel (000 Dueling System)', async () => {
    const v = gmView({ systemId: 'starchasers', encounter: encounterState({ systemId: 'starchasers', system: { duel: { active: 'han', fighters: ['han', 'trooper-1'], phase: 1, interactions: 1, lastJumpIn: {}, history: [{ n: 1, attacker: 'han', defender: 'trooper-1', attackType: 'quick', defense: 'dodge', result: 'dominate', damage: 4, nextActive: 'han' }] } } }) })
    const bridge = boardBridge().handle('encounter:get', okR(v)).handle('encounter:command', okR(v))
    const { wrapper } = await mountBoard(bridge)
    const panel = wrapper.find('[data-testid="duel-panel"]')
    expect(panel.find('[data-testid="duel-fighter-han"]').text()).toBe('▶ HAN')
    expect(panel.text()).toContain('DOMINATE')
    await panel.find('[data-testid="duel-next-phase"]').trigger('click')
    await panel.find('[data-testid="duel-end"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([{ type: 'duelPhase', phase: 2 }, { type: 'duelEnd' }])
  })

  it('sides model: groups by side and marks the side whose turn it is', async () => {
    const v = gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 1, order: [], index: -1, side: 'enemies' } }) })
    const { wrapper } = await mountBoard(boardBridge().handle('encounter:get', okR(v)))
    expect(wrapper.find('[data-testid="track-side-enemies"]').classes()).toContain('active')
    expect(wrapper.find('[data-testid="track-side-party"]').classes()).not.toContain('active')
    expect(wrapper.find('[data-testid="track-side-enemies"]').text()).toContain('Stormtrooper 1')
  })

  it('ticks model: the tick wheel places combatants on their next tick', async () => {
    const v = gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 1, order: ['han', 'trooper-1'], index: 0, tick: 3 } }) })
    v.encounter.combatants[0].initiative = { value: 3, modifier: 0 }
    v.encounter.combatants[1].initiative = { value: 6, modifier: 0 }
    const { wrapper } = await mountBoard(boardBridge().handle('encounter:get', okR(v)))
    const wheel = wrapper.find('[data-testid="tick-wheel"]')
    const slots = wheel.findAll('.slot')
    expect(slots[0].text()).toContain('3')
    expect(slots[0].text()).toContain('HAN')
    expect(slots[3].text()).toContain('Stormtrooper 1')
  })
})
