/**
 * Issue 9 proof in the browser: the fixture system `mini` (test/fixtures/systems/mini, defined only there) is
 * registered in a test-only entry of the real browser-mode server (test/e2e/mini-serve.ts) and played like a GM
 * would: a campaign of the system, stat blocks from its templates, a plan launched onto the board, the action forms
 * generated from its command schemas (strike with typed-in dice, mend), the derived values on its cards, the
 * player view and the log. No generic file names the system. Screenshots: docs/screenshots/mini-system-*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { act, idOf, newStatBlock, planAndLaunch, SHOTS, stepper, type PlayerExpect } from './flow-steps'

const root = join(import.meta.dirname, '..', '..')

/** the test-only entry (tsx runs it, like scripts/serve.mjs runs serve.ts) */
const serveMini = (dataDir: string) => startServe(dataDir, 60_000, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'test/e2e/mini-serve.ts'])

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), serveMini(mkdtempSync(join(tmpdir(), 'gmc-mini-')))])
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the fixture system mini in the real console (issue 9 proof)', () => {
  it('campaign → library → plan → board forms → strike and mend → player view and log', { timeout: 120_000 }, async () => {
    const gm = await browser.open(server.consoleUrl)
    const player = await browser.open(server.playerUrl)
    await gm.bringToFront()
    const step = stepper(gm, player, 'mini-system')
    const log = async () => (await gm.getByTestId('log-pane').textContent()) ?? ''

    // a campaign of the system: the new-campaign form lists it from system:list
    await gm.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"]').first().waitFor()
    if (!(await gm.getByTestId('campaign-home').isVisible())) await gm.getByTestId('nav-home').click()
    await gm.getByTestId('campaign-new').click()
    await gm.getByTestId('campaign-name').fill('Mini bridge')
    await gm.getByTestId('campaign-system').selectOption('mini')
    await gm.getByTestId('campaign-create-submit').click()
    await gm.getByTestId('campaign-overview').waitFor()

    // stat blocks through the library editor, from the system's templates (pc: 10 HP, attack 2, defense 5,
    // damage 3; npc: 6 HP, attack 1, defense 4, damage 2); the editor has no field parts for a system without a
    // renderer part, so the template's values are kept
    await gm.getByTestId('nav-library').click()
    await newStatBlock(gm, 'Kara', 'pc')
    await newStatBlock(gm, 'Grub', 'npc')

    await planAndLaunch(gm, 'The bridge', [{ name: 'Grub', side: 'enemies' }])
    const kara = await idOf(gm, 'Kara')
    const grub = await idOf(gm, 'Grub')
    // initiative typed in, then combat starts and is shown to the players
    for (const [cid, v] of [[kara, 9], [grub, 5]] as const) {
      await gm.getByTestId(`track-init-${cid}`).fill(String(v))
      await gm.getByTestId(`track-init-${cid}`).press('Enter')
      await expect.poll(() => gm.getByTestId(`track-init-${cid}`).inputValue()).toBe(String(v))
    }
    await gm.getByTestId('track-start').click()
    await gm.getByTestId('show-to-players').click()
    const base: PlayerExpect = { absent: [], present: ['Kara', 'Grub'], enemyIds: [grub] }
    // the card shows the system's derived values (mini: defense and attack)
    expect(await gm.getByTestId(`combatant-card-${grub}`).textContent()).toMatch(/Defense\s*4/)
    await step('board', base)

    // the generated strike form: Kara strikes Grub with a typed-in die of 6: 6 + 2 = 8 ≥ defense 4, 3 damage (6 → 3)
    await act(gm, 'strike', { targetId: grub }, '6')
    await expect.poll(() => gm.getByTestId(`combatant-hp-${grub}`).textContent()).toBe('3 / 6')
    expect(await log()).toMatch(/Kara strikes Grub \(8 vs 4\): 3 damage, 3 HP left/)
    await step('strike', base)
    // the player display tells the enemy's health in words, never its numbers
    expect(await player.getByTestId(`player-health-${grub}`).textContent()).toMatch(/wounded/i)

    // the generated mend form (no attacker field): Grub mends 2 → 5 / 6
    await act(gm, 'mend', { targetId: grub, amount: 2 })
    await expect.poll(() => gm.getByTestId(`combatant-hp-${grub}`).textContent()).toBe('5 / 6')
    expect(await log()).toMatch(/Grub mends 2 HP \(5 HP\)/)
    await step('mend', base)
    expect(browser.errors).toEqual([])
  })
})
