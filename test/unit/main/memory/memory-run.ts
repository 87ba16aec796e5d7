/**
 * The memory harness's run (issue 14), in a child process started with --expose-gc by memory.test.ts:
 * a Saga encounter of 200 combatants launched through the real core and store, three windows subscribed through
 * the push hub (the GM console, a pop-out board and the player display, each serialising what it gets as a
 * transport does), then `actions` GM actions (turns, notes on combatants, hiding,
 * session notes, undo and redo). Prints one JSON line: the heap after GC at checkpoints and the bytes the session
 * log grew by.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCampaignStore } from '../../../../src-main/campaign/campaign-store'
import { wireCore } from '../../../../src-main/wiring/create-core'
import type { PushTopic } from '@shared/ipc/contract'

const ACTIONS = Number(process.env.GMC_MEMORY_ACTIONS ?? 5000)
const WARMUP = Number(process.env.GMC_MEMORY_WARMUP ?? 500)
const CHECKPOINTS = 5
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')

const quiet = { info() {}, warn() {}, error(m: string) { process.stderr.write(`${m}\n`) } }
const GM = { role: 'gm' as const, callerId: 'gm' }

async function call<T>(dispatch: ReturnType<typeof wireCore>['dispatch'], channel: string, payload: unknown): Promise<T> {
  const r = await dispatch(channel, payload, GM)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}

async function logBytes(dir: string): Promise<number> {
  let total = 0
  for (const c of await readdir(dir, { withFileTypes: true })) {
    if (!c.isDirectory() || c.name.startsWith('.')) continue
    const sessions = join(dir, c.name, 'sessions')
    for (const f of await readdir(sessions).catch(() => [] as string[])) total += (await stat(join(sessions, f))).size
  }
  return total
}

function heapAfterGc(): number {
  for (let i = 0; i < 4; i++) gc!()
  return process.memoryUsage().heapUsed
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-mem-'))
  const store = createCampaignStore({ dataDir: dir, syncAppends: false })
  const core = wireCore({ mode: 'browser', version: 'mem', log: quiet, campaignStore: store })
  const d = core.dispatch
  const campaign = await call<{ id: string }>(d, 'campaign:create', { name: 'Memory', systemId: 'saga' })
  await call(d, 'campaign:open', { campaignId: campaign.id })
  // one NPC stat block from the system's own template, two plan entries of 100 (the schema's limit per entry)
  const { getSystem } = await import('../../../../src-main/rules/index')
  const sys = getSystem('saga')
  if (!sys.ok) throw new Error('no saga')
  const block = await call<{ id: string }>(d, 'library:save', { campaignId: campaign.id, record: { name: 'Trooper', kind: 'npc', tags: [], data: sys.value.statBlockTemplates.npc('Trooper') } })
  const ally = await call<{ id: string }>(d, 'library:save', { campaignId: campaign.id, record: { name: 'Militia', kind: 'ally', tags: [], data: sys.value.statBlockTemplates.npc('Militia') } })
  const plan = await call<{ id: string }>(d, 'plan:save', {
    campaignId: campaign.id,
    plan: { name: 'Two hundred', notes: '', entries: [{ statBlockId: block.id, count: 100, side: 'enemies', aware: true, hidden: false }, { statBlockId: ally.id, count: 100, side: 'allies', aware: true, hidden: false }] },
  })
  const launched = await call<{ encounter: { id: string; combatants: Array<{ id: string }> } }>(d, 'encounter:launch', { campaignId: campaign.id, planId: plan.id })
  const enc = launched.encounter
  const ids = enc.combatants.map((c) => c.id)
  if (ids.length !== 200) throw new Error(`expected 200 combatants, got ${ids.length}`)
  const sessions = await call<Array<{ id: string; endedAt: string | null }>>(d, 'session:list', { campaignId: campaign.id })
  const sessionId = sessions.find((s) => !s.endedAt)!.id
  await call(d, 'encounter:showToPlayers', { encounterId: enc.id })
  await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'rollInitiative' } })
  await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'startCombat' } })

  // three windows: each serialises what it receives, as IPC or the socket does; what a window keeps lives in its
  // own process (renderer), not in main's heap, so the text is counted and dropped
  const received = { gm: 0, board: 0, player: 0 }
  const bytesSent = { gm: 0, board: 0, player: 0 }
  const windows: Array<{ id: keyof typeof received; role: 'gm' | 'player'; topics: PushTopic[] }> = [
    { id: 'gm', role: 'gm', topics: ['encounter:changed', 'session:logAppended', 'campaign:changed', 'campaigns:changed', 'player:view'] },
    { id: 'board', role: 'gm', topics: ['encounter:changed'] },
    { id: 'player', role: 'player', topics: ['player:view'] },
  ]
  for (const w of windows) {
    for (const t of w.topics) {
      const r = core.hub.subscribe({ id: w.id, role: w.role, send: (_topic, payload) => void ((bytesSent[w.id] += JSON.stringify(payload).length), (received[w.id] += 1)) }, t)
      if (!r.ok) throw new Error(r.error.message)
    }
  }

  // the GM has read the session's log (the Sessions tab): from then on main keeps its readable entries in step with
  // every append, the most main keeps of a session (before that, a restore or a fight builds none)
  const entries = await call<unknown[]>(d, 'session:log', { campaignId: campaign.id, sessionId, filter: {} })
  if (entries.length === 0) throw new Error('the session log read no entries')

  let i = 0
  let undoable = 0
  const act = async () => {
    const k = i++ % 20
    const who = ids[(i * 7) % ids.length]
    if (k < 10) await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'nextTurn' } })
    else if (k < 14) await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'setNote', combatantId: who, notes: `note ${i}` } })
    else if (k < 16) await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'setHidden', combatantId: who, hidden: i % 2 === 0 } })
    else if (k < 18) await call(d, 'session:note', { campaignId: campaign.id, sessionId, text: `session note ${i}`, gmOnly: i % 2 === 0 })
    else if (k === 18) {
      await call(d, 'encounter:undo', { encounterId: enc.id })
      undoable++
    } else if (undoable > 0) {
      await call(d, 'encounter:redo', { encounterId: enc.id })
      undoable--
    } else await call(d, 'encounter:command', { encounterId: enc.id, command: { type: 'nextTurn' } })
  }

  for (let n = 0; n < WARMUP; n++) await act()
  const heap: number[] = [heapAfterGc()]
  const bytes: number[] = [await logBytes(dir)]
  const started = Date.now()
  for (let c = 0; c < CHECKPOINTS; c++) {
    for (let n = 0; n < ACTIONS / CHECKPOINTS; n++) await act()
    heap.push(heapAfterGc())
    bytes.push(await logBytes(dir))
  }
  const out = { actions: ACTIONS, combatants: ids.length, heap, logBytes: bytes, received, bytesSent, ms: Date.now() - started }
  await store.close()
  await rm(dir, { recursive: true, force: true })
  process.stdout.write(`${JSON.stringify(out)}\n`)
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
