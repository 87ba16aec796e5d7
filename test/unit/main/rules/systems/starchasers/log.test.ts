import { describe, expect, it } from 'vitest'
import * as en from '../../../../../../src-main/rules/systems/starchasers/i18n/en'
import * as pl from '../../../../../../src-main/rules/systems/starchasers/i18n/pl'
import { logEntry } from '../../../../../../src-main/rules/systems/starchasers/log'

const messages = { en: en.log, pl: pl.log }

const EVENTS = ['attackResolved', 'weaponTooHeavy', 'harmed', 'healed', 'allyAttacked', 'allyDefended', 'allyPassive', 'allyCardMade', 'duelStarted', 'duelExchanged', 'duelPhase', 'duelEnded', 'grappled', 'grappleAttempt', 'grappleAttack', 'breakFree', 'concentrated', 'aimed', 'aimLapsed', 'defenseChanged', 'moved', 'placed', 'areaAttack', 'areaHit', 'freeAction', 'symptoms', 'steadied', 'woke', 'grenadeThrown', 'blast', 'fell', 'hazard', 'clockTicked', 'burned', 'injured', 'disarmed', 'grapplingFocus', 'senseAttack', 'shieldHit', 'shieldTicked', 'shieldRecharged', 'armorReacted', 'hid', 'searched']

describe('Starchasers log messages', () => {
  it('every event key has an English and a Polish template with the same params', () => {
    for (const ev of EVENTS) {
      const outcome = { netHits: 1, netCrits: 0, success: true, criticalStrike: false, damage: 1, stress: 0, evades: 0 }
      const entry = logEntry({ type: `starchasers.${ev}`, name: 'X', outcome })!
      expect(Object.hasOwn(messages.en, entry.key), entry.key).toBe(true)
      const en = (messages.en as Record<string, string>)[entry.key]
      const pl = (messages.pl as Record<string, string>)[entry.key]
      expect(pl, entry.key).toBeTruthy()
      const params = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(params(pl)).toEqual(params(en))
    }
  })
  it('en and pl have the same keys', () => {
    expect(Object.keys(messages.pl).sort()).toEqual(Object.keys(messages.en).sort())
  })
  it('harm variants: injury, dying, death', () => {
    expect(logEntry({ type: 'starchasers.harmed', name: 'Han', injury: true })!.key).toBe('log.starchasers.injured')
    expect(logEntry({ type: 'starchasers.harmed', name: 'Han', becameDying: true })!.key).toBe('log.starchasers.dying')
    expect(logEntry({ type: 'starchasers.harmed', name: 'Han', damage: 0, stress: 2 })!.key).toBe('log.starchasers.harmedStress')
    expect(logEntry({ type: 'starchasers.harmed', name: 'Han', damage: 2, stress: 0 })!.key).toBe('log.starchasers.harmedHp')
    expect(logEntry({ type: 'starchasers.turnStarted', name: 'Han' })).toBeNull()
    expect(logEntry({ type: 'starchasers.areaAttack', shape: 'burst' })!.key).toBe('log.starchasers.areaBurst')
    expect(logEntry({ type: 'starchasers.duelExchanged', result: 'clash' })!.params.result).toBe('starchasers.duel.clash')
  })
})
