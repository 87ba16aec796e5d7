/**
 * The Speed of an action the GM is preparing, before it is committed, and where it moves its actor on the wheel
 * (004 "Attacker moves (Attack Speed) ticks forward on the combat wheel"). The same reading as main's decide
 * (src-main/rules/systems/storyteller/mechanics/decide/): an attack takes its weapon's Speed (no weapon: unarmed, Speed 5), a
 * social roll or another action the Speed given, else the settings' action Speed; waiting moves to the tick given.
 * The actor acts from its own tick, or the wheel's when that is later (the clock never goes back).
 */
import type { EncounterState } from '@shared/domain/encounter'
import type { WheelPreview } from './wheel-layout'

/** the settings' default action Speed and the unarmed strike's (settings.ts `actionSpeed`, state.ts `UNARMED`) */
const DEFAULT_ACTION_SPEED = 5
const UNARMED_SPEED = 5

export interface DraftMove extends WheelPreview {
  kind: 'attack' | 'social' | 'act' | 'wait'
  /** the weapon's name for an attack */
  weapon?: string
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)

function actionSpeed(s: EncounterState): number {
  const settings = (s.system as { settings?: { actionSpeed?: unknown } }).settings
  return int(settings?.actionSpeed) ?? DEFAULT_ACTION_SPEED
}

function weaponOf(stats: Record<string, unknown>, ref: unknown): { name: string; speed: number } {
  const list = Array.isArray(stats.weapons) ? (stats.weapons as Array<{ name?: string; speed?: number }>) : []
  const w = typeof ref === 'number' ? list[ref] : typeof ref === 'string' && ref !== '' ? list.find((x) => x.name?.toLowerCase() === ref.toLowerCase()) : list[0]
  return w ? { name: w.name ?? '', speed: int(w.speed) ?? UNARMED_SPEED } : { name: '', speed: UNARMED_SPEED }
}

/** The move a prepared command makes on the wheel, or null (not in a fight, no actor, a command that does not move). */
export function draftMove(s: EncounterState, cmd: Record<string, unknown> | null | undefined): DraftMove | null {
  if (!cmd || (s.turn.phase !== 'combat' && s.turn.phase !== 'surprise')) return null
  const type = cmd.type
  const actorId = type === 'attack' ? str(cmd.attackerId) : type === 'social' ? str(cmd.actorId) : type === 'act' || type === 'wait' ? str(cmd.combatantId) : null
  const actor = actorId ? s.combatants.find((c) => c.id === actorId) : undefined
  if (!actor) return null
  const from = Math.max(actor.initiative.value ?? 0, s.turn.tick ?? 0)
  if (type === 'attack') {
    const w = weaponOf(actor.stats, cmd.weapon)
    return { kind: 'attack', id: actor.id, from, to: from + w.speed, speed: w.speed, weapon: w.name }
  }
  if (type === 'wait') {
    const to = int(cmd.tick)
    return to !== null && to > from ? { kind: 'wait', id: actor.id, from, to, speed: to - from } : null
  }
  const speed = int(cmd.speed) ?? actionSpeed(s)
  return { kind: type as 'social' | 'act', id: actor.id, from, to: from + speed, speed }
}
