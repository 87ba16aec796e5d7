/** Browser mode's access tokens: one random token per role, kept in the data folder (`browser-tokens.json`), so a
 * tablet's player URL survives restarts (until the GM makes a new player link) and open pages reconnect by themselves. */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Role } from '@shared/ipc/contract'

/** the two fixed tokens (the console's, the TV's); a character's link has its own (character-links.ts) */
export type Tokens = Readonly<Record<Exclude<Role, 'character'>, string>>

export const createTokens = (): Tokens => ({ gm: randomBytes(24).toString('base64url'), player: randomBytes(24).toString('base64url') })

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The role a token grants, or undefined for a missing or unknown token. */
export function roleForToken(tokens: Tokens, token: string | null | undefined): Exclude<Role, 'character'> | undefined {
  if (!token) return undefined
  if (same(token, tokens.gm)) return 'gm'
  if (same(token, tokens.player)) return 'player'
  return undefined
}

/** the file in the data folder that keeps browser mode's tokens */
export const TOKENS_FILE = 'browser-tokens.json'
const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/

/**
 * The tokens kept in `dataDir` (new ones, written there, when there are none or they are unreadable): the player
 * URL a tablet bookmarked and the console URL an open page reconnects with both survive a restart.
 */
export function loadTokens(dataDir: string): Tokens {
  let kept: { consoleToken?: unknown; playerToken?: unknown } = {}
  try {
    kept = JSON.parse(readFileSync(join(dataDir, TOKENS_FILE), 'utf8')) as typeof kept
  } catch {
    /* none yet, or damaged: new ones */
  }
  const fresh = createTokens()
  const tokens = {
    gm: typeof kept.consoleToken === 'string' && TOKEN_RE.test(kept.consoleToken) ? kept.consoleToken : fresh.gm,
    player: typeof kept.playerToken === 'string' && TOKEN_RE.test(kept.playerToken) ? kept.playerToken : fresh.player,
  }
  if (tokens.gm !== kept.consoleToken || tokens.player !== kept.playerToken) saveTokens(dataDir, tokens)
  return tokens
}

/** Keep the tokens in `dataDir` (written whole, readable by this user only). */
export function saveTokens(dataDir: string, tokens: Tokens): void {
  const file = join(dataDir, TOKENS_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify({ consoleToken: tokens.gm, playerToken: tokens.player }) + '\n', { mode: 0o600 })
  renameSync(tmp, file)
  try {
    chmodSync(file, 0o600)
  } catch {
    /* not on every file system */
  }
}
