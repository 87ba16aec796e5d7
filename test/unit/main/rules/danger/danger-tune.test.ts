import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile, EncounterPlanEntry } from '@shared/domain/campaign'
import { getSystem, listSystems } from '../../../../../src-main/rules/index'
import { createDangerService, runDanger } from '../../../../../src-main/services/danger/danger-service'
import { spawnDangerWorker } from '../../../../../src-main/services/danger/danger-threads'
import { applyEdit, distanceTo, metricOf, singleEdits, tunePlan } from '../../../../../src-main/rules/danger/danger-tune'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { trooper, vela } from '../../services/fixtures'
import { harness, type Harness } from '../../services/helpers'

// Issue 13 "Beyond: tune an encounter": the smallest plan edits that reach the GM's target, each simulated by the
// danger check with one fixed seed (the same dice for every plan compared).
describe('tune an encounter (issue 13)', () => {
  let h: Harness
  let play: PlayServices
  let ids: { pcId: string; ratId: string; trooperId: string; planId: string }
  beforeEach(async () => {
    h = await harness('saga')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
    const pc = await play.library.save(h.campaignId, { name: vela.name, kind: 'pc', tags: [], data: vela })
    // a womp rat: 5 HP and a 1d2 bite, no match for a blaster-armed PC (a too-easy plan)
    const rat = await play.library.save(h.campaignId, { name: 'Womp rat', kind: 'npc', tags: [], data: { ...trooper, name: 'Womp rat', hp: 5, bab: 0, totals: { reflex: 10, fortitude: 10, will: 10 }, weapons: [{ name: 'Bite', damage: '1d2', kind: 'melee' }] } })
    const st = await play.library.save(h.campaignId, { name: trooper.name, kind: 'npc', tags: [], data: trooper })
    if (!pc.ok || !rat.ok || !st.ok) throw new Error('library setup failed')
    await play.library.setParty(h.campaignId, [pc.value.id])
    const plan = await play.library.savePlan(h.campaignId, { name: 'Rat in the hangar', notes: '', entries: [{ statBlockId: rat.value.id, count: 1, side: 'enemies', aware: true, hidden: false }] })
    if (!plan.ok) throw new Error(plan.error.message)
    ids = { pcId: pc.value.id, ratId: rat.value.id, trooperId: st.value.id, planId: plan.value.id }
  })
  afterEach(async () => h.cleanup())

  const service = () => createDangerService(h.env, { count: 0, spawn: spawnDangerWorker })

  it('suggests no change when the plan already meets the target', async () => {
    const r = await service().tune({ campaignId: h.campaignId, planId: ids.planId, target: { metric: 'partyWins', min: 0.9, max: 1 }, runs: 200, seed: 'tune-met' })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.currentValue).toBeGreaterThanOrEqual(0.9)
    expect(r.value.met).toBe(true)
    expect(r.value.suggestions).toEqual([])
    expect(r.value.evaluated).toBe(1)
  }, 120_000)

  it('makes a too-easy plan harder: the first suggestion adds or strengthens foes and meets the target in its figures', async () => {
    const target = { metric: 'partyWins' as const, min: 0.2, max: 0.7 }
    const r = await service().tune({ campaignId: h.campaignId, planId: ids.planId, target, runs: 200, seed: 'tune-easy' })
    if (!r.ok) throw new Error(r.error.message)
    // progress went out as plans simulated
    const progress = h.published.filter((p) => p.topic === 'danger:progress').map((p) => p.payload as { done: number; total: number })
    expect(progress.at(-1)?.done).toBe(r.value.evaluated)
    expect(r.value.met).toBe(false)
    expect(r.value.currentValue).toBeGreaterThan(0.9)
    const best = r.value.suggestions[0]
    expect(best.meets).toBe(true)
    expect(best.value).toBeGreaterThanOrEqual(0.2)
    expect(best.value).toBeLessThanOrEqual(0.7)
    expect(best.report.partyWinChance).toBe(best.value)
    // harder means more foes or a stronger one, never fewer
    expect(best.edits.every((e) => (e.kind === 'count' && e.to > e.from) || (e.kind === 'swap' && e.toId === ids.trooperId) || e.kind === 'aware')).toBe(true)
    expect(best.edits.some((e) => e.kind === 'count' || e.kind === 'swap')).toBe(true)
    // the suggested plan, simulated again with the same seed and runs, gives the same figure (one click applies it)
    const saved = await play.library.savePlan(h.campaignId, { id: ids.planId, name: 'Rat in the hangar', notes: '', entries: best.entries })
    if (!saved.ok) throw new Error(saved.error.message)
    const again = await service().run({ campaignId: h.campaignId, planId: ids.planId, runs: 200, seed: 'tune-easy' })
    expect(again.ok && again.value.partyWinChance).toBe(best.value)
  }, 240_000)

  it('knows the figures and the single edits of a plan', () => {
    const report = { runs: 10, partyWinChance: 0.7, rounds: {}, pcsDown: { '0': 6, '1': 4 }, cancelled: false, undecided: 0 }
    expect(metricOf(report, 'partyWins')).toBe(0.7)
    expect(metricOf(report, 'pcDown')).toBeCloseTo(0.4)
    expect(distanceTo(0.5, { metric: 'pcDown', min: 0.2, max: 0.4 })).toBeCloseTo(0.1)
    expect(distanceTo(0.3, { metric: 'pcDown', min: 0.2, max: 0.4 })).toBe(0)
    const entries = [
      { statBlockId: 'pc', count: 1, side: 'party' as const, aware: true, hidden: false },
      { statBlockId: 'rat', count: 1, side: 'enemies' as const, aware: true, hidden: false },
    ]
    const edits = singleEdits(entries, { npcs: [{ id: 'rat', name: 'Rat' }, { id: 'st', name: 'Trooper' }], nameOf: (id) => id })
    // the party is never edited; the only enemy entry is never removed
    expect(edits.map((e) => e.kind)).toEqual(['count', 'swap', 'aware'])
    expect(applyEdit(entries, edits[0])[1].count).toBe(2)
    expect(applyEdit(entries, edits[1])[1].statBlockId).toBe('st')
    expect(applyEdit(entries, edits[2])[1].aware).toBe(false)
    expect(entries[1]).toEqual({ statBlockId: 'rat', count: 1, side: 'enemies', aware: true, hidden: false })
  })
})

describe.each(listSystems())('tune an encounter in %s (issue 13: every system)', (systemId) => {
  it('moves the sample plan toward a target on the other side of its figure', async () => {
    const file = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'resources', 'campaigns', `sample-${systemId}`, 'campaign.json'), 'utf8')) as CampaignFile
    const sys = getSystem(systemId)
    if (!sys.ok) throw new Error(sys.error.message)
    const plan = file.encounters[0]
    const evaluate = async (entries: EncounterPlanEntry[]) => {
      const setup = launchCommands({ ...file, encounters: [{ ...plan, entries }] }, plan.id, sys.value)
      if (!setup.ok) return setup
      return runDanger(sys.value, { systemId, setup: setup.value, settings: file.systemSettings }, 60, `tune-${systemId}`, null)
    }
    const now = await evaluate(plan.entries)
    if (!now.ok) throw new Error(now.error.message)
    // a PC goes down: aim at the far side of today's figure
    const v = metricOf(now.value, 'pcDown')
    const target = v >= 0.5 ? { metric: 'pcDown' as const, min: 0, max: Math.max(0, v - 0.25) } : { metric: 'pcDown' as const, min: Math.min(1, v + 0.25), max: 1 }
    const names = new Map(file.library.map((r) => [r.id, r.name]))
    const npcs = file.library.filter((r) => r.kind === 'npc').map((r) => ({ id: r.id, name: r.name }))
    const r = await tunePlan(plan.entries, target, { evaluate, npcs, nameOf: (id) => names.get(id) ?? id, cancelled: () => false }, { maxEdits: 1 })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.met).toBe(false)
    expect(r.value.suggestions.length).toBeGreaterThan(0)
    const best = r.value.suggestions[0]
    expect(distanceTo(best.value, target)).toBeLessThan(distanceTo(v, target))
    expect(best.edits).toHaveLength(1)
  }, 240_000)
})
