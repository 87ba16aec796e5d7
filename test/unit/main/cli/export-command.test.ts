import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseExportArgs, runExportCommand } from '../../../../src-main/cli/export-command'
import { createCampaignStore } from '../../../../src-main/campaign/campaign-store'
import { ok } from '../../../../src-shared/result'
import { CAMPAIGN_DIR, FIXTURES } from '../export/fixture'

function capture(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err }
}

describe('gmc export arguments', () => {
  it('parses the documented flags (and --flag=value)', () => {
    expect(parseExportArgs(['camp', '--session', 'session-2', '--format=pdf', '--out', 'x.pdf', '--player-safe', '--lang', 'pl'])).toEqual({
      campaignDir: 'camp', sessionId: 'session-2', format: 'pdf', out: 'x.pdf', playerSafe: true, lang: 'pl',
    })
    expect(parseExportArgs(['camp', '--session', 'session-2', '--format', 'md', '--out', 'x.md'])).toMatchObject({ lang: 'en', playerSafe: false })
  })

  it.each([
    [['camp', '--session', 'session-2', '--format', 'md', '--out', 'x', '--colour'], 'unknown option --colour'],
    [['camp', '--session', 'session-2', '--format', 'docx', '--out', 'x'], 'unknown format "docx" (md, html, pdf, json or csv)'],
    [['camp', '--format', 'md', '--out', 'x'], 'missing --session <id>'],
    [['--session', 'session-2', '--format', 'md', '--out', 'x'], 'missing <campaign-folder>'],
    [['camp', '--session', 'session-2', '--format', 'md'], 'missing --out FILE'],
    [['camp', '--session', 'session-2', '--format', 'md', '--out', 'x', '--lang', 'de'], 'unknown language "de" (en or pl)'],
    [['camp', '--session', '--format', 'md', '--out', 'x'], '--session needs a value'],
  ])('rejects %j', (argv, message) => {
    expect(parseExportArgs(argv)).toBe(message)
  })
})

describe('gmc export', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-export-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes the export and says so in one line', async () => {
    const c = capture()
    const file = join(dir, 'log.md')
    expect(await runExportCommand([CAMPAIGN_DIR, '--session', 'session-2', '--format', 'md', '--out', file, '--lang', 'pl'], c.io)).toBe(0)
    expect(readFileSync(file, 'utf8')).toContain('# Dziennik sesji: The hangar ambush')
    expect(c.out).toEqual([`wrote ${file} (md, ${Buffer.byteLength(readFileSync(file, 'utf8'))} bytes)`])
  })

  it('reads the campaign as it stands: a session renamed since the last snapshot (in campaign.changes.ndjson) has its new title', async () => {
    const data = mkdtempSync(join(tmpdir(), 'gmc-export-changes-'))
    try {
      const store = createCampaignStore({ dataDir: data, now: () => '2026-12-01T10:00:00.000Z' })
      const made = await store.create({ name: 'Outpost Kessa', systemId: 'saga' })
      if (!made.ok) throw new Error(made.error.message)
      const id = made.value.id
      const camp = join(data, id)
      const started = await store.startSession(id, { title: 'The hangar ambush' })
      if (!started.ok) throw new Error(started.error.message)
      const sid = started.value.id
      await store.endSession(id, sid)
      await store.close()
      const again = createCampaignStore({ dataDir: data, now: () => '2026-12-01T10:00:00.000Z' })
      const renamed = await again.update(id, (f) => ok({ ...f, sessions: f.sessions.map((s) => (s.id === sid ? { ...s, title: 'Ambush at Bay 7' } : s)) }))
      expect(renamed.ok ? null : renamed.error).toBeNull()
      await again.close()
      // the edits went to the journal, not (yet) into campaign.json
      expect(readFileSync(join(camp, 'campaign.changes.ndjson'), 'utf8')).toContain('Ambush at Bay 7')
      expect(readFileSync(join(camp, 'campaign.json'), 'utf8')).not.toContain('Ambush at Bay 7')
      const c = capture()
      const file = join(dir, 'renamed.md')
      expect(await runExportCommand([camp, '--session', sid, '--format', 'md', '--out', file], c.io)).toBe(0)
      const md = readFileSync(file, 'utf8')
      expect(md).toContain('Ambush at Bay 7')
      expect(md).not.toContain('The hangar ambush')
    } finally {
      rmSync(data, { recursive: true, force: true })
    }
  })

  it.each([
    [['/nonexistent/camp', '--session', 'session-2', '--format', 'md', '--out', 'x.md'], 1, 'gmc export: no campaign folder at /nonexistent/camp'],
    [[CAMPAIGN_DIR, '--session', 'nope', '--format', 'md', '--out', 'x.md'], 1, 'gmc export: no session "nope"'],
    [[CAMPAIGN_DIR, '--session', '../x', '--format', 'md', '--out', 'x.md'], 1, 'gmc export: bad session id "../x"'],
    [[CAMPAIGN_DIR, '--session', 'session-2', '--format', 'md', '--out', 'x.md', '--bogus'], 2, 'gmc export: unknown option --bogus'],
  ])('fails with one line and a non-zero exit: %j', async (argv, code, start) => {
    const c = capture()
    expect(await runExportCommand(argv, c.io)).toBe(code)
    expect(c.err).toHaveLength(1)
    expect(c.err[0].startsWith(start)).toBe(true)
    expect(c.err[0]).not.toContain('\n')
  })

  it('warns about a damaged log line by its number and still exports the rest', async () => {
    const camp = join(dir, 'damaged-campaign')
    mkdirSync(join(camp, 'sessions'), { recursive: true })
    copyFileSync(join(FIXTURES, 'outpost-campaign', 'campaign.json'), join(camp, 'campaign.json'))
    copyFileSync(join(FIXTURES, 'saga-outpost-damaged.ndjson'), join(camp, 'sessions', 's1.ndjson'))
    const c = capture()
    const file = join(dir, 'damaged.md')
    expect(await runExportCommand([camp, '--session', 's1', '--format', 'md', '--out', file], c.io)).toBe(0)
    expect(c.err).toEqual(['gmc export: warning: sessions/s1.ndjson line 11: not valid JSON (skipped)'])
    const md = readFileSync(file, 'utf8')
    expect(md).toContain('line 11: not valid JSON')
    expect(md).toContain("Next time: the scouts' trail leads to the mines.")
  })

  it('an --out in a folder that does not exist is a one-line error', async () => {
    const c = capture()
    const out = join(dir, 'missing', 'x.csv')
    expect(await runExportCommand([CAMPAIGN_DIR, '--session', 'session-2', '--format', 'csv', '--out', out], c.io)).toBe(1)
    expect(c.err).toEqual([`gmc export: cannot write ${out}: ENOENT`])
  })

  it('an unwritable --out is a one-line error', async () => {
    const c = capture()
    // the parent of --out is a file, not a folder
    const out = join(CAMPAIGN_DIR, 'campaign.json', 'x.csv')
    expect(await runExportCommand([CAMPAIGN_DIR, '--session', 'session-2', '--format', 'csv', '--out', out], c.io)).toBe(1)
    expect(c.err).toEqual([`gmc export: cannot write ${out}: ENOTDIR`])
  })
})

describe('gmc export through the real bin (bin/gmc.mjs → gmc.ts command table)', () => {
  const root = resolve(import.meta.dirname, '../../../..')
  const run = (args: string[]) => spawnSync(process.execPath, [join(root, 'bin/gmc.mjs'), 'export', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 })

  it('exports the bundled sample session and fails bad input with one line and a non-zero exit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-bin-'))
    try {
      const ok = run(['resources/campaigns/sample-saga', '--session', 'session-2', '--format', 'csv', '--out', join(dir, 'rolls.csv')])
      expect(ok.status).toBe(0)
      expect(readFileSync(join(dir, 'rolls.csv'), 'utf8')).toContain('Natural 20! Tira Vos')
      const bad = run(['resources/campaigns/sample-saga', '--session', 'session-2', '--format', 'md', '--out', join(dir, 'x.md'), '--bogus'])
      expect(bad.status).toBe(2)
      expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
