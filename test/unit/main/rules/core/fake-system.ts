/** A tiny rule system for core tests: d20 + modifier initiative, a `hit` command that lowers `hp`. */
import { z } from 'zod'
import { ok, err } from '@shared/result'
import type { EngineEvent } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { RuleSystem } from '../../../../../src-main/rules/core/system'
import { rollDie } from '../../../../../src-main/rules/core/dice'
import { patchCombatantState, findCombatant } from '../../../../../src-main/rules/core/state'

export function fakeSystem(id: string, model: RuleSystem['initiativeModel']): RuleSystem {
  const prefix = `${id}.`
  return {
    id: id as SystemId,
    initiativeModel: model,
    statBlockSchema: z.object({ name: z.string(), hp: z.number().int().min(1), init: z.number().int().default(0) }),
    createCombatant(sb: unknown) {
      const p = z.object({ name: z.string(), hp: z.number().int().min(1), init: z.number().int().default(0) }).safeParse(sb)
      if (!p.success) return err('invalid', p.error.issues[0].message, p.error.issues[0].path.join('.'))
      return ok({ stats: { ...p.data }, state: { hp: p.data.hp, turns: 0 }, role: 'npc' as const, initiative: { value: null, modifier: p.data.init } })
    },
    rollInitiative(_s, c, ctx) {
      const d = rollDie(ctx.rng, 20)
      return ok([{ type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: d.value + c.initiative.modifier, modifier: c.initiative.modifier, dice: [d] }])
    },
    onTurnStart(s, id) {
      const c = findCombatant(s, id)!
      return [{ type: `${prefix}turnCounted`, combatantId: id, turns: (c.state.turns as number) + 1 }]
    },
    decide(s, cmd, ctx) {
      if (cmd.type !== 'hit') return null
      const t = findCombatant(s, cmd.target as string)
      if (!t) return err('not-found', 'no target', 'target')
      const d = rollDie(ctx.rng, 6)
      const ev: EngineEvent = { type: `${prefix}hit`, combatantId: t.id, dice: [d], hp: Math.max(0, (t.state.hp as number) - d.value) }
      return ok([ev])
    },
    evolve(s, e) {
      if (e.type === `${prefix}hit`) return patchCombatantState(s, e.combatantId as string, { hp: e.hp })
      if (e.type === `${prefix}turnCounted`) return patchCombatantState(s, e.combatantId as string, { turns: e.turns })
      return s
    },
    playerView(_s, c) {
      return { id: c.id, name: c.name, side: c.side, health: { kind: 'hidden' }, conditions: [] }
    },
    logEntry(e) {
      return e.type === `${prefix}hit` ? { key: 'log.fake.hit', params: { hp: e.hp as number } } : null
    },
    commandSchemas: { hit: z.object({ type: z.literal('hit'), target: z.string(), dice: z.array(z.union([z.number(), z.string()])).optional(), override: z.boolean().optional() }) },
    names: { en: id, pl: id },
    isOut: (c) => (c.state.hp as number) <= 0,
    facts: (e) => (e.type === `${prefix}hit` ? { targetId: e.combatantId as string } : null),
    dangerAttack: (_s, a, t) => ({ type: 'hit', target: t.id, attacker: a.id }),
    labels: { pools: {}, bands: {}, conditions: {} },
    derived: (_s, c) => [{ label: 'hp', value: c.state.hp as number }],
    card: (sb) => ({ title: String((sb as { name?: unknown }).name ?? '?'), sections: [] }),
    catalogs: { log: { en: { 'log.fake.hit': 'hit ({hp} HP left)' }, pl: { 'log.fake.hit': 'trafienie (zostaje {hp} PW)' } }, ui: { en: {}, pl: {} } },
    commandHints: [{ type: 'hit', group: 'attack', label: 'actions.attack', fields: { target: { widget: 'combatant', target: true } } }],
    statBlockTemplates: { pc: (name) => ({ name, hp: 10 }), npc: (name) => ({ name, hp: 10 }), ally: (name) => ({ name, hp: 10 }) },
  }
}
