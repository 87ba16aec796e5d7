import { describe, expect, it } from 'vitest'
import { j7Plan, newRound, nextTurn, takeTurn, type RoundState } from '../../../../../../../src-main/rules/systems/2d20/mechanics/turns'

const round = (): RoundState => ({
  round: 1,
  lastSide: null,
  actors: [
    { id: 'jc', side: 'players', acted: false, canAct: 'yes' },
    { id: 'dejah', side: 'players', acted: false, canAct: 'yes' },
    { id: 'tars', side: 'narrator', acted: false, canAct: 'yes' },
    { id: 'sab', side: 'narrator', acted: false, canAct: 'yes' },
    { id: 'warhoon', side: 'narrator', acted: false, canAct: 'yes' },
  ],
})
const step = (r: RoundState, id: string, seized = false): RoundState => {
  const x = takeTurn(r, id, seized)
  if (!x.ok) throw new Error(x.error.message)
  return x.value
}

describe('J7 turn order', () => {
  it('J7: the players act first; a narrator character must seize the initiative to go before them', () => {
    const r = round()
    expect(nextTurn(r)).toEqual({ side: 'players', ids: ['jc', 'dejah'], seize: ['tars', 'sab', 'warhoon'], roundOver: false })
    expect(takeTurn(r, 'tars')).toMatchObject({ ok: false, error: { code: 'rule', field: 'combatantId' } })
  })
  it('J7: the sides alternate, and when one side is done the other acts in a row', () => {
    let r = step(round(), 'jc')
    expect(nextTurn(r).ids).toEqual(['tars', 'sab', 'warhoon'])
    r = step(r, 'sab')
    expect(nextTurn(r)).toMatchObject({ side: 'players', ids: ['dejah'] })
    r = step(r, 'dejah')
    r = step(r, 'tars')
    expect(nextTurn(r)).toMatchObject({ side: 'narrator', ids: ['warhoon'], seize: [] })
    r = step(r, 'warhoon')
    expect(nextTurn(r).roundOver).toBe(true)
    const r2 = newRound(r)
    expect([r2.round, nextTurn(r2).side]).toEqual([2, 'players'])
  })
  it('002:118 / J7: Seize Initiative lets an NPC act on the players\' turn; then the players are due again', () => {
    let r = step(round(), 'tars', true)
    expect(nextTurn(r)).toMatchObject({ side: 'players', ids: ['jc', 'dejah'] })
    r = step(r, 'jc')
    expect(takeTurn(r, 'sab', true)).toMatchObject({ ok: false, error: { field: 'seized' } })
  })
  it('nobody acts twice in a round; the blacked out never act (002:176)', () => {
    const r = step(round(), 'jc')
    expect(takeTurn(r, 'jc', false).ok).toBe(false)
    const out: RoundState = { ...round(), actors: round().actors.map((a) => (a.id === 'jc' || a.id === 'dejah' ? { ...a, canAct: 'no' as const } : a)) }
    expect(nextTurn(out)).toMatchObject({ side: 'narrator', ids: ['tars', 'sab', 'warhoon'] })
    expect(takeTurn(out, 'jc').ok).toBe(false)
  })
})

describe('J7 as a plan (the engine strategy re-plans with it every turn)', () => {
  it('J7: players first, alternating; the longer side finishes in a row', () => {
    expect(j7Plan(['p1', 'p2'], ['n1', 'n2', 'n3'], null)).toEqual(['p1', 'n1', 'p2', 'n2', 'n3'])
  })
  it('J7: after a narrator turn (a seized one too) the players are due', () => {
    expect(j7Plan(['p1'], ['n2', 'n3'], 'narrator')).toEqual(['p1', 'n2', 'n3'])
    expect(j7Plan(['p1', 'p2'], ['n1'], 'players')).toEqual(['n1', 'p1', 'p2'])
  })
})
