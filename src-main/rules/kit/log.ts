/** Log entries (message keys + params) for core events; templates in src-shared/i18n/log-core.ts. */
import type { LogEntry } from '@shared/domain/encounter'
import type { CoreEvent } from './events'

type Entry = Omit<LogEntry, 'seq'>
type P = Record<string, string | number | boolean>

export function coreLogEntry(ev: CoreEvent): Entry | null {
  const k = (key: string, params: P = {}, gmOnly = false): Entry => (gmOnly ? { key, params, gmOnly } : { key, params })
  switch (ev.type) {
    case 'core.encounterCreated':
      return k('log.core.encounterCreated', { name: ev.params?.name ?? '' })
    case 'core.combatantAdded':
      return k('log.core.combatantAdded', { name: ev.combatant.name, side: `side.${ev.combatant.side}` }, ev.combatant.hidden === true)
    case 'core.combatantRemoved':
      return k('log.core.combatantRemoved', { name: ev.name })
    case 'core.hiddenSet':
      return k(ev.hidden ? 'log.core.hidden' : 'log.core.revealed', { name: ev.name }, ev.hidden === true)
    case 'core.awareSet':
      return k(ev.aware ? 'log.core.aware' : 'log.core.unaware', { name: ev.name }, true)
    case 'core.noteSet':
      return k('log.core.noteSet', { name: ev.name }, true)
    case 'core.sideSet':
      return k('log.core.sideSet', { name: ev.name, side: `side.${ev.side}` })
    case 'core.initiativeSet':
      if (ev.groupWith) return k('log.core.initiativeGroup', { name: ev.name, value: ev.value })
      return k(ev.manual ? 'log.core.initiativeManual' : 'log.core.initiativeRolled', { name: ev.name, value: ev.value, modifier: ev.modifier ?? 0 })
    case 'core.combatStarted':
      return k(ev.surprise ? 'log.core.surpriseRound' : 'log.core.combatStarted')
    case 'core.roundStarted':
      return k('log.core.roundStarted', { round: ev.round })
    case 'core.turnStarted':
      if (ev.side !== undefined && ev.combatantId === undefined) return k('log.core.sideTurn', { side: `side.${ev.side}`, round: ev.round })
      // a tick wheel has no rounds: the turn is on a tick (004)
      if (typeof ev.tick === 'number') return k(ev.together ? 'log.core.tickTurnTogether' : 'log.core.tickTurn', { name: ev.name ?? '', tick: ev.tick, round: ev.round })
      return k(ev.phase === 'surprise' ? 'log.core.surpriseTurn' : 'log.core.nextTurn', { name: ev.name ?? '', round: ev.round })
    case 'core.ticksSpent':
      return k('log.core.ticksSpent', { name: ev.name, ticks: ev.ticks, tick: ev.tick })
    case 'core.delayed':
      return k('log.core.delayed', { name: ev.name })
    case 'core.resumed':
      return k('log.core.resumed', { name: ev.name })
    case 'core.readied':
      return k('log.core.readied', { name: ev.name, trigger: ev.trigger })
    case 'core.readyExpired':
      return k('log.core.readyExpired', { name: ev.name })
    case 'core.readyTriggered':
      return k('log.core.readyTriggered', { name: ev.name })
    case 'core.conditionAdded':
      return k('log.core.conditionAdded', { name: ev.name, condition: ev.condition.name ?? `cond.${ev.condition.key}` }, ev.condition.gmOnly === true)
    case 'core.conditionEnded':
      // a GM's own condition by its name as typed (issue 10), a system's by its key's template
      return k('log.core.conditionEnded', { name: ev.name, condition: ev.conditionName ?? `cond.${ev.key}` })
    case 'core.poolAdjusted':
      // `pool.<key>`: the system's log catalog names its pools (2d20 'pool.threat' → Threat), else the bare key shows
      return k('log.core.poolAdjusted', { pool: `pool.${ev.pool}`, value: ev.value, delta: ev.delta })
    case 'core.optionsSet':
      return k(ev.options?.skipOut === false ? 'log.core.skipOutOff' : 'log.core.skipOutOn', {})
    case 'core.encounterEnded':
      return k('log.core.encounterEnded', { round: ev.round ?? 0 })
    case 'core.ruleOverridden':
      return k('log.core.ruleOverridden', { command: ev.command, reason: ev.reason, ...(ev.params ?? {}) })
    default:
      return null
  }
}
