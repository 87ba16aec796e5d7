/** The Saga samples as the scripts find them (kit/samples.ts): the campaign (make-samples) and its played session (make-sample-session). */
import type { SystemSamples } from '../../../kit/samples'
import { sagaSample } from './campaign'
import { sagaSession } from './session'

export const samples: SystemSamples = { campaign: sagaSample, session: sagaSession }
