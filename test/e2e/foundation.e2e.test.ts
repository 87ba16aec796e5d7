/**
 * Foundation end-to-end flows in real Chromium against browser mode (a real `npm run serve` process):
 * the first start opens the sample campaign; create a campaign; restart the server and find it again; the player
 * display follows a rename live; a corrupted campaign file shows the error and stays byte-identical, and one with a
 * backup is restored from it (the damaged bytes kept as a backup); duplicate, delete, restore from the trash; export
 * then import; roles and tokens hold in the page.
 * Screenshots go to docs/screenshots/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, type Browser } from '../support/browser'
import { startServe, type ServeProcess } from '../support/serve-process'
import { applyChangesLoose } from '../../src-main/campaign/campaign-changes'

const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })

let browser: Browser
let server: ServeProcess
let dataDir: string

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  dataDir = mkdtempSync(join(tmpdir(), 'gmc-e2e-data-'))
  ;[browser, server] = await Promise.all([launchBrowser(), startServe(dataDir)])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** a campaign folder's campaign as on disk: campaign.json with its changes file applied (issue 13: edits append there) */
function campaignOnDisk(dir: string): Record<string, unknown> {
  const bytes = readFileSync(join(dir, 'campaign.json'))
  const changes = existsSync(join(dir, 'campaign.changes.ndjson')) ? readFileSync(join(dir, 'campaign.changes.ndjson'), 'utf8') : null
  return applyChangesLoose(JSON.parse(bytes.toString('utf8')) as Record<string, unknown>, bytes, changes)
}

/** the campaign folder whose campaign names `name` */
function campaignDirOf(name: string): string {
  for (const id of readdirSync(dataDir)) {
    try {
      if (campaignOnDisk(join(dataDir, id)).name === name) return join(dataDir, id)
    } catch {
      // not a campaign folder
    }
  }
  throw new Error(`no campaign named ${name} in ${dataDir}`)
}

async function createCampaign(page: Page, name: string) {
  await page.getByTestId('campaign-new').click()
  await page.getByTestId('campaign-name').fill(name)
  await page.getByTestId('campaign-system').selectOption('saga')
  await shot(page, 'console-create-dialog')
  await page.getByTestId('campaign-create-submit').click()
}

const row = (page: Page, name: string) => page.getByTestId('campaign-list').locator('tr', { hasText: name })

/** every campaign folder whose campaign names `name` */
function campaignDirsOf(name: string): string[] {
  return readdirSync(dataDir).filter((id) => {
    try {
      return campaignOnDisk(join(dataDir, id)).name === name
    } catch {
      return false
    }
  })
}

describe('browser mode end to end', () => {
  it('opens the sample campaign on the first start with an empty data folder', async () => {
    expect(readdirSync(dataDir).filter((n) => n.startsWith('sample-')).length).toBeGreaterThan(0)
    const page = await browser.open(server.consoleUrl)
    await page.getByTestId('campaign-overview').waitFor()
    const title = await page.getByTestId('campaign-title').textContent()
    const sampleNames = readdirSync(dataDir).filter((n) => n.startsWith('sample-')).map((id) => JSON.parse(readFileSync(join(dataDir, id, 'campaign.json'), 'utf8')).name as string)
    expect(sampleNames).toContain(title)
    await shot(page, 'console-first-run')
    // the library marks who is in the party
    const party = Number(await page.getByTestId('overview-party').locator('strong').textContent())
    expect(party).toBeGreaterThan(0)
    await page.getByTestId('nav-library').click()
    await page.getByTestId('library-list').waitFor()
    await expect.poll(() => page.locator('[data-testid^="library-in-party-"]').count()).toBe(party)
    await shot(page, 'console-library-party')
    await page.getByTestId('nav-home').click()
    await page.getByTestId('campaign-home').waitFor()
    await page.close()
  })

  it('creates a campaign from the console', async () => {
    const page = await browser.open(server.consoleUrl)
    await page.getByTestId('campaign-home').waitFor()
    await shot(page, 'console-home')
    await createCampaign(page, 'The Outer Rim')
    await expect.poll(() => page.getByTestId('campaign-title').textContent()).toBe('The Outer Rim')
    await shot(page, 'console-campaign-overview')
    expect(campaignOnDisk(campaignDirOf('The Outer Rim'))).toMatchObject({ name: 'The Outer Rim', systemId: 'saga' })
    await page.close()
  })

  it('finds the campaign again after a server restart (it was on disk)', async () => {
    const before = server.consoleUrl
    await server.stop()
    server = await startServe(dataDir)
    expect(server.consoleUrl).not.toBe(before)
    const page = await browser.open(server.consoleUrl)
    // the first console window after a restart comes back by itself to the campaign that was open (issue 27)
    await expect.poll(() => page.getByTestId('campaign-title').textContent()).toBe('The Outer Rim')
    await page.getByTestId('nav-home').click()
    await row(page, 'The Outer Rim').waitFor()
    await shot(page, 'console-after-restart')
    await page.close()
  })

  it('updates the player display live when the GM renames the campaign', async () => {
    const player = await browser.open(server.playerUrl)
    await player.getByTestId('player-waiting').waitFor()
    const gm = await browser.open(server.consoleUrl)
    await row(gm, 'The Outer Rim').locator('[data-testid^="campaign-open-"]').click()
    await gm.getByTestId('campaign-overview').waitFor()
    await expect.poll(() => player.getByTestId('player-campaign').textContent()).toContain('The Outer Rim')
    await shot(player, 'player-waiting')
    await gm.getByTestId('campaign-rename').click()
    await gm.getByTestId('campaign-rename-input').fill('The Inner Rim')
    await gm.getByTestId('campaign-rename-save').click()
    // no reload: the player page got a push
    await expect.poll(() => player.getByTestId('player-campaign').textContent(), { timeout: 5000 }).toContain('The Inner Rim')
    await expect.poll(() => gm.getByTestId('campaign-title').textContent()).toBe('The Inner Rim')
    await shot(player, 'player-renamed')
    await shot(gm, 'console-renamed')
    await Promise.all([player.close(), gm.close()])
  })

  it('shows the error for a corrupted campaign file and leaves the file byte-identical', async () => {
    const setup = await browser.open(server.consoleUrl)
    await setup.getByTestId('campaign-home').waitFor()
    await createCampaign(setup, 'Doomed Run')
    await setup.getByTestId('campaign-overview').waitFor()
    await setup.close()
    const dir = campaignDirOf('Doomed Run')
    const file = join(dir, 'campaign.json')
    const broken = Buffer.concat([readFileSync(file).subarray(0, 60), Buffer.from('\n  "party": [1, 2,, \u0000garbage')])
    writeFileSync(file, broken)

    const page = await browser.open(server.consoleUrl)
    // the list marks it (the name is unreadable now: it is listed by its folder id), and opening it shows why
    await page.getByTestId(`campaign-problem-${basename(dir)}`).waitFor()
    await page.getByTestId(`campaign-open-${basename(dir)}`).click()
    const banner = page.getByTestId('error-banner')
    await banner.waitFor()
    expect(await banner.textContent()).toMatch(/campaign\.json/)
    await shot(page, 'console-damaged-campaign')
    expect(readFileSync(file).equals(broken)).toBe(true)
    await page.close()
  })

  it("offers a damaged campaign's newest backup; restoring it opens the campaign and keeps the damaged bytes", async () => {
    const id = 'sample-starchasers'
    const dir = join(dataDir, id)
    const gm = await browser.open(server.consoleUrl)
    await gm.getByTestId('campaign-home').waitFor()
    // an edit that removes something (here: the party) takes a backup first
    const cleared = await gm.evaluate(async (campaignId) => {
      const api = (globalThis as unknown as { gm: { invoke(c: string, p: unknown): Promise<{ ok: boolean }> } }).gm
      return api.invoke('party:set', { campaignId, ids: [] })
    }, id)
    expect(cleared.ok).toBe(true)
    const backupsBefore = readdirSync(join(dir, 'backups'))
    expect(backupsBefore.length).toBeGreaterThan(0)
    const file = join(dir, 'campaign.json')
    const broken = Buffer.from('{"schemaVersion": 1, "name": "Ember')
    writeFileSync(file, broken)

    await gm.reload()
    const restore = gm.getByTestId(`campaign-restore-backup-${id}`)
    await restore.waitFor()
    expect(await gm.getByTestId(`campaign-problem-detail-${id}`).textContent()).toContain('campaign.json')
    expect(await restore.textContent()).toMatch(/Restore the newest backup \(.+\)/)
    await shot(gm, 'console-damaged-backup-offer')
    expect(readFileSync(file).equals(broken)).toBe(true)

    await restore.click()
    await gm.getByTestId('campaign-overview').waitFor()
    await shot(gm, 'console-restored-from-backup')
    expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow()
    const kept = readdirSync(join(dir, 'backups')).filter((n) => !backupsBefore.includes(n))
    expect(kept.some((n) => readFileSync(join(dir, 'backups', n)).equals(broken))).toBe(true)
    await gm.close()
  })

  it('duplicates a campaign, deletes the copy to the trash and restores it from there', async () => {
    const page = await browser.open(server.consoleUrl)
    await row(page, 'The Inner Rim').waitFor()
    await row(page, 'The Inner Rim').locator('[data-testid^="campaign-duplicate-"]').click()
    const copy = row(page, 'The Inner Rim (copy)')
    await copy.waitFor()
    // exactly one folder holds the copy, beside the original's
    const copies = campaignDirsOf('The Inner Rim (copy)')
    expect(copies).toHaveLength(1)
    const [copyId] = copies
    expect(campaignDirsOf('The Inner Rim')).not.toContain(copyId)

    await page.getByTestId(`campaign-delete-${copyId}`).click()
    await copy.waitFor({ state: 'detached' })
    expect(existsSync(join(dataDir, copyId))).toBe(false)
    const trashRow = page.getByTestId('campaign-trash').locator('tr', { hasText: 'The Inner Rim (copy)' })
    await trashRow.waitFor()
    expect(await page.getByTestId('campaign-notice').textContent()).toContain('moved to the trash')
    await shot(page, 'console-trash')

    await trashRow.locator('[data-testid^="campaign-trash-restore-"]').click()
    await copy.waitFor()
    await trashRow.waitFor({ state: 'detached' })
    expect(campaignDirsOf('The Inner Rim (copy)')).toEqual([copyId])
    await page.close()
  })

  it('exports a campaign to a JSON file and imports it back as a new campaign; a bad file names the field', async () => {
    const page = await browser.open(server.consoleUrl)
    const [id] = campaignDirsOf('The Inner Rim')
    await page.getByTestId(`campaign-row-${id}`).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`campaign-export-${id}`).click()])
    expect(download.suggestedFilename()).toBe('the-inner-rim.gmc.json')
    const exported = join(mkdtempSync(join(tmpdir(), 'gmc-e2e-export-')), download.suggestedFilename())
    await download.saveAs(exported)
    expect(JSON.parse(readFileSync(exported, 'utf8'))).toMatchObject({ kind: 'gm-console.campaign-export', campaign: { name: 'The Inner Rim' } })

    // a broken export: the error names the field, nothing is added
    const bad = JSON.parse(readFileSync(exported, 'utf8')) as { campaign: { systemId: string } }
    bad.campaign.systemId = 'chess'
    const badFile = join(dirname(exported), 'bad.gmc.json')
    writeFileSync(badFile, JSON.stringify(bad))
    const foldersBefore = readdirSync(dataDir).sort()
    await page.getByTestId('campaign-import-file').setInputFiles(badFile)
    const banner = page.getByTestId('error-banner')
    await banner.waitFor()
    // the field in words (issue 10: plain sentences, no zod paths), e.g. "… not a GM Console export: System id …"
    expect(await banner.textContent()).toMatch(/system ?id/i)
    await shot(page, 'console-import-error')
    expect(readdirSync(dataDir).sort()).toEqual(foldersBefore)

    await page.getByTestId('campaign-import-file').setInputFiles(exported)
    await expect.poll(() => page.getByTestId('campaign-notice').textContent()).toContain('Imported “The Inner Rim”')
    await expect.poll(() => campaignDirsOf('The Inner Rim').length).toBe(2)
    const importedId = campaignDirsOf('The Inner Rim').find((d) => d !== id)!
    await page.getByTestId(`campaign-row-${importedId}`).waitFor()
    await shot(page, 'console-imported')
    const [a, b] = [id, importedId].map((d) => campaignOnDisk(join(dataDir, d)) as { systemId: string; library: unknown[] })
    expect(b.systemId).toBe(a.systemId)
    expect(b.library).toEqual(a.library)
    await page.close()
  })

  it('keeps roles apart inside the pages: the player page cannot act as the GM', async () => {
    const player = await browser.open(server.playerUrl)
    const result = await player.evaluate(async () => {
      const gm = (globalThis as unknown as { gm: { invoke(c: string, p: unknown): Promise<unknown>; role: string } }).gm
      return { role: gm.role, create: await gm.invoke('campaign:create', { name: 'Hijack', systemId: 'saga' }), list: await gm.invoke('campaign:list', {}) }
    })
    expect(result.role).toBe('player')
    expect(result.create).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(result.list).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(() => campaignDirOf('Hijack')).toThrow()
    await player.close()
    const base = new URL(server.consoleUrl).origin
    const page = await browser.context.newPage()
    const refused = await page.goto(`${base}/`)
    expect(refused?.status()).toBe(403)
    await page.close()
    // 403 pages log a console error for the failed load: not an app error
    browser.errors.splice(0, browser.errors.length, ...browser.errors.filter((e) => !e.includes('403')))
  })

  it('had no page errors in any window', () => {
    expect(browser.errors).toEqual([])
  })
})
