/** Saga label keys (texts in ../i18n): conditions by key, and the range categories a combatant may stand at (001's
 *  point-blank, short, medium, long: a band named so on the board is said in the reader's language). Saga has no
 *  shared pools. */
import type { SystemLabels } from '../../../kit/system'

const CONDITIONS = ['flatFooted', 'charging', 'fightingDefensively', 'aidedAgainst', 'suppressed', 'grabbed', 'grappled', 'disarmed', 'extraAttacks', 'aiming']

export const sagaLabels: SystemLabels = {
  pools: {},
  bands: Object.fromEntries(['pointBlank', 'short', 'medium', 'long'].map((b) => [b, `saga.range.${b}`])),
  conditions: Object.fromEntries(CONDITIONS.map((k) => [`saga.${k}`, `cond.saga.${k}`])),
}
