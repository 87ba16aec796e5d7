/** Old Starchasers events (issue 9 item 3): version 1 patched state with `patches: { id: patch }`. */
import type { EngineEvent } from '@shared/domain/encounter'
import { changesOf } from '../../../kit/patch'
import type { UpcastEvent } from '../../../kit/upcast'

export const upcastStarchasersEvent: UpcastEvent = (event: EngineEvent, from: number) => {
  if (from === 1 && 'patches' in event && !('changes' in event)) {
    const { patches, ...rest } = event
    const map = typeof patches === 'object' && patches !== null ? (patches as Record<string, Record<string, unknown>>) : {}
    return { ...rest, changes: changesOf(map) }
  }
  return event
}
