/** Old Saga commands (issue 9 item 3): version 1 named the combatants `attacker`, `target`, `helper`, `vehicle`. */
import type { EngineCommand } from '@shared/domain/encounter'
import { renameFields, type UpcastCommand } from '../../../kit/upcast'
import { SAGA_V1_FIELDS, type SagaCommandType } from '../commands'

export const upcastSagaCommand: UpcastCommand = (command: EngineCommand, from: number) => {
  if (from !== 1) return command
  const names = SAGA_V1_FIELDS[command.type as SagaCommandType]
  if (!names) return command
  const c = renameFields(command, names)
  // a full attack's attacks named their targets `target`
  if (c.type === 'fullAttack' && Array.isArray(c.attacks)) return { ...c, attacks: c.attacks.map((a: Record<string, unknown>) => renameFields(a, { target: 'targetId' })) }
  return c
}
