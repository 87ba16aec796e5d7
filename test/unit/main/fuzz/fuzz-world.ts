/**
 * The fuzz harness's world (issue 14): the two sample campaigns in a temp data folder behind the real core, the
 * Saga one open with a launched encounter (so a session is open), and what a refused request must leave alone:
 * the data folder (every file's size, mtime and inode) and the views the GM and the players see.
 * Issue 29: the fight is started and shown to players, and two PCs of the party have a player link each (`phones`),
 * so a phone's messages (role `character`) reach its handlers: its view, its odds, its requests.
 */
import { readdirSync, statSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { CHANNELS, invokeContract, PUSH_TOPICS } from '@shared/ipc/contract'
import { REQUEST_KINDS } from '@shared/domain/table'
import type { GmEncounterView } from '@shared/views/encounter-views'
import type { PlayerLinkStore } from '../../../../src-main/campaign/player-links'
import { openWorld, value, GM } from '../damaged/world'

const RESOURCES = join(import.meta.dirname, '../../../../resources/campaigns')

export interface Known {
  campaignIds: string[]
  planIds: string[]
  libraryIds: string[]
  encounterIds: string[]
  sessionIds: string[]
  /** the live encounter's combatants (GM ids; lone combatants keep theirs on the board) */
  combatantIds: string[]
}

/** a PC's player link (issue 29): what a phone opens its socket with */
export interface PhoneLink {
  linkId: string
  token: string
  characterId: string
}

export type FuzzWorld = Awaited<ReturnType<typeof openWorld>> & { known: Known; phones: PhoneLink[]; cleanup(): Promise<void> }

export async function fuzzWorld(): Promise<FuzzWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-fuzz-'))
  await cp(join(RESOURCES, 'sample-saga'), join(dir, 'sample-saga'), { recursive: true })
  await cp(join(RESOURCES, 'sample-starchasers'), join(dir, 'sample-starchasers'), { recursive: true })
  const w = await openWorld(dir)
  value(await w.call('campaign:open', { campaignId: 'sample-saga' }), 'open')
  const plans = value(await w.call<Array<{ id: string }>>('plan:list', { campaignId: 'sample-saga' }), 'plan:list')
  // the launch answers the GM view (`{ encounter }`): before issue 29 the harness read an `id` it does not have, so
  // the encounter ids it fuzzed with were [undefined] and no message named the live encounter
  const launched = value(await w.call<GmEncounterView>('encounter:launch', { campaignId: 'sample-saga', planId: plans[0].id }), 'launch').encounter
  const library = value(await w.call<Array<{ id: string; kind: string }>>('library:list', { campaignId: 'sample-saga' }), 'library:list')
  // a fight the phones follow: started, on the display
  value(await w.call('encounter:command', { encounterId: launched.id, command: { type: 'rollInitiative' } }), 'initiative')
  const started = value(await w.call<GmEncounterView>('encounter:command', { encounterId: launched.id, command: { type: 'startCombat' } }), 'start')
  value(await w.call('encounter:showToPlayers', { encounterId: launched.id }), 'show')
  const phones: PhoneLink[] = []
  for (const pc of library.filter((r) => r.kind === 'pc' && started.encounter.combatants.some((c) => c.templateId === r.id)).slice(0, 2)) {
    const link = value(await w.call<{ id: string; url: string | null }>('links:make', { characterId: pc.id }), 'links:make')
    // no server here to put the token in a URL: the core's link tokens are the link store (wireCore's)
    const token = (w.core.linkTokens as PlayerLinkStore).get(link.id)?.token
    if (!token) throw new Error(`no token for ${link.id}`)
    phones.push({ linkId: link.id, token, characterId: pc.id })
  }
  const sessions = value(await w.call<Array<{ id: string }>>('session:list', { campaignId: 'sample-saga' }), 'session:list')
  const known: Known = {
    campaignIds: ['sample-saga', 'sample-starchasers'],
    planIds: plans.map((p) => p.id),
    libraryIds: library.map((b) => b.id),
    encounterIds: [launched.id],
    sessionIds: sessions.map((s) => s.id),
    combatantIds: started.encounter.combatants.map((c) => c.id),
  }
  if (phones.length < 2) throw new Error('the Saga sample has two PCs in its first plan')
  return Object.assign(w, { known, phones, cleanup: async () => (await w.close(), await rm(dir, { recursive: true, force: true })) })
}

/** every file and folder under the data folder with its size, mtime and inode (an atomic rewrite changes the inode); synchronous, as it runs around thousands of messages */
export function diskSignature(dir: string): string {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      const s = statSync(p)
      out.push(`${relative(dir, p)} ${e.isDirectory() ? 'dir' : `${s.size} ${s.mtimeMs} ${s.ino}`}`)
      if (e.isDirectory()) walk(p)
    }
  }
  walk(dir)
  return out.sort().join('\n')
}

/**
 * What main holds in memory and shows: the player board, the live encounters (the GM view) and the encounter
 * list. What lives in campaign.json and the session logs is covered by the disk signature.
 */
export async function viewsSignature(w: FuzzWorld): Promise<string> {
  const calls: Array<[string, unknown]> = [
    ['player:view', {}],
    ...w.known.campaignIds.map((c): [string, unknown] => ['encounter:list', { campaignId: c }]),
    ...w.known.encounterIds.map((e): [string, unknown] => ['encounter:get', { encounterId: e }]),
  ]
  const out: unknown[] = []
  for (const [ch, p] of calls) out.push(await w.core.dispatch(ch, p, GM))
  return JSON.stringify(out)
}

const weirdKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '']

/** a JSON value that may carry `__proto__` / `constructor` as own keys (as JSON.parse makes them) */
const nastyJson: fc.Arbitrary<unknown> = fc
  .tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...weirdKeys), fc.jsonValue({ maxDepth: 2 }))
  .map(([v, k, inner]) => JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(inner)},"v":${JSON.stringify(v)}}`) as unknown)

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '..', 'con', 'sample-saga/../x', '%00', '\u0000', '\uFEFF', 'a'.repeat(300), '<script>alert(1)</script>', '1d20+999999999', 'NaN', '-0'),
)

/** a value for a payload key: mostly one the world knows (so requests reach the handlers), else anything */
function valueFor(key: string, known: Known): fc.Arbitrary<unknown> {
  const pools: Record<string, string[]> = {
    campaignId: known.campaignIds,
    planId: known.planIds,
    id: known.libraryIds,
    encounterId: known.encounterIds,
    sessionId: known.sessionIds,
    systemId: ['saga', 'starchasers', '2d20', 'storyteller'],
    format: ['md', 'html', 'json', 'csv', 'pdf'],
    lang: ['en', 'pl'],
    side: ['party', 'allies', 'enemies', 'neutral'],
    mode: ['exact', 'descriptor', 'hidden'],
    // a phone's request: its kind, a character (its own or another's: refused), a target on the board
    kind: [...REQUEST_KINDS, 'pc', 'npc', 'ally'],
    characterId: known.libraryIds,
    targetId: known.combatantIds,
  }
  const pool = pools[key]
  const anything = fc.oneof(oddString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }), nastyJson)
  if (key === 'ids') return fc.oneof(fc.subarray(known.libraryIds), anything)
  if (key === 'command') return fc.oneof(fc.record({ type: fc.constantFrom('nextTurn', 'undo', 'attack', 'setHidden', 'damage', 'heal', 'addCombatant', '__proto__', 'ready') }, { requiredKeys: ['type'] }), nastyJson, anything)
  if (key === 'text') return fc.oneof(oddString, fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), nastyJson.map((v) => JSON.stringify(v)))
  return pool ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: anything }) : anything
}

/** a payload built from the channel's own request keys, some left out, some extra */
function payloadFor(channel: string, known: Known): fc.Arbitrary<unknown> {
  const def = (invokeContract as Record<string, { request: { shape?: Record<string, unknown> } }>)[channel]
  const keys = def?.request?.shape ? Object.keys(def.request.shape) : []
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(k, known)])), { requiredKeys: [] })
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: fc.tuple(shaped, fc.constantFrom(...weirdKeys), fc.jsonValue({ maxDepth: 2 })).map(([p, k, v]) => ({ ...(p as object), ...(JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v)}}`) as object) })) },
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyJson, fc.constant(undefined)) },
  )
}

export interface Invoke {
  channel: string
  payload: unknown
}

/**
 * The contract channels the fuzz calls: all but `window:newPlayerLink`, which revokes the player token and closes the
 * player's connections by design (tested in test/unit/main/server/serve.test.ts); over the WebSocket it would end the
 * fuzz's own player connection rather than test dispatch.
 */
const FUZZED_CHANNELS = CHANNELS.filter((c) => c !== 'window:newPlayerLink')

/** an invoke: a contract channel with a fuzzed payload, or a channel that is not one */
export const invokeArb = (known: Known): fc.Arbitrary<Invoke> =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...FUZZED_CHANNELS).chain((channel) => payloadFor(channel, known).map((payload) => ({ channel, payload }))) },
    { weight: 1, arbitrary: fc.record({ channel: fc.oneof(oddString, fc.constantFrom(...weirdKeys, 'campaign:list ', 'CAMPAIGN:LIST', 'fs:read', 'campaign:', ':list')), payload: fc.jsonValue({ maxDepth: 2 }) }) },
  )

export const topicArb = fc.oneof(fc.constantFrom(...PUSH_TOPICS), oddString, fc.constantFrom(...weirdKeys))

/** who sends: the GM, the TV (player), a phone (character, issue 29), or a caller without a role */
export type Who = 'gm' | 'player' | 'character' | 'none'
export type Message = { who: Who } & ({ kind: 'invoke'; invoke: Invoke } | { kind: 'subscribe' | 'unsubscribe'; topic: unknown })

/** a phone's own channels (`character:*`): a third of a phone's invokes, so its handlers are reached often */
const PHONE_CHANNELS = FUZZED_CHANNELS.filter((c) => invokeContract[c].roles.includes('character'))
const phoneInvokeArb = (known: Known): fc.Arbitrary<Invoke> => fc.constantFrom(...PHONE_CHANNELS).chain((channel) => payloadFor(channel, known).map((payload) => ({ channel, payload })))

export const messageArb = (known: Known): fc.Arbitrary<Message> =>
  fc.record({ who: fc.constantFrom<Who>('gm', 'gm', 'player', 'character', 'none') }).chain(({ who }) =>
    fc.oneof(
      { weight: 8, arbitrary: (who === 'character' ? fc.oneof({ weight: 2, arbitrary: invokeArb(known) }, { weight: 1, arbitrary: phoneInvokeArb(known) }) : invokeArb(known)).map((invoke): Message => ({ who, kind: 'invoke', invoke })) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom<'subscribe' | 'unsubscribe'>('subscribe', 'unsubscribe'), topicArb).map(([kind, topic]): Message => ({ who, kind, topic })) },
    ),
  )

/** how many messages: GMC_FUZZ_MESSAGES, or `n` (×10 under `npm run soak`) */
export const messageCount = (n: number): number => Number(process.env.GMC_FUZZ_MESSAGES ?? (process.env.GMC_SOAK === '1' ? n * 10 : n))
export const fuzzSeed = (s: number): number => Number(process.env.GMC_FUZZ_SEED ?? s)
