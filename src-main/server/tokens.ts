/** Browser mode's access tokens: one random token per role, fixed for the life of the server. */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Role } from '@shared/ipc/contract'

export type Tokens = Readonly<Record<Role, string>>

export const createTokens = (): Tokens => ({ gm: randomBytes(24).toString('base64url'), player: randomBytes(24).toString('base64url') })

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The role a token grants, or undefined for a missing or unknown token. */
export function roleForToken(tokens: Tokens, token: string | null | undefined): Role | undefined {
  if (!token) return undefined
  if (same(token, tokens.gm)) return 'gm'
  if (same(token, tokens.player)) return 'player'
  return undefined
}
