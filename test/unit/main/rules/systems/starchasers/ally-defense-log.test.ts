/** The diceless ally resolver's log line says which defense the ally used and why (000:1366-1372). */
import { describe, expect, it } from 'vitest'
import { formatLog } from '../../../../../../src-shared/i18n/format-log'
import { logEntry } from '../../../../../../src-main/rules/systems/starchasers/log'
// the system registry hands each system's log catalog to formatLog
import '../../../../../../src-main/rules/index'

const event = (reason: string) => ({
  type: 'starchasers.allyDefended', attackerName: 'Raider 3', targetName: 'Sparky', attackValue: 4, defense: 'armor', defenseValue: 6, reason, damage: 0,
})

describe('allyDefended log line', () => {
  it('names the defense and the reason, in English and Polish', () => {
    const auto = { seq: 1, ...logEntry(event('highestAvailable'))! }
    expect(formatLog(auto, 'en')).toBe('Raider 3 attacks Sparky (attack 4); Sparky uses Armor Defense 6 (the highest defense it can use now): 0 damage')
    expect(formatLog(auto, 'pl')).toContain('Obrona Pancerza 6 (najwyższa obrona, której może teraz użyć)')
    const gm = { seq: 2, ...logEntry(event('gmChoice'))! }
    expect(formatLog(gm, 'en')).toContain('uses Armor Defense 6 (the GM’s choice)')
  })
})
