import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPlayServices, type PlayServices } from '../../../../src-main/services/play-services'
import { kaelVorn, stormtrooper } from '../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { harness, type Harness } from './helpers'

/** The campaign's Storyteller settings reach its encounters (issue 12 item 0: they used to be dropped, so the T
 * defaults always applied). */
describe('the play services with the Storyteller system (004): campaign settings', () => {
  let h: Harness
  let play: PlayServices
  const data = (x: unknown) => x as Record<string, unknown>

  async function campaign(systemSettings?: Record<string, unknown>): Promise<{ campaignId: string; planId: string; kaelId: string }> {
    const c = await h.store.create({ name: 'Tick wheel', systemId: 'storyteller', ...(systemSettings ? { systemSettings } : {}) })
    if (!c.ok) throw new Error(c.error.message)
    const kael = await play.library.save(c.value.id, { name: kaelVorn.name, kind: 'pc', data: data(kaelVorn) })
    const st = await play.library.save(c.value.id, { name: stormtrooper.name, kind: 'npc', data: data(stormtrooper) })
    if (!kael.ok || !st.ok) throw new Error('library setup failed')
    await play.library.setParty(c.value.id, [kael.value.id])
    const plan = await play.library.savePlan(c.value.id, { name: 'Hangar', entries: [{ statBlockId: st.value.id, count: 1, side: 'enemies' }] })
    if (!plan.ok) throw new Error(plan.error.message)
    return { campaignId: c.value.id, planId: plan.value.id, kaelId: kael.value.id }
  }

  /** T1: Kael's Charisma 3 + Presence 2 = 5 dice, typed in as 10, 10, 1, 1, 1 against the trooper's Mental DV 2. */
  async function presenceSuccesses(campaignId: string, planId: string): Promise<number> {
    const v = await play.encounters.launch(campaignId, planId)
    if (!v.ok) throw new Error(v.error.message)
    const [kael, trooper] = v.value.encounter.combatants
    const r = await play.encounters.command(v.value.encounter.id, { type: 'social', actorId: kael.id, targetId: trooper.id, roll: 'presence', dice: [10, 10, 1, 1, 1] })
    if (!r.ok) throw new Error(r.error.message)
    const text = await readFile(join(h.dir, campaignId, 'sessions', `${v.value.sessionId}.ndjson`), 'utf8')
    const events = text.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.kind === 'encounter.event').map((l) => l.record.event)
    const social = events.find((e) => e.type === 'storyteller.socialRolled')
    return social.pool.successes
  }

  beforeEach(async () => {
    h = await harness('storyteller')
    play = createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })
  })
  afterEach(async () => h.cleanup())

  it('T1 default: 10s count once, so 10, 10, 1, 1, 1 is 2 successes', async () => {
    const c = await campaign()
    expect(await presenceSuccesses(c.campaignId, c.planId)).toBe(2)
  })

  it('T1 option: a campaign with tensDouble counts each 10 twice in its encounters (4 successes)', async () => {
    const c = await campaign({ tensDouble: true })
    expect(await presenceSuccesses(c.campaignId, c.planId)).toBe(4)
  })

  it('the settings are recorded in core.encounterCreated, so a restart replays them', async () => {
    const c = await campaign({ tensDouble: true, joinBattleCap: 6 })
    const v = await play.encounters.launch(c.campaignId, c.planId)
    if (!v.ok) throw new Error(v.error.message)
    const text = await readFile(join(h.dir, c.campaignId, 'sessions', `${v.value.sessionId}.ndjson`), 'utf8')
    const created = text.trim().split('\n').map((l) => JSON.parse(l)).find((l) => l.kind === 'encounter.event' && l.record.event.type === 'core.encounterCreated')
    expect(created.record.event.params.settings).toEqual({ tensDouble: true, joinBattleCap: 6 })
    const again = await h.reopen()
    const play2 = createPlayServices({ store: again.store, publish: again.env.publish, now: again.env.now, newId: again.env.newId, newSeed: again.env.newSeed })
    const restored = await play2.encounters.restore(c.campaignId)
    if (!restored.ok) throw new Error(restored.error.message)
    const kael = v.value.encounter.combatants[0]
    const trooper = v.value.encounter.combatants[1]
    const r = await play2.encounters.command(v.value.encounter.id, { type: 'social', actorId: kael.id, targetId: trooper.id, roll: 'presence', dice: [10, 1, 1, 1, 1] })
    expect(r.ok).toBe(true)
    const text2 = await readFile(join(h.dir, c.campaignId, 'sessions', `${v.value.sessionId}.ndjson`), 'utf8')
    const social = text2.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.kind === 'encounter.event').map((l) => l.record.event).find((e) => e.type === 'storyteller.socialRolled')
    expect(social.pool.successes).toBe(2)
  })
})
