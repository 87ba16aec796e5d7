/**
 * Issue 28, one path per command: one attack, sent as the console sends it (`encounter:command`, `encounter:odds`),
 * is parsed by its schema exactly once and each of its events applied (evolved) exactly once. Before issue 28 the
 * service validated, `decideWith` validated again and `History.prepare` evolved every event a second time after the
 * batch had (each count was 2), and Saga's odds parsed the command once more.
 *
 * Counted on the real systems, through the real services and store: the command schema's `safeParse` is spied on,
 * and each system is registered again with its own evolve wrapped (the engine applies every system event through
 * it: batch.ts `evolverFor`), so every application of an event object is counted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import type { SystemId } from '@shared/domain/systems'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { getSystem, registerSystem } from '../../../../../src-main/rules/index'
import type { RuleSystem } from '../../../../../src-main/rules/kit/system'
import { chewbacca, hanSolo, stormtrooper } from '../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { prep } from '../fixtures'
import { harness, type Harness } from '../helpers'

async function must<T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> | { ok: true; value: T } | { ok: false; error: { message: string } }): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** the system registered again with its evolve counting each event object it applies */
function countingSystem(id: SystemId): { applied: Map<EngineEvent, number>; restore: () => void } {
  const got = getSystem(id)
  if (!got.ok) throw new Error(got.error.message)
  const original: RuleSystem = got.value
  const applied = new Map<EngineEvent, number>()
  const own = original.evolve
  const evolve = (state: EncounterState, event: EngineEvent): EncounterState => {
    applied.set(event, (applied.get(event) ?? 0) + 1)
    return own ? own(state, event as never) : state
  }
  registerSystem({ ...original, evolve } as RuleSystem)
  return { applied, restore: () => registerSystem(original) }
}

const serviceOf = (h: Harness): PlayServices => createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })

/** the current actor and a foe of it, once combat has started */
function actorAndFoe(v: GmEncounterView): { attackerId: string; targetId: string } {
  const e = v.encounter
  const attackerId = e.turn.order[e.turn.index]
  const me = e.combatants.find((c) => c.id === attackerId)!
  const foe = e.combatants.find((c) => (me.side === 'party' ? c.side === 'enemies' : c.side === 'party') && !c.hidden)!
  return { attackerId, targetId: foe.id }
}

describe('one path per command (issue 28): an attack is parsed once and each event applied once', () => {
  let h: Harness | undefined
  let restore: (() => void) | undefined
  afterEach(async () => {
    restore?.()
    restore = undefined
    await h?.cleanup()
    h = undefined
  })

  it('Saga (001 attack roll): encounter:command parses the attack once, applies each event once; encounter:odds parses it once', async () => {
    const counting = countingSystem('saga')
    restore = counting.restore
    h = await harness('saga')
    const play = serviceOf(h)
    const ids = await prep(play.library, h.campaignId, { sniper: false })
    const v0 = await must(play.encounters.launch(h.campaignId, ids.planId))
    const started = await must(play.encounters.command(v0.encounter.id, { type: 'startCombat' }))
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const parse = vi.spyOn(sys.value.commands.attack.schema, 'safeParse')
    const attack = { type: 'attack', ...actorAndFoe(started), distance: 10 }

    const odds = await must(play.encounters.odds(v0.encounter.id, attack))
    expect(odds.hit).toBeGreaterThan(0)
    expect(parse).toHaveBeenCalledTimes(1)

    parse.mockClear()
    counting.applied.clear()
    const before = play.encounters.live(v0.encounter.id)!.records.length
    const after = await must(play.encounters.command(v0.encounter.id, attack))
    expect(parse).toHaveBeenCalledTimes(1)
    const mine = play.encounters.live(v0.encounter.id)!.records.slice(before).map((r) => r.event).filter((e) => e.type.startsWith('saga.'))
    expect(mine.length).toBeGreaterThan(0)
    // each system event of the attack's batch was applied once, and nothing else was applied
    expect(mine.map((e) => counting.applied.get(e) ?? 0)).toEqual(mine.map(() => 1))
    expect([...counting.applied.values()].reduce((a, b) => a + b, 0)).toBe(mine.length)
    expect(after.encounter.turn.phase).toBe('combat')
    parse.mockRestore()
  })

  it('Starchasers (000 attack): encounter:odds parses the attack once; encounter:command parses it once and applies each event once', async () => {
    const counting = countingSystem('starchasers')
    restore = counting.restore
    h = await harness('starchasers')
    const play = serviceOf(h)
    const saved = await Promise.all([
      play.library.save(h.campaignId, { name: hanSolo.name, kind: 'pc', data: hanSolo as unknown as Record<string, unknown> }),
      play.library.save(h.campaignId, { name: chewbacca.name, kind: 'pc', data: chewbacca as unknown as Record<string, unknown> }),
      play.library.save(h.campaignId, { name: stormtrooper.name, kind: 'npc', data: stormtrooper as unknown as Record<string, unknown> }),
    ])
    const [han, chewie, st] = saved.map((r) => {
      if (!r.ok) throw new Error(r.error.message)
      return r.value
    })
    await must(play.library.setParty(h.campaignId, [han.id, chewie.id]))
    const plan = await must(play.library.savePlan(h.campaignId, { name: 'Corridor', entries: [{ statBlockId: st.id, count: 2, side: 'enemies' }] }))
    const v0 = await must(play.encounters.launch(h.campaignId, plan.id))
    const started = await must(play.encounters.command(v0.encounter.id, { type: 'startCombat' }))
    const sys = getSystem('starchasers')
    if (!sys.ok) throw new Error(sys.error.message)
    const parse = vi.spyOn(sys.value.commands.attack.schema, 'safeParse')
    const attack = { type: 'attack', ...actorAndFoe(started) }
    await must(play.encounters.odds(v0.encounter.id, attack))
    expect(parse).toHaveBeenCalledTimes(1)
    parse.mockClear()
    counting.applied.clear()
    const before = play.encounters.live(v0.encounter.id)!.records.length
    await must(play.encounters.command(v0.encounter.id, attack))
    expect(parse).toHaveBeenCalledTimes(1)
    const mine = play.encounters.live(v0.encounter.id)!.records.slice(before).map((r) => r.event).filter((e) => e.type.startsWith('starchasers.'))
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.map((e) => counting.applied.get(e) ?? 0)).toEqual(mine.map(() => 1))
    expect([...counting.applied.values()].reduce((a, b) => a + b, 0)).toBe(mine.length)
    parse.mockRestore()
  })
})
