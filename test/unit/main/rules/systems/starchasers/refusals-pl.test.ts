/**
 * Issue 27, defect 9: a Starchasers refusal is one plain sentence, in English from main and in Polish on a Polish
 * screen (from its catalog key, as src-renderer/components/refusal.ts says it). Before this change these refusals
 * were English strings without a catalog key, so a Polish screen showed them in English: every Polish assertion
 * here failed.
 * The rule's source travels apart (`cite`), never inside the sentence.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { AppError } from '@shared/result'
import { formatLog } from '@shared/i18n/format-log'
import { decide, evolve, getSystem, initialState } from '../../../../../../src-main/rules/index'
import { chewbacca, hanSolo, lukeAlly, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { fixedRng, noRng } from './fixed-rng'

const now = '2026-01-01T00:00:00.000Z'

function run(s: EncounterState, cmd: EngineCommand): EncounterState {
  const r = decide(s, cmd, { rng: fixedRng([1, 1, 1, 1, 1, 1]), now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message}`)
  return r.value.reduce(evolve, s)
}

function fight(): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const [id, sb] of [['han', hanSolo], ['chewie', chewbacca], ['trooper', stormtrooper], ['luke', lukeAlly]] as const) s = run(s, { type: 'addCombatant', statBlock: sb, id })
  for (const [id, v] of [['han', 5], ['chewie', 4], ['trooper', 3]] as const) s = run(s, { type: 'setInitiative', combatantId: id, value: v })
  return run(s, { type: 'startCombat' })
}

function refused(s: EncounterState, cmd: EngineCommand): AppError {
  const r = decide(s, cmd, { rng: noRng, now })
  if (r.ok) throw new Error(`${cmd.type} was not refused`)
  // what the encounter service sends: the field under `command.`
  return { ...r.error, ...(r.error.field ? { field: `command.${r.error.field}` } : {}) }
}

/**
 * What a screen says (src-renderer/components/refusal.ts, which the node tests cannot import): main's English
 * message on an English screen; on a Polish one the refusal's key and params from the Polish catalogs.
 */
function said(e: AppError, locale: 'en' | 'pl'): string {
  if (locale === 'en') return e.message
  const d = e.details as { reason?: string; params?: Record<string, string | number | boolean> } | undefined
  return d?.reason ? formatLog({ key: d.reason, params: d.params ?? {} }, 'pl') : e.message
}

describe('Starchasers refusals in English and Polish (issue 27, defect 9)', () => {
  it('waking a conscious fighter: "Han Solo is not unconscious" / "Postać Han Solo jest przytomna"', () => {
    const e = refused(fight(), { type: 'wake', combatantId: 'han' })
    expect(e.code).toBe('rule')
    expect(e.details).toMatchObject({ reason: 'refusal.starchasers.notUnconscious', params: { name: 'Han Solo' } })
    expect(said(e, 'en')).toBe('Han Solo is not unconscious')
    expect(said(e, 'pl')).toBe('Postać Han Solo jest przytomna')
  })

  it('a duel command with no duel running (000:1238): "Nie trwa żaden pojedynek"', () => {
    const e = refused(fight(), { type: 'duelEnd' })
    expect(said(e, 'en')).toBe('No duel is running')
    expect(said(e, 'pl')).toBe('Nie trwa żaden pojedynek')
    const x = refused(fight(), { type: 'duelExchange', defenderId: 'trooper' })
    expect(said(x, 'pl')).toBe('Nie trwa żaden pojedynek: najpierw go rozpocznij')
  })

  it('S13 a pistol in a duel cannot reach Long range: the band said in words, the source apart', () => {
    const s = run(fight(), { type: 'duelStart', activeId: 'han', fighters: ['han', 'trooper'] })
    const e = refused(s, { type: 'duelExchange', attackerId: 'han', defenderId: 'trooper', band: 'long' })
    expect(e.field).toBe('command.band')
    expect(e.cite).toBe('S13')
    expect(said(e, 'en')).toBe('Blaster Pistol cannot reach long range')
    expect(said(e, 'pl')).toBe('Blaster Pistol nie sięga na daleką odległość')
  })

  it('S13 the odds of a pistol shot at Long range are refused in the same words', () => {
    const sys = getSystem('starchasers')
    if (!sys.ok) throw new Error(sys.error.message)
    const r = sys.value.odds!(fight(), { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'long' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(said(r.error, 'pl')).toBe('Blaster Pistol nie sięga na daleką odległość')
  })

  it('000:1341 an ally makes no area attack: the Polish sentence names the ally', () => {
    const e = refused(fight(), { type: 'areaAttack', attackerId: 'luke', area: { shape: 'burst', radius: 1 }, origin: { x: 0, y: 0 } })
    expect(e.cite).toBe('000:1341')
    expect(said(e, 'pl')).toBe(`${lukeAlly.name} to sojusznik i nie wykonuje ataków obszarowych: sojusznicy atakują raz na turę, bez kości`)
  })

  it('S1 a die entered by hand that is no face of the attack die: what to enter instead, in Polish', () => {
    const e = refused(fight(), { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'close', dice: ['x'] })
    expect(e.field).toBe('command.dice.0')
    expect(said(e, 'en')).toBe('“x” is not a face of the attack die: enter hit, crit, focus, blank or a number from 1 to 8')
    expect(said(e, 'pl')).toBe('„x” nie jest ścianką kości ataku: wpisz hit, crit, focus, blank albo liczbę od 1 do 8')
  })

  it('a combatant gone from the encounter: no id in the sentence, in either language', () => {
    const e = refused(fight(), { type: 'heal', combatantId: 'han', healerId: 'ghost', method: 'firstAid' })
    expect(e.details).toMatchObject({ id: 'ghost' })
    expect(said(e, 'en')).toBe('That combatant is not in this encounter')
    expect(said(e, 'pl')).toBe('Tego uczestnika nie ma w tym starciu')
  })

  // a rule the GM may override: the screen says "Niezgodne z zasadami: …" with the rule's own phrase; the band and the
  // resource are words of the GM's language, not the engine's values ("nie sięga zasięgu long", "(motivation)")

  it('S13 an attack with a pistol at Long range, overridable: said in Polish with the band in words', () => {
    const e = refused(fight(), { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'long' })
    expect(e.details).toMatchObject({ reason: 'rule.starchasers.outOfRange', overridable: true })
    expect(said(e, 'pl')).toBe('Blaster Pistol nie sięga na daleką odległość')
  })

  it('000:360 a Special Move Chewbacca cannot pay: the Motivation named in Polish, with its plural', () => {
    const e = refused(run(fight(), { type: 'nextTurn' }), { type: 'attack', attackerId: 'chewie', targetId: 'trooper', move: 'haymaker' })
    expect(e.details).toMatchObject({ reason: 'rule.starchasers.cannotPay', params: { cost: 1 } })
    expect(e.message).toBe('Chewbacca cannot pay 1 Motivation')
    expect(said(e, 'pl')).toBe('Chewbacca nie mógł zapłacić 1 punkt Motywacji')
  })
})
