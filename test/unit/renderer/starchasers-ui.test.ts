import { describe, expect, it } from 'vitest'
import { starchasersUi } from '../../../src-renderer/systems/starchasers/index'
import * as scEn from '../../../src-main/rules/systems/starchasers/i18n/en'
import * as scPl from '../../../src-main/rules/systems/starchasers/i18n/pl'
import { uiEn as en } from '../../../src-shared/i18n/ui-en'
import { uiPl as pl } from '../../../src-shared/i18n/ui-pl'

const messages = { en: scEn.log, pl: scPl.log }

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
  it('the Hide and Recharge shield actions and the Disarm option have labels in en and pl', () => {
    const get = (o: unknown, k: string) => k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown> | undefined)?.[p], o)
    const hide = starchasersUi.actions.find((a) => a.id === 'hide')!
    expect(hide.fields.map((f) => f.name)).toEqual(['combatantId', 'againstId'])
    const labels = [hide.label, 'starchasers.rechargeShield', ...starchasersUi.actions.find((a) => a.id === 'attack')!.fields.filter((f) => f.name === 'disarm').map((f) => f.label)]
    expect(labels).toHaveLength(3)
    for (const l of labels) {
      expect(typeof get(en, l), l).toBe('string')
      expect(typeof get(pl, l), l).toBe('string')
    }
  })
})
