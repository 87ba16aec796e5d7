/**
 * Issue 30: hostile or broken input for the Saga readers: seeded junk in every field of a Foundry swse actor, and
 * stat-block text made of the books' lines in any order, cut, doubled, with junk values. Never a throw; each outcome
 * is a refusal or a stat block the Saga schema takes (the service refuses the rest, but a reader should not hand it
 * what it cannot save). Written after the readers, it found nothing to fix: it guards them from now on.
 */
import { describe, expect, it } from 'vitest'
import { sagaFoundryReader } from '../../../../../../../src-main/rules/systems/saga/imports/foundry-swse'
import { sagaTextReader } from '../../../../../../../src-main/rules/systems/saga/imports/book-text'
import { sagaFigures } from '../../../../../../../src-main/rules/systems/saga/imports/figures'
import { sagaStatBlockSchema } from '../../../../../../../src-main/rules/systems/saga/schema'
import { isRefusal } from '../../../../../../../src-main/rules/kit/imports'

const ctx = { answers: {}, file: 'junk' }
function seeded(seed: number) {
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = <T,>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]
  return { rnd, pick }
}

describe('Saga readers and junk (issue 30)', () => {
  it('Foundry actors with seeded junk in every field never throw; each outcome is refused or passes the schema', () => {
    const { rnd, pick } = seeded(11)
    const scalar = () => pick<unknown>([0, -5, 99, 101, 1e9, -1e9, 13.5, NaN, Infinity, '13', '+3', '−2', '-', '', ' ', 'lots', 'x'.repeat(300), null, true, false])
    const junk = (d: number): unknown => {
      const k = rnd()
      if (d > 3 || k < 0.35) return scalar()
      if (k < 0.55) return Array.from({ length: Math.floor(rnd() * 4) }, () => junk(d + 1))
      return Object.fromEntries(Array.from({ length: 4 }, () => [pick(['value', 'max', 'total', 'base', 'bonus', 'damage', 'range', 'classBonus', 'levels', 'name', 'type', 'key', 'changes', 'attributes', 'reflexBonus', 'maxDex', 'trained']), junk(d + 1)]))
    }
    const names = ['Precise Shot', 'Dual Weapon Mastery III', 'Improved Damage Threshold', 'Blaster Rifle', 'Soldier', 'Nonheroic', 'Jedi Knight', '', 'x'.repeat(500), 'Lightsaber']
    const types = ['class', 'feat', 'talent', 'weapon', 'armor', 'equipment', 'species', 'force-power', '', 'trait', 7]
    let outcomes = 0
    let read = 0
    for (let i = 0; i < 400; i++) {
      const abil = () => (rnd() < 0.5 ? junk(2) : { base: junk(3), bonus: junk(3), total: rnd() < 0.5 ? junk(3) : undefined })
      const actor = {
        name: pick([`n${i}`, `n${i}`, 'y'.repeat(200)]),
        type: pick(['character', 'npc', 'droid', 'vehicle']),
        system: {
          ...(junk(1) as object),
          attributes: { str: abil(), dex: abil(), con: abil(), int: abil(), wis: abil(), cha: abil() },
          health: rnd() < 0.9 ? { value: junk(3), max: pick([junk(3), 10, '20']) } : junk(1),
          defense: rnd() < 0.5 ? { reflex: junk(2), fortitude: junk(2), will: junk(2), damageThreshold: junk(2) } : junk(1),
          cl: junk(3), size: pick(['Medium', 'large', 'Enormous', 5, null]), speed: junk(2), bab: junk(3), initiative: junk(2), skills: junk(1), forcePoints: junk(2),
          providedItems: rnd() < 0.5 ? Array.from({ length: 5 }, () => (rnd() < 0.5 ? pick(names) : { name: pick(names), type: pick(types) })) : junk(1),
        },
        items: rnd() < 0.8 ? Array.from({ length: Math.floor(rnd() * 12) }, () => ({ name: pick(names), type: pick(types), system: rnd() < 0.5 ? junk(0) : { damage: pick(['3d8', '2d6+1', 'd', '1d6+x', 5, '']), range: pick(['Melee', 'Pistol', 'Thrown', 'Rifle', 3]), levels: junk(3), reflexBonus: junk(3), isHeroic: junk(3), changes: junk(1) } })) : junk(1),
        _stats: { systemId: 'swse' },
      }
      for (const o of sagaFoundryReader.read(actor, ctx)) {
        outcomes++
        if (isRefusal(o)) continue
        read++
        const p = sagaStatBlockSchema.safeParse(o.data)
        expect(p.success, `${JSON.stringify(p.error?.issues[0])} ${JSON.stringify(o.data).slice(0, 400)}`).toBe(true)
        expect(sagaFigures(o.data).length).toBeGreaterThan(6)
      }
    }
    expect(outcomes).toBe(400)
    expect(read).toBeGreaterThan(100)
  })

  it('book text made of its lines in any order, cut, doubled, with junk values, never throws; each block is refused or passes the schema', () => {
    const { rnd, pick } = seeded(5)
    const lines = [
      'Init +5; Senses Perception +6', 'Init +x', 'Defenses Ref 15 (flat-footed 14), Fort 12, Will 10; Evasion', 'Defenses Ref 999, Fort -99, Will x', 'Ref 12, Fort 10',
      'hp 10; Threshold 12', 'hp 0', 'hp 99999999; DR 5/lightsaber; SR 1000', 'hp 12', 'Speed 6 squares', 'Speed fast', 'Melee vibroblade +4 (2d6+2) or', 'stun baton +3 (2d6 stun)',
      'Ranged blaster rifle +3 (3d8) or blaster rifle +1 (3d8) with autofire', 'Ranged +3 (3d8)', 'Ranged heavy repeater +999 (9d9+999)', 'Base Atk +2; Grp +3', 'Base Atk lots',
      'Abilities Str 10, Dex 13, Con –, Int 10, Wis 10, Cha 10', 'Abilities Str 300, Dex', 'Feats Precise Shot, Dual Weapon Mastery II, Improved Damage Threshold, Improved Damage Threshold',
      'Talents Evasion, ' + 'Block, '.repeat(150), 'Skills Initiative +5', 'Possessions armor (+6 armor, +2 equipment), comlink', 'Possessions plating (+99 armor)', 'Force 3; Dark Side 2',
      'Languages Basic', 'Morale flees', '(pistols)', 'or blaster pistol +2 (3d6)', '−', 'Medium Human soldier 3/nonheroic 2', 'Huge droid (5th-degree) beast 40/jedi 40', 'x'.repeat(3000),
    ]
    let blocks = 0
    let read = 0
    for (let i = 0; i < 300; i++) {
      const text: string[] = []
      const n = 1 + Math.floor(rnd() * 3)
      for (let b = 0; b < n; b++) {
        text.push(pick([`Block ${i}.${b} CL ${Math.floor(rnd() * 20)}`, `${'z'.repeat(150)} CL 3`, `Droid ${b} CL –`]))
        if (rnd() < 0.7) text.push(pick(['Medium Human nonheroic 3', 'Small Jawa scout 1', 'Large droid (2nd-degree) nonheroic 4', 'Colossal starfighter', 'Medium']))
        for (let k = 0; k < 12; k++) text.push(pick(lines))
      }
      for (const o of sagaTextReader.read(text.join(pick(['\n', '\r\n'])), ctx)) {
        blocks++
        if (isRefusal(o)) continue
        read++
        const p = sagaStatBlockSchema.safeParse(o.data)
        expect(p.success, `${JSON.stringify(p.error?.issues[0])} ${JSON.stringify(o.data).slice(0, 400)}`).toBe(true)
      }
    }
    expect(blocks).toBeGreaterThan(300)
    expect(read).toBeGreaterThan(100)
  })
})
