/** Storyteller: the stat blocks of other tools it reads and writes (issue 30; kit/imports.ts). */
import type { SystemImports } from '../../../kit/imports'
import { storytellerTextReader } from './quick-character'
import { storytellerImprovedInitiativeReader, storytellerToFantasyStatblocks, storytellerToImprovedInitiative } from './other-tools'

export const storytellerImports: SystemImports = {
  readers: [storytellerTextReader, storytellerImprovedInitiativeReader],
  toImprovedInitiative: storytellerToImprovedInitiative,
  toFantasyStatblocks: storytellerToFantasyStatblocks,
}
