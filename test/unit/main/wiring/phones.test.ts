/**
 * Issue 29: players' phones through the wired core. A link per character (made, listed, revoked one by one); a
 * phone (role `character`, bound by its link) sees its own character only and asks for what it may: out of turn it
 * is refused with a plain sentence, in turn its request waits for the GM, who accepts it and the turn moves on; with
 * `requests: 'auto'` it goes through by itself. A phone reaches no GM channel, and the console none of a phone's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { wireCore, type Core } from '../../../../src-main/wiring/create-core'
import { memoryPlayerLinks } from '../../../../src-main/campaign/player-links'
import { GM, must } from './core-calls'
import { createLibraryService } from '../../../../src-main/services/campaigns/library-service'
import type { CharacterLinkView, CharacterRequestView, CharacterView, GmRequestView } from '@shared/views/character-views'
import { recordingLogger } from '../../../support/recording-logger'
import { prep, vela } from '../services/fixtures'
import { harness, type Harness } from '../services/helpers'

interface View { encounter: { id: string; combatants: Array<{ id: string; name: string; templateId?: string }>; turn: { index: number; order: string[] } } }

let h: Harness
let core: Core
let pcIds: string[]
let eid: string
const pushed: Array<{ scope: string; payload: unknown }> = []

const phone = (link: CharacterLinkView, n = 1) => ({ role: 'character' as const, callerId: `phone-${link.id}-${n}`, link: { id: link.id, campaignId: h.campaignId, characterId: link.characterId } })
async function ask<T>(ctx: ReturnType<typeof phone>, channel: string, req: unknown): Promise<{ ok: boolean; value?: T; error?: { code: string; message: string; field?: string } }> {
  return (await core.dispatch(channel, req, ctx)) as { ok: boolean; value?: T; error?: { code: string; message: string; field?: string } }
}

beforeEach(async () => {
  h = await harness('saga')
  const library = createLibraryService(h.env)
  const { pcId, planId } = await prep(library, h.campaignId)
  const second = await library.save(h.campaignId, { name: 'Tavi Orn', kind: 'pc', tags: ['party'], data: { ...vela, name: 'Tavi Orn' } })
  if (!second.ok) throw new Error(second.error.message)
  pcIds = [pcId, second.value.id]
  const party = await library.setParty(h.campaignId, pcIds)
  if (!party.ok) throw new Error(party.error.message)
  core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store, playerLinks: memoryPlayerLinks() })
  await must(core, 'campaign:open', { campaignId: h.campaignId })
  const launched = await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })
  eid = launched.encounter.id
  await must(core, 'encounter:showToPlayers', { encounterId: eid })
  pushed.length = 0
})
afterEach(async () => {
  await h.cleanup()
})

/** the PC whose turn it is, and the other */
async function turnOf(): Promise<{ now: string; other: string }> {
  const v = await must<View>(core, 'encounter:get', { encounterId: eid })
  const cur = v.encounter.combatants.find((c) => c.id === v.encounter.turn.order[v.encounter.turn.index])
  return cur?.templateId === pcIds[0] ? { now: pcIds[0], other: pcIds[1] } : { now: pcIds[1], other: pcIds[0] }
}

/** next turn until a PC acts */
async function toPcTurn(): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const v = await must<View>(core, 'encounter:get', { encounterId: eid })
    const cur = v.encounter.combatants.find((c) => c.id === v.encounter.turn.order[v.encounter.turn.index])
    if (cur && pcIds.includes(cur.templateId ?? '')) return
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
  }
  throw new Error('no PC turn came')
}

describe('players’ phones (issue 29)', () => {
  it('one link per character; each phone sees its own character only; links are revoked one by one', async () => {
    const a = await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] })
    const b = await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[1] })
    expect(a.characterName).toBe(vela.name)
    expect(b.characterName).toBe('Tavi Orn')
    // a trooper is no player's character
    const lib = await h.store.get(h.campaignId)
    const trooper = lib.ok ? lib.value.data.library.find((r) => r.kind === 'npc')! : null
    expect(await core.dispatch('links:make', { characterId: trooper!.id }, GM)).toMatchObject({ ok: false, error: { field: 'characterId' } })

    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    const va = await ask<CharacterView>(phone(a), 'character:view', {})
    const vb = await ask<CharacterView>(phone(b), 'character:view', {})
    expect(va.value!.characterName).toBe(vela.name)
    expect(va.value!.me?.name).toContain(vela.name)
    expect(vb.value!.me?.name).toContain('Tavi Orn')
    // the one's view holds nothing of the other character's own sheet
    expect(JSON.stringify(va.value)).not.toContain('Tavi Orn')

    // the console lists them; revoking one leaves the other
    const listed = await must<{ links: CharacterLinkView[] }>(core, 'links:list', {})
    expect(listed.links.map((l) => l.characterId).sort()).toEqual([...pcIds].sort())
    const after = await must<{ links: CharacterLinkView[] }>(core, 'links:revoke', { linkId: a.id })
    expect(after.links.map((l) => l.id)).toEqual([b.id])
  })

  it('a phone reaches no GM channel and the console no phone channel', async () => {
    const a = await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] })
    for (const ch of ['encounter:command', 'links:list', 'request:answer', 'table:set', 'campaign:list', 'encounter:get']) {
      expect((await ask(phone(a), ch, {})).error?.code, ch).toBe('forbidden')
    }
    expect(await core.dispatch('character:view', {}, GM)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    // the public board is a phone's too
    expect(await ask(phone(a), 'player:view', {})).toMatchObject({ ok: true })
  })

  it('out of turn refused with a plain sentence; in turn it waits for the GM, who accepts, and the turn moves on', async () => {
    const links = [await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] }), await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[1] })]
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    await toPcTurn()
    const { now, other } = await turnOf()
    const mine = links.find((l) => l.characterId === now)!
    const theirs = links.find((l) => l.characterId === other)!

    const refused = await ask<CharacterRequestView>(phone(theirs), 'character:request', { kind: 'endTurn' })
    expect(refused.value).toMatchObject({ state: 'refused', reason: { key: 'requestReason.notYourTurn' } })
    expect(await must<GmRequestView[]>(core, 'request:list', {})).toEqual([])
    // a phone asking for another character is refused
    expect(await ask(phone(theirs), 'character:request', { kind: 'endTurn', characterId: now })).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'characterId' } })

    const before = await must<View>(core, 'encounter:get', { encounterId: eid })
    const asked = await ask<CharacterRequestView>(phone(mine), 'character:request', { kind: 'endTurn' })
    expect(asked.value?.state).toBe('pending')
    // nothing moved yet: the GM decides
    expect((await must<View>(core, 'encounter:get', { encounterId: eid })).encounter.turn.index).toBe(before.encounter.turn.index)
    const waiting = await must<GmRequestView[]>(core, 'request:list', {})
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ kind: 'endTurn', characterId: now, state: 'pending' })
    const answered = await must<GmRequestView>(core, 'request:answer', { requestId: waiting[0].id, accept: true })
    expect(answered.state).toBe('accepted')
    const moved = await must<View>(core, 'encounter:get', { encounterId: eid })
    expect(moved.encounter.turn.order[moved.encounter.turn.index]).not.toBe(before.encounter.turn.order[before.encounter.turn.index])
    // the phone's own list says so
    const seen = await ask<CharacterView>(phone(mine), 'character:view', {})
    expect(seen.value!.requests[0]).toMatchObject({ id: asked.value!.id, state: 'accepted' })
  })

  it('with requests let through (campaign setting), an end of turn in turn goes through by itself', async () => {
    const link = await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] })
    await must(core, 'table:set', { campaignId: h.campaignId, requests: 'auto' })
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    for (let i = 0; i < 12; i++) {
      const v = await must<View>(core, 'encounter:get', { encounterId: eid })
      if (v.encounter.combatants.find((c) => c.id === v.encounter.turn.order[v.encounter.turn.index])?.templateId === pcIds[0]) break
      await must(core, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
    }
    const asked = await ask<CharacterRequestView>(phone(link), 'character:request', { kind: 'endTurn' })
    expect(asked.value?.state).toBe('accepted')
    const v = await must<View>(core, 'encounter:get', { encounterId: eid })
    expect(v.encounter.combatants.find((c) => c.id === v.encounter.turn.order[v.encounter.turn.index])?.templateId).not.toBe(pcIds[0])
  })

  it('each phone is pushed its own character’s view only, after every change', async () => {
    const links = [await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] }), await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[1] })]
    for (const [i, l] of links.entries()) {
      core.hub.subscribe({ id: `s${i}`, role: 'character', scope: l.id, send: (_t, payload) => pushed.push({ scope: l.id, payload }) }, 'character:view')
    }
    // a TV subscribed to the scoped topic by mistake would be refused by role; a plain publish goes to no phone
    core.hub.publish('character:view', {} as CharacterView)
    expect(pushed).toHaveLength(0)
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    await new Promise((r) => setTimeout(r, 20))
    for (const l of links) {
      const mine = pushed.filter((p) => p.scope === l.id).map((p) => p.payload as CharacterView)
      expect(mine.length).toBeGreaterThan(0)
      expect(mine.every((v) => v.characterId === l.characterId)).toBe(true)
    }
  })
})

describe('a request whose turn has gone (issue 29)', () => {
  it('stops waiting when the GM moves the turn on himself: refused as "your turn was over"', async () => {
    const links = [await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] }), await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[1] })]
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    await toPcTurn()
    const { now } = await turnOf()
    const mine = links.find((l) => l.characterId === now)!
    const asked = await ask<CharacterRequestView>(phone(mine), 'character:request', { kind: 'endTurn' })
    expect(asked.value?.state).toBe('pending')
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
    expect(await must<GmRequestView[]>(core, 'request:list', {})).toEqual([])
    const seen = await ask<CharacterView>(phone(mine), 'character:view', {})
    expect(seen.value!.requests[0]).toMatchObject({ id: asked.value!.id, state: 'refused', reason: { key: 'requestReason.turnMoved' } })
    // answering it now is refused naming the request
    expect(await core.dispatch('request:answer', { requestId: asked.value!.id, accept: true }, GM)).toMatchObject({ ok: false, error: { field: 'requestId' } })
  })
})

describe('a phone’s odds (issue 29)', () => {
  it('only when the GM allows them; the target’s own numbers (defense, "drops to 0") only where its side’s numbers are shown', async () => {
    const link = await must<CharacterLinkView>(core, 'links:make', { characterId: pcIds[0] })
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    const board = (await ask<{ encounter: { order: Array<{ id: string; side: string }> } }>(phone(link), 'player:view', {})).value!
    const trooper = board.encounter.order.find((c) => c.side === 'enemies')!
    expect(await ask(phone(link), 'character:odds', { targetId: trooper.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    await must(core, 'table:set', { campaignId: h.campaignId, odds: true })
    const hidden = await ask<{ hit: number; extra: Record<string, number> }>(phone(link), 'character:odds', { targetId: trooper.id })
    expect(hidden.error).toBeUndefined()
    expect(hidden.value!.hit).toBeGreaterThan(0)
    // the trooper's Reflex and its chance to drop are its numbers: not on the phone while enemies show a descriptor
    expect(hidden.value!.extra).toEqual({})
    await must(core, 'encounter:setDisplay', { encounterId: eid, side: 'enemies', mode: 'exact' })
    const shown = await ask<{ extra: Record<string, number> }>(phone(link), 'character:odds', { targetId: trooper.id })
    expect(Object.keys(shown.value!.extra)).toContain('reflex')
  })
})
