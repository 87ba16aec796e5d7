import { describe, expect, it } from 'vitest'
import { orderedInitiative } from '../../../../src-main/rules/kit/turn-order'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { healthDescriptor, toPlayerView } from '../../../../src-main/projections/to-player-view'
import type { RuleSystem } from '../../../../src-main/rules/kit/system'
import { scanPlayerPayload } from './scan'

const combatant = (over: Partial<Combatant> & Pick<Combatant, 'id' | 'name' | 'side' | 'role'>): Combatant => ({
  hidden: false,
  aware: true,
  notes: '',
  stats: {},
  state: {},
  conditions: [],
  initiative: { value: 10, modifier: 0 },
  ...over,
})

function encounter(): EncounterState {
  return {
    id: 'enc-1',
    name: 'Ambush at Kessa',
    systemId: 'saga',
    seed: 'secret-seed-123',
    combatants: [
      combatant({ id: 'vela', name: 'Vela', side: 'party', role: 'pc', stats: { hp: 30 }, state: { hp: 23 }, position: { band: 'short' } }),
      combatant({
        id: 'st-1',
        name: 'Stormtrooper 1',
        number: 1,
        side: 'enemies',
        role: 'npc',
        notes: 'ambush at the door',
        stats: { hp: 41, reflex: 15 },
        state: { hp: 37 },
        position: { band: 'medium' },
        conditions: [
          { id: 'c1', key: 'saga.flatFooted', ends: { at: 'manual' }, appliedRound: 1 },
          { id: 'c2', key: 'saga.mindTricked', gmOnly: true, ends: { at: 'manual' }, appliedRound: 1 },
        ],
        initiative: { value: 12, modifier: 1, readied: 'when the door opens' },
      }),
      combatant({ id: 'assassin', name: 'Secret Assassin', side: 'enemies', role: 'npc', hidden: true, stats: { hp: 58 }, state: { hp: 58 } }),
    ],
    turn: { phase: 'combat', round: 2, order: ['assassin', 'st-1', 'vela'], index: 0 },
    pools: {},
    system: {},
    display: {},
  }
}

/** a careless system view that shows everything: the projection must still redact */
const leaky: Pick<RuleSystem, 'playerView' | 'initiative'> = {
  initiative: orderedInitiative,
  playerView: (_s, c) =>
    ({
      id: c.id,
      name: c.name,
      side: c.side,
      health: { kind: 'exact', current: Number(c.state.hp), max: Number(c.stats.hp) },
      conditions: c.conditions.map((k) => ({ key: k.key })),
      extra: { reflex: Number(c.stats.reflex ?? 0), hpText: `${String(c.state.hp)}/${String(c.stats.hp)}`, prone: false },
      notes: c.notes,
      stats: c.stats,
    }) as never,
}

const forbidden = {
  strings: ['Secret Assassin', 'assassin', 'ambush at the door', 'when the door opens', 'mindTricked', 'secret-seed'],
  numbers: [37, 41, 15, 58],
}

describe('to-player-view: the only builder of the player board (DESIGN §5)', () => {
  it('shows visible combatants in turn order without hidden ones, GM notes, NPC numbers or gmOnly conditions', () => {
    const view = toPlayerView({ campaignName: 'Kessa', systemId: 'saga', state: encounter(), system: leaky, hiddenTurn: 'keep' })
    expect(scanPlayerPayload(view, forbidden)).toEqual([])
    const enc = view.encounter!
    expect(enc.order.map((c) => c.id)).toEqual(['st-1', 'vela'])
    // the hidden assassin opens round 2: under "keep the last visible turn" players still see round 1 and its last
    // visible turn (issue 10: a blank "X's turn" header told the table someone hidden was acting)
    expect(enc.currentId).toBe('vela')
    expect(enc.round).toBe(1)
    // by default (issue 27): the enemies' turn in round 2, nobody visible acting, never who
    const open = toPlayerView({ campaignName: 'Kessa', systemId: 'saga', state: encounter(), system: leaky })
    expect(scanPlayerPayload(open, forbidden)).toEqual([])
    expect(open.encounter).toMatchObject({ currentId: null, round: 2, hiddenTurn: { side: 'enemies' } })
    const st = enc.order[0]
    expect(st.health).toEqual({ kind: 'descriptor', key: 'health.wounded' })
    expect(st.conditions).toEqual([{ key: 'saga.flatFooted' }])
    expect(st.waiting).toBe('readied')
    expect(st.extra).toEqual({ prone: false })
    // the party's numbers are shown exactly by default
    expect(enc.order[1].health).toEqual({ kind: 'exact', current: 23, max: 30 })
    expect(enc.bands).toEqual([{ band: 'medium', ids: ['st-1'] }, { band: 'short', ids: ['vela'] }])
    // only whitelisted fields: nothing else the system returned
    expect(Object.keys(st).sort()).toEqual(['band', 'conditions', 'current', 'extra', 'health', 'id', 'name', 'side', 'waiting'])
  })

  it('applies the GM display setting per side: exact, descriptor, hidden', () => {
    const s = encounter()
    s.display = { enemies: 'exact', party: 'hidden' }
    s.turn.index = 1
    const view = toPlayerView({ campaignName: null, systemId: 'saga', state: s, system: leaky })
    const [st, vela] = view.encounter!.order
    expect(st.health).toEqual({ kind: 'exact', current: 37, max: 41 })
    expect(st.extra).toEqual({ reflex: 15, hpText: '37/41', prone: false })
    expect(vela.health).toEqual({ kind: 'hidden' })
    expect(vela.extra).toBeUndefined()
    expect(view.encounter!.currentId).toBe('st-1')
    expect(st.current).toBe(true)
  })

  it('a system that throws still yields a safe view, and no encounter shows "waiting"', () => {
    const broken = { initiative: orderedInitiative, playerView: () => { throw new Error('boom') } }
    const view = toPlayerView({ campaignName: 'Kessa', systemId: 'saga', state: encounter(), system: broken })
    expect(scanPlayerPayload(view, forbidden)).toEqual([])
    expect(view.encounter!.order[0]).toMatchObject({ name: 'Stormtrooper 1', health: { kind: 'hidden' } })
    expect(toPlayerView({ campaignName: 'Kessa', systemId: null, state: null, system: null })).toEqual({ campaignName: 'Kessa', systemId: null, encounter: null })
  })

  it('health descriptors: unhurt / wounded / bloodied (half or less) / down', () => {
    expect([healthDescriptor(10, 10), healthDescriptor(6, 10), healthDescriptor(5, 10), healthDescriptor(0, 10)]).toEqual(['health.unhurt', 'health.wounded', 'health.bloodied', 'health.down'])
  })
})
