/**
 * Issue 27, defect 9: the services' refusals a GM meets (an import that is not JSON, a stat block a plan still uses,
 * nothing to redo, a rule of the system) as one plain sentence in English and in Polish, the rule's source kept
 * apart. Worked examples said as the console's `refusalText` says them. Before: English only ("text: this file is
 * not a GM Console stat block export: …", "nothing to redo"), and a system's rule source was dropped on its way
 * through the encounter service (its field prefixed by a new error that lost `cite`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppError } from '@shared/result'
import { formatLog } from '@shared/i18n/format-log'
import type { PlayServices } from '../../../../src-main/services/play-services'
import { entryRefused } from '../../../../src-main/rules/plan-commands'
import { prep } from './fixtures'
import { harness, playServicesOf, type Harness } from './helpers'

/** what a screen says (src-renderer/components/refusal.ts): main's English sentence, or on a Polish screen the
 *  refusal's key said from the log catalogs with its params */
const said = (e: AppError, locale: 'en' | 'pl'): string => {
  const d = (e.details ?? {}) as { reason?: string; params?: Record<string, string | number | boolean> }
  return locale === 'en' || !d.reason ? e.message : formatLog({ key: d.reason, params: d.params ?? {} }, locale)
}
function refusal<T>(r: { ok: true; value: T } | { ok: false; error: AppError }): AppError {
  if (r.ok) throw new Error('expected a refusal')
  return r.error
}

describe('service refusals read in Polish (issue 27, defect 9)', () => {
  let h: Harness
  let play: PlayServices
  let ids: Awaited<ReturnType<typeof prep>>
  beforeEach(async () => {
    h = await harness('saga')
    play = playServicesOf(h)
    ids = await prep(play.library, h.campaignId)
  })
  afterEach(async () => h.cleanup())

  it('an import that is not JSON says where it breaks, never the text, in both languages', async () => {
    const e = refusal(await play.library.importText(h.campaignId, '{\n  "name": "Raider",\n  oops\n}'))
    expect(e).toMatchObject({ code: 'invalid', field: 'text', details: { reason: 'refusal.core.importNotJsonAt' } })
    expect(said(e, 'en')).toBe('This file is not a GM Console stat block export: it is not valid JSON (at line 3, column 3)')
    expect(said(e, 'pl')).toBe('Ten plik nie jest eksportem kart statystyk GM Console: to nie jest poprawny JSON (wiersz 3, kolumna 3)')
    expect(said(refusal(await play.library.importText(h.campaignId, '[')), 'pl')).toBe('Ten plik nie jest eksportem kart statystyk GM Console: to nie jest poprawny JSON (urywa się za wcześnie)')
  })

  it('a stat block a plan uses names the plan, not its id', async () => {
    const e = refusal(await play.library.remove(h.campaignId, ids.trooperId))
    expect(e).toMatchObject({ code: 'conflict', field: 'id', details: { planId: ids.planId } })
    expect(said(e, 'en')).toBe('The encounter plan "Hangar ambush" uses this stat block: remove it there first')
    expect(said(e, 'pl')).toBe('Plan starcia „Hangar ambush” używa tej karty statystyk: najpierw usuń ją z planu')
  })

  it('nothing to redo, and a system rule with its source kept apart for "why?" (001:98)', async () => {
    const v = await play.encounters.launch(h.campaignId, ids.planId)
    if (!v.ok) throw new Error(v.error.message)
    const eid = v.value.encounter.id
    expect(said(refusal(await play.encounters.redo(eid)), 'pl')).toBe('Nie ma nic do ponowienia')
    const pc = v.value.encounter.combatants.find((c) => c.role === 'pc')!
    const e = refusal(await play.encounters.command(eid, { type: 'conCheck', combatantId: pc.id }))
    expect(e).toMatchObject({ code: 'rule', field: 'command.combatantId', cite: '001:98', details: { reason: 'refusal.saga.notUnconscious' } })
    expect(said(e, 'pl')).not.toBe(said(e, 'en'))
    expect(said(e, 'pl')).toContain(pc.name)
  })

  it('an encounter no longer running is said without its id', async () => {
    const e = refusal(await play.encounters.undo('enc-gone'))
    expect(e.field).toBe('encounterId')
    expect(said(e, 'pl')).toBe('To starcie już nie trwa')
  })
})

describe('a plan entry refused as the fight is set up nests its own sentence (issue 27, defect 9)', () => {
  it('"Raider could not be added to the fight: …" in English, its Polish sentence inside the Polish one', () => {
    const inner: AppError = { code: 'rule', message: 'R4-K7 is not unconscious', field: 'combatantId', cite: '001:98', details: { reason: 'refusal.saga.notUnconscious', params: { name: 'R4-K7' } } }
    const e = refusal(entryRefused(inner, { type: 'addCombatant', name: 'Raider' }, 2))
    expect(e).toMatchObject({ code: 'rule', field: 'entries.2', cite: '001:98' })
    expect(said(e, 'en')).toBe(`Raider could not be added to the fight: ${formatLog({ key: 'refusal.saga.notUnconscious', params: { name: 'R4-K7' } }, 'en')}`)
    expect(said(e, 'pl')).toBe(`Raider: nie udało się dodać do walki — ${formatLog({ key: 'refusal.saga.notUnconscious', params: { name: 'R4-K7' } }, 'pl')}`)
    expect(said(e, 'pl')).toContain('R4-K7')
    expect(said(e, 'pl')).not.toBe(said(e, 'en'))
  })
})
