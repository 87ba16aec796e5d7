/**
 * Issue 14, fuzz over the Electron IPC binding (src-main/ipc/electron-ipc.ts over the real core and store): fast-check
 * messages from a GM window, a player window and an unregistered sender (no role). See fuzz-check.ts for the checks.
 * Issue 29: and a window registered with the phone's role (`character`) but no link, as no window of the desktop app
 * is (a phone is a socket bound to its link): it reaches no GM channel, no character's view, and changes nothing.
 */
import fc from 'fast-check'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUSH_ROLES, type PushTopic } from '@shared/ipc/contract'
import { IPC_INVOKE, IPC_PUSH, IPC_SUBSCRIBE, IPC_UNSUBSCRIBE } from '@shared/ipc/electron-channels'
import { urlShell } from '../../../../src-main/wiring/shell'
import { bindElectronIpc, dropSubscriber } from '../../../../src-main/ipc/electron-ipc'
import { createTrustedSenders } from '../../../../src-main/ipc/trusted-senders'
import { FakeIpcMain, FakeWebContents } from '../../../support/fake-electron'
import { recordingLogger } from '../../../support/recording-logger'
import { answerChecker, watchProcess } from './fuzz-check'
import { fuzzSeed, fuzzWorld, messageArb, messageCount, type FuzzWorld, type Message } from './fuzz-world'

const APP = 'app://gm-console/console.html'
const top = { url: APP, parent: null }
const COUNT = messageCount(6000)

let w: FuzzWorld
const watch = watchProcess()
beforeAll(async () => void (w = await fuzzWorld()))
afterAll(async () => {
  watch.stop()
  await w.cleanup()
})

describe('IPC dispatch under fuzz (issue 14)', () => {
  it(`${COUNT} generated messages from a GM window, a player window and an unregistered sender: no crash, refusals change nothing, the player reaches no GM channel or topic`, async () => {
    // a shell as the desktop one answers (window channels work; no save dialog is offered)
    w.core.attachShell(urlShell({ playerUrl: 'app://gm-console/player.html', boardUrl: (e) => `app://gm-console/board.html?encounter=${e}` }))
    const ipcMain = new FakeIpcMain()
    const senders = createTrustedSenders((id) => dropSubscriber(w.core.hub, id))
    bindElectronIpc({ ipcMain, dispatch: w.core.dispatch, hub: w.core.hub, senders, isAppUrl: (u) => u.startsWith('app://gm-console/'), log: recordingLogger() })
    const windows = { gm: new FakeWebContents(), player: new FakeWebContents(), character: new FakeWebContents(), none: new FakeWebContents() }
    senders.register(windows.gm, 'gm')
    senders.register(windows.player, 'player')
    senders.register(windows.character, 'character')
    const messages = fc.sample(messageArb(w.known), { numRuns: COUNT, seed: fuzzSeed(1414) })
    const check = answerChecker(w)
    await check.start()
    for (const m of messages as Message[]) {
      const sender = windows[m.who]
      await check.before(m)
      const answer =
        m.kind === 'invoke'
          ? await ipcMain.invoke(sender, top, IPC_INVOKE, m.invoke.channel, m.invoke.payload)
          : await ipcMain.invoke(sender, top, m.kind === 'subscribe' ? IPC_SUBSCRIBE : IPC_UNSUBSCRIBE, m.topic)
      await check.after(m, answer)
    }
    // let background work (danger simulations, syncs) finish, then the core still answers
    await new Promise((r) => setTimeout(r, 200))
    await check.finish()
    expect(await ipcMain.invoke(windows.gm, top, IPC_INVOKE, 'app:info', {})).toMatchObject({ ok: true })
    expect(watch.problems).toEqual([])
    // every push the player window got is a player topic
    const playerTopics = windows.player.sent.filter(([c]) => c === IPC_PUSH).map(([, t]) => t as PushTopic)
    expect(playerTopics.filter((t) => !PUSH_ROLES[t]?.includes('player'))).toEqual([])
    // the link-less phone window: phone topics only, and no character's view (a view goes to its link's phones only)
    const phoneTopics = windows.character.sent.filter(([c]) => c === IPC_PUSH).map(([, t]) => t as PushTopic)
    expect(phoneTopics.filter((t) => !PUSH_ROLES[t]?.includes('character') || t === 'character:view')).toEqual([])
    expect(windows.none.sent).toEqual([])
    // the run reached the handlers: successes and each kind of refusal
    const { tally } = check
    expect(tally['gm:ok'] ?? 0, JSON.stringify(tally)).toBeGreaterThan(COUNT / 50)
    for (const k of ['gm:invalid', 'gm:not-found', 'gm:unknown-channel', 'player:forbidden', 'player:ok', 'character:forbidden', 'character:ok', 'none:forbidden']) expect(tally[k] ?? 0, `${k}: ${JSON.stringify(tally)}`).toBeGreaterThan(0)
  }, 600_000)

  it('the checks are not vacuous: a refused request that touched a file, or a player message that changed the view, is caught', async () => {
    const check = answerChecker(w)
    await check.start()
    await writeFile(join(w.dir, 'stray.txt'), 'x')
    const refused = { ok: false, error: { code: 'invalid', message: 'no' } }
    await expect(check.after({ who: 'gm', kind: 'invoke', invoke: { channel: 'campaign:rename', payload: {} } }, refused)).rejects.toThrow(/changed nothing/)
    await check.after({ who: 'player', kind: 'invoke', invoke: { channel: 'player:view', payload: {} } }, { ok: true, value: {} })
    await writeFile(join(w.dir, 'stray.txt'), 'xy')
    await expect(check.before({ who: 'gm', kind: 'invoke', invoke: { channel: 'app:info', payload: {} } })).rejects.toThrow(/player or role-less/)
    await expect(check.after({ who: 'gm', kind: 'invoke', invoke: { channel: 'app:info', payload: {} } }, { ok: false, error: { code: 'internal', message: 'boom' } })).rejects.toThrow(/internal/)
  })

  it('issue 29: the phone checks are not vacuous: a phone changing something without an accepted request, a GM channel answered to a phone, or its request for another character accepted, is caught', async () => {
    const fresh = async () => {
      const c = answerChecker(w, { characterId: 'pc-mine' })
      await c.start()
      return c
    }
    let check = await fresh()
    await writeFile(join(w.dir, 'stray.txt'), 'phone')
    await expect(check.after({ who: 'character', kind: 'invoke', invoke: { channel: 'character:view', payload: {} } }, { ok: true, value: {} })).rejects.toThrow(/without an accepted request/)
    check = await fresh()
    await expect(check.after({ who: 'character', kind: 'invoke', invoke: { channel: 'campaign:list', payload: {} } }, { ok: true, value: [] })).rejects.toThrow(/character refused/)
    await expect(check.after({ who: 'character', kind: 'invoke', invoke: { channel: 'character:request', payload: { kind: 'endTurn', characterId: 'pc-other' } } }, { ok: true, value: {} })).rejects.toThrow(/another character/)
    // its own request, accepted, may change the fight
    await writeFile(join(w.dir, 'stray.txt'), 'request')
    await check.after({ who: 'character', kind: 'invoke', invoke: { channel: 'character:request', payload: { kind: 'endTurn' } } }, { ok: true, value: {} })
  })
})
