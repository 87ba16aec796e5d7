/** Shared helpers of the export tests: the fixed Saga fixture session and its GM-only values. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { engineDescribe } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import type { NormalizedSession } from '../../../../src-main/export/types'

export const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/sessions')
export const CAMPAIGN_DIR = resolve(FIXTURES, 'outpost-campaign')
export const GOLDEN = resolve(import.meta.dirname, 'golden')

/** values only the GM may see in the fixture: GM notes, a hidden roll, a hidden combatant, combatant notes, the seed */
export const GM_ONLY_VALUES = ['KRAYT-7', 'MOFF-VARGA-SECRET', 'ZEPHYR-CODE', 'Nightshade', 'rafters', 'Sniper notices', 'fixture-seed-1']

export function fixtureSession(file = 'saga-outpost.ndjson'): NormalizedSession {
  const text = readFileSync(resolve(FIXTURES, file), 'utf8')
  const campaign = JSON.parse(readFileSync(resolve(CAMPAIGN_DIR, 'campaign.json'), 'utf8')) as { name: string; systemId: string; sessions: Array<Record<string, unknown>> }
  return normalizeSession(parseSessionLog(text), { sessionId: 's1', describe: engineDescribe, campaign: { name: campaign.name, systemId: campaign.systemId, session: campaign.sessions[0] } })
}
