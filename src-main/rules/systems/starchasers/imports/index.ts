/** Starchasers: the stat blocks of other tools it reads and writes (issue 30; kit/imports.ts). */
import type { SystemImports } from '../../../kit/imports'
import { starchasersImprovedInitiativeReader, starchasersToFantasyStatblocks, starchasersToImprovedInitiative } from './other-tools'

export const starchasersImports: SystemImports = {
  readers: [starchasersImprovedInitiativeReader],
  toImprovedInitiative: starchasersToImprovedInitiative,
  toFantasyStatblocks: starchasersToFantasyStatblocks,
}
