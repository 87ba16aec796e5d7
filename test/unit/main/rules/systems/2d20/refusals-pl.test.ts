/**
 * Issue 27, defect 9: a 2d20 refusal is one sentence, in English from main and in Polish on a Polish screen. Before
 * the fix these refusals were English sentences with seed lines inside ("… holds no Luck (PCs 002:92, villains
 * 002:120)") and no catalog key, so a Polish screen showed main's English.
 */
import { describe, expect, it } from 'vitest'
import type { AppError } from '@shared/result'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { formatLog } from '@shared/i18n/format-log'
import { engineFor, initialState } from '../../../../../../src-main/rules/index'
import { seededRng } from '../../../../../../src-main/rules/kit/rng'
import { sampleInput } from '../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { minionsDispatched } from '../../../../../../src-main/rules/systems/2d20/mechanics/stress'
import { takeTurn } from '../../../../../../src-main/rules/systems/2d20/mechanics/turns'
import { log as enLog } from '../../../../../../src-main/rules/systems/2d20/i18n/en'
import { log as plLog } from '../../../../../../src-main/rules/systems/2d20/i18n/pl'

const engine = (() => {
  const e = engineFor('2d20')
  if (!e.ok) throw new Error(e.error.message)
  return e.value
})()
const ctx = { rng: seededRng('refusals-pl'), now: '2026-01-01T00:00:00.000Z' }

function run(state: EncounterState, cmd: EngineCommand): EncounterState {
  const r = engine.decide(state, cmd, ctx)
  if (!r.ok) throw new Error(r.error.message)
  return r.value.reduce((s, ev) => engine.evolve(s, ev), state)
}
function refused(state: EncounterState, cmd: EngineCommand): AppError {
  const r = engine.decide(state, cmd, ctx)
  if (r.ok) throw new Error(`${cmd.type} was accepted`)
  return r.error
}

/** John Carter (PC, no Luck spent yet), a white ape (monster), two Thark warriors (minions), in combat */
function fight(): EncounterState {
  let s = initialState({ id: 'e', name: 'e', systemId: '2d20', seed: 's' })
  s = run(s, { type: 'addCombatant', id: 'jc', statBlock: sampleInput('johnCarter'), side: 'party', role: 'pc' })
  s = run(s, { type: 'addCombatant', id: 'ape', statBlock: sampleInput('whiteApe'), side: 'enemies', role: 'npc' })
  s = run(s, { type: 'addCombatant', id: 'thark', count: 2, statBlock: sampleInput('tharkWarrior'), side: 'enemies', role: 'npc' })
  return run(s, { type: 'startCombat' })
}
const name = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.name

/**
 * what a screen says: main's sentence in English; in Polish the refusal's key and params from the catalogs, as
 * src-renderer/components/refusal.ts says them (the catalogs are main's own, registered by rules/index)
 */
function said(e: AppError, locale: 'en' | 'pl'): string {
  if (locale === 'en') return e.message
  const d = e.details as { reason?: string; params?: Record<string, string | number | boolean> } | undefined
  return d?.reason ? formatLog({ key: d.reason, params: d.params ?? {} }, 'pl') : e.message
}

describe('2d20 refusals read in Polish (issue 27, defect 9)', () => {
  it('an attack on oneself: the sentence names the attacker, in both languages', () => {
    const s = fight()
    const jc = name(s, 'jc')
    const e = refused(s, { type: 'attack', attackerId: 'jc', targetId: 'jc' })
    expect(e).toMatchObject({ code: 'invalid', field: 'targetId', details: { reason: 'refusal.2d20.attackSelf', params: { name: jc } } })
    expect(said(e, 'en')).toBe(`${jc} cannot attack themselves`)
    expect(said(e, 'pl')).toBe(`Postać ${jc} nie może zaatakować samej siebie`)
  })

  it('Luck on a monster (002:92, 002:120): the rule sources leave the sentence for "why?"', () => {
    const s = fight()
    const ape = name(s, 'ape')
    const e = refused(s, { type: 'adjust', combatantId: 'ape', pool: 'luck', delta: 1 })
    expect(e.cite).toBe('002:92, 002:120')
    expect(e.message).toBe(`${ape} holds no Luck: only player characters and villains do`)
    expect(said(e, 'pl')).toBe(`Postać ${ape} nie ma Szczęścia: mają je tylko bohaterowie graczy i złoczyńcy`)
  })

  it('Danger with no Threat (002:110): the spend and the pool are named in Polish too', () => {
    const e = refused(fight(), { type: 'harm', targetId: 'jc', source: 'danger', track: 'injury', combatDice: 2 })
    expect(e.message).toBe('Not enough Threat: Danger costs 2, the narrator has 0')
    expect(e.cite).toBe('002:110')
    expect(said(e, 'pl')).toBe('Za mało Zagrożenia: Niebezpieczeństwo kosztuje 2, a narrator ma 0')
  })

  it('a pool below 0: the pool by its name, never its key', () => {
    const s = fight()
    const luck = (s.combatants.find((c) => c.id === 'jc')!.state as { luck?: number }).luck ?? 0
    const e = refused(s, { type: 'adjust', combatantId: 'jc', pool: 'luck', delta: -(luck + 5) })
    expect(e.message).toBe(`Luck cannot go below 0: it is ${luck}, the change is ${-(luck + 5)}`)
    expect(said(e, 'pl')).toBe(`Szczęście: nie może spaść poniżej 0 (jest ${luck}, zmiana ${-(luck + 5)})`)
  })

  it('002:78: the minions in reach, with the Polish plural forms (2 sługusy, 5 sługusów, 1 sługus)', () => {
    const e2 = minionsDispatched(true, 2, 2)
    const e5 = minionsDispatched(true, 5, 5)
    const e1 = minionsDispatched(true, 1, 1)
    if (e2.ok || e5.ok || e1.ok) throw new Error('expected refusals')
    expect(e2.error.message).toBe('Only 2 minions are in reach: 2 extra Momentum would dispatch 3')
    expect(e1.error.message).toBe('Only 1 minion is in reach: 1 extra Momentum would dispatch 2')
    expect(said(e2.error, 'pl')).toBe('W zasięgu są tylko 2 sługusy, a dodatkowy Impet (2) wyeliminowałby 3')
    expect(said(e5.error, 'pl')).toBe('W zasięgu jest tylko 5 sługusów, a dodatkowy Impet (5) wyeliminowałby 6')
    expect(said(e1.error, 'pl')).toBe('W zasięgu jest tylko 1 sługus, a dodatkowy Impet (1) wyeliminowałby 2')
  })

  it('a rule the GM may override is said inside "Not by the rules: …" with no rule source in it (J7 travels as cite)', () => {
    const inside = (t: Record<string, string>) => Object.entries(t).filter(([k, v]) => k.startsWith('rule.2d20.') && /\(\d{3}:\d+|\b[A-Z]\d{1,2}\)/.test(v)).map(([k]) => k)
    expect(inside(enLog)).toEqual([])
    expect(inside(plLog)).toEqual([])
    expect(Object.keys(enLog).filter((k) => k.startsWith('rule.2d20.')).length).toBeGreaterThan(5)
  })

  it('J7: whose turn it is, by the characters\' names, never their ids', () => {
    const r = takeTurn({ round: 1, lastSide: null, actors: [
      { id: 'jc', name: 'John Carter', side: 'players', acted: false, canAct: 'yes' },
      { id: 'tars', name: 'Tars Tarkas', side: 'narrator', acted: false, canAct: 'yes' },
    ] }, 'tars')
    if (r.ok) throw new Error('expected a refusal')
    expect(r.error.message).toBe('It is the players’ turn: John Carter may act; a narrator character can seize the initiative for 1 Threat')
    expect(r.error.cite).toBe('J7, 002:118')
    expect(said(r.error, 'pl')).toBe('Teraz tura graczy: działać mogą John Carter; postać narratora może przejąć inicjatywę za 1 Zagrożenia')
  })
})
