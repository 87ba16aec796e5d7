/**
 * Push-size benchmark (issue 13): the bytes of one `encounter:changed` push (a "next turn", serialised as the socket
 * does) when the encounter's log holds ~100 entries and ~10,000, through the real core (dispatch, services, campaign
 * store, push hub) with 20 combatants. The push carries a window of the newest entries, so the growth ratio is ~1;
 * `full log` is what the same push weighed when it carried the whole log; `wire` is what a window's socket carries for
 * it, the delta from the window's previous push (push-delta.ts). Temp data dir, removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { wireCore } from '../src-main/wiring/create-core'
import { getSystem } from '../src-main/rules/index'
import type { GmEncounterView, LogPage } from '../src-shared/views/encounter-views'
import { createPushEncoder } from '../src-shared/ipc/push-delta'
import type { Figure } from './run'

export const name = 'push'

const GM = { role: 'gm' as const, callerId: 'bench' }
const quiet = { info() {}, warn() {}, error() {} }

export async function run(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-push-'))
  const store = createCampaignStore({ dataDir: dir, syncAppends: false })
  const core = wireCore({ mode: 'browser', version: 'bench', log: quiet, campaignStore: store })
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const r = await core.dispatch(channel as never, payload as never, GM)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  try {
    const saga = getSystem('saga')
    if (!saga.ok) throw new Error('no saga')
    const campaign = await call<{ id: string }>('campaign:create', { name: 'Push', systemId: 'saga' })
    await call('campaign:open', { campaignId: campaign.id })
    const block = await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: 'Trooper', kind: 'npc', tags: [], data: saga.value.statBlockTemplates.npc('Trooper') } })
    const plan = await call<{ id: string }>('plan:save', { campaignId: campaign.id, plan: { name: 'Twenty', notes: '', entries: [{ statBlockId: block.id, count: 20, side: 'enemies' }] } })
    const enc = (await call<GmEncounterView>('encounter:launch', { campaignId: campaign.id, planId: plan.id })).encounter
    let last = ''
    // what the socket carries: the delta from the previous push (push-delta.ts), as ws-session sends it
    let wire = ''
    const encode = createPushEncoder()
    const sub = core.hub.subscribe(
      {
        id: 'gm',
        role: 'gm',
        send: (t, payload) => {
          last = JSON.stringify(payload)
          wire = JSON.stringify(encode(t, payload))
        },
      },
      'encounter:changed',
    )
    if (!sub.ok) throw new Error(sub.error.message)
    await call('encounter:command', { encounterId: enc.id, command: { type: 'startCombat' } })
    const nextTurn = () => call<GmEncounterView>('encounter:command', { encounterId: enc.id, command: { type: 'nextTurn' } })
    /** the push of a next turn once the log holds `n` entries; and what it weighed with the whole log in it */
    const ids = enc.combatants.map((c) => c.id)
    const at = async (n: number) => {
      // the log filled quickly (an initiative roll for all 20 logs 20 entries), then measured on a next turn
      let v = await nextTurn()
      while (v.logTotal < n - 25) v = await call<GmEncounterView>('encounter:command', { encounterId: enc.id, command: { type: 'rollInitiative', combatantIds: ids } })
      while (v.logTotal < n) v = await nextTurn()
      v = await nextTurn()
      // the whole log, paged through encounter:log as the log pane does
      let whole = v.log
      for (let before = v.logTotal - v.log.length; before > 0; ) {
        const page = await call<LogPage>('encounter:log', { encounterId: enc.id, before, limit: 500 })
        whole = [...page.entries, ...whole]
        before = page.start
      }
      if (whole.length !== v.logTotal) throw new Error(`paged ${whole.length} of ${v.logTotal} entries`)
      return { bytes: last.length, wire: wire.length, entries: v.logTotal, full: last.length - JSON.stringify(v.log).length + JSON.stringify(whole).length }
    }
    const small = await at(100)
    const large = await at(10_000)
    const r3 = (x: number) => Math.round(x * 1000) / 1000
    return {
      [`push bytes, ${small.entries} log entries`]: { value: small.bytes, unit: 'B', target: 'info' },
      [`push bytes, ${large.entries} log entries`]: { value: large.bytes, unit: 'B', target: 'info' },
      'push bytes growth 10,000 ÷ 100 entries': { value: r3(large.bytes / small.bytes), unit: '×', target: '≈ 1 (≤ 1.05)' },
      [`wire bytes (delta), ${small.entries} log entries`]: { value: small.wire, unit: 'B', target: 'info: what the socket carries' },
      [`wire bytes (delta), ${large.entries} log entries`]: { value: large.wire, unit: 'B', target: 'info: what the socket carries' },
      'full-log push growth 10,000 ÷ 100 (before)': { value: r3(large.full / small.full), unit: '×', target: 'info' },
    }
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
