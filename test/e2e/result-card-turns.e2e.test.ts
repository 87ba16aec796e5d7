/**
 * Issue 27, the board's last-result card in Chromium against the real core (browser mode), in all four bundled
 * samples: an attack (rolled by the engine) shows its card (Storyteller showed none when the attack missed or was
 * soaked), and after Next turn the card still shows that result with the turn change under it ("Since then: …"),
 * never a blank card. The 2d20 card's figures are the log line's (combat dice damage, Effects, the stress by track).
 * Screenshots: docs/screenshots/result-card-<system>-{attack,next}.png.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { nextTurnKey, sampleFight, selectAction, shot, SHOTS } from './flow-steps'

let browser: Browser
let server: ServeProcess

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(mkdtempSync(join(tmpdir(), 'gmc-result-turns-e2e-')))])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** each system's bundled sample (`sample-<system>`) and a plan of it */
const PLANS: Record<string, string> = { saga: 'enc-hangar-ambush', starchasers: 'enc-ember-depot', '2d20': 'enc-warhoon-arena', storyteller: 'enc-pelgo-checkpoint' }
const SAMPLES = Object.entries(PLANS).map(([system, plan]) => ({ system, campaign: `sample-${system}`, plan }))

describe('the last result stays in sight (issue 27)', () => {
  for (const s of SAMPLES) {
    it(`${s.system}: an attack shows its card; after Next turn the card keeps it and names the turn change`, async () => {
      const page = await browser.open(server.consoleUrl)
      await page.setViewportSize({ width: 1366, height: 768 })
      // from home (the console opens on the campaign used last)
      await page.locator('[data-testid="campaign-home"], [data-testid="campaign-overview"], [data-testid="encounter-board"]').first().waitFor()
      if (!(await page.getByTestId('campaign-home').isVisible())) await page.getByTestId('nav-home').click()
      await page.getByTestId('campaign-home').waitFor()
      await sampleFight(page, s.campaign, s.plan)
      await page.getByTestId('lang-switch').selectOption('en') // the language of the page before (kept by the browser)
      await selectAction(page, 'attack')
      // 2d20: the white ape (a monster, not a minion) so the combat dice are rolled
      // 2d20: the white ape (a monster, not a minion), dice typed in: 1 1 against 20 20 wins, combat dice 5 2 6 =
      // 4 damage and 2 Effects (002:54-66), the Sharp longsword +2 Injury (002:137)
      if (s.system === '2d20') {
        await page.getByTestId('action-field-targetId').selectOption({ label: 'White ape' })
        await page.getByTestId('action-manual-dice').fill('1 1 20 20 5 2 6')
      }
      const before = await page.getByTestId('result-card').getAttribute('data-batch').catch(() => null)
      await page.getByTestId('action-submit').click()
      const card = page.getByTestId('result-card')
      await expect.poll(() => card.getAttribute('data-batch')).not.toBe(before)
      expect(await card.getByTestId('result-roll-0').count()).toBe(1)
      expect(await card.getByTestId('result-outcome-0').textContent()).toMatch(/\w/)
      // the headline is the attack's own line, never an initiative title
      expect(await card.getByTestId('result-title').allTextContents()).not.toContainEqual(expect.stringMatching(/^Initiative for/))
      const batch = await card.getAttribute('data-batch')
      // what it did (a Saga miss has no effect line: its outcome says it)
      const effects = (await card.getByTestId('result-effects').allTextContents()).join('')
      if (s.system === '2d20') {
        // the combat dice's total is the damage the headline says, the stress lines are the log's after its arrow
        const title = (await card.getByTestId('result-title').textContent()) ?? ''
        const m = /wins: (\d+) damage, (\d+) Effects? → (\d+) Injury, (\d+) Fear, (\d+) Confusion/.exec(title)
        expect(m?.slice(1)).toEqual(['4', '2', '6', '0', '0'])
        expect(await card.getByTestId('result-total-2').textContent()).toBe(`= ${m![1]}`)
        expect(effects).toMatch(/^White ape: \+6 Injury/) // (and a Wound: 5 or more at once, J4)
        // the combat dice and what they did, the card scrolled to its end
        await card.evaluate((el) => { el.scrollTop = el.scrollHeight })
        await card.screenshot({ path: join(SHOTS, 'result-card-2d20-dice.png') })
        await card.evaluate((el) => { el.scrollTop = 0 })
      }
      await shot(page, `result-card-${s.system}-attack.png`)

      await nextTurnKey(page)
      const since = card.getByTestId('result-since')
      await since.waitFor()
      expect(await since.textContent()).toMatch(/^Since then: /)
      // in sight: inside the card's box, not scrolled away below its rolls
      const [cb, sb] = [(await card.boundingBox())!, (await since.boundingBox())!]
      expect(sb.y).toBeGreaterThanOrEqual(cb.y)
      expect(sb.y + sb.height).toBeLessThanOrEqual(cb.y + cb.height)
      expect(await card.getAttribute('data-batch')).toBe(batch)
      expect((await card.getByTestId('result-effects').allTextContents()).join('')).toBe(effects)
      await shot(page, `result-card-${s.system}-next.png`)
      // the same card in Polish
      await page.getByTestId('lang-switch').selectOption('pl')
      await expect.poll(() => since.textContent()).toMatch(/^Od tego czasu: /)
      await shot(page, `result-card-${s.system}-next-pl.png`)
      await page.close()
    })
  }
})
