/** 2d20 label keys (texts in ../i18n): the three pools, the range bands the seed names (002:38-46), no conditions of its own. */
import type { SystemLabels } from '../../../kit/system'

export const RANGE_BANDS = ['near', 'far', 'tooFar'] as const

export const twoD20Labels: SystemLabels = {
  pools: { momentum: '2d20.pools.momentum', threat: '2d20.pools.threat', luck: '2d20.pools.luck' },
  bands: Object.fromEntries(RANGE_BANDS.map((k) => [k, `2d20.range.${k}`])),
  conditions: {},
}
