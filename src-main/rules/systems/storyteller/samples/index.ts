/** The Storyteller samples as the scripts find them (kit/samples.ts): the campaign (make-samples) and its played session (make-sample-session). */
import type { SystemSamples } from '../../../kit/samples'
import { storytellerSample } from './campaign'
import { storytellerSession } from './session'

export const samples: SystemSamples = { campaign: storytellerSample, session: storytellerSession }
