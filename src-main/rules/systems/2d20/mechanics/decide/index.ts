/** The 2d20 commands: each schema (commands.ts) with its handler, keyed by command type (kit/command.ts). */
import type { DecideContext } from '../../../../kit/context'
import { command, type CommandMap } from '../../../../kit/command'
import { commandSchemas, type Command, type CommandType } from '../../commands'
import { decideAttack } from './attack'
import { decideRecover, decideHarm, decideBlast } from './recover'
import { decideAct, decideAdjust, decideComplications, decidePlayerDisplay, decideSpend } from './spend'
import { decideTest } from './test'
import { decideSeize } from './seize'
import type { Batch, HandlerResult } from './common'

type Handler<T extends CommandType> = (b: Batch, cmd: Command<T>, ctx: DecideContext) => HandlerResult
/** one handler per command type, writing its events onto the batch */
const handlers: { [T in CommandType]: Handler<T> } = {
  test: decideTest,
  attack: decideAttack,
  spend: (b, c) => decideSpend(b, c),
  recover: decideRecover,
  harm: decideHarm,
  blast: decideBlast,
  act: (b, c) => decideAct(b, c),
  complicationsToThreat: (b, c) => decideComplications(b, c),
  seize: (b, c) => decideSeize(b, c),
  adjust: (b, c) => decideAdjust(b, c),
  playerDisplay: (b, c) => decidePlayerDisplay(b, c),
}

/** the command map of the engine (kit/command.ts): each handler writes its events onto the engine's batch */
export const twoD20Commands = Object.fromEntries(
  (Object.keys(handlers) as CommandType[]).map((type) => [type, command(commandSchemas[type], handlers[type] as Handler<CommandType>)]),
) satisfies CommandMap

export { chooseWeapon } from './attack'
