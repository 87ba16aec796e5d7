/**
 * Issue 27, defect 4: the console's display settings hold the campaign's choice of what the TV shows while a hidden
 * combatant acts; the choice goes to main (`campaign:setHiddenTurn`), which redacts by it.
 */
import { describe, expect, it } from 'vitest'
import { okR } from '../../support/fake-bridge'
import { boardBridge, mountBoard } from '../../support/board'
import { flushPromises } from '../../support/mount'

describe('encounter board: what the TV shows while a hidden combatant acts', () => {
  it('offers the three settings (default: its side’s turn) and sends the GM’s choice for the campaign', async () => {
    const bridge = boardBridge().handle('campaign:setHiddenTurn', (r: any) => okR({ id: r.campaignId, name: 'C', systemId: 'saga', lastOpened: null, counts: { party: 0, library: 0, encounters: 0, sessions: 0 }, hiddenTurn: r.hiddenTurn }))
    const { wrapper } = await mountBoard(bridge)
    const select = wrapper.get('[data-testid="display-hidden-turn"]')
    expect(select.findAll('option').map((o) => o.attributes('value'))).toEqual(['side', 'unnamed', 'keep'])
    expect((select.element as HTMLSelectElement).value).toBe('side')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['Its side’s turn', '“Someone else’s turn”', 'The last visible turn'])
    await select.setValue('unnamed')
    await flushPromises()
    expect(bridge.callsTo('campaign:setHiddenTurn')).toEqual([{ campaignId: expect.any(String), hiddenTurn: 'unnamed' }])
    expect((wrapper.get('[data-testid="display-hidden-turn"]').element as HTMLSelectElement).value).toBe('unnamed')
  })
})
