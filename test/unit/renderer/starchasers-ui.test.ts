import { describe, expect, it } from 'vitest'
import { starchasersUi } from '../../../src-renderer/systems/starchasers/index'
import messages from '../../../src-shared/i18n/log-starchasers'

describe('Starchasers UI definition', () => {
  it('offers the Armor pierced (Piercing Shot 000:483) and Disarmed (000:936) conditions, named in en and pl', () => {
    expect(starchasersUi.conditions).toEqual(expect.arrayContaining(['starchasers.armorPierced', 'starchasers.disarmed', 'starchasers.armorBreak']))
    for (const key of starchasersUi.conditions) {
      expect((messages.en as Record<string, string>)[`cond.${key}`], key).toBeTruthy()
      expect((messages.pl as Record<string, string>)[`cond.${key}`], key).toBeTruthy()
    }
  })
  it('the board can send the Stealth and shield commands by name (000:330-346, 000:884)', () => {
    expect(starchasersUi.commandTypes).toEqual(expect.arrayContaining(['hide', 'search', 'rechargeShield']))
  })
})
