/** Issue 29: the player links kept in the data folder (tokens never in campaign.json). */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPlayerLinks, PLAYER_LINKS_FILE } from '../../../../src-main/campaign/player-links'

describe('player links in the data folder (issue 29)', () => {
  it('survive a restart; a revoked token is remembered as revoked, not as unknown; the file is this user’s only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-links-'))
    const links = await openPlayerLinks(dir)
    const a = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const b = await links.add({ campaignId: 'c2', characterId: 'pc-9', characterName: 'Ro' })
    expect(a.token).not.toBe(b.token)
    expect(links.list('c1').map((l) => l.id)).toEqual([a.id])
    await links.revoke(a.id)
    const again = await openPlayerLinks(dir)
    expect(again.byToken(b.token)?.characterId).toBe('pc-9')
    expect(again.byToken(a.token)).toBeUndefined()
    expect(again.wasRevoked(a.token)).toBe(true)
    expect(again.wasRevoked(b.token)).toBe(false)
    expect(statSync(join(dir, PLAYER_LINKS_FILE)).mode & 0o077).toBe(0)
    // the file holds no token in clear for a revoked link
    expect(readFileSync(join(dir, PLAYER_LINKS_FILE), 'utf8')).not.toContain(a.token)
  })

  it('a damaged file is kept aside, never overwritten; the links start empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-links-'))
    writeFileSync(join(dir, PLAYER_LINKS_FILE), '{"version":1,"links":[{"id":')
    const links = await openPlayerLinks(dir)
    expect(links.list()).toEqual([])
    const kept = readdirSync(dir).filter((f) => f.startsWith(`${PLAYER_LINKS_FILE}.damaged-`))
    expect(kept).toHaveLength(1)
    expect(readFileSync(join(dir, kept[0]), 'utf8')).toBe('{"version":1,"links":[{"id":')
  })
})
