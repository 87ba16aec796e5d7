/**
 * Issue 14, fuzz over the browser-mode WebSocket (the real server of src-main/server over the real core and store):
 * fast-check messages on a GM socket and a player socket, malformed frames among them, and connection attempts
 * without a valid token. See fuzz-check.ts for the checks every answer goes through.
 * Issue 29: and on a phone's socket (role `character`, bound to a PC by its link), while a second PC's phone follows
 * its own view: the phone reaches no GM channel or topic, changes nothing but through an accepted request (never one
 * for another character), is sent only its own character's view, and its socket stays open.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { PUSH_ROLES, type PushTopic } from '@shared/ipc/contract'
import type { CharacterView } from '@shared/views/character-views'
import { urlShell } from '../../../../src-main/wiring/shell'
import { startBrowserServer, type BrowserServer } from '../../../../src-main/web/http-server'
import { DEFAULT_WS_LIMITS } from '../../../../src-main/web/ws-session'
import { recordingLogger } from '../../../support/recording-logger'
import { answerChecker, watchProcess } from './fuzz-check'
import { fuzzSeed, fuzzWorld, messageArb, messageCount, type FuzzWorld, type Message } from './fuzz-world'

const COUNT = messageCount(4000)
/** the limits raised so the fuzz reaches dispatch (the limits themselves are tested in server/hardening.test.ts) */
const unlimited = (role: 'gm' | 'player' | 'character') => ({ ...DEFAULT_WS_LIMITS[role], ratePerSecond: 1e9, burst: 1e9 })

interface Answer {
  id: number | null
  result: { ok: boolean; error?: { code: string } }
}

class Client {
  private next = 1
  private waiting = new Map<number, (a: Answer['result']) => void>()
  /** answers that belong to no request of ours (malformed frames) */
  stray: Answer[] = []
  pushes: Array<{ topic: string; payload: unknown }> = []
  closed = false
  constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Answer | { topic: string; payload: unknown }
      if ('topic' in m) this.pushes.push(m)
      else if (m.id !== null && this.waiting.has(m.id)) {
        this.waiting.get(m.id)!(m.result)
        this.waiting.delete(m.id)
      } else this.stray.push(m)
    })
    // a closed socket answers nothing more: its waiting requests fail at once (a clear failure, never a hang)
    ws.on('close', () => {
      this.closed = true
      for (const resolve of this.waiting.values()) resolve({ ok: false, error: { code: 'connection-closed' } })
      this.waiting.clear()
    })
  }
  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new Client(ws)))
      ws.once('error', reject)
    })
  }
  request(body: Record<string, unknown>): Promise<Answer['result']> {
    const id = this.next++
    return new Promise((resolve) => {
      if (this.closed) return resolve({ ok: false, error: { code: 'connection-closed' } })
      this.waiting.set(id, resolve)
      this.ws.send(JSON.stringify({ id, ...body }))
    })
  }
  /** a raw frame, then a request behind it: every answer in between is the raw frame's */
  async raw(frame: string | Buffer): Promise<Answer[]> {
    const from = this.stray.length
    this.ws.send(frame, { binary: Buffer.isBuffer(frame) })
    await this.request({ channel: 'app:info', payload: {} })
    return this.stray.slice(from)
  }
  close() {
    this.ws.close()
  }
}

/** frames that are not requests: not JSON, not objects, bad ids, extra keys, binary */
const malformed = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => !/^\s*[{[]/.test(s)),
  fc.jsonValue({ maxDepth: 3 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
  fc.record({ id: fc.oneof(fc.integer({ max: -1 }), fc.double({ min: 0.1, max: 9, noInteger: true }), fc.string({ maxLength: 5 }), fc.constant(null)), channel: fc.constant('app:info'), payload: fc.jsonValue({ maxDepth: 1 }) }).map((m) => JSON.stringify(m)),
  fc.record({ id: fc.integer({ min: 1e12, max: 1e13 }), channel: fc.constant('campaign:list'), payload: fc.constant({}), sneaky: fc.jsonValue({ maxDepth: 1 }) }).map((m) => JSON.stringify(m)),
  fc.record({ id: fc.integer({ min: 1e12, max: 1e13 }), channel: fc.string({ minLength: 201, maxLength: 260 }) }).map((m) => JSON.stringify({ ...m, payload: {} })),
  fc.record({ id: fc.integer({ min: 1e12, max: 1e13 }), subscribe: fc.constant('player:view'), unsubscribe: fc.constant('player:view') }).map((m) => JSON.stringify(m)),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
)

let w: FuzzWorld
let server: BrowserServer
let rendererDir: string
const watch = watchProcess()
beforeAll(async () => {
  w = await fuzzWorld()
  rendererDir = mkdtempSync(join(tmpdir(), 'gmc-fuzz-r-'))
  for (const f of ['console.html', 'player.html', 'board.html']) writeFileSync(join(rendererDir, f), '<!doctype html>')
  server = await startBrowserServer({
    dispatch: w.core.dispatch,
    hub: w.core.hub,
    rendererDir,
    port: 0,
    log: recordingLogger(),
    wsLimits: { gm: unlimited('gm'), player: unlimited('player'), character: unlimited('character') },
    links: w.core.linkTokens,
    onLinkSockets: () => w.core.phonesChanged(),
  })
  // as `npm run serve` wires it (src-main/server/serve.ts)
  w.core.attachShell(urlShell(server))
  w.core.attachPhones(server)
})
afterAll(async () => {
  watch.stop()
  await server.close()
  await w.cleanup()
  rmSync(rendererDir, { recursive: true, force: true })
})

const wsUrl = (pageUrl: string) => {
  const u = new URL(pageUrl)
  return `ws://${u.host}/ws${u.search}`
}

/** a connection with this token is refused before any message: 401, never an open socket */
function refused(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => reject(new Error(`opened: ${url}`)))
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once('error', () => undefined)
  })
}

describe('the browser-mode WebSocket under fuzz (issue 14)', () => {
  it(`${COUNT} generated messages on a GM, a player and a phone socket, malformed frames and token-less connections: no crash, refusals change nothing, the player and the phone reach no GM channel or topic (issue 29: the phone)`, async () => {
    const gm = await Client.open(wsUrl(server.consoleUrl))
    const player = await Client.open(wsUrl(server.playerUrl))
    const port = new URL(server.consoleUrl).port
    const [mine, other] = w.phones
    const phone = await Client.open(`ws://127.0.0.1:${port}/ws?token=${mine.token}`)
    // another PC's phone, following its own view: none of it may reach the fuzzed phone
    const otherPhone = await Client.open(`ws://127.0.0.1:${port}/ws?token=${other.token}`)
    expect(await otherPhone.request({ subscribe: 'character:view' })).toMatchObject({ ok: true })
    const sockets = { gm, player, character: phone }
    const items = fc.sample(fc.oneof({ weight: 9, arbitrary: messageArb(w.known).map((m) => ({ m })) }, { weight: 1, arbitrary: fc.record({ raw: malformed, to: fc.constantFrom<'gm' | 'player' | 'character'>('gm', 'player', 'character') }) }), { numRuns: COUNT, seed: fuzzSeed(1415) })
    const check = answerChecker(w, { characterId: mine.characterId })
    await check.start()
    let rawFrames = 0
    let noToken = 0
    for (const item of items) {
      if ('raw' in item) {
        rawFrames++
        const answers = await sockets[item.to].raw(item.raw)
        for (const a of answers) expect(a.result.ok, `a malformed frame is refused: ${String(item.raw).slice(0, 80)}`).toBe(false)
        continue
      }
      const m: Message = item.m
      if (m.who === 'none') {
        // no role: the token is missing or wrong, so the socket never opens and the message is never read
        noToken++
        const token = noToken % 3 === 0 ? '' : noToken % 3 === 1 ? `?token=${encodeURIComponent(JSON.stringify(m).slice(0, 40))}` : `?token=${new URL(server.playerUrl).searchParams.get('token')}x`
        expect(await refused(`ws://127.0.0.1:${port}/ws${token}`)).toBe(401)
        await check.after(m, { ok: false, error: { code: 'forbidden', message: 'no socket without a token' } })
        continue
      }
      const client = sockets[m.who]
      await check.before(m)
      const body = m.kind === 'invoke' ? { channel: m.invoke.channel, payload: m.invoke.payload } : { [m.kind]: m.topic }
      await check.after(m, await client.request(body as Record<string, unknown>))
    }
    await new Promise((r) => setTimeout(r, 200))
    await check.finish()
    // every socket is still open and served
    expect([gm.closed, player.closed, phone.closed, otherPhone.closed]).toEqual([false, false, false, false])
    expect(await gm.request({ channel: 'app:info', payload: {} })).toMatchObject({ ok: true, value: { role: 'gm' } })
    expect(await player.request({ channel: 'app:info', payload: {} })).toMatchObject({ ok: true, value: { role: 'player' } })
    expect(await phone.request({ channel: 'app:info', payload: {} })).toMatchObject({ ok: true, value: { role: 'character' } })
    expect(await phone.request({ channel: 'character:view', payload: {} })).toMatchObject({ ok: true, value: { characterId: mine.characterId } })
    expect(watch.problems).toEqual([])
    // every push the player socket got is a player topic, the phone's a phone's
    expect(player.pushes.map((p) => p.topic as PushTopic).filter((t) => !PUSH_ROLES[t]?.includes('player'))).toEqual([])
    expect(phone.pushes.map((p) => p.topic as PushTopic).filter((t) => !PUSH_ROLES[t]?.includes('character'))).toEqual([])
    // the phone was sent its own character's view only, and the other phone was sent its own
    const views = (c: Client) => c.pushes.filter((p) => p.topic === 'character:view').map((p) => (p.payload as CharacterView).characterId)
    expect(views(phone).filter((id) => id !== mine.characterId)).toEqual([])
    expect(views(otherPhone).length, 'the other phone followed its view').toBeGreaterThan(0)
    expect(views(otherPhone).filter((id) => id !== other.characterId)).toEqual([])
    const { tally } = check
    expect(rawFrames + noToken).toBeGreaterThan(COUNT / 20)
    expect(tally['gm:ok'] ?? 0, JSON.stringify(tally)).toBeGreaterThan(COUNT / 50)
    for (const k of ['gm:invalid', 'gm:not-found', 'gm:unknown-channel', 'player:forbidden', 'player:ok', 'character:forbidden', 'character:ok', 'character:invalid']) expect(tally[k] ?? 0, `${k}: ${JSON.stringify(tally)}`).toBeGreaterThan(0)
    gm.close()
    player.close()
    phone.close()
    otherPhone.close()
  }, 600_000)
})
