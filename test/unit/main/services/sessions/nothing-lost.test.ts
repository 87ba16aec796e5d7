/**
 * Issue 10, "Nothing is lost": a running encounter survives its session's end and every restart; a command (a
 * launch among them) lands whole or not at all; nothing is written after a session's `session.ended` line; one
 * bad event line does not block opening. Service level, on a real store in a temp folder, with the real engine.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPlayServices, type PlayServices } from '../../../../../src-main/services/play-services'
import { createCampaignService } from '../../../../../src-main/services/campaigns/campaign-service'
import { prep } from '../fixtures'
import { harness, type Harness } from '../helpers'

const servicesOf = (h: Pick<Harness, 'env'> & { store: Harness['store'] }) =>
  createPlayServices({ store: h.store, publish: h.env.publish, now: h.env.now, newId: h.env.newId, newSeed: h.env.newSeed })

async function must<T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> | { ok: true; value: T } | { ok: false; error: { message: string } }): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

let h: Harness
let play: PlayServices
let ids: Awaited<ReturnType<typeof prep>>
beforeEach(async () => {
  h = await harness('saga')
  play = servicesOf(h)
  ids = await prep(play.library, h.campaignId)
})
afterEach(async () => h.cleanup())

const logPath = (h: Harness, sessionId: string) => join(h.dir, h.campaignId, 'sessions', `${sessionId}.ndjson`)
const linesOf = async (h: Harness, sessionId: string) => (await readFile(logPath(h, sessionId), 'utf8')).split('\n').filter((l) => l.trim() !== '')

describe('issue 10: a running encounter survives its session and every restart', () => {
  it('ending a session while an encounter runs is refused with a conflict that names the running encounters', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const r = await play.sessions.end({ campaignId: h.campaignId, sessionId: v.sessionId })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: 'conflict', field: 'encounters' })
      expect(r.error.details).toMatchObject({ running: [{ id: v.encounter.id, name: 'Hangar ambush' }] })
    }
    // nothing was written: the session is still open
    expect((await must(play.sessions.openSession(h.campaignId)))?.id).toBe(v.sessionId)
  })

  it('carry: the encounter goes on in the next session, survives a restart in between and after, exactly as it was', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.undo(eid))
    await must(play.encounters.setDisplay(eid, 'enemies', 'descriptor'))
    const before = await must(play.encounters.get(eid))
    await must(play.sessions.end({ campaignId: h.campaignId, sessionId: v.sessionId, encounters: 'carry' }))
    const first = await linesOf(h, v.sessionId)
    expect(JSON.parse(first.at(-1)!).kind).toBe('session.ended')

    // restart with no session open: the encounter is still there, as it was
    await h.store.close()
    const play2 = servicesOf(await h.reopen())
    expect((await must(play2.encounters.list(h.campaignId))).map((e) => e.id)).toEqual([eid])
    const waiting = await must(play2.encounters.get(eid))
    expect(waiting.encounter).toEqual(before.encounter)
    expect(waiting.log).toEqual(before.log)
    expect(waiting.redo).toEqual(before.redo)

    // another turn: a new session opens by itself and the encounter goes on there; the ended log is untouched
    const next = await must(play2.encounters.command(eid, { type: 'nextTurn' }))
    expect(next.sessionId).not.toBe(v.sessionId)
    expect(await linesOf(h, v.sessionId)).toEqual(first)
    const after = await must(play2.encounters.get(eid))

    const play3 = servicesOf(await h.reopen())
    expect((await must(play3.encounters.list(h.campaignId))).map((e) => e.id)).toEqual([eid])
    const again = await must(play3.encounters.get(eid))
    expect(again.encounter).toEqual(after.encounter)
    expect(again.log).toEqual(after.log)
    expect(again.undo).toEqual(after.undo)
    expect(again.sessionId).toBe(next.sessionId)
  })

  it('an encounter whose fight is over (ended on the board) ends with the session without asking', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    await must(play.encounters.command(v.encounter.id, { type: 'startCombat' }))
    await must(play.encounters.command(v.encounter.id, { type: 'endEncounter' }))
    await must(play.sessions.end({ campaignId: h.campaignId, sessionId: v.sessionId }))
    expect(await must(play.encounters.list(h.campaignId))).toEqual([])
    const kinds = (await linesOf(h, v.sessionId)).slice(-2).map((l) => JSON.parse(l).kind)
    expect(kinds).toEqual(['encounter.ended', 'session.ended'])
  })

  it('end: the encounter ends with the session and does not come back', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    await must(play.sessions.end({ campaignId: h.campaignId, sessionId: v.sessionId, encounters: 'end' }))
    expect(await must(play.encounters.list(h.campaignId))).toEqual([])
    const play2 = servicesOf(await h.reopen())
    expect(await must(play2.encounters.list(h.campaignId))).toEqual([])
    expect(play.encounters.get(v.encounter.id).ok).toBe(false)
  })

  it('notes and rolls racing a session end are written before the end line or refused with a conflict, never after it', async () => {
    const s = await must(play.sessions.start({ campaignId: h.campaignId, title: 'S', date: '2026-03-01' }))
    const c = { campaignId: h.campaignId, sessionId: s.id }
    const racing = [play.sessions.note({ ...c, text: 'a' }), play.sessions.end(c), play.sessions.note({ ...c, text: 'b' }), play.sessions.roll({ ...c, notation: '1d6' }), play.sessions.note({ ...c, text: 'c' })]
    const results = await Promise.all(racing)
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('conflict')
    const later = await play.sessions.note({ ...c, text: 'late' })
    expect(later.ok).toBe(false)
    if (!later.ok) expect(later.error.code).toBe('conflict')
    const kinds = (await linesOf(h, s.id)).slice(1).map((l) => JSON.parse(l).kind as string)
    expect(kinds.at(-1)).toBe('session.ended')
    // every acknowledged note is in the log
    const notes = (await linesOf(h, s.id)).slice(1).map((l) => JSON.parse(l)).filter((r) => r.kind === 'note').map((r) => r.text)
    const acked = ['a', 'b', 'c'].filter((_, i) => results[[0, 2, 4][i]].ok)
    expect(notes).toEqual(acked)
  })
})

describe('issue 10: a command lands whole or not at all', () => {
  it('a launch cut short by a kill (its lines torn mid-write) is not rebuilt half-applied', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    await h.store.close()
    const text = await readFile(logPath(h, v.sessionId), 'utf8')
    // the kill hit in the middle of the launch's write: keep the first 60% of the bytes after session.started
    const lines = text.split('\n')
    const head = lines.slice(0, 2).join('\n') + '\n'
    const rest = text.slice(head.length)
    await writeFile(logPath(h, v.sessionId), head + rest.slice(0, Math.floor(rest.length * 0.6)))
    const play2 = servicesOf(await h.reopen())
    expect(await must(play2.encounters.list(h.campaignId))).toEqual([])
    // the session log still opens, the cut lines reported in their place
    const log = await must(play2.sessions.log({ campaignId: h.campaignId, sessionId: v.sessionId }))
    expect(log.some((e) => e.key === 'log.session.damaged')).toBe(true)
    // and the next launch works
    const again = await must(play2.encounters.launch(h.campaignId, ids.planId))
    expect(again.encounter.combatants).toHaveLength(5)
  })

  it('a command cut short is dropped whole; the next command gets a fresh batch and the rebuild equals the live one', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    const before = await must(play.encounters.command(eid, { type: 'startCombat' }))
    const size = (await readFile(logPath(h, v.sessionId))).length
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await h.store.close()
    const text = await readFile(logPath(h, v.sessionId))
    // every possible cut inside the last command's bytes
    for (const cut of [size + 5, Math.floor((size + text.length) / 2), text.length - 2]) {
      await writeFile(logPath(h, v.sessionId), text.subarray(0, cut))
      const again = await h.reopen()
      const play2 = servicesOf(again)
      const restored = await must(play2.encounters.get((await must(play2.encounters.list(h.campaignId)))[0].id))
      expect(restored.encounter).toEqual(before.encounter)
      const next = await must(play2.encounters.command(eid, { type: 'nextTurn' }))
      const play3 = servicesOf(await h.reopen())
      await must(play3.encounters.list(h.campaignId))
      expect((await must(play3.encounters.get(eid))).encounter).toEqual(next.encounter)
      await again.store.close()
    }
  })
})

describe('issue 10: one bad event line does not block opening', () => {
  it('core.combatantAdded with a null combatant is shown in its place as damaged; the campaign and the encounter open', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await h.store.close()
    const bad = { kind: 'encounter.event', at: '2026-03-01T19:00:00.000Z', encounterId: eid, record: { seq: 9999, at: '2026-03-01T19:00:00.000Z', batch: 9999, event: { type: 'core.combatantAdded', combatant: null }, status: 'active' } }
    await appendFile(logPath(h, v.sessionId), `${JSON.stringify(bad)}\n{"kind":"note","at":"2026-03-01T19:01:00.000Z","text":42}\n`)
    const again = await h.reopen()
    const play2 = servicesOf(again)
    const campaigns = createCampaignService({ store: again.store, publish: again.env.publish, board: { setCampaign: () => undefined, campaignId: () => null }, afterOpen: async (id) => void (await play2.encounters.restore(id)) })
    expect((await campaigns.open(h.campaignId)).ok).toBe(true)
    const list = await must(play2.encounters.list(h.campaignId))
    expect(list.map((e) => e.id)).toEqual([eid])
    const log = await must(play2.sessions.log({ campaignId: h.campaignId, sessionId: v.sessionId }))
    const damaged = log.filter((e) => e.key === 'log.session.damaged')
    expect(damaged.map((e) => e.line)).toHaveLength(2)
    expect(String(damaged[0].params?.message)).toMatch(/combatant/)
    // in their place: the last two lines of the log
    expect(log.slice(-2).map((e) => e.key)).toEqual(['log.session.damaged', 'log.session.damaged'])
  })
})

describe('issue 10: carried through several sessions started by hand, with undos', () => {
  it('the rebuilt encounter equals the live one after undo, carry, a new session started by hand, and a restart', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.undo(eid))
    const live = await must(play.encounters.undo(eid))
    let sid = v.sessionId
    for (let i = 0; i < 3; i++) {
      await must(play.sessions.end({ campaignId: h.campaignId, sessionId: sid, encounters: 'carry' }))
      sid = (await must(play.sessions.start({ campaignId: h.campaignId, title: `S${i}`, date: '2026-03-02' }))).id
      await must(play.sessions.note({ campaignId: h.campaignId, sessionId: sid, text: `n${i}` }))
    }
    expect((await must(play.encounters.get(eid))).sessionId).toBe(sid)
    await h.store.close()
    const play2 = servicesOf(await h.reopen())
    await must(play2.encounters.list(h.campaignId))
    const back = await must(play2.encounters.get(eid))
    expect(back.encounter).toEqual(live.encounter)
    expect(back.log).toEqual(live.log)
    expect(back.redo).toEqual(live.redo)
  })

  // found by the crash-safety harness (seed 20261201): the session's cached lines were folded again after each undo,
  // and the fold wrote statuses into the carried-in records, so the next carry said "discarded" for an undone step
  it('undone steps of a carried encounter stay undone (not discarded) through a new step, two undos, a carry and a restart', async () => {
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.undo(eid))
    await must(play.sessions.end({ campaignId: h.campaignId, sessionId: v.sessionId, encounters: 'carry' }))
    const s2 = (await must(play.sessions.start({ campaignId: h.campaignId, title: 'S2', date: '2026-03-02' }))).id
    // a new step discards the undone one carried in; then it and the step before are undone
    await must(play.encounters.command(eid, { type: 'nextTurn' }))
    await must(play.encounters.undo(eid))
    const live = await must(play.encounters.undo(eid))
    expect(live.log.filter((e) => e.status === 'undone').length).toBeGreaterThan(0)
    await must(play.sessions.end({ campaignId: h.campaignId, sessionId: s2, encounters: 'carry' }))
    await must(play.sessions.start({ campaignId: h.campaignId, title: 'S3', date: '2026-03-03' }))
    await h.store.close()
    const play2 = servicesOf(await h.reopen())
    await must(play2.encounters.list(h.campaignId))
    const back = await must(play2.encounters.get(eid))
    expect(back.log).toEqual(live.log)
    expect(back.redo).toEqual(live.redo)
    expect(back.encounter).toEqual(live.encounter)
  })
})

describe('issue 13: statuses kept line by line equal a fresh read of the log', () => {
  it('after random commands, undos and redos (seeded), the live log pane (entries + updated pushes) and the live encounter equal a restart', async () => {
    const { seededRng } = await import('../../../../../src-main/rules/kit/rng')
    const rng = seededRng('statuses-13')
    const v = await must(play.encounters.launch(h.campaignId, ids.planId))
    const eid = v.encounter.id
    await must(play.encounters.command(eid, { type: 'startCombat' }))
    // what a log pane that loaded the log once and then only took the pushes would show
    const pane = new Map((await must(play.sessions.log({ campaignId: h.campaignId, sessionId: v.sessionId }))).map((e) => [e.line, e]))
    const from = h.published.length
    let undos = 0
    for (let i = 0; i < 60; i++) {
      const k = rng.int(0, 9)
      const r = k < 3 ? await play.encounters.undo(eid) : k < 5 ? await play.encounters.redo(eid) : await play.encounters.command(eid, { type: 'nextTurn' })
      if (k < 3 && r.ok) undos++
    }
    expect(undos).toBeGreaterThan(5)
    for (const p of h.published.slice(from)) {
      if (p.topic !== 'session:logAppended') continue
      const { entries, updated = [] } = p.payload as { entries: Array<{ line: number }>; updated?: Array<{ line: number }> }
      for (const e of [...entries, ...updated]) pane.set(e.line, e as never)
    }
    const live = await must(play.encounters.get(eid))
    const again = servicesOf(h)
    const fresh = await must(again.sessions.log({ campaignId: h.campaignId, sessionId: v.sessionId }))
    expect([...pane.values()].sort((a, b) => a.line - b.line)).toEqual(fresh)
    expect(fresh.some((e) => e.status === 'discarded')).toBe(true)
    const restarted = await must(again.encounters.get(eid).ok ? again.encounters.get(eid) : (await again.encounters.list(h.campaignId), again.encounters.get(eid)))
    expect(restarted.encounter).toEqual(live.encounter)
    expect(restarted.log).toEqual(live.log)
    expect(restarted.undo).toEqual(live.undo)
    expect(restarted.redo).toEqual(live.redo)
  })
})
