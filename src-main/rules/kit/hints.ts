/**
 * UI hints of the core commands every system shares (commands.ts): the action panel's condition, delay and
 * ready entries. Label keys are in the renderer's common catalog (`actions.*`).
 */
import type { CommandHint } from './system'

export const coreCommandHints: CommandHint[] = [
  {
    type: 'addCondition', group: 'conditions', label: 'actions.condition', shortcut: 'c',
    fields: {
      combatantId: { widget: 'combatant', label: 'actions.target', target: true, order: 0 },
      key: { widget: 'condition', label: 'actions.conditionKey', order: 1 },
      value: { widget: 'number', label: 'actions.conditionValue' },
      // W7: a duration in rounds ends just before the initiative count where it began; none = until removed
      ends: { label: 'actions.rounds' },
      'ends.rounds': { widget: 'number', label: 'actions.rounds' },
      gmOnly: { widget: 'bool', label: 'actions.gmOnly' },
      source: { advanced: true },
    },
  },
  { type: 'delay', group: 'turn', label: 'actions.delay', fields: { combatantId: { widget: 'combatant', label: 'actions.actor', actor: true } } },
  {
    type: 'ready', group: 'turn', label: 'actions.ready',
    fields: { combatantId: { widget: 'combatant', label: 'actions.actor', actor: true }, trigger: { widget: 'text', label: 'actions.trigger' } },
  },
]
