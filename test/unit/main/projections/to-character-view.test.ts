/**
 * Issue 29: a player's phone's own view (projections/to-character-view.ts), built in main for one character, in all
 * four systems on their sample campaigns: the character's own combatant only (health and resources in full, its
 * conditions with what ends them by public names), "your turn" and "you're next" as players see the order (a hidden
 * combatant between never shows), what the player may ask, and nothing of anyone else.
 */
import { describe, expect, it } from 'vitest'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { CharacterView } from '@shared/views/character-views'
import { characterCombatant, toCharacterView } from '../../../../src-main/projections/to-character-view'
import { toPlayerMoment, toPlayerView } from '../../../../src-main/projections/to-player-view'
import { AT, combatantOf, sampleFight, withState, type Fight } from './sample-fight'

const SYSTEMS = ['saga', 'starchasers', '2d20', 'storyteller']

function viewOf(f: Fight, characterId: string, hiddenTurn?: HiddenTurnDisplay): CharacterView {
  return toCharacterView({ characterId, characterName: f.names.get(characterId) ?? characterId, campaignName: 'Sample', systemId: f.system.id, state: f.state, system: f.system, records: f.records, requests: [], odds: false, ...(hiddenTurn ? { hiddenTurn } : {}) })
}
const board = (f: Fight, hiddenTurn?: HiddenTurnDisplay) => toPlayerView({ campaignName: 'Sample', systemId: f.system.id, state: f.state, system: f.system, records: f.records, ...(hiddenTurn ? { hiddenTurn } : {}) }).encounter!

describe('toCharacterView: the character on its own phone (issue 29)', () => {
  it('no encounter, or the character not in it: no `me`, the rest of the view as given', () => {
    const f = sampleFight('saga')
    const req = { id: 'r1', kind: 'endTurn' as const, state: 'pending' as const, at: AT }
    expect(toCharacterView({ characterId: 'pc-tira-vos', characterName: 'Tira Vos', campaignName: 'C', systemId: 'saga', state: null, system: null, requests: [req], odds: true })).toEqual({ characterId: 'pc-tira-vos', characterName: 'Tira Vos', campaignName: 'C', systemId: 'saga', me: null, requests: [req], odds: true })
    // a stat block nobody in the fight was made from
    expect(viewOf(f, 'pc-nobody').me).toBeNull()
    expect(characterCombatant(f.state, 'pc-tira-vos')?.name).toBe('Tira Vos')
  })

  for (const systemId of SYSTEMS) {
    it(`${systemId}: each PC's own sheet in full, its board id, no turn before the fight`, () => {
      const f = sampleFight(systemId)
      const b = board(f)
      for (const pid of f.party) {
        const c = combatantOf(f, pid)
        const me = viewOf(f, pid).me!
        const sheet = f.system.characterSheet!(f.state, c)
        expect(me.health).toEqual(sheet.health)
        expect(me.resources).toEqual(sheet.resources)
        const row = b.order.find((x) => x.id === me.boardId)
        expect(row?.name).toBe(me.name)
        expect(me.turn).toBe('none')
        expect(me.can).toEqual(me.spends.length > 0 ? ['spend'] : [])
      }
    })

    it(`${systemId}: in the fight, exactly the actors' phones say "now" and may end their turn, delay or ready`, () => {
      const f = sampleFight(systemId)
      f.run({ type: 'rollInitiative' })
      f.run({ type: 'startCombat' })
      for (let step = 0; step < 8; step++) {
        const actors = f.system.initiative.actors(f.state)
        for (const pid of f.party) {
          const c = combatantOf(f, pid)
          const me = viewOf(f, pid).me!
          const acting = actors.includes(c.id)
          expect(me.turn === 'now', `${pid} at step ${step}`).toBe(acting)
          expect(me.can.filter((k) => k !== 'spend')).toEqual(acting ? ['endTurn', 'delay', 'ready'] : [])
        }
        if (!f.tryRun({ type: 'nextTurn' })) break
      }
    })
  }

  it('saga: "you\'re next" among what players see; a hidden combatant between never shows (issue 29)', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    // the seeded order: the hidden sniper first, then two troopers, then Tira
    expect(f.state.turn.order.slice(0, 5)).toEqual(['sniper', 'outpost-trooper-4', 'outpost-trooper-3', 'tira-vos', 'dax-orrin'])
    // the sniper (hidden) acts: the board names nobody; the first visible one after it is trooper 4
    expect(viewOf(f, 'pc-tira-vos').me!.turn).toBe('later')
    f.run({ type: 'nextTurn' })
    expect(viewOf(f, 'pc-tira-vos').me!.turn).toBe('later')
    // trooper 3 is hidden now: between trooper 4 and Tira, it never shows, so Tira is next
    f.run({ type: 'setHidden', combatantId: 'outpost-trooper-3', hidden: true })
    expect(viewOf(f, 'pc-tira-vos').me!.turn).toBe('next')
    expect(viewOf(f, 'pc-dax-orrin').me!.turn).toBe('later')
    // while trooper 3 (hidden) acts, Tira stays next, whatever the campaign shows of a hidden turn
    f.run({ type: 'nextTurn' })
    expect(f.state.turn.order[f.state.turn.index]).toBe('outpost-trooper-3')
    for (const ht of ['side', 'unnamed', 'keep'] as const) expect(viewOf(f, 'pc-tira-vos', ht).me!.turn, ht).toBe('next')
    f.run({ type: 'nextTurn' })
    const tira = viewOf(f, 'pc-tira-vos').me!
    expect(tira.turn).toBe('now')
    expect(tira.can).toEqual(['endTurn', 'delay', 'ready'])
    expect(viewOf(f, 'pc-dax-orrin').me!.turn).toBe('next')
  })

  it('saga: with the board keeping the last visible turn (keep), the phone follows the board but offers no turn request', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    while (f.state.turn.order[f.state.turn.index] !== 'tira-vos') f.run({ type: 'nextTurn' })
    // Dax (after Tira) is hidden by the GM; while he acts, "keep" shows Tira's turn still
    f.run({ type: 'setHidden', combatantId: 'dax-orrin', hidden: true })
    f.run({ type: 'nextTurn' })
    const keep = viewOf(f, 'pc-tira-vos', 'keep').me!
    expect(board(f, 'keep').currentId).toBe('tira-vos')
    expect(keep.turn).toBe('now')
    // a request to end "her" turn would end the hidden one's: not offered
    expect(keep.can.filter((k) => k !== 'spend')).toEqual([])
    expect(viewOf(f, 'pc-tira-vos', 'side').me!.turn).toBe('later')
    // his own phone: his turn (a character hidden from the table still plays), no board id
    const dax = viewOf(f, 'pc-dax-orrin').me!
    expect(dax.boardId).toBeNull()
    expect(dax.turn).toBe('now')
  })

  it('saga: conditions with what ends them by the public name (a renumbered mook), null for a hidden one; GM-only ones never', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    f.run({ type: 'setHidden', combatantId: 'outpost-trooper-1', hidden: true })
    f.run({ type: 'addCondition', combatantId: 'tira-vos', key: 'saga.flatFooted', ends: { at: 'turnEnd', combatantId: 'outpost-trooper-2' } })
    f.run({ type: 'addCondition', combatantId: 'tira-vos', key: 'custom.pinned', name: 'Pinned down', ends: { at: 'turnStart', combatantId: 'sniper' } })
    f.run({ type: 'addCondition', combatantId: 'tira-vos', key: 'custom.marked', name: 'Marked by the sniper', gmOnly: true })
    f.run({ type: 'addCondition', combatantId: 'tira-vos', key: 'custom.dazed', name: 'Dazed', value: 2, ends: { at: 'rounds', rounds: 2 } })
    f.run({ type: 'addCondition', combatantId: 'tira-vos', key: 'custom.aiming', name: 'Aiming', ends: { at: 'turnStart', combatantId: 'tira-vos' } })
    const me = viewOf(f, 'pc-tira-vos').me!
    expect(me.conditions).toEqual([
      // trooper 1 is hidden: players see trooper 2 as "Outpost Trooper 1" (visible numbers, issue 10)
      { key: 'saga.flatFooted', ends: { at: 'turnEnd', who: 'Outpost Trooper 1', mine: false } },
      { key: 'custom.pinned', name: 'Pinned down', ends: { at: 'turnStart', who: null, mine: false } },
      { key: 'custom.dazed', name: 'Dazed', value: 2, ends: { at: 'rounds', rounds: 2, untilRound: 3 } },
      { key: 'custom.aiming', name: 'Aiming', ends: { at: 'turnStart', who: 'Tira Vos', mine: true } },
    ])
    const json = JSON.stringify(viewOf(f, 'pc-tira-vos'))
    for (const secret of ['Marked by the sniper', 'sniper', 'Sniper', 'outpost-trooper-1', 'outpost-trooper-2', 'seed']) expect(json).not.toContain(secret)
  })

  it('saga: the GM\'s notes and another PC\'s values are not in a phone\'s view', () => {
    const f = sampleFight('saga')
    f.run({ type: 'setNote', combatantId: 'tira-vos', notes: 'TIRA-NOTE-7' })
    withState(f, 'dax-orrin', { hp: 777, forcePoints: 61 })
    const json = JSON.stringify(viewOf(f, 'pc-tira-vos'))
    expect(json).not.toMatch(/TIRA-NOTE-7|777|61|dax|Dax/)
    expect(JSON.stringify(viewOf(f, 'pc-dax-orrin'))).toMatch(/"current":777/)
  })

  it('starchasers: the surprise round: Kestrel acts, Captain Soot is next, Juno later', () => {
    const f = sampleFight('starchasers')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    expect(f.state.turn.order).toEqual(['kestrel', 'captain-soot', 'juno-marr', 'sparky'])
    expect(viewOf(f, 'pc-kestrel').me!.turn).toBe('now')
    expect(viewOf(f, 'pc-juno-marr').me!.turn).toBe('later')
    f.run({ type: 'nextTurn' })
    expect(viewOf(f, 'pc-juno-marr').me!.turn).toBe('next')
    expect(viewOf(f, 'pc-kestrel').me!.turn).toBe('later')
  })

  it('starchasers: an unconscious PC with Motivation may ask to spend it; its status is said in the seed\'s word', () => {
    const f = sampleFight('starchasers')
    withState(f, 'kestrel', { hp: 4, unconscious: true, motivation: 2 })
    const me = viewOf(f, 'pc-kestrel').me!
    expect(me.status).toBe('unconscious')
    expect(me.spends).toEqual([{ resource: 'motivation', label: 'starchasers.character.wake', left: 2 }])
    expect(me.can).toEqual(['spend'])
  })

  it('2d20: the group\'s Momentum is shared, Luck is the character\'s own; a Second Wind may be asked for', () => {
    const f = sampleFight('2d20')
    withState(f, 'john-carter', { stress: { confusion: 0, fear: 2, injury: 0 }, momentum: 1 })
    withState(f, 'dejah-thoris', { momentum: 3, luck: 5 })
    const me = viewOf(f, 'pc-john-carter').me!
    expect(me.resources.filter((r) => r.shared)).toEqual([{ key: '2d20.pools.momentum', value: 4, shared: true }])
    expect(me.resources.find((r) => r.key === '2d20.pools.luck')?.value).toBe(3)
    expect(me.spends.map((s) => s.resource)).toEqual(['luck.secondWind.fear', 'momentum.obtainInformation', 'momentum.additionalMovement'])
    expect(me.can).toEqual(['spend'])
  })

  it('storyteller: the tick it acts on is the wheel\'s, as the board shows it', () => {
    const f = sampleFight('storyteller')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    const b = board(f)
    for (const pid of f.party) {
      const me = viewOf(f, pid).me!
      expect(typeof me.tick).toBe('number')
      expect(me.tick).toBe(b.order.find((x) => x.id === me.boardId)?.tick)
    }
  })

  it('storyteller, two acting together on a tick (004): both may end their turn; delay and ready only the order\'s current one (the core refuses them to the other)', () => {
    const f = sampleFight('storyteller')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    const [a, b] = f.party.map((pid) => combatantOf(f, pid))
    // a fixed moment: the two PCs tied on the current tick, a first in the order
    const order = [a.id, b.id, ...f.state.turn.order.filter((id) => id !== a.id && id !== b.id)]
    f.state = { ...f.state, turn: { ...f.state.turn, order, index: 0, together: [a.id, b.id] } }
    expect(f.system.initiative.actors(f.state)).toEqual([a.id, b.id])
    expect(viewOf(f, f.party[0]).me!.can).toEqual(['endTurn', 'delay', 'ready'])
    const second = viewOf(f, f.party[1]).me!
    expect(second.turn).toBe('now')
    expect(second.can).toEqual(['endTurn'])
  })

  it('the board\'s moment given by the caller (one for every phone of a push) gives the same view as built here', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    f.run({ type: 'nextTurn' })
    const moment = toPlayerMoment(f.state, f.system, f.records, 'keep')
    for (const pid of f.party) {
      const given = toCharacterView({ characterId: pid, characterName: pid, campaignName: null, systemId: 'saga', state: f.state, system: f.system, records: f.records, hiddenTurn: 'keep', requests: [], odds: false, moment })
      expect(given).toEqual({ ...viewOf(f, pid, 'keep'), characterName: pid, campaignName: null })
    }
  })

  it('a system without a sheet: health from its player view with the numbers shown, even when the side\'s are hidden', () => {
    const f = sampleFight('saga')
    const bare = { ...f.system, characterSheet: undefined, playerSpends: undefined }
    const state = { ...f.state, display: { party: 'hidden' as const } }
    const me = toCharacterView({ characterId: 'pc-tira-vos', characterName: 'Tira Vos', campaignName: null, systemId: 'saga', state, system: bare, records: f.records, requests: [], odds: false }).me!
    expect(me.health).toEqual({ current: 30, max: 30 })
    expect(me.resources).toEqual([])
    expect(me.spends).toEqual([])
  })
})
