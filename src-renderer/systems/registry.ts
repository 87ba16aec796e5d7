/** The per-system registry: a new system adds a folder here and one line below; nothing else changes. */
import type { SystemId } from '@shared/domain/systems'
import type { SystemUi } from './types'
import { sagaUi } from './saga'
import { starchasersUi } from './starchasers'
import { CORE_COMMANDS, coreActions } from './common'

const registry: Partial<Record<SystemId, SystemUi>> = {
  saga: sagaUi,
  starchasers: starchasersUi,
}

/** A system without a renderer part still gets the generic board: core actions, raw JSON editing. */
const generic = (id: SystemId): SystemUi => ({
  id,
  initiativeModel: 'ordered',
  card: null,
  actions: coreActions(),
  editorFields: [],
  template: (kind, name) => ({ name, kind }),
  weapons: () => [],
  bands: [],
  conditions: [],
  pools: [],
  commandTypes: CORE_COMMANDS,
})

export function systemUi(id: SystemId | string | null | undefined): SystemUi {
  return registry[id as SystemId] ?? generic((id ?? 'saga') as SystemId)
}
