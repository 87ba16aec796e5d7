/**
 * One command's path through the encounter service (issue 28): parsed once where main receives it (a window's
 * `encounter:command` and `encounter:odds`, each command of a plan's launch), decided once on the encounter's history
 * (`History.prepare`: its events and the state they lead to), written to the session log as one change, and taken in
 * as it is (`commit`: no event is applied again).
 */
import type { GmEncounterView, OddsView } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { validateCommand, type Prepared } from '../../rules/index'
import type { ParsedCommand } from '../../rules/kit/command'
import type { ServiceEnv } from '../ports'
import type { SessionRecord } from '../sessions/session-records'
import { prefixField, sync, type LiveEncounter } from './encounter-live'
import { eventLines, type EncounterWriter } from './encounter-writer'
import type { EncounterPush } from './encounter-push'

/** a decided command: its session log lines (the command, then its events) and what `commit` takes in */
export interface Step {
  lines: SessionRecord[]
  prepared: Prepared
}

/** parse a command by the encounter's system, once, at the edge; a refusal names its field under `command` */
export const parseCommand = (l: Pick<LiveEncounter, 'system'>, command: unknown): Result<ParsedCommand> => prefixField(validateCommand(l.system, command), 'command')

/** decide one parsed command on the encounter's history: its log lines and what `commit` takes in; writes nothing */
export function stepCommand(l: Pick<LiveEncounter, 'id' | 'history'>, command: ParsedCommand, at: string): Result<Step> {
  const prepared = l.history.prepare(command, { now: at })
  if (!prepared.ok) return prefixField(prepared, 'command')
  const lines: SessionRecord[] = [{ kind: 'encounter.command', at, encounterId: l.id, batch: prepared.value.batch, command }, ...eventLines(l, prepared.value.records, at)]
  return ok({ lines, prepared: prepared.value })
}

export interface CommandPath {
  /** a window's command: parsed, then (after every earlier change of the encounter) decided, written, taken in, pushed */
  command(l: LiveEncounter, command: unknown): Promise<Result<GmEncounterView>>
  /** a window's odds: the command parsed once, then the system's odds of it */
  odds(l: LiveEncounter, command: unknown): Result<OddsView>
}

export function createCommandPath(env: ServiceEnv, writer: EncounterWriter, push: EncounterPush): CommandPath {
  /** decide one parsed command, append its lines as one change, update the live encounter */
  async function apply(l: LiveEncounter, command: ParsedCommand): Promise<Result<void>> {
    const s = stepCommand(l, command, env.now())
    if (!s.ok) return s
    const wrote = await writer.write(l, s.value.lines)
    if (!wrote.ok) return wrote
    // the redo branch the command discarded (undone → discarded): the next push carries their new status
    for (const r of l.history.commit(s.value.prepared)) l.statusChanged.push(r.seq)
    sync(l)
    return ok(undefined)
  }

  return {
    async command(l, command) {
      const valid = parseCommand(l, command)
      if (!valid.ok) return valid
      return writer.serial(l, async () => {
        const r = await apply(l, valid.value)
        return r.ok ? ok(await push.pushChanged(l)) : r
      })
    },
    odds(l, command) {
      const valid = parseCommand(l, command)
      if (!valid.ok) return valid
      if (!l.system.odds) return refuse('invalid', core.en, 'refusal.core.noOdds', {}, { field: 'command.type' })
      return prefixField(l.system.odds(l.state, valid.value), 'command')
    },
  }
}
