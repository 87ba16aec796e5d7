/** Saga events → log entries (message keys + params; templates in ./i18n/en.ts and pl.ts). */
import type { LogEntry } from '@shared/domain/encounter'
import type { SagaEvent } from './events'

type Entry = Omit<LogEntry, 'seq'>

export function sagaLogEntry(ev: SagaEvent): Entry | null {
  const k = (key: string, params: LogEntry['params'] = {}): Entry => ({ key, params })
  switch (ev.type) {
    case 'saga.attackRolled': {
      const ts = ev.targets
      if (ev.area) return k('log.saga.attack.area', { attacker: ev.attackerName, weapon: ev.weapon, d20: ev.d20, total: ts[0]?.total ?? ev.d20, hits: ts.filter((t) => t.hit).length, count: ts.length })
      const t = ts[0]
      const outcome = ev.natural1 ? 'fumble' : ev.crit ? 'crit' : t.hit ? 'hit' : 'miss'
      return k(`log.saga.attack.${outcome}`, { attacker: ev.attackerName, target: t.name, weapon: ev.weapon, d20: ev.d20, total: t.total })
    }
    case 'saga.damageRolled':
      return k(ev.crit ? 'log.saga.damageRolledCrit' : 'log.saga.damageRolled', { total: ev.total, rolled: ev.rolled, bonus: ev.bonus })
    case 'saga.damageDealt': {
      // 001:94: a death a Force Point can still avoid says so (the GM's choice, with the Force Points left, is on the
      // board; not in the line: an NPC's Force Points are not the players' to know, and a player-safe export drops a
      // line whose number it withholds)
      const avoidable = ev.forcePoints !== undefined && (ev.outcome === 'dead' || ev.outcome === 'destroyed')
      return k(`log.saga.damage.${ev.outcome}${avoidable ? 'Avoidable' : ''}`, { target: ev.targetName, dealt: ev.dealt, hpLoss: ev.hpLoss, hp: ev.hpAfter, step: ev.ctAfter, mode: ev.mode })
    }
    case 'saga.deathStands':
      return k(ev.status === 'destroyed' ? 'log.saga.destructionStands' : 'log.saga.deathStands', { name: ev.name })
    case 'saga.actionTaken':
      return k('log.saga.actionTaken', { name: ev.name, action: `action.saga.${ev.action}`, what: ev.what ?? '' })
    case 'saga.persistentSet':
      return k('log.saga.persistentSet', { name: ev.name, count: ev.count })
    case 'saga.conditionTrackMoved':
      return k('log.saga.ctMoved', { name: ev.name, steps: ev.steps, step: ev.to })
    case 'saga.forcePointSpent':
      return k('log.saga.avoidDeath', { name: ev.name })
    case 'saga.naturalHealing':
      return ev.endedPersistent ? k('log.saga.restEndsPersistent', { name: ev.name }) : k('log.saga.naturalHealing', { name: ev.name, amount: ev.amount, hp: ev.hp })
    case 'saga.newDay':
      return k('log.saga.newDay')
    case 'saga.moved':
      return ev.aooOffered.length > 0 ? k('log.saga.movedProvokes', { name: ev.name, threatened: ev.aooNames }) : k('log.saga.moved', { name: ev.name })
    case 'saga.proneSet':
      return k(ev.prone ? 'log.saga.prone' : 'log.saga.standUp', { name: ev.name })
    case 'saga.aidRolled':
      return k(`log.saga.${ev.mode}.${ev.success ? 'success' : 'fail'}`, { name: ev.name, target: ev.targetName, total: ev.total })
    case 'saga.grabRolled':
      return k(ev.hit ? 'log.saga.grab.hit' : 'log.saga.grab.miss', { attacker: ev.attackerName, target: ev.targetName, total: ev.total })
    case 'saga.grappleAttackRolled':
      return k(ev.hit ? 'log.saga.grappleAttack.hit' : 'log.saga.grappleAttack.miss', { attacker: ev.attackerName, target: ev.targetName, total: ev.total })
    case 'saga.grappleChecked':
      return k(ev.won ? 'log.saga.grapple.won' : 'log.saga.grapple.lost', { attacker: ev.attackerName, target: ev.targetName, mine: ev.attackerTotal, theirs: ev.targetTotal })
    case 'saga.disarmRolled':
      return k(ev.hit ? 'log.saga.disarm.hit' : ev.freeAttack ? 'log.saga.disarm.missFree' : 'log.saga.disarm.miss', { attacker: ev.attackerName, target: ev.targetName, total: ev.total })
    case 'saga.healed':
      return k(ev.revived ? 'log.saga.revived' : 'log.saga.healed', { name: ev.name, amount: ev.amount, hp: ev.hp })
    case 'saga.recoverProgress':
      return k('log.saga.recoverProgress', { name: ev.name, count: ev.count })
    case 'saga.recovered':
      return k('log.saga.recovered', { name: ev.name, step: ev.to })
    case 'saga.secondWind':
      return k('log.saga.secondWind', { name: ev.name, amount: ev.amount, hp: ev.hp })
    case 'saga.dicelessAttack': {
      // `defenseValue` is named so the player-safe export hides an NPC's defense (export/player-safe.ts)
      const variant = ev.choice === 'best' ? (ev.hit ? 'bestHit' : 'bestMiss') : ev.hit ? 'hit' : 'miss'
      return k(`log.saga.diceless.${variant}`, { attacker: ev.attackerName, target: ev.targetName, weapon: ev.weapon, attack: ev.attackValue, defenseName: `defense.saga.${ev.defense}`, defenseValue: ev.defenseValue, damage: ev.damage, count: ev.considered.length })
    }
    case 'saga.shieldProgress':
      return k('log.saga.shieldProgress', { name: ev.name, count: ev.count })
    case 'saga.shieldsRestored':
      return k(ev.success ? 'log.saga.shields.up' : 'log.saga.shields.fail', { name: ev.name, target: ev.targetName, total: ev.total, sr: ev.sr })
    case 'saga.boarded':
      return k(ev.vehicle ? 'log.saga.boarded' : 'log.saga.leftVehicle', { name: ev.name, vehicle: ev.vehicleName })
    case 'saga.fullAttack':
      return k('log.saga.fullAttack', { name: ev.name, count: ev.count, penalty: ev.penalty })
    case 'saga.conCheckDue':
      return k('log.saga.conCheckDue', { name: ev.name })
    case 'saga.conCheck':
      return k(`log.saga.conCheck.${ev.outcome}`, { name: ev.name, total: ev.total, d20: ev.d20 })
    default:
      return null
  }
}
