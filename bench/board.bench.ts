/**
 * Board benchmark (issue 5): with 200 combatants on the board, the time from a "next turn" command to the GM view
 * model and the redacted player view model being built, through the real encounter service, engine and store
 * (the session log append included: `main` is the median, `main.p95` shows disk stalls on a busy machine), and the
 * same step without I/O (`compute.p95`: decide + evolve + both view models). Temp data dir, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createPlayServices } from '../src-main/services/play-services'
import { applyCommand } from '../src-main/rules/index'
import { toGmView } from '../src-main/projections/to-gm-view'
import { toPlayerView } from '../src-main/projections/to-player-view'
import type { Figure } from './run'

export const name = 'board'

const pc = { name: 'Vela Ren', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 3, initiative: 6, weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }] }
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', hp: 37, bab: 2, initiative: 1, weapons: [{ name: 'Blaster rifle', damage: '3d8', kind: 'ranged' }] }

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const round2 = (x: number) => Math.round(x * 100) / 100

export async function run(): Promise<Record<string, Figure>> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-board-bench-'))
  const store = createCampaignStore({ dataDir: dir })
  try {
    await store.init()
    const camp = await store.create({ name: 'Bench', systemId: 'saga' })
    if (!camp.ok) throw new Error(camp.error.message)
    const cid = camp.value.id
    let built = 0
    const play = createPlayServices({
      store,
      publish: (topic) => {
        if (topic === 'encounter:changed') built++
      },
      showOnBoard: () => void built++,
    })
    const a = await play.library.save(cid, { name: pc.name, kind: 'pc', data: pc })
    const b = await play.library.save(cid, { name: trooper.name, kind: 'npc', data: trooper })
    if (!a.ok || !b.ok) throw new Error('library')
    await play.library.setParty(cid, [a.value.id])
    const plan = await play.library.savePlan(cid, { name: 'Legion', entries: [
        { statBlockId: b.value.id, count: 100, side: 'enemies', band: 'long' },
        { statBlockId: b.value.id, count: 99, side: 'enemies', band: 'medium' },
      ] })
    if (!plan.ok) throw new Error(plan.error.message)
    const launched = await play.encounters.launch(cid, plan.value.id)
    if (!launched.ok) throw new Error(launched.error.message)
    if (launched.value.encounter.combatants.length !== 200) throw new Error('expected 200 combatants')
    const eid = launched.value.encounter.id
    await play.encounters.command(eid, { type: 'startCombat' })
    await play.encounters.showToPlayers(eid)
    const times: number[] = []
    for (let i = 0; i < 120; i++) {
      built = 0
      const t0 = performance.now()
      const r = await play.encounters.command(eid, { type: 'nextTurn' })
      const t1 = performance.now()
      if (!r.ok) throw new Error(r.error.message)
      if (built < 2) throw new Error('the GM and player views were not both built')
      if (i >= 20) times.push(t1 - t0) // the first 20 warm up the JIT
    }
    // the same step without the disk: engine decide + evolve, then both view models (what a frame must hold)
    const live = play.encounters.live(eid)!
    const compute: number[] = []
    let records = live.records
    let state = live.state
    for (let i = 0; i < 120; i++) {
      const t0 = performance.now()
      const applied = applyCommand(records, state, { type: 'nextTurn' }, { now: '2026-01-01T00:00:00.000Z' })
      if (!applied.ok) throw new Error(applied.error.message)
      records = applied.value.records
      state = applied.value.state
      toGmView({ state, records, log: live.log, systemId: 'saga', campaignId: cid, sessionId: live.sessionId, shownToPlayers: true })
      toPlayerView({ campaignName: 'Bench', systemId: 'saga', state, system: live.system })
      if (i >= 20) compute.push(performance.now() - t0)
    }
    return {
      'board.nextTurn.main': { value: round2(pct(times, 50)), unit: 'ms', target: '< 16 ms' },
      'board.nextTurn.main.p95': { value: round2(pct(times, 95)), unit: 'ms', target: '< 16 ms' },
      'board.nextTurn.compute.p95': { value: round2(pct(compute, 95)), unit: 'ms', target: '< 16 ms' },
    }
  } finally {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
