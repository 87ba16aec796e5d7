/**
 * The rule systems main knows: one import and one entry per system, and nothing else. The only file of main outside
 * the systems' own folders that names one (rules/index.ts serves them by id; the renderer has its one list in
 * src-renderer/systems/registry.ts). The order is the console's: the first is a campaign's system when its file
 * names none this version knows (store/repository.ts). Adding a system: docs/dev/rule-system-kit.md.
 */
import type { RuleSystem } from '../kit/system'
import { sagaSystem } from './saga'
import { starchasersSystem } from './starchasers'
import { twoD20System } from './2d20'
import { storytellerSystem } from './storyteller'

export const SYSTEMS: readonly RuleSystem[] = [
  sagaSystem,
  starchasersSystem,
  twoD20System,
  storytellerSystem,
]
