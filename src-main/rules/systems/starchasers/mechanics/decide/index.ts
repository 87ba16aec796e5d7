/**
 * Starchasers commands → events, one handler per command type (typed from its schema in ../commands.ts). By
 * concern: attack.ts (single attacks: dice, diceless allies), area.ts (area attacks), duel.ts (the Dueling
 * System), misc.ts (actions, damage and healing, grenades, falls, hazards, grapples, stealth, allies),
 * common.ts (turn economy, paying for moves, defending a share of an area attack).
 */
import { command, type CommandMap } from '../../../../kit/command'
import { starchasersCommandSchemas as S } from '../../commands'
import { decideAttack } from './attack'
import { decideAreaAttack } from './area'
import { decideDuelEnd, decideDuelExchange, decideDuelPhase, decideDuelStart } from './duel'
import { decideAllyCard, decideAllyPassive, decideDamage, decideFall, decideFreeAction, decideGrapple, decideGrenade, decideHazard, decideHeal, decideRechargeShield, decideSimpleAction, decideStealth, decideSteady, decideSymptoms, decideWake } from './misc'

export const starchasersCommands = {
  attack: command(S.attack, decideAttack),
  areaAttack: command(S.areaAttack, decideAreaAttack),
  freeAction: command(S.freeAction, (b, cmd) => decideFreeAction(b, cmd)),
  symptoms: command(S.symptoms, decideSymptoms),
  concentrate: command(S.concentrate, (b, cmd) => decideSimpleAction(b, cmd)),
  aim: command(S.aim, (b, cmd) => decideSimpleAction(b, cmd)),
  changeDefense: command(S.changeDefense, (b, cmd) => decideSimpleAction(b, cmd)),
  move: command(S.move, (b, cmd) => decideSimpleAction(b, cmd)),
  hide: command(S.hide, decideStealth),
  search: command(S.search, decideStealth),
  rechargeShield: command(S.rechargeShield, (b, cmd) => decideRechargeShield(b, cmd)),
  steady: command(S.steady, decideSteady),
  wake: command(S.wake, (b, cmd) => decideWake(b, cmd)),
  damage: command(S.damage, (b, cmd) => decideDamage(b, cmd)),
  heal: command(S.heal, decideHeal),
  throwGrenade: command(S.throwGrenade, decideGrenade),
  fall: command(S.fall, decideFall),
  hazard: command(S.hazard, decideHazard),
  grapple: command(S.grapple, decideGrapple),
  grappleAttack: command(S.grappleAttack, decideGrapple),
  breakFree: command(S.breakFree, decideGrapple),
  allyPassive: command(S.allyPassive, (b, cmd) => decideAllyPassive(b, cmd)),
  allyCard: command(S.allyCard, (b, cmd) => decideAllyCard(b, cmd)),
  duelStart: command(S.duelStart, (b, cmd) => decideDuelStart(b, cmd)),
  duelExchange: command(S.duelExchange, decideDuelExchange),
  duelPhase: command(S.duelPhase, (b, cmd) => decideDuelPhase(b, cmd)),
  duelEnd: command(S.duelEnd, (b) => decideDuelEnd(b)),
} satisfies CommandMap
