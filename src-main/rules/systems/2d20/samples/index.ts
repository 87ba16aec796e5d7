/** The 2d20 samples as the scripts find them (kit/samples.ts): the campaign (make-samples) and its played session (make-sample-session). */
import type { SystemSamples } from '../../../kit/samples'
import { twoD20Sample } from './campaign'
import { twoD20Session } from './session'

export const samples: SystemSamples = { campaign: twoD20Sample, session: twoD20Session }
