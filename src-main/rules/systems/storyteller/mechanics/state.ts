/**
 * A Storyteller combatant's system state (`Combatant.state`) and small readers over the encounter: the stat block,
 * the settings (`state.system.settings`, T1–T7), the health track, the current wound penalty.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as sentences } from '../i18n/en'
import { NO_WOUNDS, isIncapacitated, woundPenalty, type Track, type Wounds } from './health'
import type { CareStep } from './recovery'
import type { StatBlock, Weapon } from '../schema'
import { DEFAULT_SETTINGS, SCION_HEALTH_TRACK, storytellerSettings, type StorytellerSettings } from './settings'

export interface StState {
  wounds: Wounds
  /** the last step of the patient's recovery timeline (T6: the same medic waits after a failure) */
  care: CareStep | null
  /** the Join Battle roll of this fight */
  joinBattle: { successes: number; botch: boolean } | null
}

export const initialState = (): StState => ({ wounds: { ...NO_WOUNDS }, care: null, joinBattle: null })

export const stStats = (c: Combatant): StatBlock => c.stats as unknown as StatBlock
export const stState = (c: Combatant): StState => c.state as unknown as StState

/** The encounter's settings (defaults for anything not set; a bad stored value falls back to the defaults). */
export function settingsOf(state: EncounterState): StorytellerSettings {
  const raw = state.system.settings
  if (raw === undefined) return DEFAULT_SETTINGS
  const p = storytellerSettings.safeParse(raw)
  return p.success ? p.data : DEFAULT_SETTINGS
}

/** Fight-wide values: the highest Join Battle (late joiners count from it, T3). */
export interface StSystem { highest: number }
export const systemOf = (state: EncounterState): StSystem => (state.system.storyteller as StSystem | undefined) ?? { highest: 0 }

/** T5: the stat block's track, else the Scion 1e one (per stat block, so `isOut` needs no encounter) */
export const trackOf = (c: Combatant): Track => stStats(c).health ?? SCION_HEALTH_TRACK
export const penaltyOf = (c: Combatant): number => woundPenalty(stState(c).wounds, trackOf(c))
/** Incapacitated or dead: out of the fight */
export const isOut = (c: Combatant): boolean => isIncapacitated(stState(c).wounds, trackOf(c))

/** An unarmed strike when a stat block has no weapon (Exalted 2e's punch: Accuracy +1, Damage +0 bashing, Speed 5). */
export const UNARMED: Weapon = { name: 'Unarmed', class: 'impact', attribute: 'dexterity', ability: 'brawl', accuracy: 1, damage: 0, speed: 5, damageType: 'bashing' }

/** The weapon by index or name (default the first, or unarmed). */
export function findWeapon(sb: StatBlock, ref: number | string | undefined): Result<Weapon> {
  if (ref === undefined) return ok(sb.weapons[0] ?? UNARMED)
  const w = typeof ref === 'number' ? sb.weapons[ref] : sb.weapons.find((x) => x.name.toLowerCase() === ref.toLowerCase())
  if (w) return ok(w)
  if (typeof ref === 'string' && ref.toLowerCase() === 'unarmed') return ok(UNARMED)
  return typeof ref === 'number'
    ? refuse('not-found', sentences, 'refusal.storyteller.noWeaponNumber', { name: sb.name, n: ref + 1 }, { field: 'weapon' })
    : refuse('not-found', sentences, 'refusal.storyteller.noWeapon', { name: sb.name, weapon: ref }, { field: 'weapon' })
}
