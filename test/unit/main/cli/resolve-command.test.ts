/** `gmc resolve` and `gmc odds` (resolve-command.ts, scenario.ts): scenarios, worked examples, strict dice, odds. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveScenario } from '../../../../src-main/cli/scenario'
import { file, gmc, root, tmp } from './run-gmc'

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

describe('gmc resolve: strict fixed dice, expected refusals, derived values (issue 9 item 6)', () => {
  const saga = JSON.parse(readFileSync(join(root, 'docs/examples/saga-attack.json'), 'utf8'))
  /** the Saga worked example with its one attack's dice (d20 13, damage 3d6 2,3,4) replaced */
  const withDice = (dice: Array<number | string>, extra: Record<string, unknown> = {}) => ({ ...saga, expect: undefined, commands: [{ ...saga.commands[0], dice, ...extra }] })

  it('too few dice: an error naming the step and the dice it would have drawn from the seed', () => {
    const r = resolveScenario(withDice([13, 2]), { seed: '1', defaultSeed: '1' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error).toMatchObject({ code: 'invalid', field: 'commands.0.dice' })
    // 001: 3d6 damage: one d6 given after the d20, two are missing
    expect(r.error.message).toContain('commands.0 (attack): 2 dice given, the step needs 2 more (d6, d6)')
  })
  it('"dice": [] says the step rolls nothing: a step that rolls is an error', () => {
    const r = resolveScenario(withDice([]), { seed: '1', defaultSeed: '1' })
    expect(!r.ok && r.error).toMatchObject({ field: 'commands.0.dice' })
    expect(!r.ok && r.error.message).toContain('needs 4 more (d20, d6, d6, d6)')
  })
  it('leftover dice: an error naming the step and the first unused die', () => {
    const r = resolveScenario(withDice([13, 2, 3, 4, 5, 6]), { seed: '1', defaultSeed: '1' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error).toMatchObject({ code: 'invalid', field: 'commands.0.dice.4' })
    expect(r.error.message).toContain('commands.0 (attack): 6 dice given, the step used 4; 2 left over (dice.4..5: 5, 6)')
  })
  it('a miss needs no damage dice: the d20 alone is exact, damage dice given with it are left over', () => {
    // 001: d20 2 + 4 = 6 against Reflex 17 misses, so nothing else is rolled
    expect(resolveScenario(withDice([2]), { seed: '1', defaultSeed: '1' }).ok).toBe(true)
    const r = resolveScenario(withDice([2, 3, 3, 3]), { seed: '1', defaultSeed: '1' })
    expect(!r.ok && r.error.field).toBe('commands.0.dice.1')
  })
  it('the exact dice pass, with any seed', () => {
    for (const seed of ['1', '7', 'abc']) expect(resolveScenario(withDice([13, 2, 3, 4]), { seed, defaultSeed: seed }).ok).toBe(true)
  })
  it('Starchasers: attack, defense and status dice are all counted (the area example gives every die)', () => {
    const area = JSON.parse(readFileSync(join(root, 'docs/examples/starchasers-area.json'), 'utf8'))
    expect(resolveScenario(area, { seed: '1', defaultSeed: '1' }).ok).toBe(true)
    const short = structuredClone(area)
    short.commands[4].dice = short.commands[4].dice.slice(0, 5)
    const r = resolveScenario(short, { seed: '1', defaultSeed: '1' })
    expect(!r.ok && r.error).toMatchObject({ field: 'commands.4.dice' })
    expect(!r.ok && r.error.message).toContain('commands.4 (attack): 5 dice given, the step needs 7 more')
    const long = structuredClone(area)
    long.commands[4].dice.push('evade')
    expect(!resolveScenario(long, { seed: '1', defaultSeed: '1' }).ok).toBe(true)
  })

  const refusing = (expectation: unknown, more: Array<Record<string, unknown>> = []) => ({
    system: 'saga',
    combatants: saga.combatants,
    commands: [{ type: 'nextTurn', expect: expectation }, { type: 'startCombat' }, ...more],
  })
  it('a step that expects a refusal is refused and the scenario goes on', () => {
    const r = resolveScenario(refusing('refused'), { seed: '1', defaultSeed: '1' })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.steps[0]).toMatchObject({ step: 0, type: 'nextTurn', refused: { code: 'rule', message: 'Combat has not started', field: 'type' } })
    expect(r.value.steps[1]).toMatchObject({ step: 1, type: 'startCombat' })
    expect(r.value.state.turn.phase).toBe('combat')
  })
  it('the code, field and part of the message can be expected; a different refusal is an error', () => {
    expect(resolveScenario(refusing({ refused: true, code: 'rule', field: 'type', message: 'not started' }), { seed: '1', defaultSeed: '1' }).ok).toBe(true)
    const wrong = resolveScenario(refusing({ refused: true, code: 'not-found' }), { seed: '1', defaultSeed: '1' })
    expect(!wrong.ok && wrong.error).toMatchObject({ code: 'invalid', field: 'commands.0.expect' })
    expect(!wrong.ok && wrong.error.message).toContain('code is rule, expected not-found')
    const field = resolveScenario(refusing({ refused: true, field: 'combatantId' }), { seed: '1', defaultSeed: '1' })
    expect(!field.ok && field.error.message).toContain('field is "type", expected "combatantId"')
  })
  it('an unexpected acceptance is an error naming the step', () => {
    const r = resolveScenario(refusing('refused', [{ type: 'nextTurn', expect: 'refused' }]), { seed: '1', defaultSeed: '1' })
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid', field: 'commands.2.expect', message: 'commands.2 (nextTurn) was expected to be refused, but the engine accepted it' })
    const bad = resolveScenario(refusing('maybe'), { seed: '1', defaultSeed: '1' })
    expect(!bad.ok && bad.error.field).toBe('commands.0.expect')
  })

  it('--derived: each combatant\'s derived values after the setup and every step (json)', async () => {
    const r = await gmc('resolve', '--in', join(root, 'docs/examples/saga-attack.json'), '--seed', '1', '--derived')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.steps.map((s: any) => s.step)).toEqual(['setup', 0])
    const reflex = (s: any, id: string) => s.derived[id].find((d: any) => d.label === 'saga.reflex')
    // 001: Reflex 10 + armor 6 + Dex 1 = 17 before the shot
    expect(reflex(j.steps[0], 'st')).toEqual({ label: 'saga.reflex', text: 'Reflex', value: 17 })
    expect(j.steps[0].derived.st.find((d: any) => d.label === 'saga.threshold').value).toBe(12)
    // unconscious at the bottom of the condition track: the values the system derives there
    const after = j.steps[1].derived.st
    expect(after.find((d: any) => d.label === 'saga.speed').value).toBeLessThan(6)
    // without the flag, the steps carry no derived values
    expect(JSON.parse((await gmc('resolve', '--in', join(root, 'docs/examples/saga-attack.json'), '--seed', '1')).out).steps).toEqual([{ step: 0, type: 'attack', batch: 3 }])
  })
  it('--derived with --log: text lines after each step, and a refused step says so', async () => {
    const p = file('refuse.json', refusing('refused'))
    const r = await gmc('resolve', '--in', p, '--seed', '1', '--log', '--derived')
    expect(r.code).toBe(0)
    const lines = r.out.split('\n')
    expect(lines).toContain('     after the setup:')
    expect(lines).toContain('     ✗ step 0 (nextTurn) refused as expected — rule: Combat has not started')
    expect(lines).toContain('     after step 1 (startCombat):')
    expect(lines).toContain('       st: Reflex 17, Fortitude 12, Will 10, Damage threshold 12, Speed 6')
    // the log lines of step 1 come before its derived values
    expect(lines.findIndex((l) => l.includes('Combat begins') || l.includes('round 1'))).toBeLessThan(lines.indexOf('     after step 1 (startCombat):'))
    expect((await gmc('odds', '--in', p, '--derived')).code).toBe(2)
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
