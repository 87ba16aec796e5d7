/** The Storyteller commands: each schema (commands.ts) with its handler, keyed by command type (kit/command.ts). */
import { eventsCommand, type CommandMap } from '../../../../kit/command'
import { storytellerCommandSchemas as S } from '../../commands'
import { decideAttack } from './attack'
import { decideDamage, decideHeal, decideRest, decideTreat } from './health'
import { decideSocial } from './social'
import { decideAct, decideWait } from './wheel'

export const storytellerCommands = {
  attack: eventsCommand(S.attack, decideAttack),
  damage: eventsCommand(S.damage, (s, c) => decideDamage(s, c)),
  heal: eventsCommand(S.heal, (s, c) => decideHeal(s, c)),
  social: eventsCommand(S.social, decideSocial),
  rest: eventsCommand(S.rest, (s, c) => decideRest(s, c)),
  treat: eventsCommand(S.treat, decideTreat),
  act: eventsCommand(S.act, (s, c) => decideAct(s, c)),
  wait: eventsCommand(S.wait, (s, c) => decideWait(s, c)),
} satisfies CommandMap

export { onCombatStart, rollJoinBattle } from './wheel'
