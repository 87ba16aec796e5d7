/**
 * The whole flow of issue 12 in the Storyteller tick system (seed 004), driven like a GM through the real console in
 * browser mode: create a campaign → stat blocks in the library editor → a plan with two troopers, a medic droid and a
 * hidden sniper → launch → ticks typed in from the GM's Join Battle dice → show to players → an attack whose Speed
 * and odds show before it is committed (the ghost on the drawn wheel), typed-in dice, the actor moved 5 ticks, the
 * health track filled → the hidden sniper acts (players see the next visible actor on its own tick) → another
 * action with its own Speed, a wait → a social roll with its odds → undo/redo by shortcut → the sniper revealed.
 * The player page is reloaded after every step and its redaction checked (the wheel included).
 * Screenshots: docs/screenshots/flow-storyteller-<nn>-<step>-{gm,player}.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, advanceTo, blur, currentName, idOf, newCampaign, newStatBlock, nextTurnKey, planAndLaunch, selectAction, SHOTS, stepper, type PlayerExpect } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-flow-st-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const GM_NOTE = 'Paid by the Hutt'
/** the tick a combatant's token is drawn on (GM console or player display) */
const tokenTick = async (page: Page, id: string) => {
  // the console also embeds the player preview: its own wheel is the one in the turn track
  const box = page.getByTestId('st-wheel-box')
  const scope = (await box.count()) > 0 ? box : page.getByTestId('player-board')
  return scope.getByTestId(`st-wheel-token-${id}`).getAttribute('data-tick')
}

describe('Storyteller: the whole flow at the table', () => {
  it('campaign → library → plan → launch → the tick wheel with Speed previews, a hidden actor, social roll → player page redacted at every step', { timeout: 120_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    const player = await browser.open(server.playerUrl)
    await gm.bringToFront()
    const step = stepper(gm, player, 'flow-storyteller')
    const log = async () => (await gm.getByTestId('log-pane').textContent()) ?? ''

    // 1. campaign and stat blocks (the template's attributes, abilities, DVs and blaster; Kael's Dexterity 4)
    await newCampaign(gm, 'Flow: Storyteller', 'storyteller')
    await gm.getByTestId('nav-library').click()
    await newStatBlock(gm, 'Kael Vorn', 'pc', { 'attributes.dexterity': 4 })
    await newStatBlock(gm, 'Medic droid', 'ally')
    await newStatBlock(gm, 'Trooper', 'npc')
    await newStatBlock(gm, 'Sniper', 'npc')

    // 2. the plan: the party, the droid, 2 numbered troopers, a hidden sniper
    await planAndLaunch(gm, 'Checkpoint', [
      { name: 'Medic droid', side: 'allies' },
      { name: 'Trooper', count: 2, side: 'enemies' },
      { name: 'Sniper', side: 'enemies', hidden: true },
    ])
    for (const k of [1, 2]) await gm.getByTestId('turn-track').getByText(`Trooper ${k}`).waitFor()
    const id = {
      kael: await idOf(gm, 'Kael Vorn'),
      droid: await idOf(gm, 'Medic droid'),
      t1: await idOf(gm, 'Trooper 1'),
      t2: await idOf(gm, 'Trooper 2'),
      sniper: await idOf(gm, 'Sniper'),
    }
    const enemies = [id.t1, id.t2, id.sniper]
    await gm.getByTestId(`combatant-card-${id.t1}`).click()
    await gm.getByTestId(`combatant-card-${id.t1}`).locator('summary').click()
    await gm.getByTestId(`combatant-notes-${id.t1}`).fill(GM_NOTE)
    await gm.getByTestId(`combatant-notes-${id.t1}`).blur()

    // the GM's Join Battle results as ticks (004: the winner on tick 0, the others count down from it)
    const ticks: Array<[string, number]> = [[id.kael, 0], [id.sniper, 1], [id.t1, 2], [id.t2, 3], [id.droid, 4]]
    for (const [cid, v] of ticks) {
      await gm.getByTestId(`track-init-${cid}`).fill(String(v))
      await gm.getByTestId(`track-init-${cid}`).press('Enter')
      await expect.poll(() => gm.getByTestId(`track-init-${cid}`).inputValue()).toBe(String(v))
    }
    await step('setup', 'waiting')

    // 3. start and show to players: the wheel on both screens, Kael acting on tick 0, the sniper only on the GM's
    await gm.getByTestId('track-start').click()
    await expect.poll(() => currentName(gm)).toBe('Kael Vorn')
    await gm.getByTestId('st-wheel-box').getByTestId('st-wheel').waitFor()
    expect(await tokenTick(gm, id.sniper)).toBe('1')
    expect(await gm.getByTestId('st-wheel-now').textContent()).toBe('Tick 0')
    await gm.getByTestId('show-to-players').click()
    // the preview follows the player view while it is in sight: scrolled to, as the GM would look at it
    await gm.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await gm.getByTestId('player-preview').getByTestId('player-order').waitFor()
    const base: PlayerExpect = { absent: ['Sniper', GM_NOTE], present: ['Kael Vorn', 'Medic droid', 'Trooper 1', 'Trooper 2'], enemyIds: enemies }
    await step('shown', base)
    await playerWheel(player, { [id.kael]: '0', [id.t1]: '2', [id.t2]: '3', [id.droid]: '4' }, id.sniper)

    // 4. Kael aims at Trooper 1: the odds and the Speed (Heavy blaster: 5, tick 0 → 5) before anything is rolled
    await selectAction(gm, 'attack')
    await gm.getByTestId('action-field-targetId').selectOption(id.t1)
    await gm.getByTestId('odds-hit').waitFor()
    expect(Number.parseFloat((await gm.getByTestId('odds-hit').textContent()) ?? '')).toBeGreaterThan(0)
    await gm.getByTestId('odds-chart').waitFor()
    await expect.poll(() => gm.getByTestId('st-speed-text').textContent()).toMatch(/Kael Vorn attacks with Blaster pistol on tick 0: Speed 5 moves them to tick 5/)
    expect(await gm.getByTestId('st-wheel-box').getByTestId(`st-wheel-ghost-${id.kael}`).getAttribute('data-tick')).toBe('5')
    expect(await tokenTick(gm, id.kael)).toBe('0')
    await step('attack-preview', base)

    // 5. the shot with typed-in dice: accuracy Dex 4 + Marksmanship 1 + Accuracy 1 = 6 dice, 9 9 8 7 2 1 = 4 vs
    //    Dodge DV 2 (net 2); damage Wits 2 + 3 + 2 = 7 dice, 9 8 7 3 2 1 1 = 3 − soak 1 = 2 lethal (004, T4)
    await act(gm, 'attack', { targetId: id.t1 }, '9 9 8 7 2 1 9 8 7 3 2 1 1')
    await expect.poll(log).toMatch(/Kael Vorn hits Trooper 1 with Blaster pistol: 4 vs Dodge DV 2 \(net 2\); damage 3 − soak 1 = 2 lethal/)
    await expect.poll(() => tokenTick(gm, id.kael)).toBe('5')
    expect(await gm.getByTestId(`st-health-${id.t1}`).locator('[data-fill="lethal"]').count()).toBe(2)
    expect(await gm.getByTestId(`st-health-${id.t1}`).textContent()).toContain('Wound penalty −1')
    await step('attack', base)
    expect(await player.getByTestId(`player-health-${id.t1}`).textContent()).toMatch(/Hurt/)

    // 6. N: the hidden sniper acts on tick 1. By the campaign's default (issue 27) players see "Enemies’ turn" on the
    //    wheel's tick, never who acts, and nobody visible as acting; the sniper's hit shows live
    await nextTurnKey(gm)
    expect(await currentName(gm)).toBe('Sniper')
    await act(gm, 'attack', { attackerId: id.sniper, targetId: id.kael }, '8 8 8 1 8 8 1 1 1 1')
    await expect.poll(log).toMatch(/Sniper hits Kael Vorn/)
    await step('hidden-acts', base)
    expect(await player.getByTestId('player-turn').textContent()).toBe('Enemies’ turn')
    expect(await player.getByTestId('player-round').textContent()).toContain('Tick 1')
    expect(await player.locator('.pc.current').count()).toBe(0)
    await playerWheel(player, { [id.kael]: '5', [id.t1]: '2', [id.t2]: '3', [id.droid]: '4' }, id.sniper)
    expect(await player.getByTestId(`player-health-${id.kael}`).textContent()).toMatch(/6 \/ 7/)

    // 7. Trooper 1 takes cover (another action, Speed 3: tick 2 → 5); Trooper 2 misses; the droid waits until tick 8
    await advanceTo(gm, 'Trooper 1')
    await selectAction(gm, 'act')
    await gm.getByTestId('action-field-speed').fill('3')
    await expect.poll(() => gm.getByTestId('st-speed-text').textContent()).toMatch(/Trooper 1 acts on tick 2: Speed 3 moves them to tick 5/)
    await act(gm, 'act', { speed: 3, what: 'takes cover' })
    await expect.poll(() => tokenTick(gm, id.t1)).toBe('5')
    await advanceTo(gm, 'Trooper 2')
    await act(gm, 'attack', { attackerId: id.t2, targetId: id.kael }, '1 2 3 4')
    await expect.poll(log).toMatch(/Trooper 2 botches the attack on Kael Vorn/)
    await advanceTo(gm, 'Medic droid')
    await selectAction(gm, 'wait')
    await gm.getByTestId('action-field-tick').fill('8')
    await expect.poll(() => gm.getByTestId('st-speed-text').textContent()).toMatch(/Medic droid waits from tick 4 to tick 8/)
    await act(gm, 'wait', { tick: 8 })
    await expect.poll(() => tokenTick(gm, id.droid)).toBe('8')
    await step('speeds', base)

    // 8. tick 5: Kael asks Trooper 2 to stand down (Manipulation 2 + Persuasion 0 vs Mental DV 2), odds first
    await advanceTo(gm, 'Kael Vorn')
    await selectAction(gm, 'social')
    await gm.getByTestId('action-field-targetId').selectOption(id.t2)
    await gm.getByTestId('action-field-roll').selectOption('persuasion')
    await gm.getByTestId('odds-hit').waitFor()
    await act(gm, 'social', { targetId: id.t2, roll: 'persuasion', aim: 'stand down' }, '9 8')
    await expect.poll(log).toMatch(/Kael Vorn rolls Persuasion on Trooper 2 \(stand down\): 2 vs Mental DV 2, net 0/)
    await step('social', base)

    // 9. Ctrl+Z takes the social roll back (named on the button), Ctrl+Shift+Z puts it back
    expect(await gm.getByTestId('board-undo').textContent()).toMatch(/Undo: .*Kael Vorn/)
    const kaelTick = await tokenTick(gm, id.kael)
    await blur(gm)
    await gm.keyboard.press('Control+z')
    await expect.poll(() => gm.getByTestId('board-redo').textContent()).toMatch(/Redo: .*Kael Vorn/)
    await expect.poll(() => tokenTick(gm, id.kael)).toBe('5')
    await blur(gm)
    await gm.keyboard.press('Control+Shift+Z')
    await expect.poll(() => tokenTick(gm, id.kael)).toBe(kaelTick)
    await step('undo-redo', base)

    // 10. the sniper is revealed: its name and its place on the wheel reach the player page
    await gm.getByTestId(`track-hide-${id.sniper}`).click()
    await expect.poll(() => gm.getByTestId(`track-entry-${id.sniper}`).getAttribute('class')).not.toContain('hidden')
    const revealed: PlayerExpect = { ...base, absent: [GM_NOTE], present: [...base.present, 'Sniper'] }
    await step('revealed', revealed)
    await player.getByTestId(`st-wheel-token-${id.sniper}`).waitFor()
    expect(browser.errors).toEqual([])
    await player.close()
    await gm.close()
  })
})

/** the player page's drawn wheel: each visible combatant on its tick, the hidden one nowhere on it */
async function playerWheel(player: Page, expected: Record<string, string>, hiddenId: string) {
  await player.getByTestId('st-wheel').waitFor()
  for (const [cid, tick] of Object.entries(expected)) expect(await tokenTick(player, cid), cid).toBe(tick)
  expect(await player.getByTestId(`st-wheel-token-${hiddenId}`).count()).toBe(0)
  expect(await player.locator('[data-testid^="st-wheel-token-"]').count()).toBe(Object.keys(expected).length)
  // no Speed preview (the GM's wheel shows what an action would cost): the board less its last result, which since
  // issue 29 may say what a visible combatant did ("Kael Vorn acts (Blaster pistol): Speed 5, from tick 0 to tick 5")
  const board = await player.getByTestId('player-board').textContent()
  const last = (await player.getByTestId('player-last-result').count()) > 0 ? await player.getByTestId('player-last-result').textContent() : ''
  expect((board ?? '').replace(last ?? '', '')).not.toMatch(/Speed \d/)
}
