import { describe, expect, it, vi } from 'vitest'
import { ok } from '@shared/result'
import { createDispatch, invalidFromZod } from '../../../../src-main/ipc/dispatch'
import { mergeHandlers, type HandlerMap } from '../../../../src-main/ipc/handlers'
import { recordingLogger } from '../../../support/recording-logger'

const gm = { role: 'gm' as const, callerId: 't:gm' }
const player = { role: 'player' as const, callerId: 't:player' }

function setup(extra: HandlerMap = {}) {
  const log = recordingLogger()
  const create = vi.fn(async (req: { name: string; systemId: string }) => ok({ id: 'x', name: req.name, systemId: req.systemId as 'saga', lastOpened: null }))
  const handlers: HandlerMap = { 'campaign:create': create, 'app:info': async (_r, ctx) => ok({ version: '1', mode: 'browser' as const, role: ctx.role }), ...extra }
  return { dispatch: createDispatch(handlers, log), log, create }
}

describe('dispatch', () => {
  it('refuses an unknown channel, logs it, and runs no handler', async () => {
    const { dispatch, log, create } = setup()
    const r = await dispatch('campaign:drop-tables', {}, gm)
    expect(r).toEqual({ ok: false, error: { code: 'unknown-channel', message: expect.stringContaining('campaign:drop-tables'), field: 'channel' } })
    expect(log.lines.some((l) => l.startsWith('warn') && l.includes('unknown channel'))).toBe(true)
    expect(create).not.toHaveBeenCalled()
  })

  it('refuses non-string and prototype channel names', async () => {
    const { dispatch } = setup()
    for (const ch of [42, null, '__proto__', 'toString', 'constructor']) {
      const r = await dispatch(ch, {}, gm)
      expect(r.ok ? null : r.error.code).toBe('unknown-channel')
    }
  })

  it('refuses a player calling a GM channel before validation, and logs it', async () => {
    const { dispatch, log, create } = setup()
    const r = await dispatch('campaign:create', { name: 'x', systemId: 'saga' }, player)
    expect(r.ok ? null : r.error).toMatchObject({ code: 'forbidden', field: 'channel' })
    expect(log.lines.some((l) => l.includes('refused campaign:create for role player'))).toBe(true)
    expect(create).not.toHaveBeenCalled()
  })

  it('lets a player call a channel open to players', async () => {
    const { dispatch } = setup()
    expect(await dispatch('app:info', {}, player)).toEqual(ok({ version: '1', mode: 'browser', role: 'player' }))
  })

  it.each([
    [{ name: '', systemId: 'saga' }, 'name'],
    [{ name: '   ', systemId: 'saga' }, 'name'],
    // a system id is any string to the contract (issue 28): the campaign service refuses one main has not registered
    [{ name: 'A', systemId: 42 }, 'systemId'],
    [{ name: 'A', systemId: '' }, 'systemId'],
    [{ name: 42, systemId: 'saga' }, 'name'],
    [{ systemId: 'saga' }, 'name'],
    [{ name: 'A', systemId: 'saga', admin: true }, 'admin'],
    ['a string', 'payload'],
    [[1, 2], 'payload'],
    [null, 'payload'],
  ])('answers a wrong payload %j with invalid naming %s', async (payload, field) => {
    const { dispatch, create } = setup()
    const r = await dispatch('campaign:create', payload, gm)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('invalid')
      expect(r.error.field).toBe(field)
      expect(r.error.message).toContain(field)
    }
    expect(create).not.toHaveBeenCalled()
  })

  it('passes the parsed (trimmed) request and the caller to the handler', async () => {
    const { dispatch, create } = setup()
    const r = await dispatch('campaign:create', { name: '  Outer Rim  ', systemId: 'saga' }, gm)
    expect(r).toEqual(ok({ id: 'x', name: 'Outer Rim', systemId: 'saga', lastOpened: null }))
    expect(create).toHaveBeenCalledWith({ name: 'Outer Rim', systemId: 'saga' }, gm)
  })

  it('treats a missing payload as an empty object', async () => {
    const { dispatch } = setup()
    expect((await dispatch('app:info', undefined, gm)).ok).toBe(true)
  })

  it('turns a throwing handler into an internal error instead of throwing', async () => {
    const { dispatch, log } = setup({ 'campaign:list': async () => { throw new Error('disk on fire') } })
    const r = await dispatch('campaign:list', {}, gm)
    expect(r.ok ? null : r.error).toMatchObject({ code: 'internal', message: expect.stringContaining('disk on fire') })
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('threw'))).toBe(true)
  })

  it('answers a contract channel without a handler with an error, not a throw', async () => {
    const { dispatch } = setup()
    const r = await dispatch('campaign:list', {}, gm)
    expect(r.ok ? null : r.error.code).toBe('internal')
  })

  it('rejects a handler that returns something other than a Result', async () => {
    const { dispatch } = setup({ 'campaign:list': (async () => [1, 2]) as never })
    expect((await dispatch('campaign:list', {}, gm)).ok).toBe(false)
  })
})

describe('mergeHandlers', () => {
  it('refuses a channel served twice', () => {
    const h: HandlerMap = { 'campaign:list': async () => ok([]) }
    expect(() => mergeHandlers(h, h)).toThrow(/campaign:list/)
  })
  it('keeps every channel of disjoint maps', () => {
    const merged = mergeHandlers({ 'campaign:list': async () => ok([]) }, { 'player:view': async () => ok({ campaignName: null, systemId: null, encounter: null }) })
    expect(Object.keys(merged).sort()).toEqual(['campaign:list', 'player:view'])
  })
})

describe('invalidFromZod', () => {
  it('joins nested paths with dots', async () => {
    const { z } = await import('zod')
    const parsed = z.object({ a: z.array(z.object({ b: z.number() })) }).safeParse({ a: [{ b: 1 }, { b: 'x' }] })
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(invalidFromZod(parsed.error)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'a.1.b' } })
  })

  it('a refused payload carries the zod issue as data (issue 10: the screen says it in words; one count limit 1–100)', async () => {
    const { dispatch } = setup()
    const r = await dispatch('plan:save', { campaignId: 'c1', plan: { name: 'x', entries: [{ statBlockId: 'a', count: 101, side: 'enemies' }] } }, gm)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.field).toBe('plan.entries.0.count')
    expect(r.error.details).toEqual({ issue: { code: 'too_big', origin: 'number', maximum: 100, inclusive: true } })
  })
})
