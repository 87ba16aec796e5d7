// issue 28: moved here from the Sessions screen's test (features/sessions/SessionsView.test.ts), the file of its source
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '@shared/domain/encounter'
import LogPane from '@renderer/features/session-log/LogPane.vue'
import { mountWith } from '../../support/mount'

describe('encounter log pane (board, replay)', () => {
  it('is searched as it reads and follows new entries live', async () => {
    const log: LogEntry[] = [
      { seq: 1, key: 'log.core.roundStarted', params: { round: 1 } },
      { seq: 2, key: 'log.core.combatantAdded', params: { name: 'Kira', side: 'side.party' } },
    ]
    const { wrapper } = await mountWith(LogPane, { props: { log } })
    await wrapper.find('[data-testid="log-search"]').setValue('kira')
    expect(wrapper.findAll('[data-testid^="log-entry-"]').map((e) => e.attributes('data-testid'))).toEqual(['log-entry-2'])
    await wrapper.setProps({ log: [...log, { seq: 3, key: 'log.core.roundStarted', params: { round: 2 } }, { seq: 4, key: 'log.core.combatantRemoved', params: { name: 'Kira' } }] })
    expect(wrapper.findAll('[data-testid^="log-entry-"]').map((e) => e.attributes('data-testid'))).toEqual(['log-entry-2', 'log-entry-4'])
    await wrapper.find('[data-testid="log-search"]').setValue('')
    expect(wrapper.findAll('[data-testid^="log-entry-"]')).toHaveLength(4)
  })
})
