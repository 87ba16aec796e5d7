/**
 * The table soak (issue 27): a seeded random session per rule system, played like a GM in Chromium with the console,
 * a pop-out board and two player pages (a TV at 1920×1080 and a phone at 390×844), against the built browser-mode
 * server. Between the GM's actions, at random points: the server restarted (SIGTERM, and SIGKILL: a crash), a page
 * reloaded, every WebSocket dropped at once (test/support/drop-proxy.ts: what a sleeping laptop or lost Wi-Fi does),
 * the language switched. After every step, each page must come to show what main's state says, by itself:
 * - the GM pages (console, board): the current combatant, the round, a card per combatant, the pools, the newest log
 *   entry; the player pages: exactly the visible combatants of main's player view (never a hidden one), the current
 *   one's turn, the round or tick, the players' pools — read from the DOM through data-testids;
 * - no page text holds a raw i18n key, a combatant id, "undefined", "NaN" or "[object Object]" (en and pl);
 * - no page logged an error; no command the previous state allowed was refused.
 * At the end, the player-safe exports (md, html, json) name no combatant that no player page ever showed, and hold
 * no GM-only note.
 *
 * How the GM acts: End encounter, Show to players, the pool buttons and the language are clicked in the console, Next
 * turn, Undo and Redo pressed as their shortcuts (N, Ctrl+Z, Ctrl+Shift+Z) or, one time in four, clicked; the system's own attacks (its danger-check attack: `RuleSystem.dangerAttack`), conditions,
 * hide/reveal and mid-fight joins go over a GM WebSocket (the channel the console's forms use), each first decided on
 * a copy of the state by the engine, so a refusal by the server is a refusal of a command the state allowed.
 *
 * GMC_TABLE_ACTIONS (default 150 per system) and GMC_TABLE_SEED set the size and the seed; `npm run soak` runs it
 * longer. A failure names the system, the step and the seed.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { GmEncounterView, PlayerBoardView } from '@shared/views/encounter-views'
import { decide, getSystem } from '../../src-main/rules/index'
import { seededRng } from '../../src-main/rules/kit/rng'
import { front, launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { bundleServe } from '../support/serve-bundle'
import { startDropProxy, type DropProxy } from '../support/drop-proxy'
import { Gm, rng, type Rng } from '../support/gm-socket'
import { snapshot, type Snapshot } from '../support/table-snapshot'

const ACTIONS = Number(process.env.GMC_TABLE_ACTIONS ?? 150)
const SEED = Number(process.env.GMC_TABLE_SEED ?? 20261206)
/** how long a page may take to show main's state after a step (a restart included) */
const SETTLE_MS = Number(process.env.GMC_TABLE_SETTLE_MS ?? 20_000)
const VERBOSE = !!process.env.GMC_TABLE_VERBOSE

interface SystemCase {
  id: 'saga' | 'starchasers' | '2d20' | 'storyteller'
  campaign: string
  /** the plans played one after the other (End encounter, then a new encounter) */
  plans: string[]
}
const CASES: SystemCase[] = [
  { id: 'saga', campaign: 'sample-saga', plans: ['enc-hangar-ambush', 'enc-breach-gate'] },
  { id: 'starchasers', campaign: 'sample-starchasers', plans: ['enc-ember-gate', 'enc-ember-depot'] },
  { id: '2d20', campaign: 'sample-2d20', plans: ['enc-warhoon-arena', 'enc-zodanga-palace'] },
  { id: 'storyteller', campaign: 'sample-storyteller', plans: ['enc-pelgo-checkpoint', 'enc-cantina-brawl'] },
]

/** GM-only text written into the session: it must reach no player page and no player-safe export */
const SECRET = 'Zq-secret-cache-under-the-crates'

let browser: Browser
/** browser mode bundled once (a restart then only loads it: test/support/serve-bundle.ts) */
let entry: string
const serveOn = (dataDir: string, port = 0) => startServe(dataDir, 60_000, entry, port)
beforeAll(async () => {
  ;[browser, entry] = await Promise.all([launchBrowser(), bundleServe()])
})
afterAll(async () => {
  await browser?.close()
})

/** network noise while the server is down or a socket was dropped on purpose: not the app's errors */
const NETWORK_NOISE = /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|net::ERR_/

const RAW = [
  [/\bundefined\b/, 'undefined'],
  [/\bNaN\b/, 'NaN'],
  [/\[object Object\]/, '[object Object]'],
  // an i18n key left untranslated: a known catalog group, a dot, a key
  [/\b(?:board|player|encounter|side|log|actions|prep|session|sessions|library|campaign|conditions?|health|system|saga|starchasers|2d20|storyteller|td|st|sc|pools?|export|errors?|danger|dice|nav|lang|theme|status|turn|round)\.(?!(?:json|ndjson|md|html|csv|pdf)\b)[a-z][\w.]*[a-zA-Z]\b/, 'a raw i18n key'],
] as const

/** what no page may show: raw keys, "undefined", "NaN", "[object Object]", a combatant id */
function rawText(text: string, ids: readonly string[]): string | null {
  for (const [re, what] of RAW) {
    const m = re.exec(text)
    if (m) return `${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 60).replace(/\s+/g, ' ')}…`
  }
  for (const id of ids) {
    // ids made of letters only read as words ("kael"): only ids with a dash or a digit are unmistakably ids
    if (!/[-\d]/.test(id)) continue
    const m = new RegExp(`(^|[^\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).exec(text)
    if (m) return `a combatant id (${id}): …${text.slice(Math.max(0, m.index - 40), m.index + 60).replace(/\s+/g, ' ')}…`
  }
  return null
}

/** `text` shows the number `n` (not as a part of a longer number) */
const showsNumber = (text: string, n: number) => new RegExp(`(^|[^\\d])${n}([^\\d]|$)`).test(text)

const currentOf = (e: EncounterState): string | null => (e.turn.index >= 0 ? (e.turn.order[e.turn.index] ?? null) : null)
const running = (e: EncounterState) => e.turn.phase !== 'setup' && e.turn.phase !== 'ended'

/** where a GM page differs from main's GM view (null: it agrees) */
function gmDiff(s: Snapshot, v: GmEncounterView, ids: readonly string[]): string | null {
  const e = v.encounter
  if (s.reconnecting) return 'still shows "reconnecting…"'
  if (s.errorShown) return `shows an error: ${s.errorShown}`
  const raw = rawText(s.text, ids)
  if (raw) return raw
  const cur = currentOf(e)
  if (running(e) && e.turn.phase !== 'surprise' && cur && !s.trackCurrent.includes(cur)) return `turn track marks ${JSON.stringify(s.trackCurrent)} current, main says ${cur}`
  // a tick wheel counts ticks, not rounds
  const number = e.turn.tick ?? e.turn.round
  if (running(e) && e.turn.phase !== 'surprise' && s.trackRound !== null && !showsNumber(s.trackRound, number)) return `round/tick "${s.trackRound}", main says ${number}`
  const missing = e.combatants.filter((c) => !s.cards.includes(c.id)).map((c) => c.name)
  if (missing.length) return `no card for ${missing.join(', ')}`
  const extra = s.cards.filter((id) => !e.combatants.some((c) => c.id === id))
  if (extra.length) return `cards of combatants main does not have: ${extra.join(', ')}`
  for (const [p, n] of Object.entries(e.pools ?? {})) if (p in s.pools && s.pools[p] !== String(n)) return `pool ${p} shows ${s.pools[p]}, main says ${n}`
  const newest = v.log.at(-1) as { seq?: number } | undefined
  if (newest?.seq !== undefined && s.logSeqs.length && !s.logSeqs.includes(newest.seq)) return `log lacks the newest entry (seq ${newest.seq}); shows ${s.logSeqs.slice(-3).join(',')}`
  return null
}

/** where a player page differs from main's player view (null: it agrees) */
function playerDiff(s: Snapshot, v: PlayerBoardView, gmIds: readonly string[], hiddenIds: readonly string[]): string | null {
  if (s.reconnecting) return 'still shows "reconnecting…"'
  const raw = rawText(s.text, gmIds)
  if (raw) return raw
  const leaked = s.playerRows.filter((id) => hiddenIds.includes(id))
  if (leaked.length) return `shows hidden combatant(s) ${leaked.join(', ')}`
  const e = v.encounter
  if (!e) return s.playerRows.length ? `shows ${s.playerRows.length} combatants, main shows no encounter` : null
  if (s.playerWaiting) return `shows "waiting for the encounter", main shows "${e.name}"`
  const order = e.order.map((c) => c.id)
  const stray = s.playerRows.filter((id) => !order.includes(id))
  if (stray.length) return `shows combatants not in main's player view: ${stray.join(', ')}`
  if (s.playerRows.length === 0 && order.length > 0) return 'shows no combatant'
  // every combatant main shows players is on the page (a page a push behind once let a settle pass without the
  // reinforcement that had just joined: the export then named it, "whom no player page ever showed"); a long order
  // (over 40) shows the rows around the turn only (turn-window.ts)
  const missing = order.length <= 40 ? order.filter((id) => !s.playerRows.includes(id)) : []
  if (missing.length) return `does not show ${missing.join(', ')} (main shows them to players)`
  const cur = e.order.find((c) => c.id === e.currentId)
  if (cur && s.playerTurn !== null && !s.playerTurn.includes(cur.name)) return `turn "${s.playerTurn}", main says ${cur.name}`
  const number = e.initiativeModel === 'ticks' && e.tick !== undefined ? e.tick : e.round
  if (e.phase !== 'setup' && e.phase !== 'surprise' && e.phase !== 'ended' && s.playerRound !== null && !showsNumber(s.playerRound, number)) return `round/tick "${s.playerRound}", main says ${number}`
  for (const [p, shown] of Object.entries(s.playerPools)) {
    const n = e.pools?.[p]
    if (n === undefined) return `shows the ${p} pool ("${shown}"), which main does not give players`
    if (!showsNumber(shown, n)) return `${p} "${shown}", main says ${n}`
  }
  return null
}

interface Table {
  sys: SystemCase
  r: Rng
  dataDir: string
  server: ServeProcess
  serverPort: number
  proxy: DropProxy
  gm: Gm
  consoleP: Page
  board: Page
  tv: Page
  phone: Page
  encounterId: string
  planIndex: number
  step: number
  /** the names of the combatants any player page showed (the export check) */
  playerSaw: Set<string>
  /** the names of every combatant of every encounter of the run */
  everyone: Set<string>
  lang: 'en' | 'pl'
  trace: string[]
  /** main's fight was running (past its setup, not ended) when the last settle passed */
  fightOn: boolean
  /** the steps that ended with the fight running: a run idling in a setup or an ended fight proves little */
  stepsInFight: number
  /** this step clicked a button or pressed a shortcut in the console: main's state must show it */
  clicked: boolean
}

const where = (t: Table) => `${t.sys.id}, step ${t.step} (seed ${SEED}); last steps: ${t.trace.slice(-6).join(' → ')}`

/** main's state of the fight as far as a GM's click changes it: the encounter, its log's length, what undo/redo would do */
const fingerprint = async (t: Table) => {
  const v = await view(t)
  return JSON.stringify([v.encounter, v.logTotal, v.undo, v.redo])
}

async function view(t: Table): Promise<GmEncounterView> {
  const r = await t.gm.call<GmEncounterView>('encounter:get', { encounterId: t.encounterId })
  if (!r.ok) throw new Error(`main cannot give the GM's encounter: ${r.error.message} (${where(t)})`)
  return r.value
}

/** reconnect the test's own GM socket (after a restart) */
async function reconnect(t: Table): Promise<void> {
  const until = Date.now() + SETTLE_MS
  for (;;) {
    try {
      t.gm = await Gm.connect(t.server.consoleUrl)
      return
    } catch (e) {
      if (Date.now() > until) throw new Error(`GM socket: ${(e as Error).message} (${where(t)})`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

/** wait until every page shows main's state; fail with the last difference */
async function settle(t: Table): Promise<void> {
  const until = Date.now() + SETTLE_MS
  const pause = () => new Promise((r) => setTimeout(r, 60))
  for (;;) {
    const [gv, pv] = await Promise.all([view(t), t.gm.must<PlayerBoardView>('player:view', {})])
    // main itself must still show players the encounter the GM showed them (a restart forgets nothing)
    if ((pv.encounter?.id ?? null) !== t.encounterId || !gv.shownToPlayers) {
      if (Date.now() > until) throw new Error(`main shows players ${pv.encounter?.id ?? 'nothing'} (shownToPlayers ${gv.shownToPlayers}), the GM showed them ${t.encounterId} (${where(t)})`)
      await pause()
      continue
    }
    const ids = gv.encounter.combatants.map((c) => c.id)
    t.fightOn = running(gv.encounter)
    for (const c of gv.encounter.combatants) t.everyone.add(c.name)
    const hidden = gv.encounter.combatants.filter((c) => c.hidden).map((c) => c.id)
    const pages = [['console', t.consoleP], ['board', t.board], ['TV', t.tv], ['phone', t.phone]] as const
    const shots = await Promise.all(pages.map(([, page]) => snapshot(page)))
    const diffs: string[] = []
    shots.forEach((s, i) => {
      const player = i >= 2
      const d = player ? playerDiff(s, pv, ids, hidden) : gmDiff(s, gv, ids)
      if (d) diffs.push(`${pages[i][0]}: ${d}`)
      else if (player) for (const c of gv.encounter.combatants) if (s.text.includes(c.name)) t.playerSaw.add(c.name)
    })
    const errors = browser.errors.filter((e) => !NETWORK_NOISE.test(e))
    browser.errors.length = 0
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')} (${where(t)})`)
    if (!diffs.length) return
    if (Date.now() > until) throw new Error(`pages disagree with main after ${SETTLE_MS} ms: ${diffs.join('; ')} (${where(t)})`)
    await pause()
  }
}

/** a command decided on a copy of main's state first: the server must then take it */
async function command(t: Table, cmd: EngineCommand, what: string): Promise<boolean> {
  const gv = await view(t)
  const local = decide(gv.encounter, cmd, { rng: seededRng(t.r.int(1, 2 ** 30)), now: new Date().toISOString() })
  if (!local.ok) return false
  const r = await t.gm.call<GmEncounterView>('encounter:command', { encounterId: t.encounterId, command: cmd })
  if (!r.ok) throw new Error(`${what}: refused although the state allowed it: ${r.error.message} (${where(t)})`)
  return true
}

async function click(t: Table, page: Page, testid: string): Promise<boolean> {
  const b = page.getByTestId(testid)
  if (!(await b.isVisible()) || (await b.isDisabled())) return false
  try {
    await b.click({ timeout: 5_000 })
  } catch (e) {
    // it was disabled between the look and the click (a push arrived): the GM's click did nothing
    if (await b.isDisabled()) return false
    throw new Error(`${testid}: ${(e as Error).message.split('\n')[0]} (${where(t)})`)
  }
  if (page === t.consoleP) t.clicked = true
  return true
}

/** what the button `testid` does, by its keyboard shortcut (three times in four) or a click; false: it is disabled */
async function shortcut(t: Table, testid: string, keys: string): Promise<boolean> {
  if (t.r.next() < 0.25) return click(t, t.consoleP, testid)
  const b = t.consoleP.getByTestId(testid)
  if (!(await b.isVisible()) || (await b.isDisabled())) return false
  // a shortcut acts when no field has the focus (shortcuts.ts)
  await t.consoleP.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?(): void } | null } }).document.activeElement?.blur?.())
  await t.consoleP.keyboard.press(keys)
  t.clicked = true
  return true
}

/** open the campaign, launch the plan, start the fight and show it to players, all in the console */
async function launchInConsole(t: Table, planId: string): Promise<void> {
  const p = t.consoleP
  await p.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"], [data-testid="encounter-board"]').first().waitFor()
  // the first encounter: open the campaign from the list (the console may have opened another sample)
  if (!t.encounterId) {
    await p.getByTestId('nav-home').click()
    await p.getByTestId(`campaign-open-${t.sys.campaign}`).click()
    await p.getByTestId('campaign-overview').waitFor()
  }
  await p.getByTestId('nav-prep').click()
  await p.getByTestId(`plan-item-${planId}`).click()
  await p.getByTestId('plan-launch').click()
  await p.getByTestId('encounter-board').waitFor()
  const list = await t.gm.must<Array<{ id: string; planId: string | null; phase: string }>>('encounter:list', { campaignId: t.sys.campaign })
  t.encounterId = list.filter((e) => e.planId === planId && e.phase !== 'ended').at(-1)!.id
  await p.getByTestId('track-start').waitFor()
  await click(t, p, 'track-roll-initiative')
  await p.getByTestId('track-start').click()
  await expect.poll(async () => (await view(t)).encounter.turn.phase, { timeout: SETTLE_MS }).not.toBe('setup')
  const show = p.getByTestId('show-to-players')
  if (!((await show.textContent()) ?? '').includes('✓')) await show.click()
  await t.board.goto(t.proxy.via(`${t.server.consoleUrl.replace(/\/\?/, '/board?')}&encounter=${encodeURIComponent(t.encounterId)}`))
}

type Action = (t: Table) => Promise<string | null>

/** the visible combatants still in the fight, by the system's own `isOut` */
function alive(e: EncounterState) {
  const sys = getSystem(e.systemId)
  return e.combatants.filter((c) => !c.hidden && !(sys.ok && sys.value.isOut(c)))
}

const ACTIONS_TABLE: Array<[number, string, Action]> = [
  [30, 'next turn', async (t) => {
    if (await shortcut(t, 'board-next', 'n')) return 'next turn'
    // Undo took the fight back to its setup (before Start): the GM starts it again, or the run would idle there
    return (await click(t, t.consoleP, 'track-start')) ? 'start the fight again' : null
  }],
  [26, 'attack', async (t) => {
    const e = (await view(t)).encounter
    if (!running(e)) return null
    const sys = getSystem(e.systemId)
    if (!sys.ok) return null
    const fighters = alive(e)
    const cur = e.combatants.find((c) => c.id === currentOf(e))
    const attacker = cur && fighters.includes(cur) ? cur : t.r.pick(fighters)
    const foes = fighters.filter((c) => c.side !== attacker?.side && (attacker?.side === 'enemies' ? c.side !== 'neutral' : c.side === 'enemies'))
    if (!attacker || !foes.length) return null
    const target = t.r.pick(foes)
    const cmd = sys.value.dangerAttack(e, attacker, target)
    return (await command(t, cmd, `attack ${attacker.name} → ${target.name}`)) ? `attack ${attacker.name} → ${target.name}` : null
  }],
  [8, 'undo', async (t) => ((await shortcut(t, 'board-undo', 'Control+z')) ? 'undo' : null)],
  [5, 'redo', async (t) => ((await shortcut(t, 'board-redo', 'Control+Shift+z')) ? 'redo' : null)],
  [5, 'condition', async (t) => {
    const e = (await view(t)).encounter
    const c = t.r.pick(e.combatants)
    if (!c) return null
    return (await command(t, { type: 'addCondition', combatantId: c.id, key: 'custom.pinned', name: t.r.pick(['Pinned', 'Przygwożdżony']), ends: { at: 'rounds', rounds: 2 } }, `condition on ${c.name}`)) ? `condition on ${c.name}` : null
  }],
  [6, 'own mechanic', async (t) => {
    const e = (await view(t)).encounter
    const c = e.combatants.find((x) => x.id === currentOf(e)) ?? t.r.pick(alive(e))
    if (!c) return null
    const own: Record<SystemCase['id'], EngineCommand> = {
      // the condition track, one step down or up (001)
      saga: { type: 'moveConditionTrack', combatantId: c.id, steps: t.r.pick([1, 1, -1]) },
      // Aim: the next attack's bonus (000)
      starchasers: { type: 'aim', combatantId: c.id },
      // a Movement Action (002)
      '2d20': { type: 'act', combatantId: c.id, action: 'movement' },
      // a miscellaneous action on the wheel (004)
      storyteller: { type: 'act', combatantId: c.id, speed: t.r.int(3, 6) },
    }
    const cmd = own[t.sys.id]
    return (await command(t, cmd, `${cmd.type} ${c.name}`)) ? `${cmd.type} ${c.name}` : null
  }],
  [4, 'pool', async (t) => {
    const names = Object.keys((await view(t)).encounter.pools ?? {})
    if (!names.length) return null
    const p = t.r.pick(names)
    return (await click(t, t.consoleP, `pool-${t.r.pick(['inc', 'dec'])}-${p}`)) ? `pool ${p}` : null
  }],
  [5, 'hide/reveal', async (t) => {
    const e = (await view(t)).encounter
    const c = t.r.pick(e.combatants.filter((x) => x.role !== 'pc'))
    if (!c) return null
    return (await command(t, { type: 'setHidden', combatantId: c.id, hidden: !c.hidden }, `hide/reveal ${c.name}`)) ? `${c.hidden ? 'reveal' : 'hide'} ${c.name}` : null
  }],
  [3, 'join', async (t) => {
    const e = (await view(t)).encounter
    const from = t.r.pick(e.combatants.filter((c) => c.side === 'enemies'))
    if (!from || e.combatants.length > 14) return null
    const cmd = { type: 'addCombatant', statBlock: from.stats, name: `${from.name.replace(/\s+\d+$/, '')} reinforcement`, side: 'enemies', role: from.role, hidden: t.r.next() < 0.3, notes: SECRET } as EngineCommand
    return (await command(t, cmd, `join ${from.name}`)) ? `a ${from.name} joins` : null
  }],
]

/** the pages that show "reconnecting…" now */
async function offline(t: Table): Promise<string[]> {
  const pages = [['console', t.consoleP], ['board', t.board], ['TV', t.tv], ['phone', t.phone]] as const
  const shots = await Promise.all(pages.map(([, page]) => snapshot(page)))
  return pages.filter((_, i) => shots[i].reconnecting).map(([name]) => name)
}

/**
 * The server goes down (`down`) and a new one starts on the same port: every page notices (it says "reconnecting…"
 * while no server answers) and is back online by itself once the new one runs. A settle that read a page still
 * reconnecting as online once passed with the pages offline (the banner is `position: fixed`: table-snapshot.ts).
 */
async function downAndBack(t: Table, down: () => Promise<void>): Promise<void> {
  await down()
  await expect.poll(() => offline(t), { timeout: SETTLE_MS, message: `the pages that noticed the server was down (${where(t)})` }).toEqual(['console', 'board', 'TV', 'phone'])
  t.server = await serveOn(t.dataDir, t.serverPort)
  await reconnect(t)
  await expect.poll(() => offline(t), { timeout: SETTLE_MS, message: `the pages still reconnecting after the server came back (${where(t)})` }).toEqual([])
}

const FAULTS: Array<[number, string, Action]> = [
  [3, 'restart (SIGTERM)', async (t) => {
    await downAndBack(t, () => t.server.stop())
    return 'server restarted (SIGTERM)'
  }],
  [3, 'crash (SIGKILL)', async (t) => {
    await downAndBack(t, () => t.server.kill())
    return 'server crashed and restarted (SIGKILL)'
  }],
  [5, 'reload', async (t) => {
    const [name, page] = t.r.pick([['console', t.consoleP], ['board', t.board], ['TV', t.tv], ['phone', t.phone]] as const)
    await page.reload({ waitUntil: 'load' })
    return `F5 on the ${name}`
  }],
  [3, 'drop sockets', async (t) => `dropped ${t.proxy.drop()} connections`],
  [3, 'language', async (t) => {
    t.lang = t.lang === 'en' ? 'pl' : 'en'
    await t.consoleP.getByTestId('lang-switch').selectOption(t.lang)
    for (const p of [t.board, t.tv, t.phone]) {
      await p.evaluate((l) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('gmc.locale', l), t.lang)
      await p.reload({ waitUntil: 'load' })
    }
    return `language ${t.lang}`
  }],
]

function weighted(r: Rng, table: Array<[number, string, Action]>): [string, Action] {
  const total = table.reduce((s, [w]) => s + w, 0)
  let x = r.next() * total
  for (const [w, name, a] of table) {
    x -= w
    if (x < 0) return [name, a]
  }
  return [table[0][1], table[0][2]]
}

async function endAndNext(t: Table): Promise<string> {
  t.consoleP.once('dialog', (d) => void d.accept())
  await t.consoleP.getByTestId('board-end').click()
  await expect.poll(async () => (await view(t)).encounter.turn.phase, { timeout: SETTLE_MS }).toBe('ended')
  t.planIndex = (t.planIndex + 1) % t.sys.plans.length
  await launchInConsole(t, t.sys.plans[t.planIndex])
  return `end encounter, launch ${t.sys.plans[t.planIndex]}`
}

/** the player-safe exports: nothing that no player page showed */
async function checkExports(t: Table): Promise<void> {
  const sessions = await t.gm.must<Array<{ id: string }>>('session:list', { campaignId: t.sys.campaign })
  const neverShown = [...t.everyone].filter((n) => !t.playerSaw.has(n))
  for (const s of sessions) {
    for (const lang of ['en', 'pl'] as const) {
      for (const format of ['md', 'html', 'json'] as const) {
        const x = await t.gm.must<{ data: string }>('export:session', { campaignId: t.sys.campaign, sessionId: s.id, format, playerSafe: true, lang })
        const what = `${t.sys.id} player-safe ${format} (${lang}) of ${s.id} (seed ${SEED})`
        expect(x.data.includes(SECRET), `${what} holds a GM-only note`).toBe(false)
        for (const n of neverShown) expect(x.data.includes(n), `${what} names ${n}, whom no player page ever showed`).toBe(false)
        if (format !== 'json') expect(rawText(x.data.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]*>/g, ' '), []), `${what}`).toBeNull()
      }
    }
  }
}

describe.each(CASES)('table soak: $id', (sys) => {
  let t: Table | undefined
  afterAll(async () => {
    if (!t) return
    await Promise.all([t.consoleP, t.board, t.tv, t.phone].map((p) => p.close().catch(() => undefined)))
    t.gm.close()
    await t.proxy.close()
    await t.server.stop()
  })

  it(`${ACTIONS} GM actions with restarts, crashes, reloads and dropped sockets: every screen agrees with main`, { timeout: 300_000 + ACTIONS * 8_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `gmc-table-${sys.id}-`))
    const server = await serveOn(dataDir)
    const serverPort = Number(new URL(server.consoleUrl).port)
    const proxy = await startDropProxy(serverPort)
    const gm = await Gm.connect(server.consoleUrl)
    const r = rng(SEED ^ sys.id.split('').reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7))
    const consoleP = await browser.open(proxy.via(server.consoleUrl))
    await consoleP.setViewportSize({ width: 1366, height: 768 })
    const board = await browser.context.newPage()
    await board.setViewportSize({ width: 1366, height: 768 })
    const tv = await browser.open(proxy.via(server.playerUrl))
    await tv.setViewportSize({ width: 1920, height: 1080 })
    const phone = await browser.open(proxy.via(server.playerUrl))
    await phone.setViewportSize({ width: 390, height: 844 })
    for (const p of [consoleP, board, tv, phone]) p.setDefaultTimeout(SETTLE_MS)
    // the GM clicks in the console: its window in front, as at the table (test/support/browser.ts, `front`)
    await front(consoleP)
    t = { sys, r, dataDir, server, serverPort, proxy, gm, consoleP, board, tv, phone, encounterId: '', planIndex: 0, step: 0, playerSaw: new Set(), everyone: new Set(), lang: 'en', trace: [], fightOn: false, stepsInFight: 0, clicked: false }
    // a session with a GM-only note (it must reach no player page and no player-safe export)
    await launchInConsole(t, sys.plans[0])
    if (VERBOSE) console.log(`[${sys.id}] launched ${t.encounterId}`)
    const sessions = await gm.must<Array<{ id: string; endedAt?: string | null }>>('session:list', { campaignId: sys.campaign })
    const live = sessions.find((s) => !s.endedAt)
    if (live) await gm.must('session:note', { campaignId: sys.campaign, sessionId: live.id, text: SECRET, gmOnly: true })
    await settle(t)

    const endAt = Math.floor(ACTIONS * (0.55 + r.next() * 0.2))
    for (t.step = 1; t.step <= ACTIONS; t.step++) {
      let did: string | null
      const t0 = Date.now()
      // a page reloaded or a board opened meanwhile must not leave the console behind another window
      await front(t.consoleP)
      const before = await fingerprint(t)
      t.clicked = false
      if (t.step === endAt) did = await endAndNext(t)
      else {
        const [kind, act] = r.next() < 0.15 ? weighted(r, FAULTS) : weighted(r, ACTIONS_TABLE)
        did = await act(t)
        if (did === null && kind !== 'next turn') did = (await ACTIONS_TABLE[0][2](t)) ?? 'nothing to do'
      }
      t.trace.push(did ?? '—')
      const t1 = Date.now()
      // a button the GM pressed did something in main (a click as the sockets dropped was once lost without a word)
      const table = t
      if (table.clicked) await expect.poll(() => fingerprint(table), { timeout: SETTLE_MS, message: `the GM's ${did} did not reach main (${where(table)})` }).not.toBe(before)
      await settle(t)
      if (t.fightOn) t.stepsInFight++
      if (VERBOSE) {
        const turn = (await view(t)).encounter.turn
        console.log(`[${sys.id} ${t.step}] ${did} (${t1 - t0} + ${Date.now() - t1} ms) ${turn.phase}, round ${turn.round}`)
      }
    }
    // issue 27: a Redo that did not land after Undo of Start left a run (saga, default seed) 102 of its 150 steps in the setup,
    // where no attack, turn or mechanic can be played; the GM starts the fight again now ('next turn')
    expect(t.stepsInFight, `${sys.id}: steps that ended with the fight running (seed ${SEED})`).toBeGreaterThanOrEqual(Math.floor(ACTIONS * 0.8))
    await checkExports(t)
  })
})
