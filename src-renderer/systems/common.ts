/** Action entries every system shares (the core commands: conditions, delay, ready, pools). */
import type { ActionSpec } from './types'

export const coreActions = (): ActionSpec[] => [
  {
    id: 'condition',
    command: 'addCondition',
    label: 'actions.condition',
    shortcut: 'c',
    fields: [
      { name: 'combatantId', kind: 'combatant', label: 'actions.target' },
      { name: 'key', kind: 'condition', label: 'actions.conditionKey' },
      { name: 'value', kind: 'number', label: 'actions.conditionValue', optional: true },
      { name: 'rounds', kind: 'number', label: 'actions.rounds', optional: true, min: 1 },
      { name: 'gmOnly', kind: 'bool', label: 'actions.gmOnly' },
    ],
    // W7: a duration in rounds ends just before the initiative count where it began; none = until removed
    map: ({ rounds, ...cmd }) => (typeof rounds === 'number' && rounds > 0 ? { ...cmd, ends: { at: 'rounds', rounds } } : cmd),
  },
  { id: 'delay', command: 'delay', label: 'actions.delay', fields: [{ name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true }] },
  {
    id: 'ready',
    command: 'ready',
    label: 'actions.ready',
    fields: [
      { name: 'combatantId', kind: 'combatant', label: 'actions.actor', actor: true },
      { name: 'trigger', kind: 'text', label: 'actions.trigger' },
    ],
  },
]

/** the core commands (src-main/rules/core/commands.ts) */
export const CORE_COMMANDS = [
  'addCombatant', 'removeCombatant', 'setHidden', 'setAware', 'setNote', 'setSide', 'rollInitiative', 'setInitiative', 'startCombat',
  'nextTurn', 'delay', 'resume', 'ready', 'triggerReady', 'addCondition', 'removeCondition', 'adjustPool', 'endEncounter',
]

export const numberOr = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d)
