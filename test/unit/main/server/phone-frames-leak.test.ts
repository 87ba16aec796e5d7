/**
 * Issue 29, the leak check at the transport: what a phone's socket receives through the real server over the real
 * core, in every registered system, with two phones (two PCs of the party, each with its own link) following the
 * same fight. character-safe-property.test.ts holds the projection (to-character-view.ts) on random fights; this
 * holds the wire: the frames phone A is sent (pushes, whole or delta, and the answers to its own calls), as text
 * and as numbers, while the GM plays a fight with B's GM notes, a GM-only condition on B, a hidden lurker, attacks
 * and turns:
 * - every `character:view` frame A gets is A's own view (A's character, never B's), and holds neither B's combatant
 *   id nor B's name (a condition ending on B's turn would name B; none does here);
 * - no frame holds a GM note (A's own included), the GM-only condition, the hidden combatant's name, id or notes,
 *   B's character id (its library id) or B's HP and maximum HP (distinctive numbers, the party's HP hidden on the
 *   board so the TV shows none).
 * The checker knows nothing of the projections: it takes the secrets from the GM's view of the fight.
 * Checked against planted leaks (each failed every system, then removed): the hub sending a link's view to every
 * phone (scope ignored), and the character view carrying the GM notes in its name.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import type { CharacterLinkView, CharacterView } from '@shared/views/character-views'
import { getSystem, listSystems } from '../../../../src-main/rules/index'
import { startBrowserServer, type BrowserServer } from '../../../../src-main/web/http-server'
import { recordingLogger } from '../../../support/recording-logger'
import { openWorld, value, type World } from '../damaged/world'

type Answer = { id: number | null; result: { ok: boolean; value?: unknown; error?: { code: string } } }

/** a phone's socket: every frame it is sent, as it came */
class Phone {
  frames: string[] = []
  private next = 1
  private waiting = new Map<number, (r: Answer['result']) => void>()
  private constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString()
      this.frames.push(text)
      const m = JSON.parse(text) as Answer | { topic: string }
      if (!('topic' in m) && m.id !== null) this.waiting.get(m.id)?.(m.result)
    })
  }
  static open(url: string): Promise<Phone> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new Phone(ws)))
      ws.once('error', reject)
    })
  }
  request(body: Record<string, unknown>): Promise<Answer['result']> {
    const id = this.next++
    return new Promise((resolve) => {
      this.waiting.set(id, resolve)
      this.ws.send(JSON.stringify({ id, ...body }))
    })
  }
  close() {
    this.ws.close()
  }
}

/** every number in a JSON value */
const numbersIn = (v: unknown, out: number[] = []): number[] => {
  if (typeof v === 'number') out.push(v)
  else if (v && typeof v === 'object') for (const x of Object.values(v)) numbersIn(x, out)
  return out
}
/** a character view without `ends.who` (the one place a public name of another combatant may be) */
const withoutWho = (v: CharacterView): unknown => {
  const c = structuredClone(v)
  for (const cond of c.me?.conditions ?? []) if (cond.ends && typeof cond.ends === 'object' && 'who' in cond.ends) delete (cond.ends as { who?: unknown }).who
  return c
}

let w: Awaited<ReturnType<typeof openWorld>>
let dir: string
let rendererDir: string
let server: BrowserServer
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gmc-phone-leak-'))
  w = await openWorld(dir)
  rendererDir = mkdtempSync(join(tmpdir(), 'gmc-phone-leak-r-'))
  for (const f of ['console.html', 'player.html', 'board.html']) writeFileSync(join(rendererDir, f), '<!doctype html>')
  // as serve.ts wires it: the phones' link tokens resolved by the core, the core told of the server
  server = await startBrowserServer({ dispatch: w.core.dispatch, hub: w.core.hub, rendererDir, port: 0, log: recordingLogger(), links: w.core.linkTokens, onLinkSockets: () => w.core.phonesChanged() })
  w.core.attachPhones(server)
})
afterAll(async () => {
  await server.close()
  await w.close()
  rmSync(dir, { recursive: true, force: true })
  rmSync(rendererDir, { recursive: true, force: true })
})

const call = <T>(channel: string, payload: unknown): Promise<T> => (w as unknown as World).call<T>(channel, payload).then((r) => value(r, channel))
const settle = () => new Promise((r) => setTimeout(r, 60))

describe('a phone socket receives nothing of another character and nothing GM-only, in every system (issue 29)', () => {
  for (const systemId of listSystems()) {
    it(`${systemId}: two phones through the real server, a fight with GM notes, a GM-only condition, a hidden lurker, attacks and turns`, async () => {
      const sys = getSystem(systemId)
      if (!sys.ok) throw new Error(systemId)
      const system = sys.value
      const campaign = await call<{ id: string }>('campaign:create', { name: `Leak ${systemId}`, systemId })
      await call('campaign:open', { campaignId: campaign.id })
      const block = (kind: 'pc' | 'npc', name: string, hp: number) => {
        const b = system.statBlockTemplates[kind](name)
        return typeof b.hp === 'number' ? { ...b, hp } : b
      }
      const hpA = 811
      const hpB = 937
      const a = await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: 'Arlo Phonea', kind: 'pc', tags: [], data: block('pc', 'Arlo Phonea', hpA) } })
      const b = await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: 'Bexa Phoneb', kind: 'pc', tags: [], data: block('pc', 'Bexa Phoneb', hpB) } })
      const grunt = await call<{ id: string }>('library:save', { campaignId: campaign.id, record: { name: 'Grunt', kind: 'npc', tags: [], data: block('npc', 'Grunt', 20) } })
      await call('party:set', { campaignId: campaign.id, ids: [a.id, b.id] })
      const plan = await call<{ id: string }>('plan:save', { campaignId: campaign.id, plan: { name: 'Ambush', notes: '', entries: [{ statBlockId: grunt.id, count: 2, side: 'enemies' }] } })
      const eid = (await call<GmEncounterView>('encounter:launch', { campaignId: campaign.id, planId: plan.id })).encounter.id
      let state: EncounterState = (await call<GmEncounterView>('encounter:get', { encounterId: eid })).encounter
      const command = async (c: Record<string, unknown>, must = false) => {
        const r = await (w as unknown as World).call<GmEncounterView>('encounter:command', { encounterId: eid, command: c })
        if (must) value(r, String(c.type))
        if (r.ok) state = r.value.encounter
        await settle()
        return r.ok
      }
      await command({ type: 'addCombatant', statBlock: block('npc', 'Zqlurker', 30), name: 'Zqlurker', side: 'enemies', role: 'npc', hidden: true, notes: 'LURKNOTE7Q' }, true)
      await command({ type: 'rollInitiative' })
      await command({ type: 'startCombat' }, true)
      await call('encounter:showToPlayers', { encounterId: eid })
      await call('encounter:setDisplay', { encounterId: eid, side: 'party', mode: 'hidden' })

      const links = await Promise.all([a.id, b.id].map((id) => call<CharacterLinkView>('links:make', { characterId: id })))
      const phones = await Promise.all(links.map((l) => Phone.open(`ws://127.0.0.1:${server.port}/ws?token=${new URL(l.url!).searchParams.get('token')}`)))
      for (const p of phones) {
        for (const topic of ['player:view', 'character:view']) expect((await p.request({ subscribe: topic })).ok).toBe(true)
        expect((await p.request({ channel: 'character:view', payload: {} })).ok).toBe(true)
      }
      const combatantOf = (libraryId: string) => state.combatants.find((c) => c.templateId === libraryId)!
      const [ca, cb] = [combatantOf(a.id), combatantOf(b.id)]
      const lurker = state.combatants.find((c) => c.name === 'Zqlurker')!
      await command({ type: 'setNote', combatantId: cb.id, notes: 'BNOTE4K the traitor' }, true)
      await command({ type: 'setNote', combatantId: ca.id, notes: 'ANOTE9J owes the GM' }, true)
      await command({ type: 'addCondition', combatantId: cb.id, key: 'custom.marked', name: 'GMCOND5X', gmOnly: true, ends: { at: 'manual' } }, true)
      await command({ type: 'addCondition', combatantId: ca.id, key: 'custom.shaken', name: 'Shaken', ends: { at: 'rounds', rounds: 3 } }, true)
      const hpOf = (c: Combatant | undefined) => (c && typeof c.state.hp === 'number' ? [c.state.hp as number, c.state.maxHp as number] : [])
      // B's HP as it stands after each action (the board hides the party's, so no phone of another may show it)
      const bNumbers = new Set<number>(hpOf(cb))
      let attacks = 0
      for (let i = 0; i < 16; i++) {
        const all = state.combatants
        if (i % 2 === 1) {
          // someone attacks B or A (a grunt, the lurker, the other PC): B's HP moves
          const target = i % 4 === 1 ? combatantOf(b.id) : combatantOf(a.id)
          // the one whose turn it is first (a system may let only the actor attack: Starchasers' actions are the
          // actor's, and the rolled order differs run to run), then the others
          const current = all.find((c) => c.id === state.turn.order[state.turn.index])
          const others = [lurker, ...all.filter((c) => c.name.startsWith('Grunt')), combatantOf(i % 4 === 1 ? a.id : b.id)]
          for (const attacker of [...(current ? [current] : []), ...others].filter((c) => c.id !== target.id)) {
            try {
              if (await command(system.dangerAttack(state, attacker, target) as unknown as Record<string, unknown>)) {
                attacks++
                break
              }
            } catch {
              // no attack between these two in this system
            }
          }
        } else await command({ type: 'nextTurn' })
        for (const n of hpOf(combatantOf(b.id))) bNumbers.add(n)
        // A asks something of the GM now and then (its answer is a frame too)
        if (i % 5 === 0) await phones[0].request({ channel: 'character:request', payload: { kind: 'endTurn' } })
      }
      await settle()
      const [pa, pb] = phones
      expect(pa.frames.length, 'phone A was sent its views').toBeGreaterThan(10)
      expect(pb.frames.length, 'phone B was sent its views').toBeGreaterThan(10)
      expect(attacks, 'attacks went through').toBeGreaterThan(0)
      // the checks are not vacuous: B's phone was sent B's HP, its notes are on the GM's side
      const bViews = pb.frames.map((f) => JSON.parse(f) as { topic?: string; payload?: CharacterView }).filter((m) => m.topic === 'character:view').map((m) => m.payload!)
      expect(bViews.length).toBeGreaterThan(0)
      expect(bViews.every((v) => v.characterId === b.id)).toBe(true)
      if (hpOf(cb).length) expect(numbersIn(bViews).some((n) => bNumbers.has(n)), 'B’s phone shows B’s HP').toBe(true)

      const secrets = ['BNOTE4K', 'ANOTE9J', 'GMCOND5X', 'Zqlurker', 'LURKNOTE7Q', lurker.id, b.id]
      const problems: string[] = []
      for (const text of pa.frames) {
        for (const s of secrets) if (text.includes(s)) problems.push(`holds ${s}: ${text.slice(0, 300)}`)
        const msg = JSON.parse(text) as { topic?: string; payload?: unknown; result?: { value?: unknown } }
        const bad = numbersIn(msg).filter((n) => bNumbers.has(n) && n >= 100)
        if (bad.length) problems.push(`holds B’s HP ${bad.join(', ')}: ${text.slice(0, 300)}`)
        const views: CharacterView[] = []
        if (msg.topic === 'character:view') views.push(msg.payload as CharacterView)
        else if (msg.result?.value && typeof msg.result.value === 'object' && 'characterId' in msg.result.value && 'me' in msg.result.value) views.push(msg.result.value as CharacterView)
        for (const v of views) {
          if (v.characterId !== a.id) problems.push(`another character's view: ${v.characterId}`)
          const t = JSON.stringify(withoutWho(v))
          for (const s of [cb.id, 'Bexa Phoneb']) if (t.includes(s)) problems.push(`A's view holds ${s}: ${t.slice(0, 300)}`)
        }
      }
      expect(problems.slice(0, 5), `${problems.length} leaks in ${pa.frames.length} frames`).toEqual([])
      for (const p of phones) p.close()
    }, 60_000)
  }
})
