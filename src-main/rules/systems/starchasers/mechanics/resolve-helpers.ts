/** Shared pieces of the Starchasers decider: dice from a command, harm with its conditions, pools. */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../kit/system'
import { currentActor } from '../../../kit/state'
import type { Rng } from '../../../kit/rng'
import { refuse } from '../../../kit/refuse'
import { log } from '../i18n/en'
import { DEFAULT_FACES, DiceSource, type FaceTables } from './dice'
import { applyHarm, addInjury } from './harm'
import type { Batch } from '../evolve'
import { allyStats, conditionKeys, duelOf, fighter, scState, scStats, trackOf, type ScState, addStatus, endStatus } from './state'
import type { StatusCondition } from './conditions'
import { attackPoolMods, movementWithConditions, type AttackSituation } from './conditions'
import { effectiveAttributes, movementPoints } from './derived'
import type { Fighter, QualityMap, Weapon } from '../schema'
import { findMove, mergeQualities, type SpecialMove } from './moves'

/**
 * The dice of one command. Manual entries may be symbols ('hit', 'evade' ...) or face numbers; the core's
 * command-dice wrapper only knows numbers, so its queue is skipped and this source serves the entries itself.
 */
export function commandDiceSource(state: EncounterState, cmd: EngineCommand, ctx: DecideContext): DiceSource {
  const manual = cmd.dice ?? []
  const rng = ctx.rng as Rng & { used?: number; remaining?: () => number }
  if (manual.length > 0 && typeof rng.remaining === 'function' && typeof rng.used === 'number') rng.used = manual.length
  return new DiceSource(rng, manual, facesOf(state))
}

/** S1: face tables are a setting of the encounter (`system.faces`), default X-Wing dice. */
export const facesOf = (state: EncounterState): FaceTables => (state.system.faces as FaceTables | undefined) ?? DEFAULT_FACES

export const isPc = (c: Combatant): boolean => scStats(c).kind === 'pc'

/** Squares one Movement Action covers now: Movement Points (S21, armor penalty) or the ally's card, halved by
 *  Hamstrung and Grappled (000:584, 000:597). */
export function movementOf(c: Combatant): number {
  const f = fighter(c)
  const base = f ? movementPoints(effectiveAttributes(f.attributes, conditionKeys(c)).agility, f.armor?.agilityPenalty ?? 0) : (allyStats(c)?.movement ?? 0)
  return movementWithConditions(base, conditionKeys(c))
}

/** Encounter settings of the system (S1 faces live in `system.faces`; S6 Motivation here). */
export interface StarchasersSettings { motivationOnHpLoss?: number; motivationAtZero?: number; motivationCap?: number }
export const settingsOf = (state: EncounterState): StarchasersSettings => (state.system.settings ?? {}) as StarchasersSettings

/** S6: Motivation has no cap in the seed; `settings.motivationCap` sets one. */
export const capMotivation = (state: EncounterState, value: number): number => {
  const cap = settingsOf(state).motivationCap
  return cap === undefined ? value : Math.min(cap, value)
}

/** Lethal damage and Stress on a combatant, with Motivation (S6), Injuries, KO, Dying and death (S7-S10). */
export function harm(b: Batch, id: string, damage: number, stress: number, source: string): void {
  const c = b.get(id)
  if (!c || (damage <= 0 && stress <= 0)) return
  const st = scState(c)
  // S6: Motivation gains are settings of the encounter (`system.settings`), default +2 and +2
  const set = settingsOf(b.state)
  const r = applyHarm(trackOf(st), damage, stress, { motivation: isPc(c), motivationOnHpLoss: set.motivationOnHpLoss, motivationAtZero: set.motivationAtZero })
  r.track.motivation = capMotivation(b.state, r.track.motivation)
  b.push({
    type: 'starchasers.harmed', combatantId: id, name: c.name, source, damage, stress,
    hpLost: r.hpLost, stressTaken: r.stressTaken, motivationGained: r.motivationGained, injury: r.injury,
    knockedOut: r.knockedOut, becameDying: r.becameDying, died: r.died, hp: r.track.hp, maxHp: r.track.maxHp,
    changes: [{ id: id, patch: { ...r.track, ...dyingSince(b, r.becameDying) } }],
  })
  syncConditions(b, id)
  endDuelIfDown(b, id)
}

/** A duel ends when either fighter drops (issue 10): unconscious, dying or dead, by any harm. */
export function endDuelIfDown(b: Batch, id: string): void {
  const d = duelOf(b.state)
  const c = b.get(id)
  if (!d || !c || !d.fighters.includes(id)) return
  const st = scState(c)
  if (!st.unconscious && !st.dying && !st.dead) return
  b.push({ type: 'starchasers.duelEnded', interactions: d.interactions, duel: null, down: id, name: c.name })
}

/** 000:701 the Dying clock runs 1 minute (10 rounds) from when the 7th Injury lands: its round and count. */
const dyingSince = (b: Batch, became: boolean): Partial<ScState> => (became ? { dyingSince: { round: b.state.turn.round, turnOf: currentActor(b.state) } } : {})

export function injure(b: Batch, id: string, source: string): void {
  const c = b.get(id)
  if (!c) return
  const r = addInjury(trackOf(scState(c)))
  b.push({ type: 'starchasers.injured', combatantId: id, name: c.name, source, injuries: r.track.injuries, becameDying: r.becameDying, died: r.died, changes: [{ id: id, patch: { ...r.track, ...dyingSince(b, r.becameDying) } }] })
  syncConditions(b, id)
  endDuelIfDown(b, id)
}

/** Keep the visible battle conditions in step with the track. */
export function syncConditions(b: Batch, id: string): void {
  const c = b.get(id)
  if (!c) return
  const st = scState(c)
  const keys = conditionKeys(c)
  const want: Array<[string, boolean]> = [['unconscious', st.unconscious && !st.dead], ['dying', st.dying], ['dead', st.dead]]
  for (const [k, on] of want) {
    if (on && !keys.includes(k)) addStatus(b, c, k)
    if (!on && keys.includes(k)) endStatus(b, c, k, 'cleared')
  }
}

/** Status conditions from a Critical Strike or a quality; allies never take them (000:1380). */
export function applyStatuses(b: Batch, id: string, statuses: Array<{ status: StatusCondition; source: string }>): void {
  const c = b.get(id)
  if (!c || scStats(c).kind === 'ally') return
  for (const s of statuses) {
    // 000:184 a Critical Strike's status lasts until it is cleared or the Combat ends; Stunned's lost Action
    // (000:582) is taken once, at the start of the victim's next turn (turns.ts)
    addStatus(b, b.get(id) ?? c, s.status, { at: 'manual' }, undefined, s.source)
  }
}

export const patch = (id: string, p: Partial<ScState>): Record<string, Partial<ScState>> => ({ [id]: p })

export interface WeaponChoice { weapon: Weapon; index: number }

export function chooseWeapon(f: Fighter, sel: number | string | undefined): Result<WeaponChoice | null> {
  if (sel === undefined) return ok(f.weapons.length ? { weapon: f.weapons[0], index: 0 } : null)
  const index = typeof sel === 'number' ? sel : f.weapons.findIndex((w) => w.name.toLowerCase() === sel.toLowerCase())
  if (index < 0 || index >= f.weapons.length) return refuse('not-found', log, 'refusal.starchasers.noWeapon', { name: f.name, weapon: typeof sel === 'number' ? `#${sel + 1}` : sel }, { field: 'weapon' })
  return ok({ weapon: f.weapons[index], index })
}

/** 000:190 untrained unarmed: 1 die; proficient: Strength. */
export function unarmed(f: Fighter): Weapon {
  const prof = f.proficiencies.includes('Unarmed Fighting')
  return { name: 'Unarmed', techLevel: 'primitive', group: 'melee', kind: 'unarmed', proficiency: 'Unarmed Fighting', attribute: 'strength', damage: prof ? 0 : 1, weight: 'light', qualities: {}, damageType: 'physical', stun: false, duelType: 'power' }
}

export interface MoveChoice { move: SpecialMove | null; abilityCost: number; name: string | null }

/** A Special Move (moves.ts) or an NPC ability (its bonus dice and qualities), by id or name. */
export function chooseMove(f: Fighter, id: string | undefined): Result<MoveChoice> {
  if (!id) return ok({ move: null, abilityCost: 0, name: null })
  const m = findMove(id)
  if (m) return ok({ move: m, abilityCost: m.cost, name: m.id })
  if (f.kind === 'npc') {
    const a = f.abilities.find((x) => x.name.toLowerCase() === id.toLowerCase())
    if (a) return ok({ move: { id: a.name, style: 'heavy', type: a.duelType ?? 'power', cost: a.cost, target: '', bonusDice: a.bonusDice, qualities: a.qualities }, abilityCost: a.cost, name: a.name })
  }
  return refuse('not-found', log, 'refusal.starchasers.noMove', { name: f.name, move: id }, { field: 'move' })
}

export interface PoolBuild { pool: number; reasons: string[]; qualities: QualityMap; stun: boolean; weapon: Weapon }

/** The attack pool (000:154, 000:828) with the move's dice (S22 Haymaker doubles the weapon's dice) and position. */
export function buildPool(attacker: Combatant, f: Fighter, w: Weapon, move: SpecialMove | null, s: Omit<AttackSituation, 'group' | 'features' | 'bonusDice'>, stealthTokens = 0): PoolBuild {
  const conds = conditionKeys(attacker)
  const weapon = move?.meleeOverride ? { ...w, group: 'melee' as const, damage: move.meleeOverride.damage, qualities: mergeQualities(w.qualities, move.meleeOverride.qualities) } : w
  const a = effectiveAttributes(f.attributes, conds)
  const attr = f.proficiencies.includes(weapon.proficiency) ? a[weapon.attribute] : 0
  const dice = weapon.damage * (move?.weaponDiceMultiplier ?? 1)
  const bonus = (move?.bonusDice ?? 0) + (move?.perStealthToken ? move.perStealthToken * stealthTokens : 0)
  // Object.assign, not `{ ...s, more }`: V8 builds a spread followed by new fields on a slow path (issue 13)
  const mods = attackPoolMods(Object.assign({}, s, { group: weapon.group, features: f.features, bonusDice: bonus }), conds)
  const reasons = [`weapon:${dice}`, ...(attr ? [`attribute:${attr}`] : []), ...mods.reasons]
  return { pool: Math.max(1, dice + attr + mods.mods), reasons, qualities: mergeQualities(weapon.qualities, move?.qualities ?? {}), stun: weapon.stun || !!move?.stun, weapon }
}

/** 000:944-946 grapple pool: Strength (+ Athletics) for the upper body, Agility (+ Acrobatics) for the lower. */
export function grapplePool(c: Combatant, body: 'upper' | 'lower' | undefined): number {
  const f = fighter(c)
  const a = f ? effectiveAttributes(f.attributes, conditionKeys(c)) : allyStats(c)!.attributes
  const prof = f ? f.proficiencies.includes('Unarmed Fighting') : true
  const skills = f ? f.skills : { athletics: allyStats(c)!.athletics, acrobatics: allyStats(c)!.acrobatics }
  // 000:944-946: Strength (+ Athletics) for the upper body, Agility (+ Acrobatics) for the lower
  return body === 'lower' ? a.agility + (prof ? skills.acrobatics : 0) : a.strength + (prof ? skills.athletics : 0)
}
