/** Browser mode's access tokens: one random token per role. The console's changes at every start; the player's is
 * kept in the data folder (`player-link.json`), so a tablet's player URL survives restarts until the GM makes a new one. */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
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

/** the file in the data folder that keeps the player token */
export const PLAYER_TOKEN_FILE = 'player-link.json'
const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/

/** The player token kept in `dataDir`, or a new one (written there) when there is none or it is unreadable. */
export function loadPlayerToken(dataDir: string): string {
  try {
    const raw = JSON.parse(readFileSync(join(dataDir, PLAYER_TOKEN_FILE), 'utf8')) as { playerToken?: unknown }
    if (typeof raw.playerToken === 'string' && TOKEN_RE.test(raw.playerToken)) return raw.playerToken
  } catch {
    /* none yet, or damaged: a new one */
  }
  const token = createTokens().player
  savePlayerToken(dataDir, token)
  return token
}

/** Keep the player token in `dataDir` (written whole, readable by this user only). */
export function savePlayerToken(dataDir: string, token: string): void {
  const file = join(dataDir, PLAYER_TOKEN_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify({ playerToken: token }) + '\n', { mode: 0o600 })
  renameSync(tmp, file)
  try {
    chmodSync(file, 0o600)
  } catch {
    /* not on every file system */
  }
}
