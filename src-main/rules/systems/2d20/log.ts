/** Log entries (message key + flat params) for 2d20 events; templates in i18n/en.ts and i18n/pl.ts. */
import type { LogEntry } from '@shared/domain/encounter'
import type { TwoD20Event } from './events'

type Entry = Omit<LogEntry, 'seq'>
type P = Record<string, string | number | boolean>

const ATTR = (pair: unknown): P => (Array.isArray(pair) ? { attr1: `2d20.attr.${String(pair[0])}`, attr2: `2d20.attr.${String(pair[1])}` } : {})

export function logEntry(e: TwoD20Event): Entry | null {
  // callers outside the engine hand in any event (the engine passes only `2d20.` ones)
  if (!e.type.startsWith('2d20.')) return null
  const k = (key: string, params: P): Entry => ({ key: `log.2d20.${key}`, params })
  const name = e.type.slice('2d20.'.length)
  switch (e.type) {
    case '2d20.tested': {
      const params: P = { name: e.name, ...ATTR(e.attributes), difficulty: e.difficulty, successes: e.successes, momentum: e.momentum, complications: e.complications }
      return k(e.success ? (e.complications > 0 ? 'tested.successComplication' : 'tested.success') : (e.complications > 0 ? 'tested.failComplication' : 'tested.fail'), params)
    }
    case '2d20.attacked': {
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
    case '2d20.afflicted':
      return k('afflicted', { name: e.name, affliction: `2d20.affliction.${e.affliction}`, reason: `2d20.reason.${e.reason}`, total: e.total })
    case '2d20.statusChanged':
      return k(`status.${e.status}`, { name: e.name })
    case '2d20.spent':
      return k(e.cost === 0 ? 'spent.free' : `spent.${e.pool}`, { by: e.byName, spend: `2d20.spend.${e.spend}`, cost: e.cost, ...(e.characterName ? { character: e.characterName } : {}) })
    case '2d20.acted':
      return k('acted', { name: e.name, action: `2d20.action.${e.action}`, what: e.what ?? '' })
    case '2d20.complicationsToThreat':
      return k('complicationsToThreat', { name: e.name, count: e.count, threat: e.threat })
    case '2d20.recovered':
      return k(`${e.mode === 'affliction' ? (e.afflictionsRemoved > 0 ? 'recovered.affliction' : 'recovered.fail') : (e.success ? 'recovered.stress' : 'recovered.fail')}${e.who === 'self' ? 'Self' : ''}`, {
        tester: e.testerName, patient: e.patientName, track: `2d20.track.${e.track}`, affliction: `2d20.afflictionOf.${e.track}`,
        difficulty: e.difficulty, successes: e.successes, removed: e.stressRemoved, ...ATTR(e.attributes),
      })
    case '2d20.harmed':
      return k(`harmed.${e.source}`, { name: e.name, dice: e.combatDice ?? 0, injury: e.byTrack?.injury ?? 0, fear: e.byTrack?.fear ?? 0, confusion: e.byTrack?.confusion ?? 0, amount: e.amount ?? 0, track: `2d20.track.${e.track}` })
    case '2d20.blasted':
      return k(e.evaded ? 'blasted.evaded' : 'blasted.hit', { name: e.name, successes: e.successes, injury: e.byTrack?.injury ?? 0, fear: e.byTrack?.fear ?? 0 })
    case '2d20.seized':
      return k('turn.seized', { name: e.name, displaced: e.displacedName })
    case '2d20.budgetReset':
      return null
    default:
      return { key: `log.2d20.${name}`, params: {} }
  }
}
