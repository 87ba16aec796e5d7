/** Storyteller label keys: no shared pools, no range bands, no conditions of its own (the health track is state). */
import type { SystemLabels } from '../../../kit/system'

export const storytellerLabels: SystemLabels = { pools: {}, bands: {}, conditions: {} }
