import { readdirSync, writeFileSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { main } from '../../../../src-main/cli/gmc'
import { resolveScenario } from '../../../../src-main/cli/scenario'

const root = join(import.meta.dirname, '../../../..')
async function gmc(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
const tmp = mkdtempSync(join(tmpdir(), 'gmc-'))
const file = (name: string, value: unknown) => {
  const p = join(tmp, name)
  writeFileSync(p, JSON.stringify(value))
  return p
}

describe('gmc roll', () => {
  it('same seed, same dice; JSON has the total and every die', async () => {
    const a = await gmc('roll', '3d6+2', '--seed', '7', '--json')
    const b = await gmc('roll', '3d6+2', '--seed', '7', '--json')
    expect(a.code).toBe(0)
    expect(a.out).toBe(b.out)
    const j = JSON.parse(a.out)
    expect(j.dice).toHaveLength(3)
    expect(j.total).toBe(j.dice.reduce((s: number, d: { value: number }) => s + d.value, 0) + 2)
  })
  it('bad notation exits non-zero naming the field', async () => {
    const r = await gmc('roll', '3d6+', '--json')
    expect(r.code).toBe(1)
    expect(JSON.parse(r.err).error).toMatchObject({ code: 'invalid', field: 'notation' })
    expect((await gmc('roll')).code).toBe(2)
    expect((await gmc('roll', 'd6', '--bogus')).code).toBe(2)
    expect((await gmc('nope')).code).toBe(2)
  })
  it('--dist prints the exact distribution', async () => {
    const r = await gmc('roll', '2d6', '--dist', '--json')
    const j = JSON.parse(r.out)
    expect(j.mean).toBeCloseTo(7, 12)
    expect(j.distribution.find((x: { value: number }) => x.value === 7).p).toBeCloseTo(1 / 6, 12)
  })
})

describe('gmc resolve', () => {
  it('rejects an invalid scenario naming the field', async () => {
    const bad = file('bad.json', { system: 'saga', combatants: [{ id: 1 }], commands: [{ type: 'attack', attackerId: 'nobody' }] })
    const r = await gmc('resolve', '--in', bad)
    expect(r.code).toBe(1)
    expect(JSON.parse(r.err).error.field).toBe('combatants.0.id')
    const noAttacker = file('bad2.json', { system: 'saga', combatants: [{ id: 'a', name: 'A', hp: 5 }], commands: [{ type: 'attack', attackerId: 'nobody', targetId: 'a' }] })
    const r2 = await gmc('resolve', '--in', noAttacker)
    expect(r2.code).toBe(1)
    expect(JSON.parse(r2.err).error).toMatchObject({ code: 'not-found', field: 'commands.0.attackerId' })
    const badBlock = file('bad3.json', { system: 'saga', combatants: [{ id: 'a', name: 'A', hp: 'lots' }] })
    expect(JSON.parse((await gmc('resolve', '--in', badBlock)).err).error.field).toBe('combatants.0.hp')
    expect((await gmc('resolve', '--in', join(tmp, 'missing.json'))).code).toBe(1)
    expect((await gmc('resolve')).code).toBe(2)
  })

  it('prints the events (with every die) and the final state', async () => {
    const r = await gmc('resolve', '--in', join(root, 'docs/examples/saga-attack.json'), '--seed', '1')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    const attack = j.events.find((e: any) => e.event.type === 'saga.attackRolled').event
    expect(attack.dice).toEqual([{ die: 'd20', value: 13, manual: true }])
    expect(j.state.combatants.find((c: any) => c.id === 'st').state.hp).toBe(0)
    expect(j.log.map((e: any) => e.text)).toContain('Han hits Stormtrooper with Blaster Pistol (17)')
  })

  it('dice not given come from the seed: deterministic per seed', () => {
    const sc = { system: 'saga', combatants: [{ id: 'a', name: 'A', hp: 20, weapons: [{ name: 'Gun', damage: '2d6', kind: 'ranged' }] }, { id: 'b', name: 'B', hp: 20 }], commands: [{ type: 'attack', attackerId: 'a', targetId: 'b' }] }
    const x = resolveScenario(sc, { seed: '42', defaultSeed: 'x' })
    const y = resolveScenario(sc, { seed: '42', defaultSeed: 'y' })
    expect(x.ok && y.ok && x.value.state).toEqual(y.ok && y.value.state)
  })

  const examples = readdirSync(join(root, 'docs/examples')).filter((f) => /^saga-.*\.json$/.test(f))
  it('has at least 6 Saga worked examples', () => expect(examples.length).toBeGreaterThanOrEqual(6))
  it.each(examples)('worked example %s runs and meets its expectations', async (f) => {
    const r = await gmc('resolve', '--in', join(root, 'docs/examples', f), '--seed', '1')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
  })

  it('a failed expectation is an error', async () => {
    const p = file('exp.json', { system: 'saga', combatants: [{ id: 'a', name: 'A', hp: 5 }], expect: [{ path: 'combatants.a.state.hp', equals: 4 }] })
    const r = await gmc('resolve', '--in', p)
    expect(r.code).toBe(1)
    expect(JSON.parse(r.err).error.field).toBe('expect.0')
  })
})

describe('gmc odds', () => {
  it('prints exact odds of an attack after the scenario setup', async () => {
    const p = file('odds.json', {
      system: 'saga',
      combatants: [
        { id: 'a', name: 'A', kind: 'heroic', heroicLevel: 2, bab: 2, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 }, hp: 20, weapons: [{ name: 'Gun', damage: '3d6', kind: 'ranged' }] },
        { id: 'b', name: 'B', hp: 20 },
      ],
      attack: { type: 'attack', attackerId: 'a', targetId: 'b' },
    })
    const r = await gmc('odds', '--in', p)
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    // +4 vs Reflex 10: 6..19 hit (14 faces) + 20 → 15/20
    expect(j.hit).toBeCloseTo(0.75, 12)
    expect(j.crit).toBeCloseTo(0.05, 12)
    const bad = file('odds-bad.json', { system: 'saga', combatants: [], attack: { type: 'attack', attackerId: 'x', targetId: 'y' } })
    expect(JSON.parse((await gmc('odds', '--in', bad)).err).error.field).toBe('attack.attackerId')
  })
})

describe('the gmc bin shim', () => {
  it('runs the CLI with tsx from any directory and passes the exit code', async () => {
    const { spawnSync } = await import('node:child_process')
    const ok = spawnSync(process.execPath, [join(root, 'bin/gmc.mjs'), 'roll', 'd20', '--seed', '5', '--json'], { cwd: tmpdir(), encoding: 'utf8' })
    expect(ok.status).toBe(0)
    expect(JSON.parse(ok.stdout).dice).toHaveLength(1)
    const bad = spawnSync(process.execPath, [join(root, 'bin/gmc.mjs'), 'roll', '3d6+'], { cwd: tmpdir(), encoding: 'utf8' })
    expect(bad.status).toBe(1)
  }, 30000)
})
