/**
 * Shared helpers of the export tests. Two fixed sessions:
 * - `saga-hangar.ndjson`: a real session played by scripts/make-sample-session.ts (real store, services and Saga
 *   engine, fixed seeds; frozen from an earlier run of it), with `hangar-campaign/` as its campaign folder;
 * - `starchasers-ember.ndjson`: the same for Starchasers (a surprise round, a diceless ally, a duel with DOMINATEs);
 * - `saga-outpost.ndjson`: hand-written in the same record format with Saga's event shapes (`saga.attackRolled`,
 *   `saga.damageDealt`, `saga.conditionTrackMoved`) and a hidden combatant with notes; `saga-outpost-damaged.ndjson`
 *   has line 11 cut short.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { engineDescribe } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import type { NormalizedSession } from '../../../../src-main/export/types'

export const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/sessions')
export const CAMPAIGN_DIR = resolve(FIXTURES, 'hangar-campaign')
export const GOLDEN = resolve(import.meta.dirname, 'golden')

/** values only the GM may see in the hangar session: a GM note, a hidden roll, the hidden sniper (its name and
 *  its GM note), the session's prep notes and the RNG seeds */
export const GM_ONLY_VALUES = ['AUREK-9-BESH', 'Stealth (hidden)', 'Sniper', 'VANTA-GANTRY', 'gantry', 'kessa-seed']

/** the same for the hand-written outpost session */
export const OUTPOST_GM_ONLY = ['KRAYT-7', 'ZEPHYR-CODE', 'Nightshade', 'rafters', 'Sniper notices', 'fixture-seed-1']

const campaignOf = (dir: string) => JSON.parse(readFileSync(resolve(dir, 'campaign.json'), 'utf8')) as { name: string; systemId: string; sessions: Array<Record<string, unknown>> }

function load(file: string, dir: string): NormalizedSession {
  const text = readFileSync(resolve(FIXTURES, file), 'utf8')
  const c = campaignOf(dir)
  return normalizeSession(parseSessionLog(text), { sessionId: String(c.sessions[0].id), describe: engineDescribe, campaign: { name: c.name, systemId: c.systemId, session: c.sessions[0] } })
}

export const hangarSession = (): NormalizedSession => load('saga-hangar.ndjson', CAMPAIGN_DIR)
export const starchasersSession = (): NormalizedSession => load('starchasers-ember.ndjson', resolve(FIXTURES, 'ember-campaign'))
export const outpostSession = (file = 'saga-outpost.ndjson'): NormalizedSession => load(file, resolve(FIXTURES, 'outpost-campaign'))
