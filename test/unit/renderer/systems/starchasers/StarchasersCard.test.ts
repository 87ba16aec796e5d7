import { describe, expect, it } from 'vitest'
import type { Combatant } from '@shared/domain/encounter'
import StarchasersCard from '../../../../../src-renderer/systems/starchasers/StarchasersCard.vue'
import { mountWithSystems } from '../../support/mount'

// the card's words are the system's catalog (system:describe), loaded as the board does
const mountWith = (c: typeof StarchasersCard, opts: { props: { combatant: Combatant }; locale?: 'en' | 'pl' }) => mountWithSystems(c, ['starchasers'], () => opts)

const trooper = (state: Record<string, unknown>, shield?: Record<string, unknown>): Combatant => ({
  id: 'c1', name: 'Trooper', side: 'enemies', role: 'npc', conditions: [],
  stats: { kind: 'npc', ...(shield ? { shield } : {}) },
  state: { hp: 10, maxHp: 10, stress: 0, stressCapacity: 6, injuries: 0, defense: 'block', ...state },
} as unknown as Combatant)

describe('StarchasersCard: energy shield and Stealth tokens', () => {
  const energy = { name: 'Arm Shield', kind: 'energy', blockBonus: 2, energyHp: 10, durationRounds: 3 }
  it('shows the energy shield HP and rounds left (000:897, S18) and Stealth tokens (000:340)', async () => {
    const { wrapper } = await mountWith(StarchasersCard, { props: { combatant: trooper({ shieldHp: 4, shieldRounds: 2, stealthTokens: 3 }, energy) } })
    const sh = wrapper.get('[data-testid="sc-shield"]').text()
    expect(sh).toContain('Arm Shield')
    expect(sh).toContain('Shield HP: 4')
    expect(sh).toContain('Rounds left: 2')
    expect(sh).not.toContain('Shield down')
    expect(wrapper.get('[data-testid="sc-stealth"]').text()).toBe('Stealth tokens: 3')
  })
  it('falls back to the stat block before any hit, and marks a drained shield as down', async () => {
    const fresh = await mountWith(StarchasersCard, { props: { combatant: trooper({}, energy) } })
    expect(fresh.wrapper.get('[data-testid="sc-shield"]').text()).toContain('Shield HP: 10')
    expect(fresh.wrapper.find('[data-testid="sc-stealth"]').exists()).toBe(false)
    const drained = await mountWith(StarchasersCard, { props: { combatant: trooper({ shieldHp: 0, shieldRounds: 1 }, energy) } })
    expect(drained.wrapper.get('[data-testid="sc-shield"]').text()).toContain('Shield down')
  })
  it('shows nothing for a physical shield, and speaks Polish', async () => {
    const phys = await mountWith(StarchasersCard, { props: { combatant: trooper({}, { name: 'Durasteel', kind: 'physical', blockBonus: 2 }) } })
    expect(phys.wrapper.find('[data-testid="sc-shield"]').exists()).toBe(false)
    const pl = await mountWith(StarchasersCard, { locale: 'pl', props: { combatant: trooper({ shieldHp: 4, shieldRounds: 2, stealthTokens: 1 }, energy) } })
    expect(pl.wrapper.get('[data-testid="sc-shield"]').text()).toContain('PW tarczy: 4')
    expect(pl.wrapper.get('[data-testid="sc-stealth"]').text()).toContain('Żetony Ukrycia: 1')
  })
})
