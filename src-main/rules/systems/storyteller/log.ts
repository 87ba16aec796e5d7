/** Log entries for Storyteller events: key `log.storyteller.<event>[.<variant>]` with flat params (texts in i18n/). */
import type { LogEntry } from '@shared/domain/encounter'
import type { StorytellerEvent } from './events'

type Entry = Omit<LogEntry, 'seq'>
type P = Record<string, string | number | boolean>
const k = (key: string, params: P): Entry => ({ key: `log.storyteller.${key}`, params })
const faces = (p: { rolls: Array<{ value: number | string }> }): string => p.rolls.map((r) => String(r.value)).join(' ') || '—'

export function logEntry(e: StorytellerEvent): Entry | null {
  // callers outside the engine hand in any event (the engine passes only `storyteller.` ones)
  if (!e.type.startsWith('storyteller.')) return null
  switch (e.type) {
    case 'storyteller.joinedBattle':
      return k(e.pool.botch ? 'joinedBattle.botch' : e.late ? 'joinedBattle.late' : 'joinedBattle', { name: e.name, successes: e.pool.successes, dice: faces(e.pool), tick: e.tick })
    case 'storyteller.battleJoined':
      return k('battleJoined', { highest: e.highest, cap: e.cap })
    case 'storyteller.attacked': {
      const p: P = {
        attacker: e.attackerName, target: e.targetName, weapon: e.weapon, successes: e.accuracy.successes, dice: faces(e.accuracy),
        defense: `storyteller.defense.${e.defense}`, dv: e.dv, net: e.net, damageType: `storyteller.damageType.${e.damageType}`,
      }
      if (!e.hit) return k(e.accuracy.botch ? 'attack.botch' : 'attack.miss', p)
      const d = e.damage!
      Object.assign(p, { damage: d.successes, damageDice: faces(d), soak: d.soak + d.armor, dealt: d.dealt })
      return k(d.dealt > 0 ? 'attack.hit' : 'attack.soaked', p)
    }
    case 'storyteller.damaged':
      return k('damaged', { name: e.name, amount: e.amount, damageType: `storyteller.damageType.${e.damageType}` })
    case 'storyteller.healed':
      return k('healed', { name: e.name, amount: e.amount, damageType: `storyteller.damageType.${e.damageType}` })
    case 'storyteller.incapacitated':
      return k('incapacitated', { name: e.name })
    case 'storyteller.died':
      return k('died', { name: e.name })
    case 'storyteller.socialRolled':
      return k(e.success ? 'social.effect' : 'social.none', {
        actor: e.actorName, target: e.targetName, roll: `storyteller.social.${e.roll}`, aim: e.aim, successes: e.pool.successes, dice: faces(e.pool), dv: e.dv, net: e.net, degree: `storyteller.degree.${e.degree}`,
      })
    case 'storyteller.rested':
      return k('rested', { name: e.name, count: e.count, increment: `storyteller.increment.${e.increment}`, bashing: e.healed.bashing, lethal: e.healed.lethal, aggravated: e.healed.aggravated })
    case 'storyteller.treated': {
      const p: P = { medic: e.medic, patient: e.patientName, increment: `storyteller.increment.${e.increment}`, successes: e.pool.successes, dice: faces(e.pool), difficulty: e.difficulty, net: e.net, amount: e.amount, healed: e.healed[e.damageType], damageType: `storyteller.damageType.${e.damageType}` }
      return k(e.interrupted ? 'treated.interrupted' : e.tended ? 'treated.tended' : 'treated.untended', p)
    }
    case 'storyteller.moved':
      return k(e.what === '' ? 'moved.unnamed' : 'moved', { name: e.name, speed: e.speed, from: e.from, to: e.to, what: e.what })
    case 'storyteller.waited':
      return k('waited', { name: e.name, from: e.from, to: e.to })
    default:
      return null
  }
}
