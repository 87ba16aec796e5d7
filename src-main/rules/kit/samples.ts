/** The parts of a sample campaign.json that scripts/make-samples.ts writes: the party, the library, the encounters. */
import type { EncounterPlan, StatBlockKind } from '../../../src-shared/domain/campaign'

export interface SampleStatBlock {
  id: string
  name: string
  kind: StatBlockKind
  tags: string[]
  /** the rule system's stat block (validated by its statBlockSchema) */
  data: Record<string, unknown>
}

export interface SampleContent {
  /** folder under resources/campaigns */
  campaign: string
  party: string[]
  library: SampleStatBlock[]
  encounters: Array<Omit<EncounterPlan, 'updatedAt'>>
}

/** the fixed time written into every sample record (the samples never change at run time) */
export const SAMPLE_TIME = '2026-11-01T12:00:00.000Z'
