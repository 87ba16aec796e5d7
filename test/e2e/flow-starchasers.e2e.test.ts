/**
 * The whole flow of issue 5 in Starchasers (seed 000), driven like a GM through the real console in browser mode:
 * create a campaign → stat blocks in the library editor (PC, ally, NPCs) → a plan with numbered raiders, a hidden
 * enforcer and an unaware lookout → launch → Action Scores typed in → show to players → the surprise round and three
 * full rounds with a dice-pool attack (odds first, symbols typed in), damage, heal, a 1-round condition that expires,
 * a duel (start, exchanges, end; the board shows the Active Fighter and the exchanges), the diceless ally resolver in
 * both directions (000:1339-1413), undo/redo by shortcut, the enforcer revealed. The player page is reloaded after
 * every step and its redaction checked. Screenshots: docs/screenshots/flow-starchasers-<nn>-<step>-{gm,player}.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, advanceTo, blur, checkPlayer, currentName, idOf, newCampaign, newStatBlock, planAndLaunch, SHOTS, stepper, type PlayerExpect } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-flow-sc-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const GM_NOTE = 'Owes the Syndicate'

describe('Starchasers: the whole flow at the table', () => {
  it('campaign → library → plan → launch → duel, diceless ally, three rounds → player page redacted at every step', { timeout: 90_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    const player = await browser.open(server.playerUrl)
    await gm.bringToFront()
    const step = stepper(gm, player, 'flow-starchasers')
    const log = async () => (await gm.getByTestId('log-pane').textContent()) ?? ''
    const hp = (cid: string) => gm.getByTestId(`combatant-hp-${cid}`).textContent()

    // 1. campaign and stat blocks through the library editor
    await newCampaign(gm, 'Flow: Starchasers', 'starchasers')
    await gm.getByTestId('nav-library').click()
    await newStatBlock(gm, 'Juno Marr', 'pc', { hp: 20 })
    await newStatBlock(gm, 'Sparky', 'ally', { hp: 10 })
    await newStatBlock(gm, 'Raider', 'npc', { hp: 8 })
    await newStatBlock(gm, 'Enforcer', 'npc', { tier: 'elite', hp: 12 })
    await newStatBlock(gm, 'Lookout', 'npc', { hp: 6 })

    // 2. the plan: the party, the ally, 3 numbered raiders, a hidden enforcer, an unaware lookout
    await planAndLaunch(gm, 'Depot raid', [
      { name: 'Sparky', side: 'allies' },
      { name: 'Raider', count: 3, side: 'enemies' },
      { name: 'Enforcer', side: 'enemies', hidden: true },
      { name: 'Lookout', side: 'enemies', unaware: true },
    ])
    for (const k of [1, 2, 3]) await gm.getByTestId('turn-track').getByText(`Raider ${k}`).waitFor()
    const id = {
      juno: await idOf(gm, 'Juno Marr'),
      sparky: await idOf(gm, 'Sparky'),
      r1: await idOf(gm, 'Raider 1'),
      r2: await idOf(gm, 'Raider 2'),
      r3: await idOf(gm, 'Raider 3'),
      enforcer: await idOf(gm, 'Enforcer'),
      lookout: await idOf(gm, 'Lookout'),
    }
    const enemies = [id.r1, id.r2, id.r3, id.enforcer, id.lookout]

    // a GM note on Raider 1 (never on the player page)
    await gm.getByTestId(`combatant-card-${id.r1}`).click()
    await gm.getByTestId(`combatant-card-${id.r1}`).locator('summary').click()
    await gm.getByTestId(`combatant-notes-${id.r1}`).fill(GM_NOTE)
    await gm.getByTestId(`combatant-notes-${id.r1}`).blur()

    // Action Scores typed in from the GM's dice (000:15); the ally takes no roll (placed after the last PC)
    const inits: Array<[string, number]> = [[id.juno, 9], [id.r1, 6], [id.r2, 5], [id.r3, 4], [id.enforcer, 7], [id.lookout, 2]]
    for (const [cid, v] of inits) {
      await gm.getByTestId(`track-init-${cid}`).fill(String(v))
      await gm.getByTestId(`track-init-${cid}`).press('Enter')
      await expect.poll(() => gm.getByTestId(`track-init-${cid}`).inputValue()).toBe(String(v))
    }
    await step('setup', 'waiting')

    // 3. start: the lookout is unaware → a surprise round; show to players
    await gm.getByTestId('track-start').click()
    await expect.poll(() => gm.getByTestId('track-phase').textContent()).toMatch(/surprise/i)
    expect(await currentName(gm)).toBe('Juno Marr')
    await gm.getByTestId('show-to-players').click()
    // the preview follows the player view while it is in sight: scrolled to, as the GM would look at it
    await gm.getByTestId('player-preview').scrollIntoViewIfNeeded()
    await gm.getByTestId('player-preview').getByTestId('player-order').waitFor()
    const base: PlayerExpect = { absent: ['Enforcer', GM_NOTE], present: ['Juno Marr', 'Sparky', 'Raider 1', 'Raider 2', 'Raider 3', 'Lookout'], enemyIds: enemies }
    await step('shown-surprise', base)

    // 4. Juno shoots Raider 1: odds first; 6 attack dice (Blaster 4 + Deftness 2) typed in, then 4 Dodge dice
    await gm.getByTestId('action-tab-attack').click()
    await gm.getByTestId('action-field-targetId').selectOption(id.r1)
    await gm.getByTestId('odds-hit').waitFor()
    const hit = (await gm.getByTestId('odds-hit').textContent()) ?? ''
    expect(hit).toMatch(/^\d+\.\d%$/)
    expect(Number.parseFloat(hit)).toBeGreaterThan(0)
    expect(await gm.getByTestId('odds-expected').textContent()).toMatch(/\d/)
    const r1Before = await hp(id.r1)
    await act(gm, 'attack', { targetId: id.r1 }, 'hit hit hit hit blank blank blank blank blank blank')
    await expect.poll(() => hp(id.r1)).not.toBe(r1Before)
    expect(await log()).toMatch(/Juno Marr attacks Raider 1[^]*4 damage/)
    expect(await hp(id.r1)).toBe('4 / 8')
    await step('attack-odds', base)
    expect(await player.getByTestId(`player-health-${id.r1}`).textContent()).not.toMatch(/Unhurt/)

    // 5. the surprise round runs out (N); in round 1 Juno dazes Raider 2 for 1 round (C shortcut; W7)
    await advanceTo(gm, 'Juno Marr', 'Round 1')
    await blur(gm)
    await gm.keyboard.press('c')
    await gm.getByTestId('action-form-addCondition').waitFor()
    await act(gm, 'addCondition', { combatantId: id.r2, key: 'starchasers.dazed', ends: 'rounds', 'ends.rounds': 1 })
    const chip = gm.getByTestId(`combatant-card-${id.r2}`).locator('.chip', { hasText: /dazed/i })
    await chip.waitFor()
    const withCond: PlayerExpect = { ...base, conditions: [{ id: id.r2, label: 'Dazed', shown: true }], round: 1 }
    await step('condition', withCond)

    // 6. a duel (000 Dueling System): Juno against Raider 1. Power against Dodge (Quick) is a REPEL: Raider 1
    //    becomes the Active Fighter; its Power against Juno's Dodge is a REPEL back; Juno's Quick against a Block
    //    Raider 1 cannot perform is a DOMINATE (000:1273): her pool of 6 is dealt as damage, no roll
    await act(gm, 'duelStart', { activeId: id.juno, fighters: [id.juno, id.r1] })
    await gm.getByTestId('duel-panel').waitFor()
    await expect.poll(() => gm.getByTestId(`duel-fighter-${id.juno}`).textContent()).toContain('▶')
    await act(gm, 'duelExchange', { attackerId: id.juno, defenderId: id.r1, attackType: 'power', defense: 'dodge' })
    await expect.poll(() => gm.getByTestId(`duel-fighter-${id.r1}`).textContent()).toContain('▶')
    expect(await gm.getByTestId('duel-panel').textContent()).toMatch(/Juno Marr → Raider 1/)
    await act(gm, 'duelExchange', { attackerId: id.r1, defenderId: id.juno, attackType: 'power', defense: 'dodge' })
    await expect.poll(() => gm.getByTestId(`duel-fighter-${id.juno}`).textContent()).toContain('▶')
    await gm.locator('[data-testid^="log-entry-"]').last().scrollIntoViewIfNeeded()
    await step('duel', withCond)
    await act(gm, 'duelExchange', { attackerId: id.juno, defenderId: id.r1, attackType: 'quick', defense: 'block' })
    await expect.poll(() => hp(id.r1)).toBe('0 / 8')
    expect(await log()).toMatch(/Juno Marr \(\w+\) against Raider 1[^]*6 damage/)
    if (await gm.getByTestId('duel-panel').count()) await gm.getByTestId('duel-end').click()
    await gm.getByTestId('duel-panel').waitFor({ state: 'detached' })
    expect(await log()).toMatch(/The duel ends/)

    // 7. the diceless ally resolver, both ways (000:1339-1413): Sparky's Melee value against Raider 2's defense,
    //    then Raider 3's pool against the highest defense Sparky can use (the log says which and why)
    await advanceTo(gm, 'Sparky')
    await gm.getByTestId('action-tab-allyAttack').click()
    await gm.getByTestId('action-field-targetId').selectOption(id.r2)
    await gm.getByTestId('action-field-band').selectOption('melee')
    await gm.getByTestId('odds-hit').waitFor()
    const r2Before = await hp(id.r2)
    await act(gm, 'allyAttack', { targetId: id.r2, band: 'melee' })
    await expect.poll(async () => (await log()).match(/Sparky attacks Raider 2 \(attack \d+ vs [^)]+\): \d+ damage/)).toBeTruthy()
    await advanceTo(gm, 'Raider 3')
    await act(gm, 'attack', { attackerId: id.r3, targetId: id.sparky })
    await expect.poll(async () => (await log()).match(/Raider 3 attacks Sparky \(attack \d+\); Sparky uses [^:]+ \((the highest defense it can use now)\): \d+ damage/)).toBeTruthy()
    expect(Number((await hp(id.r2))?.split(' / ')[0])).toBeLessThan(Number(r2Before?.split(' / ')[0]))
    await gm.locator('[data-testid^="log-entry-"]').last().scrollIntoViewIfNeeded()
    await step('ally-resolver', withCond)

    // 8. damage and heal: Raider 3's blaster hits Juno for 5 (typed in), Juno patches up 3 HP
    await act(gm, 'damage', { combatantId: id.juno, amount: 5 })
    await expect.poll(() => hp(id.juno)).toBe('15 / 20')
    await act(gm, 'heal', { combatantId: id.juno, method: 'hp', amount: 3 })
    await expect.poll(() => hp(id.juno)).toBe('18 / 20')
    await step('damage-heal', withCond)
    expect(await player.getByTestId(`player-health-${id.juno}`).textContent()).toContain('18 / 20')

    // 9. round 2 reaches Juno: the 1-round Dazed has ended, on the board and on the player page
    await advanceTo(gm, 'Juno Marr', 'Round 2')
    await expect.poll(() => chip.count()).toBe(0)
    const expired: PlayerExpect = { ...base, conditions: [{ id: id.r2, label: 'Dazed', shown: false }], round: 2 }
    await checkPlayer(player, expired)

    // 10. Juno shoots Raider 2 (typed dice); Ctrl+Z names and takes back the shot, Ctrl+Shift+Z puts it back
    const r2Hp = await hp(id.r2)
    await act(gm, 'attack', { targetId: id.r2 }, 'hit hit blank blank blank blank blank blank blank blank')
    await expect.poll(() => hp(id.r2)).not.toBe(r2Hp)
    const r2After = await hp(id.r2)
    expect(await gm.getByTestId('board-undo').textContent()).toMatch(/Undo: .*Juno Marr/)
    await blur(gm)
    await gm.keyboard.press('Control+z')
    await expect.poll(() => hp(id.r2)).toBe(r2Hp)
    expect(await gm.getByTestId('board-redo').textContent()).toMatch(/Redo: .*Juno Marr/)
    await checkPlayer(player, expired)
    await blur(gm)
    await gm.keyboard.press('Control+Shift+Z')
    await expect.poll(() => hp(id.r2)).toBe(r2After)
    await expect.poll(() => gm.locator('[data-testid^="log-entry-"].undone').count()).toBe(0)
    await step('undo-redo', expired)

    // 11. the enforcer steps out (revealed): its name reaches the player page; it shoots Juno in round 3
    await gm.getByTestId(`track-hide-${id.enforcer}`).click()
    await expect.poll(() => gm.getByTestId(`track-entry-${id.enforcer}`).getAttribute('class')).not.toContain('hidden')
    const revealed: PlayerExpect = { ...base, absent: [GM_NOTE], present: [...base.present, 'Enforcer'] }
    await step('revealed', revealed)
    await advanceTo(gm, 'Enforcer', 'Round 3')
    const junoHp = await hp(id.juno)
    await act(gm, 'attack', { attackerId: id.enforcer, targetId: id.juno }, 'hit hit hit blank blank blank blank blank blank blank')
    await expect.poll(() => hp(id.juno)).not.toBe(junoHp)
    await advanceTo(gm, 'Juno Marr', 'Round 4')
    await step('three-rounds', { ...revealed, round: 4 })
    expect(browser.errors).toEqual([])
    await player.close()
    await gm.close()
  })
})
