/** A tiny rule system for core tests: d20 + modifier initiative, a `hit` command that lowers `hp`. */
import { z } from 'zod'
import { ok, err } from '@shared/result'
import type { RuleSystem } from '../../../../../src-main/rules/kit/system'
import { rollDie } from '../../../../../src-main/rules/kit/dice'
import { orderedInitiative, sidesInitiative, ticksInitiative } from '../../../../../src-main/rules/kit/turn-order'
import { command, schemasOf } from '../../../../../src-main/rules/kit/command'
import { patchCombatantState, findCombatant } from '../../../../../src-main/rules/kit/state'

export function fakeSystem(id: string, model: 'ordered' | 'sides' | 'ticks'): RuleSystem {
  const prefix = `${id}.`
  const hitCommands = {
    hit: command(z.object({ type: z.literal('hit'), targetId: z.string(), dice: z.array(z.union([z.number(), z.string()])).optional(), override: z.boolean().optional() }), (b, cmd, ctx) => {
      const t = b.need(cmd.targetId, 'targetId')
      if (!t.ok) return t
      const d = rollDie(ctx.rng, 6)
      b.push({ type: `${prefix}hit`, combatantId: t.value.id, dice: [d], hp: Math.max(0, (t.value.state.hp as number) - d.value) })
    }),
  }
  return {
    id,
    initiative: { ordered: orderedInitiative, sides: sidesInitiative, ticks: ticksInitiative }[model],
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
    commands: hitCommands,
    commandSchemas: schemasOf(hitCommands),
    names: { en: id, pl: id },
    isOut: (c) => (c.state.hp as number) <= 0,
    facts: (e) => (e.type === `${prefix}hit` ? { targetId: e.combatantId as string } : null),
    dangerAttack: (_s, a, t) => ({ type: 'hit', targetId: t.id, attackerId: a.id }),
    labels: { pools: {}, bands: {}, conditions: {} },
    derived: (_s, c) => [{ label: 'hp', value: c.state.hp as number }],
    card: (sb) => ({ title: String((sb as { name?: unknown }).name ?? '?'), sections: [] }),
    catalogs: { log: { en: { 'log.fake.hit': 'hit ({hp} HP left)' }, pl: { 'log.fake.hit': 'trafienie (zostaje {hp} PW)' } }, ui: { en: {}, pl: {} } },
    commandHints: [{ type: 'hit', group: 'attack', label: 'actions.attack', fields: { targetId: { widget: 'combatant', target: true } } }],
    statBlockTemplates: { pc: (name) => ({ name, hp: 10 }), npc: (name) => ({ name, hp: 10 }), ally: (name) => ({ name, hp: 10 }) },
  }
}
