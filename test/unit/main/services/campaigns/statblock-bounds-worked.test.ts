/**
 * Issue 27, defect 8, worked examples of the bounds on every stat block field (statblock-bounds.test.ts walks the
 * schemas): in each system a value past its bound is refused at save, at its field, with the issue the screen says
 * as a sentence; a block saved with it before the bound existed is flagged by `library:problems`; a plan holding it
 * is refused before it runs. Each of these values saved without a word before issue 27's bounds.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { SystemId } from '@shared/domain/systems'
import { ok } from '@shared/result'
import { createLibraryService } from '../../../../../src-main/services/campaigns/library-service'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'
import { getSystem } from '../../../../../src-main/rules/index'
import { harness, type Harness } from '../helpers'

type Data = Record<string, unknown>
const long = (n: number) => 'x'.repeat(n)

/** per system: a good NPC from the system's template, the bad edit, the field it names and the issue */
const CASES: Array<{ id: SystemId; why: string; bad: (d: Data) => Data; field: string; issue: Record<string, unknown> }> = [
  {
    id: 'starchasers',
    why: 'an energy shield of 99999 HP (S18: shield HP are data; at most 999, as a character\'s)',
    bad: (d) => ({ ...d, shield: { name: 'Deflector', kind: 'energy', blockBonus: 1, energyHp: 99999 } }),
    field: 'shield.energyHp',
    issue: { code: 'too_big', origin: 'number', maximum: 999 },
  },
  {
    id: 'starchasers',
    why: 'an energy shield lasting 5000 rounds (000:897 "Shielding Duration": at most 100)',
    bad: (d) => ({ ...d, shield: { name: 'Deflector', kind: 'energy', blockBonus: 1, durationRounds: 5000 } }),
    field: 'shield.durationRounds',
    issue: { code: 'too_big', origin: 'number', maximum: 100 },
  },
  {
    id: 'saga',
    why: 'a published Reflex total of 100000',
    bad: (d) => ({ ...d, totals: { reflex: 100000 } }),
    field: 'totals.reflex',
    issue: { code: 'too_big', origin: 'number', maximum: 500 },
  },
  {
    id: 'saga',
    why: 'talents as a page of text',
    bad: (d) => ({ ...d, talents: long(2001) }),
    field: 'talents',
    issue: { code: 'too_big', origin: 'string', maximum: 2000 },
  },
  {
    id: '2d20',
    why: '31 weapons',
    bad: (d) => ({ ...d, weapons: Array.from({ length: 31 }, (_, i) => ({ name: `Sword ${i + 1}`, kind: 'melee', damage: 2 })) }),
    field: 'weapons',
    issue: { code: 'too_big', origin: 'array', maximum: 30 },
  },
  {
    id: 'storyteller',
    why: 'notes longer than 4000 characters',
    bad: (d) => ({ ...d, notes: long(4001) }),
    field: 'notes',
    issue: { code: 'too_big', origin: 'string', maximum: 4000 },
  },
  {
    id: 'storyteller',
    why: 'a weapon name of 121 characters',
    bad: (d) => ({ ...d, weapons: [{ ...((d.weapons as Data[])[0] ?? {}), name: long(121) }] }),
    field: 'weapons.0.name',
    issue: { code: 'too_big', origin: 'string', maximum: 120 },
  },
]

describe('stat block bounds, worked examples (issue 27, defect 8)', () => {
  let h: Harness | null = null
  afterEach(async () => {
    await h?.cleanup()
    h = null
  })

  for (const c of CASES) {
    it(`${c.id}: ${c.why} is refused at ${c.field}, flagged when saved before, and its plan refused`, async () => {
      h = await harness(c.id)
      const sys = getSystem(c.id)
      if (!sys.ok) throw new Error(sys.error.message)
      const good = sys.value.statBlockTemplates.npc('Raider')
      expect(sys.value.statBlockSchema.safeParse(good).success).toBe(true)
      const data = { ...c.bad(good), name: 'Raider' }
      const lib = createLibraryService(h.env)

      // at save: refused at the field, with the issue the editor says as a sentence
      const saved = await lib.save(h.campaignId, { name: 'Raider', kind: 'npc', data })
      expect(saved.ok).toBe(false)
      if (saved.ok) return
      expect(saved.error).toMatchObject({ code: 'invalid', field: `data.${c.field}`, details: { issue: c.issue } })

      // saved before the bound: flagged in the library, with the field and the issue
      const old = { id: 'old-raider', name: 'Raider', kind: 'npc' as const, tags: [], updatedAt: '2020-01-01T00:00:00.000Z', data }
      const w = await h.env.store.update(h.campaignId, (f) => ok({ ...f, library: [...f.library, old] }))
      expect(w.ok).toBe(true)
      const problems = await lib.problems(h.campaignId)
      expect(problems.ok && problems.value).toEqual({ 'old-raider': expect.objectContaining({ field: c.field, issue: expect.objectContaining(c.issue) }) })

      // a plan that holds it is refused before it runs, naming the block
      const plan = await lib.savePlan(h.campaignId, { name: 'Raid', entries: [{ statBlockId: 'old-raider', count: 1, side: 'enemies' }] })
      if (!plan.ok) throw new Error(plan.error.message)
      const file = await h.env.store.read(h.campaignId)
      if (!file.ok) throw new Error(file.error.message)
      const cmds = launchCommands(file.value, plan.value.id, sys.value)
      expect(cmds.ok).toBe(false)
      expect(!cmds.ok && cmds.error.message).toContain('Raider')
    })
  }
})
