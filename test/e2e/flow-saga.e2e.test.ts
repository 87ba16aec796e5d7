/**
 * The whole flow of issue 5 in Saga Edition, driven like a GM through the real console in browser mode: create a
 * campaign → stat blocks in the library editor (PC, ally, NPCs) → a plan with numbered mooks, a hidden sniper and an
 * unaware sentry → launch → initiative typed in → show to players → three full rounds with attacks (odds shown
 * before the roll, physical dice typed in), damage, heal, a 1-round condition that expires (W7), undo/redo by
 * shortcut, the sniper revealed. The player page is reloaded after every step and its redaction checked.
 * Screenshots: docs/screenshots/flow-saga-<nn>-<step>-{gm,player}.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, advanceTo, blur, currentName, idOf, newCampaign, newStatBlock, planAndLaunch, SHOTS, stepper, type PlayerExpect } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-flow-saga-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const GM_NOTE = 'Carries the vault codes'

describe('Saga Edition: the whole flow at the table', () => {
  it('campaign → library → plan → launch → three rounds → player page redacted at every step', { timeout: 90_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    const player = await browser.open(server.playerUrl)
    await gm.bringToFront()
    const step = stepper(gm, player, 'flow-saga')

    // 1. campaign and stat blocks through the library editor
    await newCampaign(gm, 'Flow: Saga', 'saga')
    await gm.getByTestId('nav-library').click()
    await newStatBlock(gm, 'Kira Vel', 'pc', { hp: 32, bab: 5, initiative: 9 })
    await newStatBlock(gm, 'Tano', 'ally', { hp: 18, bab: 2 })
    await newStatBlock(gm, 'Trooper', 'npc', { hp: 12, bab: 1 })
    await newStatBlock(gm, 'Sniper', 'npc', { hp: 10, bab: 4 })
    await newStatBlock(gm, 'Sentry', 'npc', { hp: 8 })

    // 2. the plan: the party, the ally, 3 numbered troopers, a hidden sniper, an unaware sentry
    await planAndLaunch(gm, 'Vault ambush', [
      { name: 'Tano', side: 'allies' },
      { name: 'Trooper', count: 3, side: 'enemies' },
      { name: 'Sniper', side: 'enemies', hidden: true },
      { name: 'Sentry', side: 'enemies', unaware: true },
    ])
    for (const k of [1, 2, 3]) await gm.getByTestId('turn-track').getByText(`Trooper ${k}`).waitFor()
    const id = {
      kira: await idOf(gm, 'Kira Vel'),
      tano: await idOf(gm, 'Tano'),
      t1: await idOf(gm, 'Trooper 1'),
      t2: await idOf(gm, 'Trooper 2'),
      t3: await idOf(gm, 'Trooper 3'),
      sniper: await idOf(gm, 'Sniper'),
      sentry: await idOf(gm, 'Sentry'),
    }
    const enemies = [id.t1, id.t2, id.t3, id.sniper, id.sentry]
    await expect.poll(() => gm.getByTestId(`track-entry-${id.sniper}`).getAttribute('class')).toContain('hidden')

    // a GM note on Trooper 1 (never on the player page)
    await gm.getByTestId(`combatant-card-${id.t1}`).click()
    await gm.getByTestId(`combatant-card-${id.t1}`).locator('summary').click()
    await gm.getByTestId(`combatant-notes-${id.t1}`).fill(GM_NOTE)
    await gm.getByTestId(`combatant-notes-${id.t1}`).blur()
    await expect.poll(() => gm.getByTestId(`combatant-notes-${id.t1}`).inputValue()).toBe(GM_NOTE)

    // initiative typed in (the GM's physical rolls): Kira 20, Tano 16, troopers 12/11/10, sniper 14, sentry 5
    const inits: Array<[string, number]> = [[id.kira, 20], [id.tano, 16], [id.t1, 12], [id.t2, 11], [id.t3, 10], [id.sniper, 14], [id.sentry, 5]]
    for (const [cid, v] of inits) {
      await gm.getByTestId(`track-init-${cid}`).fill(String(v))
      await gm.getByTestId(`track-init-${cid}`).press('Enter')
      await expect.poll(() => gm.getByTestId(`track-init-${cid}`).inputValue()).toBe(String(v))
    }
    await expect.poll(() => gm.getByTestId(`track-init-${id.sentry}`).inputValue()).toBe('5')
    await step('setup', 'waiting')

    // 3. start: the sentry is unaware, so a surprise round comes first (001 Step 1)
    await gm.getByTestId('track-start').click()
    await expect.poll(() => gm.getByTestId('track-phase').textContent()).toMatch(/surprise/i)
    expect(await currentName(gm)).toBe('Kira Vel')
    await gm.getByTestId('show-to-players').click()
    // the preview follows the player view while it is in sight: scrolled to, as the GM would look at it
    await gm.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await gm.getByTestId('player-preview').getByTestId('player-order').waitFor()
    const base: PlayerExpect = { absent: ['Sniper', GM_NOTE], present: ['Kira Vel', 'Tano', 'Trooper 1', 'Trooper 2', 'Trooper 3', 'Sentry'], enemyIds: enemies }
    await step('shown-surprise', base)
    // allies are shown exactly by default, as the GM's display settings say
    expect(await player.getByTestId(`player-health-${id.tano}`).textContent()).toContain('18 / 18')

    // 4. Kira attacks Trooper 1: the exact odds are on screen before the roll; physical dice d20=15, 3d6=4+3+2
    await gm.getByTestId('action-tab-attack').click()
    await gm.getByTestId('action-field-targetId').selectOption(id.t1)
    await gm.getByTestId('odds-hit').waitFor()
    const hit = (await gm.getByTestId('odds-hit').textContent()) ?? ''
    expect(hit).toMatch(/^\d+\.\d%$/)
    expect(Number.parseFloat(hit)).toBeGreaterThan(0)
    expect(await gm.getByTestId('odds-expected').textContent()).toMatch(/\d/)
    await act(gm, 'attack', { targetId: id.t1 }, '15 4 3 2')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.t1}`).textContent()).toBe('3 / 12')
    expect(await gm.getByTestId('log-pane').textContent()).toMatch(/Kira Vel[^\n]*Trooper 1/)
    await step('attack-odds', base)
    expect(await player.getByTestId(`player-health-${id.t1}`).textContent()).not.toMatch(/Unhurt/)

    // 5. the surprise round runs out (N); round 1 starts with Kira. A 1-round condition on Trooper 2 (W7: it ends
    //    just before Kira's initiative count in round 2), chosen with the C shortcut
    await advanceTo(gm, 'Kira Vel', 'Round 1')
    await blur(gm)
    await gm.keyboard.press('c')
    await gm.getByTestId('action-form-addCondition').waitFor()
    await act(gm, 'addCondition', { combatantId: id.t2, key: 'saga.suppressed', ends: 'rounds', 'ends.rounds': 1 })
    const chip = gm.getByTestId(`combatant-card-${id.t2}`).locator('.chip', { hasText: /suppressed/i })
    await chip.waitFor()
    const withCond: PlayerExpect = { ...base, conditions: [{ id: id.t2, label: 'Suppressed', shown: true }], round: 1 }
    await step('condition', withCond)

    // 6. damage and heal: Tano's blow on Trooper 2 (5), Trooper 1 shoots Kira (d20=18, 3d6=6+6+6), Kira healed by 5
    await advanceTo(gm, 'Tano')
    await act(gm, 'applyDamage', { combatantId: id.t2, amount: 5 })
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.t2}`).textContent()).toBe('7 / 12')
    await advanceTo(gm, 'Trooper 1')
    await act(gm, 'attack', { targetId: id.kira }, '18 6 6 6')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.kira}`).textContent()).toBe('14 / 32')
    await act(gm, 'heal', { combatantId: id.kira, amount: 5 })
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.kira}`).textContent()).toBe('19 / 32')
    await step('damage-heal', withCond)
    expect(await player.getByTestId(`player-health-${id.kira}`).textContent()).toContain('19 / 32')

    // 7. round 2 comes round to Kira: the condition has expired, on the board and on the player page
    await advanceTo(gm, 'Kira Vel', 'Round 2')
    await expect.poll(() => chip.count()).toBe(0)
    const expired: PlayerExpect = { ...base, conditions: [{ id: id.t2, label: 'Suppressed', shown: false }], round: 2 }
    await step('condition-expired', expired)

    // 8. Kira drops Trooper 2 (d20=16, 3d6=3+3+3 = 9 ≥ 7 HP); undo with Ctrl+Z names the step and puts 7 HP back,
    //    redo with Ctrl+Shift+Z drops it again
    await act(gm, 'attack', { targetId: id.t2 }, '16 3 3 3')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.t2}`).textContent()).toBe('0 / 12')
    const undoLabel = (await gm.getByTestId('board-undo').textContent()) ?? ''
    expect(undoLabel).toMatch(/Undo: .*Kira Vel/)
    await blur(gm)
    await gm.keyboard.press('Control+z')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.t2}`).textContent()).toBe('7 / 12')
    expect(await gm.getByTestId('board-redo').textContent()).toMatch(/Redo: .*Kira Vel/)
    await expect.poll(() => gm.locator('[data-testid^="log-entry-"].undone').count()).toBeGreaterThan(0)
    await step('undone', expired)
    const undoneHealth = (await player.getByTestId(`player-health-${id.t2}`).textContent()) ?? ''
    await blur(gm)
    await gm.keyboard.press('Control+Shift+Z')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.t2}`).textContent()).toBe('0 / 12')
    await expect.poll(() => gm.locator('[data-testid^="log-entry-"].undone').count()).toBe(0)
    await step('redone', expired)
    expect(await player.getByTestId(`player-health-${id.t2}`).textContent()).not.toBe(undoneHealth)

    // 9. the sniper reveals itself: its name reaches the player page; round 3 is played out with a sniper shot
    await gm.getByTestId(`track-hide-${id.sniper}`).click()
    await expect.poll(() => gm.getByTestId(`track-entry-${id.sniper}`).getAttribute('class')).not.toContain('hidden')
    const revealed: PlayerExpect = { ...base, absent: [GM_NOTE], present: [...base.present, 'Sniper'] }
    await step('revealed', revealed)
    await advanceTo(gm, 'Sniper', 'Round 3')
    await act(gm, 'attack', { targetId: id.kira }, '19 2 2 2')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${id.kira}`).textContent()).toBe('13 / 32')
    await advanceTo(gm, 'Kira Vel', 'Round 4')
    await step('three-rounds', { ...revealed, round: 4 })
    expect(browser.errors).toEqual([])
    await player.close()
    await gm.close()
  })
})
