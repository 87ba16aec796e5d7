/** Log entries (message key + flat params) for 2d20 events; templates in i18n/en.ts and i18n/pl.ts. */
import type { EngineEvent, LogEntry } from '@shared/domain/encounter'

type Entry = Omit<LogEntry, 'seq'>
type P = Record<string, string | number | boolean>

const ATTR = (pair: unknown): P => (Array.isArray(pair) ? { attr1: `2d20.attr.${String(pair[0])}`, attr2: `2d20.attr.${String(pair[1])}` } : {})

export function logEntry(event: EngineEvent): Entry | null {
  if (!event.type.startsWith('2d20.')) return null
  const name = event.type.slice('2d20.'.length)
  const e = event as EngineEvent & Record<string, any>
  const k = (key: string, params: P): Entry => ({ key: `log.2d20.${key}`, params })
  switch (name) {
    case 'tested': {
      const params: P = { name: e.name, ...ATTR(e.attributes), difficulty: e.difficulty, successes: e.successes, momentum: e.momentum, complications: e.complications }
      return k(e.success ? (e.complications > 0 ? 'tested.successComplication' : 'tested.success') : (e.complications > 0 ? 'tested.failComplication' : 'tested.fail'), params)
    }
    case 'attacked': {
      const params: P = {
        attackerName: e.attackerName, targetName: e.targetName, weapon: e.weapon,
        aSucc: e.attack.successes, dSucc: e.defense.successes, aDiff: e.attack.difficulty, dDiff: e.defense.difficulty,
        momentum: e.momentum,
        damage: e.combat?.damage ?? 0, effects: e.combat?.effects ?? 0,
        injury: e.byTrack?.injury ?? 0, fear: e.byTrack?.fear ?? 0, confusion: e.byTrack?.confusion ?? 0,
        dispatched: Array.isArray(e.dispatchedIds) ? e.dispatchedIds.length : 0,
        draw: e.draw === true, threatPaid: e.threatPaid === true,
      }
      const pre = e.counterstrike ? 'counter.' : ''
      if (e.winner === 'none') return k(`attacked.${pre}bothFail`, params)
      if (e.winner === 'defender') return k(`attacked.${pre}${!e.draw ? 'defended' : e.threatPaid ? 'drawToNarrator' : 'drawHeld'}`, params)
      if (params.dispatched) return k(`attacked.${pre}dispatched`, params)
      return k(`attacked.${pre}${!e.draw ? 'hit' : e.threatPaid ? 'drawBought' : 'drawToPc'}`, params)
    }
    case 'afflicted':
      return k('afflicted', { name: e.name, affliction: `2d20.affliction.${e.affliction}`, reason: `2d20.reason.${e.reason}`, total: e.total })
    case 'statusChanged':
      return k(`status.${e.status}`, { name: e.name })
    case 'spent':
      return k(e.cost === 0 ? 'spent.free' : `spent.${e.pool}`, { by: e.byName, spend: `2d20.spend.${e.spend}`, cost: e.cost, ...(e.characterName ? { character: e.characterName } : {}) })
    case 'acted':
      return k('acted', { name: e.name, action: `2d20.action.${e.action}`, what: e.what ?? '' })
    case 'complicationsToThreat':
      return k('complicationsToThreat', { name: e.name, count: e.count, threat: e.threat })
    case 'recovered':
      return k(`${e.mode === 'affliction' ? (e.afflictionsRemoved > 0 ? 'recovered.affliction' : 'recovered.fail') : (e.success ? 'recovered.stress' : 'recovered.fail')}${e.who === 'self' ? 'Self' : ''}`, {
        tester: e.testerName, patient: e.patientName, track: `2d20.track.${e.track}`, affliction: `2d20.afflictionOf.${e.track}`,
        difficulty: e.difficulty, successes: e.successes, removed: e.stressRemoved, ...ATTR(e.attributes),
      })
    case 'harmed':
      return k(`harmed.${e.source}`, { name: e.name, dice: e.combatDice ?? 0, injury: e.byTrack?.injury ?? 0, fear: e.byTrack?.fear ?? 0, confusion: e.byTrack?.confusion ?? 0, amount: e.amount ?? 0, track: `2d20.track.${e.track}` })
    case 'blasted':
      return k(e.evaded ? 'blasted.evaded' : 'blasted.hit', { name: e.name, successes: e.successes, injury: e.byTrack?.injury ?? 0, fear: e.byTrack?.fear ?? 0 })
    case 'seized':
      return k('turn.seized', { name: e.name, displaced: e.displacedName })
    case 'adjusted':
      return k(`adjusted.${e.pool}`, { name: e.name, delta: e.delta > 0 ? `+${e.delta}` : String(e.delta), value: e.value })
    case 'displaySet':
      return k(e.showThreat ? 'threatShown' : 'threatHidden', {})
    case 'budgetReset':
      return null
    default:
      return { key: `log.2d20.${name}`, params: {} }
  }
}
