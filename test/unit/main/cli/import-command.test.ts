/**
 * Issue 30: `gmc import FILE... [--system ID] [--format auto|…] [--json]` prints the stat blocks exactly as the
 * library would save them, each with the derived values the console shows (Saga: the three defenses, HP, damage
 * threshold, initiative, speed, attacks with bonus and damage, from the rules engine), and the report; exit code 0
 * when everything was imported, 1 when something was refused, 2 on a usage error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pluralForm, runImportCommand } from '../../../../src-main/cli/import-command'
import { getSystem } from '../../../../src-main/rules/index'
import { sagaStatBlockSchema } from '../../../../src-main/rules/systems/saga/schema'
import { readSources } from '../../../../src-main/services/campaigns/import-read'

const FIX = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'imports')

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err }
}

describe('gmc import (issue 30)', () => {
  it('a book stat block and a Foundry actor: each as the library saves it, with the engine’s figures; exit 0', async () => {
    const c = capture()
    const code = await runImportCommand([join(FIX, 'saga-text', 'garrison-trooper.txt'), join(FIX, 'foundry-swse', 'elite-trooper.json'), '--system', 'saga', '--json'], c.io)
    expect(c.err).toEqual([])
    expect(code).toBe(0)
    const doc = JSON.parse(c.out.join('\n'))
    expect(doc.systemId).toBe('saga')
    expect(doc.statBlocks.map((s: { name: string }) => s.name)).toEqual(['Garrison Trooper', 'Sergeant Vex Orla'])
    // what is printed is what the library saves: it passes the system's schema as it stands
    for (const s of doc.statBlocks) expect(sagaStatBlockSchema.safeParse(s.data).success).toBe(true)
    // the figures are the system's own, computed from the printed stat block
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error('no saga')
    for (const s of doc.statBlocks) expect(s.figures).toEqual(sys.value.imports!.figures!(sagaStatBlockSchema.parse(s.data) as Record<string, unknown>))
    const labels = doc.statBlocks[0].figures.map((f: { label: string }) => f.label)
    for (const l of ['saga.reflex', 'saga.fortitude', 'saga.will', 'saga.threshold']) expect(labels).toContain(l)
    // the book says Reflex 15, the rules give another: both printed
    expect(doc.statBlocks[0].disagreements.find((d: { key: string }) => d.key === 'reflex')).toMatchObject({ stated: 15 })
    expect(doc.report).toEqual({ ok: 0, notes: 2, refused: 0, filesRefused: 0 })
  })

  it('text output in Polish names the source and the rules’ values; a refused stat block gives exit 1', async () => {
    const c = capture()
    const code = await runImportCommand([join(FIX, 'foundry-swse', 'compendium.ndjson'), '--system', 'saga', '--lang', 'pl'], c.io)
    const text = c.out.join('\n')
    expect(code).toBe(1)
    expect(text).toContain('✗ Broken Export')
    expect(text).toMatch(/Saga Edition|Star Wars/)
    expect(text).toMatch(/zaimportowano \d+, z uwagami \d+, odrzucono 1/)
  })

  it('without --system the system whose readers take the files reads them; a text no system reads says so', async () => {
    const c = capture()
    expect(await runImportCommand([join(FIX, 'storyteller-text', 'imperial-guard.txt'), '--json'], c.io)).toBe(0)
    expect(JSON.parse(c.out.join('\n')).systemId).toBe('storyteller')
    const dir = mkdtempSync(join(tmpdir(), 'gmc-import-cli-'))
    writeFileSync(join(dir, 'shopping.txt'), 'eggs, milk, bread')
    const d = capture()
    expect(await runImportCommand([join(dir, 'shopping.txt')], d.io)).toBe(1)
    expect(d.err.join('\n')).toContain('cannot tell which system')
  })

  it('usage errors exit 2 with one line; a missing file exits 1', async () => {
    for (const args of [[], ['x.json', '--colour'], ['x.json', '--system', 'dnd5e'], ['x.json', '--format', 'foundry-swse'], ['x.json', '--system', 'saga', '--format', 'nope']]) {
      const c = capture()
      expect(await runImportCommand(args, c.io), args.join(' ')).toBe(2)
      expect(c.err).toHaveLength(1)
    }
    const c = capture()
    expect(await runImportCommand(['/nonexistent/x.json', '--system', 'saga'], c.io)).toBe(1)
    expect(c.err[0]).toContain('cannot read /nonexistent/x.json (ENOENT)')
  })

  it('plural forms of the catalogs: English one/other, Polish one/few/many', () => {
    expect([1, 2, 5].map((n) => pluralForm('en', n, 2))).toEqual([0, 1, 1])
    expect([1, 2, 4, 5, 12, 22, 25].map((n) => pluralForm('pl', n, 3))).toEqual([0, 1, 1, 2, 2, 1, 2])
  })

  it('the CLI reads what the console previews: the same readings', async () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error('no saga')
    const c = capture()
    await runImportCommand([join(FIX, 'foundry-swse', 'pc-jedda-rune.json'), '--system', 'saga', '--json'], c.io)
    const { readFileSync } = await import('node:fs')
    const r = await readSources(sys.value, [{ name: 'pc-jedda-rune.json', text: readFileSync(join(FIX, 'foundry-swse', 'pc-jedda-rune.json'), 'utf8') }])
    expect(JSON.parse(c.out.join('\n')).statBlocks[0].data).toEqual(r.items[0].data)
  })
})
