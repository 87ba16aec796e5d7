/** 2d20: the stat blocks of other tools it reads and writes (issue 30; kit/imports.ts). */
import type { SystemImports } from '../../../kit/imports'
import { twoD20FoundryReader } from './foundry-2d20'
import { twoD20ImprovedInitiativeReader, twoD20ToFantasyStatblocks, twoD20ToImprovedInitiative } from './other-tools'

export const twoD20Imports: SystemImports = {
  readers: [twoD20FoundryReader, twoD20ImprovedInitiativeReader],
  toImprovedInitiative: twoD20ToImprovedInitiative,
  toFantasyStatblocks: twoD20ToFantasyStatblocks,
}
