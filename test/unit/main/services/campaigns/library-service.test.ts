import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLibraryService, type LibraryService } from '../../../../../src-main/services/campaigns/library-service'
import { trooper, vela } from '../fixtures'
import { harness, type Harness } from '../helpers'

describe('library, party and plans (issue 5 prep)', () => {
  let h: Harness
  let lib: LibraryService
  beforeEach(async () => {
    h = await harness('saga')
    lib = createLibraryService(h.env)
  })
  afterEach(async () => h.cleanup())

  it('saves a stat block validated by the system schema; a bad one names data.<path> and changes nothing', async () => {
    const saved = await lib.save(h.campaignId, { name: 'Vela Ren', kind: 'pc', tags: ['party'], data: vela })
    expect(saved.ok).toBe(true)
    const bad = await lib.save(h.campaignId, { name: 'Broken', kind: 'npc', data: { ...trooper, hp: 'lots' } })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'invalid', field: 'data.hp' })
    const badWeapon = await lib.save(h.campaignId, { name: 'Broken', kind: 'npc', data: { ...trooper, weapons: [{ name: 'x', damage: '3d8', kind: 'laser' }] } })
    expect(!badWeapon.ok && badWeapon.error.field).toBe('data.weapons.0.kind')
    const list = await lib.list(h.campaignId)
    expect(list.ok && list.value.map((r) => r.name)).toEqual(['Vela Ren'])
    // saving with the id updates in place
    if (!saved.ok) return
    const renamed = await lib.save(h.campaignId, { id: saved.value.id, name: 'Vela', kind: 'pc', data: { ...vela, hp: 33 } })
    expect(renamed.ok).toBe(true)
    const after = await lib.list(h.campaignId)
    expect(after.ok && after.value.map((r) => [r.id, r.name, r.data.hp])).toEqual([[saved.value.id, 'Vela', 33]])
  })

  it('a refused library, party or plan edit leaves campaign.json byte-identical (issue 10)', async () => {
    const saved = await lib.save(h.campaignId, { name: 'Vela Ren', kind: 'pc', tags: ['party'], data: vela })
    expect(saved.ok).toBe(true)
    const file = join(h.dir, h.campaignId, 'campaign.json')
    const before = await readFile(file, 'utf8')
    const refusals = [
      await lib.remove(h.campaignId, 'nobody'),
      await lib.duplicate(h.campaignId, 'nobody'),
      await lib.setParty(h.campaignId, ['nobody']),
      await lib.savePlan(h.campaignId, { name: 'Ambush', entries: [{ statBlockId: 'nobody', count: 1, side: 'enemies' }] }),
      await lib.removePlan(h.campaignId, 'nobody'),
      await lib.duplicatePlan(h.campaignId, 'nobody'),
    ]
    expect(refusals.map((r) => !r.ok && r.error.code)).toEqual(Array(6).fill('not-found'))
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('a stat block nested 3,000 levels deep is refused naming the field; the campaign still opens (issue 10)', async () => {
    let deep: unknown = 1
    for (let i = 0; i < 3000; i++) deep = { a: deep }
    const r = await lib.save(h.campaignId, { name: 'Deep', kind: 'npc', data: { ...trooper, notes: deep } })
    expect(!r.ok && r.error.code).toBe('invalid')
    expect(!r.ok && r.error.field).toMatch(/^(data|library)/)
    expect((await lib.list(h.campaignId)).ok).toBe(true)
    expect((await h.env.store.read(h.campaignId)).ok).toBe(true)
  })

  it('imports all-or-nothing (errors name the item and field) and exports what import reads back', async () => {
    const bad = await lib.importText(h.campaignId, JSON.stringify([trooper, { ...trooper, name: 'Officer', bab: 'x' }]))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'invalid', field: 'items.1.data.bab' })
    expect((await lib.list(h.campaignId)).ok && ((await lib.list(h.campaignId)) as { value: unknown[] }).value).toHaveLength(0)
    const notJson = await lib.importText(h.campaignId, '{oops')
    expect(!notJson.ok && notJson.error.field).toBe('text')

    const good = await lib.importText(h.campaignId, JSON.stringify([trooper, { name: 'Vela Ren', kind: 'pc', tags: ['party'], data: vela }]))
    expect(good.ok && good.value.map((r) => [r.name, r.kind])).toEqual([
      ['Stormtrooper', 'npc'],
      ['Vela Ren', 'pc'],
    ])
    const text = await lib.exportText(h.campaignId, [])
    if (!text.ok) throw new Error(text.error.message)
    const doc = JSON.parse(text.value)
    expect(doc).toMatchObject({ kind: 'gm-console.stat-blocks', schemaVersion: 1, systemId: 'saga' })
    expect(doc.statBlocks).toHaveLength(2)
    const back = await lib.importText(h.campaignId, text.value)
    expect(back.ok && back.value.map((r) => r.name)).toEqual(['Stormtrooper', 'Vela Ren'])
    const all = await lib.list(h.campaignId)
    expect(all.ok && new Set(all.value.map((r) => r.id)).size).toBe(4)
    const missing = await lib.exportText(h.campaignId, ['nope'])
    expect(!missing.ok && missing.error.field).toBe('ids.0')
  })

  it('duplicates and deletes; a stat block used by a plan cannot be deleted; the party takes only library ids', async () => {
    const st = await lib.save(h.campaignId, { name: 'Stormtrooper', kind: 'npc', data: trooper })
    if (!st.ok) throw new Error(st.error.message)
    const copy = await lib.duplicate(h.campaignId, st.value.id)
    expect(copy.ok && copy.value.name).toBe('Stormtrooper (copy)')
    const plan = await lib.savePlan(h.campaignId, { name: 'Patrol', entries: [{ statBlockId: st.value.id, count: 4, side: 'enemies' }] })
    expect(plan.ok && plan.value.entries[0]).toMatchObject({ count: 4, aware: true, hidden: false })
    const used = await lib.remove(h.campaignId, st.value.id)
    expect(!used.ok && used.error.code).toBe('conflict')
    if (copy.ok) expect((await lib.remove(h.campaignId, copy.value.id)).ok).toBe(true)
    const badPlan = await lib.savePlan(h.campaignId, { name: 'Ghosts', entries: [{ statBlockId: 'ghost', count: 1, side: 'enemies' }] })
    expect(!badPlan.ok && badPlan.error.field).toBe('plan.entries.0.statBlockId')
    const zero = await lib.savePlan(h.campaignId, { name: 'Zero', entries: [{ statBlockId: st.value.id, count: 0, side: 'enemies' }] })
    expect(!zero.ok && zero.error.field).toBe('plan.entries.0.count')
    if (!plan.ok) return
    const dup = await lib.duplicatePlan(h.campaignId, plan.value.id)
    expect(dup.ok && dup.value.name).toBe('Patrol (copy)')
    expect((await lib.removePlan(h.campaignId, plan.value.id)).ok).toBe(true)
    const plans = await lib.listPlans(h.campaignId)
    expect(plans.ok && plans.value.map((p) => p.name)).toEqual(['Patrol (copy)'])
    const party = await lib.setParty(h.campaignId, [st.value.id, 'nobody'])
    expect(!party.ok && party.error.field).toBe('ids.1')
    const ok = await lib.setParty(h.campaignId, [st.value.id, st.value.id])
    expect(ok.ok && ok.value).toEqual([st.value.id])
  })
})
