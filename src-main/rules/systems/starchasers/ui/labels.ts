/** Starchasers label keys (texts in ../i18n): pools, range bands (000 range table) and conditions (000:562-631). */
import type { SystemLabels } from '../../../kit/system'
import { RANGE_BANDS } from '../schema'
import * as en from '../i18n/en'

const CONDITIONS = [
  'insensate', 'incommunicado', 'stunned', 'hamstrung', 'weakened', 'dazed', 'shocked', 'wounded',
  'unconscious', 'grappled', 'prone', 'unbalanced', 'frightened', 'enraged', 'bribed', 'charmed', 'pinned', 'armorBreak',
  'armorPierced', 'disarmed',
]
const POOLS = ['momentum', 'threat', 'luck']

export const starchasersLabels: SystemLabels = {
  pools: Object.fromEntries(POOLS.map((k) => [k, `starchasers.pools.${k}`])),
  bands: Object.fromEntries(RANGE_BANDS.map((k) => [k, `starchasers.range.${k}`])),
  // the ui catalog's label when it has one, else the log catalog's
  conditions: Object.fromEntries(CONDITIONS.map((k) => [`starchasers.${k}`, en.ui[`conditions.starchasers.${k}`] !== undefined ? `conditions.starchasers.${k}` : `cond.starchasers.${k}`])),
}
