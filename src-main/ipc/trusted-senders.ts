/**
 * Which webContents belong to which role. Main registers a window when it creates it; the entry goes when the
 * webContents is destroyed. A sender not in the registry is refused by electron-ipc.
 */
import type { Role } from '@shared/ipc/contract'

export interface WebContentsLike {
  id: number
  once(event: 'destroyed', listener: () => void): unknown
}

export interface TrustedSenders {
  register(contents: WebContentsLike, role: Role): void
  roleOf(contentsId: number): Role | undefined
  size(): number
}

export function createTrustedSenders(onRemoved?: (contentsId: number) => void): TrustedSenders {
  const roles = new Map<number, Role>()
  return {
    register(contents, role) {
      roles.set(contents.id, role)
      contents.once('destroyed', () => {
        roles.delete(contents.id)
        onRemoved?.(contents.id)
      })
    },
    roleOf: (id) => roles.get(id),
    size: () => roles.size,
  }
}
