/**
 * Player links (issue 29): one random token per character a player runs on their own phone, kept in the data folder
 * (`player-links.json`, this user only), not in campaign.json: a campaign export shared with the players never
 * carries a token. A revoked link is remembered by a hash of its token, so its phone is told "revoked" (HTTP 410, and
 * no retry) rather than "unknown". The file is written whole and atomically; a damaged one is kept aside
 * (`player-links.json.damaged-<time>`), never overwritten, and the links start empty.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmod, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './atomic-write'

export const PLAYER_LINKS_FILE = 'player-links.json'
const VERSION = 1

export interface PlayerLink {
  id: string
  token: string
  campaignId: string
  /** the stat block id of the character (a PC of the party or an ally) */
  characterId: string
  /** its name when the link was made (shown while its campaign is not open) */
  characterName: string
  /** ISO-8601 */
  createdAt: string
}

export interface PlayerLinkStore {
  /** the links of a campaign (all campaigns without one), oldest first */
  list(campaignId?: string): PlayerLink[]
  /** the live link a token opens, else undefined */
  byToken(token: string | null | undefined): PlayerLink | undefined
  /** the token was a link's that has been revoked */
  wasRevoked(token: string | null | undefined): boolean
  get(linkId: string): PlayerLink | undefined
  add(input: Pick<PlayerLink, 'campaignId' | 'characterId' | 'characterName'>): Promise<PlayerLink>
  /** the revoked link, or undefined when there is none of that id */
  revoke(linkId: string): Promise<PlayerLink | undefined>
}

interface LinksFile {
  version: number
  links: PlayerLink[]
  /** sha-256 (base64url) of revoked tokens, newest last */
  revoked: string[]
}

/** revoked token hashes remembered (the oldest forgotten past this: its phone then gets "unknown link") */
const MAX_REVOKED = 500
const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/
const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function parse(text: string): LinksFile | null {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  const f = raw as Partial<LinksFile> | null
  if (!f || f.version !== VERSION || !Array.isArray(f.links) || !Array.isArray(f.revoked)) return null
  const str = (x: unknown, max = 200) => typeof x === 'string' && x.length > 0 && x.length <= max
  const links = f.links.filter(
    (l): l is PlayerLink => !!l && str(l.id) && typeof l.token === 'string' && TOKEN_RE.test(l.token) && str(l.campaignId) && str(l.characterId) && typeof l.characterName === 'string' && str(l.createdAt, 40),
  )
  if (links.length !== f.links.length) return null
  return { version: VERSION, links, revoked: f.revoked.filter((h): h is string => typeof h === 'string').slice(-MAX_REVOKED) }
}

/** The store over the file in `dataDir`, read now (a damaged file is kept aside and the links start empty). */
export async function openPlayerLinks(dataDir: string, now: () => string = () => new Date().toISOString()): Promise<PlayerLinkStore> {
  const file = join(dataDir, PLAYER_LINKS_FILE)
  let data: LinksFile = { version: VERSION, links: [], revoked: [] }
  {
    let text: string | null = null
    try {
      text = await readFile(file, 'utf8')
    } catch {
      /* none yet */
    }
    if (text !== null) {
      const parsed = parse(text)
      if (parsed) data = parsed
      else await rename(file, `${file}.damaged-${Date.now()}`).catch(() => undefined)
    }
  }
  return linksOver(file, data, now)
}

/** Links in memory only (tests, a core without a data folder). */
export const memoryPlayerLinks = (now: () => string = () => new Date().toISOString()): PlayerLinkStore => linksOver(null, { version: VERSION, links: [], revoked: [] }, now)

function linksOver(file: string | null, initial: LinksFile, now: () => string): PlayerLinkStore {
  let data = initial
  let writing: Promise<void> = Promise.resolve()
  const save = (): Promise<void> => {
    if (!file) return Promise.resolve()
    const text = JSON.stringify(data, null, 1) + '\n'
    writing = writing.then(async () => {
      await writeFileAtomic(file, text)
      await chmod(file, 0o600).catch(() => undefined)
    })
    return writing
  }
  return {
    list: (campaignId) => data.links.filter((l) => campaignId === undefined || l.campaignId === campaignId),
    byToken(token) {
      if (!token || !TOKEN_RE.test(token)) return undefined
      return data.links.find((l) => same(l.token, token))
    },
    wasRevoked(token) {
      if (!token || !TOKEN_RE.test(token)) return false
      const h = hash(token)
      return data.revoked.includes(h)
    },
    get: (linkId) => data.links.find((l) => l.id === linkId),
    async add(input) {
      const link: PlayerLink = { id: `link-${randomBytes(6).toString('hex')}`, token: randomBytes(24).toString('base64url'), createdAt: now(), ...input }
      data = { ...data, links: [...data.links, link] }
      await save()
      return link
    },
    async revoke(linkId) {
      const link = data.links.find((l) => l.id === linkId)
      if (!link) return undefined
      data = { ...data, links: data.links.filter((l) => l.id !== linkId), revoked: [...data.revoked, hash(link.token)].slice(-MAX_REVOKED) }
      await save()
      return link
    },
  }
}
