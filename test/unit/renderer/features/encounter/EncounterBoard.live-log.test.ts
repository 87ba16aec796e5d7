import { describe, expect, it, vi } from 'vitest'
import { mountBoard } from '../../support/board'
import { gmView } from '../../support/fixtures'

// Kept in a file of its own: in one file with the other board tests, a second push-driven test does not see the
// board re-render (a test-isolation problem under investigation; the flow e2e tests check live pushes in Chromium).
describe('encounter board: live log', () => {
  it('keeps the log live from encounter:changed pushes and strikes undone steps', async () => {
    const { wrapper, bridge } = await mountBoard()
    expect(wrapper.find('[data-testid="log-entry-2"]').classes()).toContain('undone')
    bridge.push('encounter:changed', gmView({ log: [...gmView().log, { seq: 3, key: 'log.core.roundStarted', params: { round: 3 } }] }))
    // the board re-renders once the pushed view has gone through the store (an async tick or two)
    await vi.waitFor(() => expect(wrapper.find('[data-testid="log-entry-3"]').text()).toContain('Round 3'))
  })

})
