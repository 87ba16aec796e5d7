/** The Starchasers samples as the scripts find them (kit/samples.ts): the campaign (make-samples) and its played session (make-sample-session). */
import type { SystemSamples } from '../../../kit/samples'
import { starchasersSample } from './campaign'
import { starchasersSession } from './session'

export const samples: SystemSamples = { campaign: starchasersSample, session: starchasersSession }
