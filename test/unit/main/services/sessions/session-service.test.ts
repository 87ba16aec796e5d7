import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { createSessionService, type SessionService } from '../../../../../src-main/services/sessions/session-service'
import { harness, type Harness } from '../helpers'

// these tests log no encounter events, so no event is ever described
const noEvents = () => null

describe('session service (issue 6: sessions and the log)', () => {
  let h: Harness
  let svc: SessionService
  beforeEach(async () => {
    h = await harness()
    svc = createSessionService(h.env, noEvents)
  })
  afterEach(async () => h.cleanup())

  it('starts a session with title, date and notes, lists it, and refuses a second open one', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'The Rescue', date: '2026-03-01', notes: 'bring snacks' })
    expect(s.ok).toBe(true)
    if (!s.ok) return
    expect(s.value).toMatchObject({ title: 'The Rescue', date: '2026-03-01', notes: 'bring snacks', endedAt: null })
    const list = await svc.list(h.campaignId)
    expect(list.ok && list.value.map((x) => x.id)).toEqual([s.value.id])
    const again = await svc.start({ campaignId: h.campaignId, title: 'Another', date: '2026-03-02' })
    expect(again.ok).toBe(false)
    if (!again.ok) expect(again.error.code).toBe('conflict')
    expect(h.published.some((p) => p.topic === 'sessions:changed')).toBe(true)
  })

  it('two starts at once open one session, not two', async () => {
    const [a, b] = await Promise.all([
      svc.start({ campaignId: h.campaignId, title: 'A', date: '2026-03-01' }),
      svc.start({ campaignId: h.campaignId, title: 'B', date: '2026-03-01' }),
    ])
    expect([a.ok, b.ok].sort()).toEqual([false, true])
    const [x, y] = await Promise.all([svc.ensureOpen(h.campaignId), svc.ensureOpen(h.campaignId)])
    expect(x.ok && y.ok && x.value.id === y.value.id).toBe(true)
    const list = await svc.list(h.campaignId)
    expect(list.ok && list.value).toHaveLength(1)
  })

  it('logs notes, rolls, rests and pool changes as append-only lines and reads them back as entries', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'S1', date: '2026-03-01' })
    if (!s.ok) throw new Error(s.error.message)
    const sid = s.value.id
    expect((await svc.note({ campaignId: h.campaignId, sessionId: sid, text: 'The party lands at Kessa' })).ok).toBe(true)
    expect((await svc.note({ campaignId: h.campaignId, sessionId: sid, text: 'the captain is a traitor', gmOnly: true })).ok).toBe(true)
    const roll = await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: '3d6+2', label: 'Perception' })
    expect(roll.ok).toBe(true)
    if (!roll.ok) return
    expect(roll.value.dice).toHaveLength(3)
    // the total is the dice plus the modifier
    expect(roll.value.total).toBe(roll.value.dice.reduce((a, d) => a + Number(d.value), 0) + 2)
    // physical dice typed in: used as given, marked manual
    const manual = await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: '2d6+1', dice: [6, 2] })
    expect(manual.ok && manual.value).toMatchObject({ total: 9, dice: [{ die: 'd6', value: 6, manual: true }, { die: 'd6', value: 2, manual: true }] })
    const wrongDie = await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: '2d6', dice: [6, 7] })
    expect(!wrongDie.ok && wrongDie.error.field).toBe('dice.1')
    const tooMany = await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: 'd6', dice: [6, 2] })
    expect(!tooMany.ok && tooMany.error.field).toBe('dice.1')
    const hidden = await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: 'd20', hidden: true })
    expect(hidden.ok && hidden.value.hidden).toBe(true)
    expect((await svc.rest({ campaignId: h.campaignId, sessionId: sid, who: 'Vela', kind: 'healing', amount: 7, text: 'medpac' })).ok).toBe(true)
    expect((await svc.pool({ campaignId: h.campaignId, sessionId: sid, pool: 'forcePoints', delta: -1, reason: 'Vela used the Force' })).ok).toBe(true)

    const log = await svc.log({ campaignId: h.campaignId, sessionId: sid })
    if (!log.ok) throw new Error(log.error.message)
    expect(log.value.map((e) => e.kind)).toEqual(['session', 'note', 'note', 'roll', 'roll', 'roll', 'rest', 'pool'])
    expect(log.value.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(log.value[2]).toMatchObject({ gmOnly: true, params: { text: 'the captain is a traitor' } })
    expect(log.value[3]).toMatchObject({ key: 'log.session.rollLabelled', params: { notation: '3d6+2', total: roll.value.total, label: 'Perception' } })
    expect(log.value[5].gmOnly).toBe(true)
    expect(log.value[6]).toMatchObject({ key: 'log.session.rest.healing', params: { who: 'Vela', amount: 7 } })
    expect(log.value[7]).toMatchObject({ key: 'log.session.pool', params: { pool: 'forcePoints', delta: -1 } })
    // the entries read as text in both languages (src-shared/i18n/log-session.ts)
    expect(formatLog(log.value[3], 'en')).toBe(`Perception: 3d6+2 = ${roll.value.total} (${roll.value.dice.map((d) => d.value).join(', ')})`)
    expect(formatLog(log.value[0], 'pl')).toBe('Sesja „S1” rozpoczęta (2026-03-01)')

    // the file holds the header and one JSON object per line, each with kind and at
    const file = await readFile(join(h.dir, h.campaignId, 'sessions', `${sid}.ndjson`), 'utf8')
    const lines = file.trim().split('\n').map((l) => JSON.parse(l))
    expect(lines[0].kind).toBe('gm-console.session-log')
    expect(lines.slice(1).map((l) => l.kind)).toEqual(['session.started', 'note', 'note', 'roll', 'roll', 'roll', 'rest', 'pool'])
    expect(lines[4]).toMatchObject({ kind: 'roll', notation: '3d6+2', total: roll.value.total })
    expect(typeof lines[4].seed).toBe('string')

    // live: every append was pushed
    const pushed = h.published.filter((p) => p.topic === 'session:logAppended')
    expect(pushed).toHaveLength(8)
  })

  it('filters the log by kind and by search text', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'S1', date: '2026-03-01' })
    if (!s.ok) throw new Error(s.error.message)
    const sid = s.value.id
    await svc.note({ campaignId: h.campaignId, sessionId: sid, text: 'Stormtroopers at the gate' })
    await svc.note({ campaignId: h.campaignId, sessionId: sid, text: 'A quiet night' })
    await svc.roll({ campaignId: h.campaignId, sessionId: sid, notation: '1d6' })
    const notes = await svc.log({ campaignId: h.campaignId, sessionId: sid, filter: { kind: 'note' } })
    expect(notes.ok && notes.value.map((e) => e.params.text)).toEqual(['Stormtroopers at the gate', 'A quiet night'])
    const search = await svc.log({ campaignId: h.campaignId, sessionId: sid, filter: { search: 'STORMTROOP' } })
    expect(search.ok && search.value.map((e) => e.params.text)).toEqual(['Stormtroopers at the gate'])
    const byEnc = await svc.log({ campaignId: h.campaignId, sessionId: sid, filter: { encounterId: 'nope' } })
    expect(byEnc.ok && byEnc.value).toEqual([])
  })

  it('ends a session: endedAt is set, the log gets session.ended, and later appends are refused', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'S1', date: '2026-03-01' })
    if (!s.ok) throw new Error(s.error.message)
    const ended = await svc.end({ campaignId: h.campaignId, sessionId: s.value.id })
    // endedAt comes from the injected clock, after the start
    expect(ended.ok && ended.value.endedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(ended.ok && s.value.startedAt < ended.value.endedAt!).toBe(true)
    const note = await svc.note({ campaignId: h.campaignId, sessionId: s.value.id, text: 'too late' })
    expect(note.ok).toBe(false)
    if (!note.ok) expect(note.error).toMatchObject({ code: 'conflict', field: 'sessionId' })
    const twice = await svc.end({ campaignId: h.campaignId, sessionId: s.value.id })
    expect(twice.ok).toBe(false)
    const open = await svc.openSession(h.campaignId)
    expect(open.ok && open.value).toBeNull()
    const log = await svc.log({ campaignId: h.campaignId, sessionId: s.value.id })
    expect(log.ok && log.value.map((e) => e.key)).toEqual(['log.session.started', 'log.session.ended'])
  })

  it('bad input gives a Result naming the field and writes nothing', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'S1', date: '2026-03-01' })
    if (!s.ok) throw new Error(s.error.message)
    const bad = await svc.roll({ campaignId: h.campaignId, sessionId: s.value.id, notation: '3d6+' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'invalid', field: 'notation' })
    const unknown = await svc.note({ campaignId: h.campaignId, sessionId: 'no-such-session', text: 'x' })
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.error).toMatchObject({ code: 'not-found', field: 'sessionId' })
    const log = await svc.log({ campaignId: h.campaignId, sessionId: s.value.id })
    expect(log.ok && log.value).toHaveLength(1)
  })

  it('after a restart reads the log from disk; a damaged line is skipped and the others keep their line numbers', async () => {
    const s = await svc.start({ campaignId: h.campaignId, title: 'S1', date: '2026-03-01' })
    if (!s.ok) throw new Error(s.error.message)
    const sid = s.value.id
    await svc.note({ campaignId: h.campaignId, sessionId: sid, text: 'one' })
    await h.store.close()
    await appendFile(join(h.dir, h.campaignId, 'sessions', `${sid}.ndjson`), '{"kind":"note","at":"2026-\n')
    const again = await h.reopen()
    const svc2 = createSessionService(again.env, noEvents)
    await svc2.note({ campaignId: h.campaignId, sessionId: sid, text: 'two' })
    const log = await svc2.log({ campaignId: h.campaignId, sessionId: sid })
    if (!log.ok) throw new Error(log.error.message)
    expect(log.value.map((e) => [e.line, e.params.text ?? e.key])).toEqual([
      [2, 'log.session.started'],
      [3, 'one'],
      [4, 'log.session.damaged'],
      [5, 'two'],
    ])
    // the damaged line is reported in its place with its number and the reason, for the log pane
    expect(log.value[2]).toMatchObject({ kind: 'session', params: { line: 4, message: expect.any(String) } })
    expect(log.value[2].at).toBe(log.value[1].at)
  })
})
