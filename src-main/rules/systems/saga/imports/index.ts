/** Saga Edition: the stat blocks of other tools it reads and writes (issue 30; kit/imports.ts). */
import type { SystemImports } from '../../../kit/imports'
import { sagaFoundryReader } from './foundry-swse'
import { sagaTextReader } from './book-text'
import { sagaParsedFigures } from './figures'
import type { SagaStatBlock } from '../schema'
import { sagaImprovedInitiativeReader, sagaToFantasyStatblocks, sagaToImprovedInitiative } from './other-tools'

export const sagaImports: SystemImports = {
  readers: [sagaFoundryReader, sagaTextReader, sagaImprovedInitiativeReader],
  figures: (sb) => sagaParsedFigures(sb as SagaStatBlock),
  toImprovedInitiative: sagaToImprovedInitiative,
  toFantasyStatblocks: sagaToFantasyStatblocks,
}
