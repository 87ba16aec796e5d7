/**
 * The proof of issue 9: a third rule system defined only under test/fixtures/systems/mini/ registers in one line
 * and plays through the engine, the odds, the danger check, `system:describe`, the player view, the log and every
 * export format — with no change to any generic file (it lives outside src-*, and nothing generic names it).
 * Issue 28: it is the proof of the recipe "adding a fifth system" (docs/dev/rule-system-kit.md) — `registerSystem` is
 * the path every listed system takes, its id is a plain string (no cast), and the campaign store takes it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import { formatLog } from '@shared/i18n/format-log'
import { registerSystem, getSystem, listSystems } from '../../../../src-main/rules/index'
import { SYSTEMS } from '../../../../src-main/rules/systems/registry'
import { createCampaignStore } from '../../../../src-main/campaign/campaign-store'
import { createCampaignService } from '../../../../src-main/services/campaigns/campaign-service'
import { createEngine } from '../../../../src-main/rules/kit/engine'
import { seededRng } from '../../../../src-main/rules/kit/rng'
import { simulateOnce } from '../../../../src-main/services/danger/danger-service'
import { createSystemService } from '../../../../src-main/services/campaigns/system-service'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { toGmView } from '../../../../src-main/projections/to-gm-view'
import { loadSession, renderSession } from '../../../../src-main/export/export-session'
import { createChromiumPrinter } from '../../../../src-main/export/pdf-printer'
import { miniSystem } from '../../../fixtures/systems/mini'

registerSystem(miniSystem) // the one line
const engine = createEngine(miniSystem)

const NOW = '2026-12-01T10:00:00.000Z'
const kara = { name: 'Kara', kind: 'pc', hp: 10, attack: 2, defense: 5, damage: 3 }
const grub = { name: 'Grub', kind: 'npc', hp: 6, attack: 1, defense: 4, damage: 2 }
const lurker = { name: 'Lurker', kind: 'npc', hp: 4, attack: 0, defense: 3, damage: 1 }

/** an encounter played through the real engine: Kara (party) against Grub and a hidden Lurker */
function play(): { state: EncounterState; records: EventRecord[] } {
  const created = engine.createEncounter({ id: 'e1', name: 'The mini bridge', systemId: 'mini', seed: 'mini-seed' }, NOW)
  if (!created.ok) throw new Error(created.error.message)
  let { state, records } = created.value
  const run = (cmd: EngineCommand) => {
    const valid = engine.validateCommand(cmd)
    if (!valid.ok) throw new Error(`${valid.error.field}: ${valid.error.message}`)
    const r = engine.applyCommand(records, state, valid.value, { now: NOW })
    if (!r.ok) throw new Error(`${r.error.field}: ${r.error.message}`)
    state = r.value.state
    records = r.value.records
  }
  run({ type: 'addCombatant', statBlock: kara, id: 'kara', side: 'party' })
  run({ type: 'addCombatant', statBlock: grub, id: 'grub', side: 'enemies' })
  run({ type: 'addCombatant', statBlock: lurker, id: 'lurker', side: 'enemies', hidden: true })
  run({ type: 'setInitiative', combatantId: 'kara', value: 9 })
  run({ type: 'setInitiative', combatantId: 'grub', value: 5 })
  run({ type: 'setInitiative', combatantId: 'lurker', value: 2 })
  run({ type: 'startCombat' })
  // worked example: 1d6 = 6, + attack 2 = 8 ≥ Grub's defense 4: 3 damage, 6 → 3 HP (a six: notable)
  run({ type: 'strike', attackerId: 'kara', targetId: 'grub', dice: [6] })
  run({ type: 'nextTurn' })
  // 1 + 1 = 2 < Kara's defense 5: a miss
  run({ type: 'strike', attackerId: 'grub', targetId: 'kara', dice: [1] })
  run({ type: 'nextTurn' })
  run({ type: 'nextTurn' })
  // 3 + 2 = 5 ≥ 4: 3 damage, 3 → 0 HP: Grub is out
  run({ type: 'strike', attackerId: 'kara', targetId: 'grub', dice: [3] })
  run({ type: 'mend', targetId: 'kara', amount: 2 })
  return { state, records }
}

describe('a third rule system, defined only in test/fixtures (issue 9 proof)', () => {
  const { state, records } = play()
  const hp = (id: string) => state.combatants.find((c) => c.id === id)?.state.hp

  it('plays through the engine: strikes roll the given dice, change hit points, refuse bad input naming the field', () => {
    expect(hp('grub')).toBe(0)
    expect(hp('kara')).toBe(10)
    expect(miniSystem.isOut(state.combatants.find((c) => c.id === 'grub')!)).toBe(true)
    const bad = engine.validateCommand({ type: 'strike', attackerId: 'kara' })
    expect(bad.ok ? null : bad.error.field).toBe('targetId')
    const out = engine.applyCommand(records, state, { type: 'strike', attackerId: 'grub', targetId: 'kara' }, { now: NOW })
    expect(out.ok ? null : out.error.message).toBe('Grub is out of the fight')
  })

  it('gives the exact odds of a strike: attack 2 against defense 6 hits on 4, 5 or 6 (1/2), for 3 damage', () => {
    const sys = getSystem('mini')
    if (!sys.ok || !sys.value.odds) throw new Error('no odds')
    const six = { ...state, combatants: state.combatants.map((c) => (c.id === 'grub' ? { ...c, stats: { ...c.stats, defense: 6 }, state: { hp: 6, maxHp: 6 } } : c)) }
    const o = sys.value.odds(six, { type: 'strike', attackerId: 'kara', targetId: 'grub' })
    expect(o.ok && o.value).toEqual({ hit: 0.5, crit: 0, damage: [{ value: 0, p: 0.5 }, { value: 3, p: 0.5 }], extra: { dropToZero: 0 } })
  })

  it('runs the danger check through the real engine with its own attack and win condition', () => {
    const setup: EngineCommand[] = [
      { type: 'addCombatant', statBlock: { ...kara, hp: 30 }, id: 'kara', side: 'party' },
      { type: 'addCombatant', statBlock: grub, id: 'grub', side: 'enemies' },
    ]
    const rng = seededRng('danger-mini')
    let wins = 0
    for (let i = 0; i < 50; i++) {
      const r = simulateOnce(miniSystem, setup, rng)
      if (!r.ok) throw new Error(r.error.message)
      expect(r.value.decided).toBe(true)
      if (r.value.partyWon) wins++
    }
    // Kara needs two hits on 2+ (5/6) before Grub lands 10 hits on 4+ (1/2): the party wins every run
    expect(wins).toBe(50)
  })

  it('is described by system:describe: commands as JSON Schema with hints, labels, templates and catalogs', () => {
    const d = createSystemService().describe('mini')
    if (!d.ok) throw new Error(d.error.message)
    const strike = d.value.commands.find((c) => c.type === 'strike')!
    expect(strike).toMatchObject({ group: 'attack', label: 'mini.strike', odds: true, shortcut: 'a' })
    expect((strike.schema.required as string[]).sort()).toEqual(['attackerId', 'targetId', 'type'])
    expect(d.value.commands.map((c) => c.type)).toEqual(expect.arrayContaining(['addCondition', 'delay', 'ready', 'strike', 'mend', 'nextTurn']))
    expect(d.value.labels).toEqual({ pools: ['grit'], bands: ['near', 'far'], conditions: ['mini.dazed'] })
    expect(miniSystem.statBlockSchema.safeParse(d.value.statBlock.templates.npc).success).toBe(true)
    expect(d.value.catalogs.pl['mini.strike']).toBe('Cios')
    expect(d.value.logCatalogs.en['log.mini.hit']).toContain('{attacker}')
    expect(createSystemService().list().map((s) => s.id)).toContain('mini')
    const card = createSystemService().card('mini', kara, 'pl')
    expect(card.ok && card.value.sections[0].lines.map((l) => `${l.label}=${l.value}`)).toEqual(['mini.hp=10', 'mini.attack=+2', 'mini.defense=5', 'mini.damage=3'])
  })

  it('shows players only what they may see, and the GM its derived values', () => {
    const board = toPlayerView({ campaignName: 'Mini', systemId: 'mini', state, system: miniSystem })
    const rows = board.encounter!.order
    expect(rows.map((c) => c.name)).toEqual(['Kara', 'Grub'])
    expect(rows[0].health).toEqual({ kind: 'exact', current: 10, max: 10 })
    expect(rows[1].health).toEqual({ kind: 'descriptor', key: 'health.down' })
    const gm = toGmView({ state, records, log: engine.logEntries(records), systemId: 'mini', campaignId: 'c', sessionId: 's', shownToPlayers: false })
    expect(gm.derived?.kara).toEqual([{ label: 'mini.defense', value: 5 }, { label: 'mini.attack', value: '+2' }])
  })

  it('writes its log lines in English and Polish from its own catalogs', () => {
    const lines = engine.logEntries(records).filter((l) => l.key.startsWith('log.mini.'))
    expect(lines.map((l) => formatLog(l, 'en'))).toEqual([
      'Kara strikes Grub (8 vs 4): 3 damage, 3 HP left',
      'Grub misses Kara (2 vs 5)',
      'Kara strikes Grub (5 vs 4): 3 damage, 0 HP left',
      'Kara mends 2 HP (10 HP)',
    ])
    expect(formatLog(lines[0], 'pl')).toBe('Kara uderza Grub (8 przeciw 4): 3 obrażeń, zostaje 3 PW')
  })

  describe('exports the session in every format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-mini-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    mkdirSync(join(dir, 'sessions'))
    writeFileSync(join(dir, 'campaign.json'), JSON.stringify({ name: 'Mini campaign', systemId: 'mini', sessions: [{ id: 's1', title: 'Bridge night', date: '2026-12-01', startedAt: NOW }] }))
    const lines = [
      { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's1' },
      { kind: 'session.started', at: NOW, title: 'Bridge night', date: '2026-12-01' },
      { kind: 'encounter.started', at: NOW, encounterId: 'e1', planId: null, name: 'The mini bridge', systemId: 'mini', seed: 'mini-seed' },
      ...records.map((record) => ({ kind: 'encounter.event', at: NOW, encounterId: 'e1', record })),
    ]
    writeFileSync(join(dir, 'sessions', 's1.ndjson'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`)

    const render = async (format: 'md' | 'html' | 'json' | 'csv', playerSafe = false, lang: 'en' | 'pl' = 'en') => {
      const s = await loadSession(dir, 's1')
      if (!s.ok) throw new Error(s.error.message)
      const r = await renderSession(s.value, { format, playerSafe, lang })
      if (!r.ok) throw new Error(r.error.message)
      return String(r.value.data)
    }

    it('Markdown: the log lines, and a summary from its facts (damage, the knock-out, the notable six)', async () => {
      const md = await render('md')
      expect(md).toContain('Kara strikes Grub (8 vs 4): 3 damage, 3 HP left')
      expect(md).toContain('Grub (round 2)')
      expect(md).toContain('Kara, a six')
      expect(md).toMatch(/Kara[^\n]*\|\s*6\s*\|\s*0\s*\|/)
    })

    it('HTML in Polish, player-safe: its Polish lines, the enemy told only by its health, nothing of the hidden Lurker', async () => {
      const html = await render('html', true, 'pl')
      expect(html).toContain('Kara odzyskuje 2 PW (10 PW)')
      expect(html).toContain('Grub: teraz poza walką')
      expect(html).not.toContain('przeciw 4')
      expect(html).toContain('Runda 1: Kara, szóstka')
      expect(html).not.toContain('Lurker')
    })

    it('JSON: entries and the encounter summary; CSV: the dice of each strike', async () => {
      const json = JSON.parse(await render('json')) as { encounters: Array<{ participants: Array<{ name: string; damageDealt: number; damageTaken: number; knockedOut: boolean }>; notable: Array<{ kind: string }> }> }
      const [enc] = json.encounters
      expect(enc.participants.find((p) => p.name === 'Grub')).toMatchObject({ damageTaken: 6, knockedOut: true })
      expect(enc.participants.find((p) => p.name === 'Kara')).toMatchObject({ damageDealt: 6, damageTaken: 0 })
      expect(enc.notable.map((n) => n.kind)).toEqual(['six'])
      const csv = await render('csv')
      expect(csv).toContain('d6:6')
      expect(csv).toContain('Kara strikes Grub (5 vs 4): 3 damage, 0 HP left')
    })

    const haveTools = existsSync('/usr/bin/chromium') && existsSync('/usr/bin/pdftotext')
    it.skipIf(!haveTools)('PDF: the print of the HTML carries its lines', async () => {
      const printer = createChromiumPrinter()
      try {
        const s = await loadSession(dir, 's1')
        if (!s.ok) throw new Error(s.error.message)
        const r = await renderSession(s.value, { format: 'pdf', playerSafe: false, lang: 'en' }, printer)
        if (!r.ok) throw new Error(r.error.message)
        const file = join(dir, 'mini.pdf')
        writeFileSync(file, r.value.data as Uint8Array)
        expect(execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('Kara strikes Grub')
      } finally {
        await printer.close()
      }
    }, 60_000)
  })
})

describe('adding a fifth system: two folders, one line per registry, its tests (issue 28, docs/dev/rule-system-kit.md)', () => {
  it('joins the registry by the path each listed system takes (registerSystem), after them, its id a plain string', () => {
    expect(listSystems()).toEqual([...SYSTEMS.map((s) => s.id), 'mini'])
    expect(getSystem('mini')).toEqual({ ok: true, value: miniSystem })
  })

  it('is a campaign\'s system: created, listed and opened through the campaign service, with no list of ids to extend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-mini-store-'))
    const store = createCampaignStore({ dataDir: dir, syncAppends: false })
    try {
      expect((await store.init()).ok).toBe(true)
      const campaigns = createCampaignService({ store, publish: () => undefined, board: { setCampaign: () => undefined, campaignId: () => null } })
      const made = await campaigns.create({ name: 'Mini nights', systemId: 'mini' })
      if (!made.ok) throw new Error(made.error.message)
      expect(made.value.systemId).toBe('mini')
      expect(await campaigns.open(made.value.id)).toMatchObject({ ok: true, value: { id: made.value.id, systemId: 'mini' } })
      const listed = await campaigns.list()
      expect(listed.ok && listed.value.find((c) => c.id === made.value.id)).toMatchObject({ systemId: 'mini' })
      expect(listed.ok && listed.value.find((c) => c.id === made.value.id)?.problem).toBeUndefined()
      // an id no registry knows: refused where it enters, naming the field, in the core's sentence
      expect(await campaigns.create({ name: 'Elsewhere', systemId: 'gurps' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'systemId', message: 'The rule system "gurps" is not available in this version', details: { reason: 'refusal.core.noSystem' } } })
      expect(await store.create({ name: 'Elsewhere', systemId: 'gurps' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'systemId' } })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is named by no generic file of main or the contract: only its folder and systems/registry.ts name a system', () => {
    const root = join(__dirname, '..', '..', '..', '..')
    const names = new RegExp(`\\b(${SYSTEMS.map((s) => s.id).join('|')})\\b`, 'i')
    // code only, as ../shared/checks/structure.mjs reads it: comments stripped, strings kept (an id in a string is a tie)
    const code = (t: string) => t.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    const files = (dir: string): string[] => readdirSync(join(root, dir)).flatMap((n) => (statSync(join(root, dir, n)).isDirectory() ? files(`${dir}/${n}`) : /\.(ts|mts|vue)$/.test(n) ? [`${dir}/${n}`] : []))
    const naming = [...files('src-main'), ...files('src-shared')].filter((f) => !/^src-main\/rules\/systems\/[^/]+\//.test(f) && names.test(code(readFileSync(join(root, f), 'utf8'))))
    expect(naming).toEqual(['src-main/rules/systems/registry.ts'])
  })
})
