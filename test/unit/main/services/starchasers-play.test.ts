import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPlayServices, type PlayServices } from '../../../../src-main/services/play-services'
import { chewbacca, hanSolo, stormtrooper } from '../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { scanPlayerPayload } from '../projections/scan'
import { harness, type Harness } from './helpers'

describe('the play services with the Starchasers system (000)', () => {
  let h: Harness
  let play: PlayServices
  let planId: string
  beforeEach(async () => {
    h = await harness('starchasers')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
    const han = await play.library.save(h.campaignId, { name: hanSolo.name, kind: 'pc', data: hanSolo as unknown as Record<string, unknown> })
    const chewie = await play.library.save(h.campaignId, { name: chewbacca.name, kind: 'pc', data: chewbacca as unknown as Record<string, unknown> })
    const st = await play.library.save(h.campaignId, { name: stormtrooper.name, kind: 'npc', data: stormtrooper as unknown as Record<string, unknown> })
    if (!han.ok || !chewie.ok || !st.ok) throw new Error(`library: ${JSON.stringify([han, chewie, st].find((x) => !x.ok))}`)
    await play.library.setParty(h.campaignId, [han.value.id, chewie.value.id])
    const plan = await play.library.savePlan(h.campaignId, { name: 'Corridor', entries: [{ statBlockId: st.value.id, count: 3, side: 'enemies' }] })
    if (!plan.ok) throw new Error(plan.error.message)
    planId = plan.value.id
  })
  afterEach(async () => h.cleanup())

  it('launches, runs turns, and the danger check fights it out through the Starchasers rules', async () => {
    const v = await play.encounters.launch(h.campaignId, planId)
    if (!v.ok) throw new Error(v.error.message)
    expect(v.value.encounter.combatants.map((c) => c.name)).toEqual([hanSolo.name, chewbacca.name, `${stormtrooper.name} 1`, `${stormtrooper.name} 2`, `${stormtrooper.name} 3`])
    const started = await play.encounters.command(v.value.encounter.id, { type: 'startCombat' })
    expect(started.ok).toBe(true)
    const shown = await play.encounters.showToPlayers(v.value.encounter.id)
    expect(shown.ok).toBe(true)
    const pv = await play.encounters.playerView()
    expect(pv.encounter?.order).toHaveLength(5)
    const npc = pv.encounter!.order.find((c) => c.name === `${stormtrooper.name} 1`)!
    expect(npc.health.kind).toBe('descriptor')
    expect(scanPlayerPayload(pv, { strings: ['notes'], numbers: [] })).toEqual([])

    const report = await play.danger.run({ campaignId: h.campaignId, planId, runs: 20, seed: 'sc-1' })
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.runs).toBe(20)
    // attacks land: at least some runs are decided before the 20-round cap
    expect(report.value.undecided).toBeLessThan(20)
  })
})
