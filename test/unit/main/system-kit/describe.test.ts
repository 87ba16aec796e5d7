/** `system:describe` and `system:list` (issue 9 item 4): built from each registered RuleSystem alone. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createSystemService, describeSystem } from '../../../../src-main/services/campaigns/system-service'
import { getSystem, listSystems } from '../../../../src-main/rules/index'
import { systemHandlers } from '../../../../src-main/ipc/handlers'
import type { JsonSchema } from '../../../../src-shared/views/system-views'
import { createEngine, initialState } from '../../../../src-main/rules/kit/engine'
import { seededRng } from '../../../../src-main/rules/kit/rng'

const service = createSystemService()
const ctx = { role: 'gm' as const, callerId: 't' }

/** the JSON Schema of a field path (`a`, `a.b`, `a[].b`) inside a command's schema, or undefined */
function fieldSchema(schema: JsonSchema, path: string): JsonSchema | undefined {
  let cur: JsonSchema | undefined = schema
  for (const part of path.split('.')) {
    const arr = part.endsWith('[]')
    const name = arr ? part.slice(0, -2) : part
    const options = [cur, ...(((cur?.anyOf ?? cur?.oneOf) as JsonSchema[] | undefined) ?? [])]
    cur = options.map((o) => (o?.properties as Record<string, JsonSchema> | undefined)?.[name]).find((x) => x !== undefined)
    if (cur && arr) cur = cur.items as JsonSchema | undefined
  }
  return cur
}

describe('system:describe', () => {
  it('lists every registered system with its own names', () => {
    const list = service.list()
    expect(list.map((s) => s.id)).toEqual(listSystems())
    for (const s of list) {
      expect(s.name).toBe(`system.${s.id}`)
      expect(s.names.en.length).toBeGreaterThan(0)
      expect(s.names.pl.length).toBeGreaterThan(0)
    }
  })

  for (const id of listSystems()) {
    describe(id, () => {
      const sys = getSystem(id)
      if (!sys.ok) throw new Error(sys.error.message)
      const d = describeSystem(sys.value)

      it('is plain JSON (survives a JSON round trip unchanged)', () => {
        expect(JSON.parse(JSON.stringify(d))).toEqual(d)
      })

      it('describes every command the engine takes, each with a JSON Schema whose `type` is a const', () => {
        const types = new Set(d.commands.map((c) => c.type))
        for (const t of Object.keys(sys.value.commandSchemas)) expect(types.has(t), t).toBe(true)
        for (const c of d.commands) {
          const type = (c.schema.properties as Record<string, JsonSchema>).type
          expect(type.const, c.type).toBe(c.type)
        }
        const ids = d.commands.map((c) => c.id ?? c.type)
        expect(new Set(ids).size).toBe(ids.length)
      })

      it('every hinted field exists in its command schema (a renamed field breaks this, not the form)', () => {
        for (const c of d.commands) for (const path of Object.keys(c.fields)) expect(fieldSchema(c.schema, path), `${c.type}: ${path}`).toBeDefined()
      })

      it('every label key of the hints, labels and cards is in its catalogs (en and pl) or the common catalog', async () => {
        const { uiEn } = await import('../../../../src-shared/i18n/ui-en')
        const common = new Set<string>()
        const flat = (o: Record<string, unknown>, p: string): void => {
          for (const [k, v] of Object.entries(o)) {
            if (typeof v === 'string') common.add(`${p}${k}`)
            else flat(v as Record<string, unknown>, `${p}${k}.`)
          }
        }
        flat(uiEn as unknown as Record<string, unknown>, '')
        const known = (key: string, lang: 'en' | 'pl') => Object.hasOwn(d.catalogs[lang], key) || Object.hasOwn(d.logCatalogs[lang], key) || (common.has(key) && !key.startsWith(`${id}.`))
        const keys = new Set<string>()
        for (const c of d.commands) {
          if (c.group !== 'advanced' || !c.label.startsWith('command.')) keys.add(c.label)
          for (const f of Object.values(c.fields)) {
            if (f.label) keys.add(f.label)
            for (const k of Object.values(f.optionLabels ?? {})) keys.add(k)
          }
        }
        for (const m of Object.values(d.labelKeys)) for (const k of Object.values(m)) keys.add(k)
        for (const k of keys) for (const lang of ['en', 'pl'] as const) expect(known(k, lang), `${lang}: ${k}`).toBe(true)
      })

      it('ui and log catalogs have the same keys in en and pl, and no ui key is a prefix of another', () => {
        expect(Object.keys(d.catalogs.pl).sort()).toEqual(Object.keys(d.catalogs.en).sort())
        expect(Object.keys(d.logCatalogs.pl).sort()).toEqual(Object.keys(d.logCatalogs.en).sort())
        const keys = Object.keys(d.catalogs.en)
        // the renderer may nest them (vue-i18n): `a.b` and `a.b.c` cannot both be messages
        for (const k of keys) expect(keys.some((o) => o.startsWith(`${k}.`)), k).toBe(false)
      })

      it('templates are valid new stat blocks of each kind', () => {
        expect(d.statBlock.kinds).toEqual(['pc', 'npc', 'ally'])
        for (const k of d.statBlock.kinds) expect(sys.value.statBlockSchema.safeParse(d.statBlock.templates[k]).success, k).toBe(true)
        expect(d.statBlock.schema.$schema).toContain('json-schema.org')
      })

      it("the danger check's default attack is a valid command of the system, and its facts read the attack's events", () => {
        // two combatants from the system's own templates, through the real engine
        const engine = createEngine(sys.value)
        let state = initialState({ id: 'e', name: 'e', systemId: id as never, seed: 'kit' })
        for (const [cid, kind, side] of [['a', 'pc', 'party'], ['b', 'npc', 'enemies']] as const) {
          const r = engine.decide(state, { type: 'addCombatant', statBlock: sys.value.statBlockTemplates[kind](cid), id: cid, side }, { rng: seededRng('kit'), now: '1970-01-01T00:00:00.000Z' })
          if (!r.ok) throw new Error(r.error.message)
          for (const e of r.value) state = engine.evolve(state, e)
        }
        const [a, b] = state.combatants
        const cmd = sys.value.dangerAttack(state, a, b)
        const valid = engine.validateCommand(cmd)
        expect(valid.ok, valid.ok ? '' : `${valid.error.field}: ${valid.error.message}`).toBe(true)
        expect(sys.value.isOut(a)).toBe(false)
      })

      it('each command schema reads back into zod and accepts what the engine accepts (input side)', () => {
        const attack = d.commands.find((c) => c.type === 'attack')!
        expect(() => z.fromJSONSchema(attack.schema as never)).not.toThrow()
      })
    })
  }

  it('answers over the handler map, and names an unknown system', async () => {
    const h = systemHandlers(service)
    const ok = await h['system:describe']!({ systemId: 'saga' }, ctx)
    expect(ok.ok && ok.value.id).toBe('saga')
    const bad = await h['system:describe']!({ systemId: 'nope' }, ctx)
    expect(bad.ok ? null : bad.error.field).toBe('systemId')
    const list = await h['system:list']!({}, ctx)
    expect(list.ok && list.value.length).toBe(listSystems().length)
  })
})
