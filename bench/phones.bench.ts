/**
 * Phones at the table (issue 29): what one action's pushes cost the server when eight phones, the TV and two pop-out
 * boards follow the fight, against the TV alone. Through the real core (dispatch, services, campaign store, hub),
 * each subscriber doing what a socket's session does with a push (ws-session.ts: its delta encoder, then JSON).
 * Three set-ups over the same fight, their actions interleaved (a "next turn" each), so the machine's noise falls
 * on all three alike:
 *   none  nobody follows, the fight is not on the display (the action alone: engine, log append, the GM's view)
 *   tv    the TV's page (`player:view`)
 *   table the TV, 8 phones (each: `player:view` and its own `character:view`), 2 pop-out boards (`encounter:changed`)
 * The push's cost is a set-up's time per action less `none`'s; the figure is table ÷ tv (target < 3).
 * Temp data dir, removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { memoryPlayerLinks } from '../src-main/campaign/player-links'
import { wireCore, type Core } from '../src-main/wiring/create-core'
import { getSystem } from '../src-main/rules/index'
import type { GmEncounterView } from '../src-shared/views/encounter-views'
import type { CharacterLinkView } from '../src-shared/views/character-views'
import { createPushEncoder } from '../src-shared/ipc/push-delta'
import type { PushTopic } from '../src-shared/ipc/contract'
import type { Figure } from './run'

export const name = 'phones'

const GM = { role: 'gm' as const, callerId: 'bench' }
const quiet = { info() {}, warn() {}, error() {} }
const PHONES = 8
const ACTIONS = 300

type Setup = 'none' | 'tv' | 'table'

export async function run(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-phones-'))
  const stores: Array<ReturnType<typeof createCampaignStore>> = []
  try {
    const saga = getSystem('saga')
    if (!saga.ok) throw new Error('no saga')
    const sys = saga.value
    /** one core per set-up, each over its own copy of the same fight */
    async function fight(setup: Setup): Promise<{ core: Core; act: () => Promise<void> }> {
      const store = createCampaignStore({ dataDir: join(dir, setup), syncAppends: false })
      stores.push(store)
      const core = wireCore({ mode: 'browser', version: 'bench', log: quiet, campaignStore: store, playerLinks: memoryPlayerLinks() })
      const call = async <T>(channel: string, payload: unknown): Promise<T> => {
        const r = await core.dispatch(channel as never, payload as never, GM)
        if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
        return r.value as T
      }
      const campaign = await call<{ id: string }>('campaign:create', { name: 'Table', systemId: 'saga' })
      await call('campaign:open', { campaignId: campaign.id })
      const pcs: string[] = []
      for (let i = 0; i < PHONES; i++) pcs.push((await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: `Hero ${i + 1}`, kind: 'pc', tags: [], data: sys.statBlockTemplates.pc(`Hero ${i + 1}`) } })).id)
      await call('party:set', { campaignId: campaign.id, ids: pcs })
      const trooper = await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: 'Trooper', kind: 'npc', tags: [], data: sys.statBlockTemplates.npc('Trooper') } })
      const plan = await call<{ id: string }>('plan:save', { campaignId: campaign.id, plan: { name: 'Twelve', notes: '', entries: [{ statBlockId: trooper.id, count: 12, side: 'enemies' }] } })
      const enc = (await call<GmEncounterView>('encounter:launch', { campaignId: campaign.id, planId: plan.id })).encounter
      // nobody following: not on the display either (main then builds no player view at all)
      if (setup !== 'none') await call('encounter:showToPlayers', { encounterId: enc.id })
      await call('encounter:command', { encounterId: enc.id, command: { type: 'startCombat' } })
      /** a subscriber as a socket's session is: its encoder per subscription, then the frame as JSON */
      let n = 0
      const follow = (role: 'player' | 'character' | 'gm', topic: PushTopic, scope?: string) => {
        const encode = createPushEncoder()
        const r = core.hub.subscribe({ id: `s${++n}`, role, ...(scope ? { scope } : {}), send: (t, payload) => void JSON.stringify({ topic: t, payload: encode(t, payload) }) }, topic)
        if (!r.ok) throw new Error(r.error.message)
      }
      if (setup !== 'none') follow('player', 'player:view')
      if (setup === 'table') {
        for (const pc of pcs) {
          const link = await call<CharacterLinkView>('links:make', { characterId: pc })
          follow('character', 'player:view', link.id)
          follow('character', 'character:view', link.id)
        }
        follow('gm', 'encounter:changed')
        follow('gm', 'encounter:changed')
      }
      return {
        core,
        act: async () => {
          await call('encounter:command', { encounterId: enc.id, command: { type: 'nextTurn' } })
          // the phones' views follow the board's push (a promise): count them in
          await new Promise((r) => setImmediate(r))
        },
      }
    }
    const setups: Setup[] = ['none', 'tv', 'table']
    const fights = await Promise.all(setups.map(async (s) => [s, await fight(s)] as const))
    const time: Record<Setup, number[]> = { none: [], tv: [], table: [] }
    // warm up, then interleaved
    for (let i = 0; i < 20; i++) for (const [, f] of fights) await f.act()
    for (let i = 0; i < ACTIONS; i++) {
      for (const [s, f] of i % 2 ? [...fights].reverse() : fights) {
        const t0 = performance.now()
        await f.act()
        time[s].push(performance.now() - t0)
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const m = { none: median(time.none), tv: median(time.tv), table: median(time.table) }
    const r3 = (x: number) => Math.round(x * 1000) / 1000
    const push = { tv: Math.max(m.tv - m.none, 1e-3), table: Math.max(m.table - m.none, 1e-3) }
    return {
      'phones: one action, nobody following (median)': { value: r3(m.none), unit: 'ms', target: 'info: the reference' },
      'phones: one action, the TV following': { value: r3(m.tv), unit: 'ms', target: 'info' },
      'phones: one action, TV + 8 phones + 2 boards': { value: r3(m.table), unit: 'ms', target: 'info' },
      'phones: push cost, table ÷ TV alone': { value: r3(push.table / push.tv), unit: '×', target: '< 3' },
      'phones: action with the table ÷ action alone': { value: r3(m.table / m.none), unit: '×', target: 'info' },
    }
  } finally {
    for (const s of stores) await s.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
