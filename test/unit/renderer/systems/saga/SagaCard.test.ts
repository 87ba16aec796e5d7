// issue 28: moved here from the board's results test (EncounterBoard.results.test.ts), the file of its source
import { describe, expect, it } from 'vitest'
import SagaCard from '@renderer/systems/saga/SagaCard.vue'
import { mountWithSystems } from '../../support/mount'
import { combatant } from '../../support/fixtures'

describe('Saga card', () => {
  it('001: a combatant lying prone says so on its card', async () => {
    const { wrapper } = await mountWithSystems(SagaCard, ['saga'], () => ({ props: { combatant: combatant('x', { state: { hp: 0, maxHp: 10, ct: 5, status: 'unconscious', prone: true } }) } }))
    expect(wrapper.find('[data-testid="saga-prone"]').text()).toBe('Prone')
  })
})
