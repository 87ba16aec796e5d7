/** The Storyteller handlers, keyed by command type. */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { Result } from '@shared/result'
import type { DecideContext } from '../../../core/system'
import type { StorytellerCommand } from '../commands'
import { decideAttack } from './attack'
import { decideDamage, decideHeal, decideRest, decideTreat } from './health'
import { decideSocial } from './social'
import { decideAct, decideWait } from './wheel'

type Handlers = { [K in StorytellerCommand['type']]: (state: EncounterState, cmd: Extract<StorytellerCommand, { type: K }>, ctx: DecideContext) => Result<EngineEvent[]> }

export const handlers: Handlers = {
  attack: decideAttack,
  damage: (s, c) => decideDamage(s, c),
  heal: (s, c) => decideHeal(s, c),
  social: decideSocial,
  rest: (s, c) => decideRest(s, c),
  treat: decideTreat,
  act: (s, c) => decideAct(s, c),
  wait: (s, c) => decideWait(s, c),
}

export { onCombatStart, rollJoinBattle } from './wheel'
