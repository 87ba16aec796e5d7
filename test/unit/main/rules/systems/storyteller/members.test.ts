import { describe, expect, it } from 'vitest'
import { initialState, run } from './engine'
import type { EncounterState } from '../../../../../../src-shared/domain/encounter'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { storytellerCommandSchemas } from '../../../../../../src-main/rules/systems/storyteller/commands'
import { storytellerDangerAttack, storytellerIsOut } from '../../../../../../src-main/rules/systems/storyteller/danger'
import { storytellerFacts } from '../../../../../../src-main/rules/systems/storyteller/mechanics/facts'
import * as en from '../../../../../../src-main/rules/systems/storyteller/i18n/en'
import * as pl from '../../../../../../src-main/rules/systems/storyteller/i18n/pl'
import { inquisitor, kaelVorn, stormtrooper } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { statBlock } from '../../../../../../src-main/rules/systems/storyteller/schema'
import { storytellerCard } from '../../../../../../src-main/rules/systems/storyteller/ui/card'
import { storytellerDerived } from '../../../../../../src-main/rules/systems/storyteller/ui/derived'
import { storytellerCommandHints } from '../../../../../../src-main/rules/systems/storyteller/ui/hints'
import { storytellerTemplates } from '../../../../../../src-main/rules/systems/storyteller/ui/templates'

function fight(): EncounterState {
  let s = initialState({ id: 'e', name: 'Bay', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'st' }).state
  return run(s, { type: 'startCombat' }, fixedRng([7, 8, 9, 10, 2, 7, 1, 2, 3])).state
}

describe('what generic code asks the Storyteller system', () => {
  it('facts: an attack names attacker, target and the damage it marked; Incapacitated is a knock-out; botches are notable', () => {
    const r = run(fight(), { type: 'attack', attackerId: 'kael', targetId: 'st', dice: [7, 8, 2, 3, 10, 1, 5, 6, 7, 7, 8, 9, 10, 10, 1, 2, 3] })
    expect(storytellerFacts(r.events.find((e) => e.type === 'storyteller.attacked')!)).toEqual({ actorId: 'kael', targetId: 'st', damage: { sourceId: 'kael', targetId: 'st', amount: 3 } })
    const k = run(r.state, { type: 'damage', combatantId: 'st', amount: 4, damageType: 'lethal' })
    expect(k.events.map((e) => storytellerFacts(e))).toEqual([{ targetId: 'st', damage: { sourceId: null, targetId: 'st', amount: 4 } }, { targetId: 'st', knockout: { targetId: 'st' } }])
    expect(storytellerIsOut(k.state.combatants.find((c) => c.id === 'st')!)).toBe(true)
    const b = run(fight(), { type: 'attack', attackerId: 'kael', targetId: 'st', dice: [1, 2, 2, 2, 2, 2, 2, 2] })
    // Epic Dexterity's autosuccess: Kael cannot botch (T1 + T2)
    expect(storytellerFacts(b.events[0])?.notable).toBeUndefined()
    // the trooper (7 dice, no Epic) rolls no success and a 1: a botch (T1)
    const t = run(fight(), { type: 'attack', attackerId: 'st', targetId: 'kael', override: true, dice: [1, 2, 2, 2, 2, 2, 2] })
    expect(storytellerFacts(t.events.find((e) => e.type === 'storyteller.attacked')!)?.notable).toEqual(['botch'])
  })
  it('the danger check attacks with the first weapon', () => {
    const s = fight()
    expect(storytellerDangerAttack(s, s.combatants[0], s.combatants[1])).toEqual({ type: 'attack', attackerId: 'kael', targetId: 'st' })
  })
  it('derived values follow the wound penalty (T5): −1 takes a die off accuracy and Join Battle', () => {
    let s = fight()
    const kael = () => s.combatants.find((c) => c.id === 'kael')!
    expect(storytellerDerived(s, kael()).find((d) => d.label === 'storyteller.weapon')?.value).toBe('Heavy blaster pistol: 8 +1 / 7L / 5')
    s = run(s, { type: 'damage', combatantId: 'kael', amount: 2, damageType: 'bashing' }).state
    const d = storytellerDerived(s, kael())
    expect(d.find((x) => x.label === 'storyteller.woundPenalty')?.value).toBe(-1)
    expect(d.find((x) => x.label === 'storyteller.weapon')?.value).toBe('Heavy blaster pistol: 7 +1 / 7L / 5')
    expect(d.find((x) => x.label === 'storyteller.joinBattle')?.value).toBe('4')
    expect(d.find((x) => x.label === 'storyteller.health')?.value).toBe('5/7')
    expect(d.find((x) => x.label === 'storyteller.soak')?.value).toBe('4/2/0')
  })
  it('the card lays out attributes with Epic, DVs, soak, the health track and weapons, in en and pl', () => {
    const c = storytellerCard(statBlock.parse(inquisitor), 'en')
    expect(c.title).toBe('Inquisitor')
    const flat = c.sections.flatMap((s) => s.lines.map((l) => `${l.label ?? ''}=${l.value}`))
    expect(flat).toContain('storyteller.attr.perception=4 (Epic 2)')
    expect(flat).toContain('storyteller.dodgeDv=4')
    expect(flat).toContain('storyteller.health=−0, −1, −1, −2, −2, −4, incapacitated (7)')
    expect(flat).toContain('storyteller.weapon=Lightsaber (lightsaber): Accuracy +2, Damage +5A, Speed 5')
    const p = storytellerCard(inquisitor, 'pl').sections.flatMap((s) => s.lines.map((l) => l.value))
    expect(p).toContain('Lightsaber (miecz świetlny): Celność +2, Obrażenia +5A, Szybkość 5')
    expect(storytellerCard({ name: 'Broken' }, 'en')).toMatchObject({ title: 'Broken', subtitle: 'invalid stat block', sections: [] })
  })
  it('every hinted field exists in its command schema; templates are valid stat blocks', () => {
    for (const h of storytellerCommandHints) {
      const schema = storytellerCommandSchemas[h.type as keyof typeof storytellerCommandSchemas]
      expect(schema, h.type).toBeDefined()
      // the schemas are built on first use (rules/kit/built-once.ts): unwrap() builds this one
      const keys = Object.keys((schema.unwrap() as unknown as { shape: Record<string, unknown> }).shape)
      for (const f of Object.keys(h.fields)) expect(keys, `${h.type}.${f}`).toContain(f)
    }
    for (const k of ['pc', 'npc', 'ally'] as const) expect(statBlock.safeParse(storytellerTemplates[k]('New')).success).toBe(true)
  })
  it('the ui and log catalogs have the same keys in en and pl, and every storyteller.* label used is in them', () => {
    expect(Object.keys(pl.ui).sort()).toEqual(Object.keys(en.ui).sort())
    expect(Object.keys(pl.log).sort()).toEqual(Object.keys(en.log).sort())
    const all = { ...en.log, ...en.ui }
    const used = [
      ...storytellerCommandHints.flatMap((h) => [h.label, ...Object.values(h.fields).flatMap((f) => [f.label ?? '', ...Object.values(f.optionLabels ?? {})])]),
      ...storytellerCard(statBlock.parse(kaelVorn), 'en').sections.flatMap((s) => [s.title ?? '', ...s.lines.map((l) => l.label ?? '')]),
      ...storytellerDerived(fight(), fight().combatants[0]).flatMap((d) => [d.label, d.hint ?? '']),
    ].filter((k) => k.startsWith('storyteller.') || k.startsWith('health.'))
    for (const k of used) expect(all[k], k).toBeDefined()
  })
})
