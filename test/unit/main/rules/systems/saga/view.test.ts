/** What players see of a Saga ally when the GM has not chosen: exactly, as the GM's display settings say (found by the flow e2e). */
import { describe, expect, it } from 'vitest'
import { sagaPlayerView } from '../../../../../../src-main/rules/systems/saga/view'
import { encounter, soldier, trooper, who } from './helpers'

describe('Saga player view defaults', () => {
  it('party and allies exact, enemies as a descriptor; the GM’s choice wins', () => {
    const log = encounter([
      { id: 'pc', side: 'party', ...soldier({ name: 'Kira' }) },
      { id: 'ally', side: 'allies', ...soldier({ name: 'Tano', hp: 18 }) },
      { id: 'foe', side: 'enemies', ...trooper() },
    ])
    expect(sagaPlayerView(log.state, who(log, 'pc')).health).toEqual({ kind: 'exact', current: 30, max: 30 })
    expect(sagaPlayerView(log.state, who(log, 'ally')).health).toEqual({ kind: 'exact', current: 18, max: 18 })
    expect(sagaPlayerView(log.state, who(log, 'foe')).health).toEqual({ kind: 'descriptor', key: 'health.unhurt' })
    const chosen = { ...log.state, display: { allies: 'descriptor' as const } }
    expect(sagaPlayerView(chosen, who(log, 'ally')).health).toEqual({ kind: 'descriptor', key: 'health.unhurt' })
  })
})
