/**
 * Issue 27, defect 8: damage dice "3x6" were saved without a word, the danger check ran with them and at the table
 * the NPC could not attack ("bad dice notation"). Every field is checked at save by the system's stat block schema,
 * dice notation with the engine's own parser; blocks saved before that check are found and named (library:problems),
 * and a plan that holds one is refused plainly before it runs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok } from '@shared/result'
import { createLibraryService, type LibraryService } from '../../../../../src-main/services/campaigns/library-service'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'
import { getSystem } from '../../../../../src-main/rules/index'
import { trooper } from '../fixtures'
import { harness, type Harness } from '../helpers'

describe('stat blocks checked at save, old bad ones found (issue 27, defect 8)', () => {
  let h: Harness
  let lib: LibraryService
  beforeEach(async () => {
    h = await harness('saga')
    lib = createLibraryService(h.env)
  })
  afterEach(async () => h.cleanup())

  it('Saga damage dice must parse with the engine\'s dice parser: "3x6" is refused at the field, as dice notation', async () => {
    const r = await lib.save(h.campaignId, { name: 'Raider', kind: 'npc', data: { ...trooper, weapons: [{ name: 'Rifle', damage: '3x6', kind: 'ranged' }] } })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error).toMatchObject({ code: 'invalid', field: 'data.weapons.0.damage', details: { issue: { format: 'dice' } } })
    // main's own words name the notation (zod's "Invalid input" said nothing); the screen says it from the issue
    expect(r.error.message).toContain('Bad dice notation "3x6"')
    expect((await lib.list(h.campaignId)).ok && (await lib.list(h.campaignId))).toMatchObject({ value: [] })
  })

  it('a stun setting given as dice is checked the same way; good notation ("2d8+2", "d6") still saves', async () => {
    const stun = await lib.save(h.campaignId, { name: 'Baton', kind: 'npc', data: { ...trooper, weapons: [{ name: 'Baton', damage: '1d6', kind: 'melee', stun: '2d' }] } })
    expect(!stun.ok && stun.error.field).toBe('data.weapons.0.stun')
    const good = await lib.save(h.campaignId, { name: 'Raider', kind: 'npc', data: { ...trooper, weapons: [{ name: 'Rifle', damage: '2d8+2', kind: 'ranged' }, { name: 'Knife', damage: 'd6', kind: 'melee', stun: true }] } })
    expect(good.ok).toBe(true)
  })

  it('a block saved before the check is named with its reason; a plan holding it is refused plainly before it runs', async () => {
    const good = await lib.save(h.campaignId, { name: 'Trooper', kind: 'npc', data: trooper })
    if (!good.ok) throw new Error(good.error.message)
    const old = { id: 'old-raider', name: 'Old Raider', kind: 'npc' as const, tags: [], updatedAt: '2020-01-01T00:00:00.000Z', data: { ...trooper, name: 'Old Raider', weapons: [{ name: 'Rifle', damage: '3x6', kind: 'ranged' }] } }
    const w = await h.env.store.update(h.campaignId, (f) => ok({ ...f, library: [...f.library, old] }))
    expect(w.ok).toBe(true)
    const problems = await lib.problems(h.campaignId)
    expect(problems.ok).toBe(true)
    if (!problems.ok) return
    expect(Object.keys(problems.value)).toEqual(['old-raider'])
    expect(problems.value['old-raider']).toMatchObject({ field: 'weapons.0.damage', issue: { format: 'dice' } })

    const plan = await lib.savePlan(h.campaignId, { name: 'Raid', entries: [{ statBlockId: 'old-raider', count: 2, side: 'enemies' }] })
    if (!plan.ok) throw new Error(plan.error.message)
    const file = await h.env.store.read(h.campaignId)
    if (!file.ok) throw new Error(file.error.message)
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const cmds = launchCommands(file.value, plan.value.id, sys.value)
    expect(cmds.ok).toBe(false)
    expect(!cmds.ok && cmds.error.message).toContain('Old Raider')
  })
})
