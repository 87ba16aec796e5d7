/** Saga label keys (texts in ../i18n): conditions by key. Saga has no shared pools and measures range in squares. */
import type { SystemLabels } from '../../../kit/system'

const CONDITIONS = ['flatFooted', 'charging', 'fightingDefensively', 'aidedAgainst', 'suppressed', 'grabbed', 'grappled', 'disarmed', 'extraAttacks', 'aiming']

export const sagaLabels: SystemLabels = {
  pools: {},
  bands: {},
  conditions: Object.fromEntries(CONDITIONS.map((k) => [`saga.${k}`, `cond.saga.${k}`])),
}
