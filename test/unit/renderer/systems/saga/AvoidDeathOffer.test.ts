/** Saga on the board: the Force Point that avoids death (001:94, 003:68) offered to the GM with one button. */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import { applyCommand, createEncounter } from '../../../../../src-main/rules/index'
import { systemParts } from '@renderer/systems/registry'
import { mountWithSystems } from '../../support/mount'
import { gmView } from '../../support/fixtures'

type Log = { records: Parameters<typeof applyCommand>[0]; state: EncounterState }
const now = '2026-01-01T00:00:00.000Z'
function run(log: Log, cmd: EngineCommand): Log {
  const r = applyCommand(log.records, log.state, cmd, { now })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const abilities = { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }
// Han: heroic level 3, Fortitude 10 + 3 = 13 = his damage threshold; 10 HP
const han = { name: 'Han', kind: 'heroic', heroicLevel: 3, abilities, hp: 10, weapons: [] }
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', otherLevels: 2, abilities, hp: 40, weapons: [] }

/** The engine's own state: Han (with Force Points) and a trooper, in combat; `hit` deals that much to Han. */
function fight(hit: number, forcePoints = 2): Log {
  const r = createEncounter({ id: 'e', name: 'Saga test', systemId: 'saga', seed: 'test' }, now)
  if (!r.ok) throw new Error(r.error.message)
  let log: Log = r.value
  log = run(log, { type: 'addCombatant', id: 'han', side: 'party', statBlock: { ...han, forcePoints } } as EngineCommand)
  log = run(log, { type: 'addCombatant', id: 'st', side: 'enemies', statBlock: trooper } as EngineCommand)
  log = run(log, { type: 'startCombat', dice: [15, 2] })
  return run(log, { type: 'applyDamage', combatantId: 'han', amount: hit })
}
const viewOf = (log: Log): GmEncounterView => gmView({ encounter: log.state })

async function mountOffer(log: Log, locale: 'en' | 'pl' = 'en') {
  const Offer = systemParts('saga').actionExtras
  if (!Offer) throw new Error('Saga has no action extras')
  const emitted: unknown[] = []
  const r = await mountWithSystems(Offer, ['saga'], () => ({ locale, props: { view: viewOf(log), onCommand: (c: unknown) => emitted.push(c) } }))
  return { ...r, emitted }
}

describe('Saga: a Force Point to avoid death, on the board (001:94)', () => {
  it('a PC killed by an attack ≥ its threshold, with a Force Point, is offered one button that spends it (001:94)', async () => {
    const { wrapper, emitted } = await mountOffer(fight(20)) // 20 ≥ his threshold and drops Han to 0: dead
    const offer = wrapper.get('[data-testid="saga-avoid-death-han"]')
    expect(offer.text()).toContain('Han was killed by an attack')
    expect(offer.text()).toContain('unconscious')
    expect(offer.text()).toContain('Force Points left: 2')
    const buttons = offer.findAll('button')
    expect(buttons).toHaveLength(1)
    expect(buttons[0].text()).toBe('Spend a Force Point')
    await buttons[0].trigger('click')
    expect(emitted).toEqual([{ type: 'avoidDeath', combatantId: 'han' }])
  })

  it('in Polish, with no raw key, id or undefined (001:94, 003:68)', async () => {
    const { wrapper } = await mountOffer(fight(20), 'pl')
    const text = wrapper.get('[data-testid="saga-avoid-death-han"]').text()
    expect(text).toContain('Han ginie od ataku')
    expect(text).toContain('Pozostałe punkty Mocy: 2')
    expect(text).toContain('Wydaj punkt Mocy')
    expect(text).not.toMatch(/saga\.|undefined|NaN|\[object/)
  })

  it('no offer without a Force Point, for a death below the threshold (unconscious), or once the turn has ended (001:92, 001:94)', async () => {
    const status = (log: Log) => (log.state.combatants.find((c) => c.id === 'han')!.state as { status: string; deathAvoidable: boolean })
    expect(status(fight(20))).toMatchObject({ status: 'dead', deathAvoidable: true })
    expect(status(fight(20, 0))).toMatchObject({ status: 'dead', deathAvoidable: false })
    expect(status(fight(11))).toMatchObject({ status: 'unconscious' })
    for (const log of [fight(20, 0), fight(11), run(fight(20), { type: 'nextTurn' })]) {
      const { wrapper } = await mountOffer(log)
      expect(wrapper.find('[data-testid^="saga-avoid-death"]').exists()).toBe(false)
    }
  })
})
