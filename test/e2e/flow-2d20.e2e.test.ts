/**
 * The whole flow of issue 11 in 2d20 (John Carter of Mars, seed 002), driven like a GM through the real console in
 * browser mode: the bundled sample campaign → a stat block in the library → a plan with two numbered Warhoon
 * minions, the white ape (Menace 3) and a hidden Sab Than → launch → Threat on the pools bar → an attribute test
 * with a Luck die and its odds chart before combat (the Momentum saved reaches the player page) → combat in the J7
 * order (players first, the sides alternate) → an opposed attack that dispatches a minion → a minion's shot that
 * becomes Injury → the white ape seizes the initiative (1 Threat) and its Fearsome fists give two Wounds → Luck
 * spent on a Second Wind from the spend buttons → the Threat shown to players → undo / redo → Sab Than revealed.
 * The player page is reloaded after every step and its redaction checked. Screenshots:
 * docs/screenshots/flow-2d20-<nn>-<step>-{gm,player}.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, blur, currentName, idOf, newStatBlock, planAndLaunch, SHOTS, stepper, type PlayerExpect } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-flow-2d20-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const GM_NOTE = 'Bribed by Dak Kova'
const text = async (page: Page, testid: string) => ((await page.getByTestId(testid).textContent()) ?? '').trim()

describe('2d20: the whole flow at the table', () => {
  it('sample → library → plan → launch → test, opposed attacks, seize, spends → player page redacted at every step', { timeout: 200_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    const player = await browser.open(server.playerUrl)
    await gm.bringToFront()
    const step = stepper(gm, player, 'flow-2d20')
    const log = async () => (await gm.getByTestId('log-pane').textContent()) ?? ''

    // 1. the bundled 2d20 sample, and one more narrator character through the library editor (the minion template)
    await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (!(await gm.getByTestId('campaign-home').isVisible())) await gm.getByTestId('nav-home').click()
    await gm.getByTestId('campaign-open-sample-2d20').click()
    await gm.getByTestId('campaign-overview').waitFor()
    await gm.getByTestId('nav-library').click()
    await newStatBlock(gm, 'Arena keeper', 'npc')

    // 2. the plan: the party, Woola, two numbered Warhoon warriors (minions), the white ape, the keeper, hidden Sab Than
    await planAndLaunch(gm, 'Arena breakout', [
      { name: 'Woola', side: 'allies' },
      { name: 'Warhoon warrior', count: 2, side: 'enemies', band: 'near' },
      { name: 'White ape', side: 'enemies', band: 'far' },
      { name: 'Arena keeper', side: 'enemies' },
      { name: 'Sab Than', side: 'enemies', hidden: true },
    ])
    await gm.getByTestId('td-pools').waitFor()
    const id = {
      john: await idOf(gm, 'John Carter'),
      dejah: await idOf(gm, 'Dejah Thoris'),
      woola: await idOf(gm, 'Woola'),
      w1: await idOf(gm, 'Warhoon warrior 1'),
      w2: await idOf(gm, 'Warhoon warrior 2'),
      ape: await idOf(gm, 'White ape'),
      keeper: await idOf(gm, 'Arena keeper'),
      sab: await idOf(gm, 'Sab Than'),
    }
    const enemies = [id.w1, id.w2, id.ape, id.keeper, id.sab]
    // a GM note on the keeper (never on the player page)
    await gm.getByTestId(`combatant-card-${id.keeper}`).click()
    await gm.getByTestId(`combatant-card-${id.keeper}`).locator('summary').click()
    await gm.getByTestId(`combatant-notes-${id.keeper}`).fill(GM_NOTE)
    await gm.getByTestId(`combatant-notes-${id.keeper}`).blur()
    // the crowd howls: 2 Threat with the pools bar's +
    await gm.getByTestId('td-threat-inc').click()
    await expect.poll(() => text(gm, 'td-threat-value')).toBe('1')
    await gm.getByTestId('td-threat-inc').click()
    await expect.poll(() => text(gm, 'td-threat-value')).toBe('2')
    // the stress tracks and their maxima on the cards (002:165): John Carter Injury 0 / 8 (Might 8), the ape's Menace
    expect(await text(gm, `td-track-${id.john}-injury`)).toMatch(/Injury\s*0 \/ 8/)
    expect(await text(gm, `td-menace-${id.ape}`)).toMatch(/Menace 3 · afflictions 0/)
    expect(await text(gm, `td-card-${id.w1}`)).toMatch(/no stress tracks/)
    await step('setup', 'waiting')

    // 3. show to players: the party's Momentum and each PC's Luck, never the Threat (not shown yet) nor Sab Than
    await gm.getByTestId('show-to-players').click()
    // the preview follows the player view while it is in sight: scrolled to, as the GM would look at it
    await gm.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await gm.getByTestId('player-preview').getByTestId('player-order').waitFor()
    const base: PlayerExpect = { absent: ['Sab Than', GM_NOTE], present: ['John Carter', 'Dejah Thoris', 'Woola', 'Warhoon warrior 1', 'Warhoon warrior 2', 'White ape'], enemyIds: enemies }
    await step('shown', base)
    expect(await text(player, 'player-td-momentum')).toMatch(/Party Momentum\s*0/)
    expect(await player.getByTestId('player-td-threat').count()).toBe(0)
    expect(await text(player, `player-td-luck-${id.john}`)).toMatch(/Luck\s*3/)

    // 4. before the fight John Carter tests Cunning + Daring at D1 with a Luck d20 (002:94, a rolled 1): the odds
    //    chart first; dice 8, 12 and the Luck die's 1 → 1 + 0 + 2 = 3 successes, 2 Momentum saved (J1, cap 4)
    await gm.getByTestId('action-tab-test').click()
    await gm.getByTestId('action-form-test').waitFor()
    await gm.getByTestId('action-field-combatantId').selectOption(id.john)
    await gm.getByTestId('action-field-attributes-cunning').check()
    await gm.getByTestId('action-field-attributes-daring').check()
    await gm.getByTestId('action-field-difficulty').fill('1')
    await gm.getByTestId('action-field-luckDice').fill('1')
    await gm.getByTestId('odds-hit').waitFor()
    const success = await text(gm, 'odds-hit')
    expect(success).toMatch(/^\d+\.\d%$/)
    await act(gm, 'test', { combatantId: id.john, difficulty: 1, luckDice: 1 }, '8 12')
    await expect.poll(log).toMatch(/John Carter tests Cunning \+ Daring at D1: 3 successes, 2 Momentum/)
    await expect.poll(() => text(gm, `td-luck-value-${id.john}`)).toBe('2')
    await expect.poll(() => text(gm, 'td-party-momentum-value')).toBe('2')
    await step('test-odds', base)
    expect(await text(player, 'player-td-momentum')).toMatch(/Party Momentum\s*2/)
    expect(await text(player, `player-td-luck-${id.john}`)).toMatch(/Luck\s*2/)

    // 5. combat in the J7 order: the players first, then the sides alternate
    await gm.getByTestId('track-start').click()
    await expect.poll(() => currentName(gm)).toBe('John Carter')
    await expect.poll(() => text(gm, 'td-turn-next')).toBe('Warhoon warrior 1')
    // John Carter's Longsword against Warhoon warrior 1 (002:13: Cunning + Daring vs Daring + Passion): odds of the
    // opposed test first; 3, 8 → 3 successes against 15, 18 → 0: the minion is dispatched (002:78), no combat dice
    await gm.getByTestId('action-tab-attack').click()
    await gm.getByTestId('action-field-targetId').selectOption(id.w1)
    await gm.getByTestId('odds-hit').waitFor()
    expect(Number.parseFloat(await text(gm, "odds-hit"))).toBeGreaterThan(30)
    await act(gm, 'attack', { targetId: id.w1 }, '3 8 15 18')
    await expect.poll(log).toMatch(/John Carter attacks Warhoon warrior 1 with Longsword \(3 vs 0 successes\) and dispatches 1 minion/)
    await expect.poll(() => text(gm, `td-status-${id.w1}`)).toBe('dispatched')
    await step('attack-minion', base)
    expect(await text(player, `player-health-${id.w1}`)).toMatch(/^dispatched$/i)

    // 6. the sides alternate: Warhoon warrior 2 shoots John Carter (Cunning + Reason 8 vs Daring + Empathy 10):
    //    2, 7 → 3 successes against 12, 19 → 0; combat dice 2, 1, 5, 3 → 4 damage, 1 Effect → 4 Injury
    await blur(gm)
    await gm.keyboard.press('n')
    await expect.poll(() => currentName(gm)).toBe('Warhoon warrior 2')
    await act(gm, 'attack', { attackerId: id.w2, targetId: id.john }, '2 7 12 19 2 1 5 3')
    await expect.poll(() => text(gm, `td-track-${id.john}-injury`)).toMatch(/4 \/ 8/)
    await step('minion-shot', base)
    expect(await text(player, `player-td-tracks-${id.john}`)).toMatch(/Injury 4\/8/)

    // 7. Dejah Thoris's turn: the white ape seizes the initiative for 1 Threat (002:118, J7); its Fearsome fists
    //    (Cunning + Daring 12 vs John's Daring + Passion 11): 1, 10 → 3 against 14, 16 → 0; combat dice 2, 2, 6, 5 →
    //    6 damage, 2 Effects: Injury 4 → 8 (the maximum), Fear +2; 5 or more at once and the track filled → 2 Wounds (J4)
    await blur(gm)
    await gm.keyboard.press('n')
    await expect.poll(() => currentName(gm)).toBe('Dejah Thoris')
    // the warrior's unspent Momentum went to Threat (2 successes over D1: src-main/rules/systems/2d20/README.md, Pools): 2 + 2 = 4
    expect(await text(gm, 'td-threat-value')).toBe('4')
    await gm.getByTestId('td-seize-who').selectOption(id.ape)
    await gm.getByTestId('td-seize').click()
    await expect.poll(() => currentName(gm)).toBe('White ape')
    await expect.poll(() => text(gm, 'td-threat-value')).toBe('3')
    await expect.poll(() => text(gm, 'td-turn-next')).toBe('Dejah Thoris')
    await act(gm, 'attack', { attackerId: id.ape, targetId: id.john }, '1 10 14 16 2 2 6 5')
    await expect.poll(() => text(gm, `td-aff-${id.john}-wounds`)).toMatch(/Wounds\s*2/)
    expect(await text(gm, `td-track-${id.john}-injury`)).toMatch(/8 \/ 8/)
    expect(await text(gm, `td-track-${id.john}-fear`)).toMatch(/2 \/ 7/)
    expect(await log()).toMatch(/John Carter suffers a Wound/)
    await gm.locator('[data-testid^="log-entry-"]').last().scrollIntoViewIfNeeded()
    await step('seize-wounds', base)
    expect(await text(player, `player-td-tracks-${id.john}`)).toMatch(/Wounds 2/)

    // 8. the spend buttons: John Carter pays 1 Luck for a Second Wind on Fear (002:98); the GM shows the Threat
    // the spends unfold below the pools bar on demand (issue 27: the bar is two rows)
    await gm.getByTestId('td-spends-toggle').click()
    await gm.getByTestId('td-payer').selectOption(id.john)
    await gm.getByTestId('td-spends-luck').locator('summary').click()
    expect(await text(gm, 'td-spend-secondWind-fear')).toMatch(/Second Wind\s*1: clears Fear/)
    await gm.getByTestId('td-spend-secondWind-fear').click()
    await expect.poll(() => text(gm, `td-track-${id.john}-fear`)).toMatch(/0 \/ 7/)
    await expect.poll(() => text(gm, `td-luck-value-${id.john}`)).toBe('1')
    await gm.getByTestId('td-show-threat').check()
    await expect.poll(log).toMatch(/The players now see the Threat/)
    await step('spends-threat-shown', base)
    // the ape's 2 unspent Momentum went to Threat too: 3 + 2 = 5, the same number on the player page
    expect(await text(gm, 'td-threat-value')).toBe('5')
    expect(await text(player, 'player-td-threat')).toMatch(/Threat\s*5/)
    expect(await text(player, `player-td-luck-${id.john}`)).toMatch(/Luck\s*1/)

    // 9. Dejah Thoris shoots the white ape (Cunning + Reason 15 vs Daring + Empathy 10): 2, 9 → 3 against 15, 17 → 0;
    //    4 combat dice 2, 2, 2, 1 → 7 damage → 7 Injury, 5 or more at once: a Wound (its descriptor on the player page)
    await blur(gm)
    await gm.keyboard.press('n')
    await expect.poll(() => currentName(gm)).toBe('Dejah Thoris')
    await act(gm, 'attack', { attackerId: id.dejah, targetId: id.ape }, '2 9 15 17 2 2 2 1')
    await expect.poll(() => text(gm, `td-aff-${id.ape}-wounds`)).toMatch(/Wounds\s*1/)
    // Ctrl+Z takes the shot back, Ctrl+Shift+Z puts it back
    await blur(gm)
    await gm.keyboard.press('Control+z')
    await expect.poll(() => text(gm, `td-aff-${id.ape}-wounds`)).toMatch(/Wounds\s*0/)
    await blur(gm)
    await gm.keyboard.press('Control+Shift+Z')
    await expect.poll(() => text(gm, `td-aff-${id.ape}-wounds`)).toMatch(/Wounds\s*1/)
    await step('afflicted-undo-redo', base)
    expect(await text(player, `player-health-${id.ape}`)).toMatch(/^afflicted$/i)

    // 10. Sab Than steps out of the shadows (revealed): his name reaches the player page, as a descriptor
    await gm.getByTestId(`track-hide-${id.sab}`).click()
    await expect.poll(() => gm.getByTestId(`track-entry-${id.sab}`).getAttribute('class')).not.toContain('hidden')
    await step('revealed', { ...base, absent: [GM_NOTE], present: [...base.present, 'Sab Than'] })
    expect(await text(player, `player-health-${id.sab}`)).toMatch(/^fresh$/i)
    expect(browser.errors).toEqual([])
    await player.close()
    await gm.close()
  })
})
