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
import { nextTurnKey, sampleFight, selectAction, shot } from './flow-steps'

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
      await sampleFight(page, s.campaign, s.plan)
      await selectAction(page, 'attack')
      const before = await page.getByTestId('result-card').getAttribute('data-batch').catch(() => null)
      await page.getByTestId('action-submit').click()
      const card = page.getByTestId('result-card')
      await expect.poll(() => card.getAttribute('data-batch')).not.toBe(before)
      expect(await card.getByTestId('result-roll-0').count()).toBe(1)
      expect(await card.getByTestId('result-outcome-0').textContent()).toMatch(/\w/)
      expect(await card.getByTestId('result-effects').textContent()).toMatch(/\w/)
      // the headline is the attack's own line, never an initiative title
      expect(await card.getByTestId('result-title').allTextContents()).not.toContainEqual(expect.stringMatching(/^Initiative for/))
      const batch = await card.getAttribute('data-batch')
      const effects = await card.getByTestId('result-effects').textContent()
      if (s.system === '2d20' && (await card.getByTestId('result-roll-2').count())) {
        // the combat dice's total is the damage the headline says, the stress lines are the log's after its arrow
        const title = (await card.getByTestId('result-title').textContent()) ?? ''
        const m = /wins: (\d+) damage, (\d+) Effects? → (\d+) Injury, (\d+) Fear, (\d+) Confusion/.exec(title)
        if (m) {
          expect(await card.getByTestId('result-total-2').textContent()).toBe(`= ${m[1]}`)
          for (const [n, track] of [[m[3], 'Injury'], [m[4], 'Fear'], [m[5], 'Confusion']] as const) if (n !== '0') expect(effects).toContain(`+${n} ${track}`)
        }
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
      expect(await card.getByTestId('result-effects').textContent()).toBe(effects)
      await shot(page, `result-card-${s.system}-next.png`)
      await page.close()
    })
  }
})
