/**
 * Damage, Stress, Injuries, Vitality, Dying and death (000:514-530, 000:613-703) as pure state changes.
 * S6 Motivation: +2 when HP drop, another +2 at 0 HP; none for Stress. S7: HP clamp at 0, one Injury per 0-HP
 * event. S8: unconscious when Stress ≥ capacity. S10: the 7th Injury makes a PC Dying with a 10-round clock;
 * death is reversible for 10 minutes (100 rounds).
 */
export interface Track {
  hp: number
  maxHp: number
  stress: number
  stressCapacity: number
  injuries: number
  /** PCs have 6 Vitality (000:615) */
  vitality: number
  motivation: number
  unconscious: boolean
  dying: boolean
  /** rounds left before a Dying character dies */
  dyingRounds: number | null
  dead: boolean
  /** rounds since death, for the revival window */
  deadRounds: number | null
}

export interface HarmOptions { motivation: boolean; motivationOnHpLoss?: number; motivationAtZero?: number }

export interface HarmResult {
  track: Track
  hpLost: number
  stressTaken: number
  motivationGained: number
  injury: boolean
  knockedOut: boolean
  becameDying: boolean
  died: boolean
}

export const DYING_ROUNDS = 10
export const REVIVAL_ROUNDS = 100

export function newTrack(hp: number, stressCapacity: number, vitality = 6, motivation = 0, injuries = 0): Track {
  return { hp, maxHp: hp, stress: 0, stressCapacity, injuries, vitality: Math.max(0, vitality - injuries), motivation, unconscious: false, dying: false, dyingRounds: null, dead: false, deadRounds: null }
}

/** One Injury: marks Vitality; the 7th makes the character Dying (S10); an Injury while Dying kills. */
export function addInjury(t: Track): { track: Track; becameDying: boolean; died: boolean } {
  const track = { ...t, injuries: t.injuries + 1, vitality: Math.max(0, t.vitality - 1), unconscious: true }
  if (t.dying) return { track: { ...track, dead: true, dying: false, dyingRounds: null, deadRounds: 0 }, becameDying: false, died: true }
  if (track.injuries >= 7) return { track: { ...track, dying: true, dyingRounds: DYING_ROUNDS }, becameDying: true, died: false }
  return { track, becameDying: false, died: false }
}

export function applyHarm(t: Track, damage: number, stress: number, opts: HarmOptions): HarmResult {
  let track = { ...t }
  const res: HarmResult = { track, hpLost: 0, stressTaken: 0, motivationGained: 0, injury: false, knockedOut: false, becameDying: false, died: false }
  if (track.dead) return res
  if (damage > 0) {
    const before = track.hp
    track.hp = Math.max(0, track.hp - damage)
    res.hpLost = before - track.hp
    if (res.hpLost > 0 && opts.motivation) res.motivationGained += opts.motivationOnHpLoss ?? 2
    if (before > 0 && track.hp === 0) {
      if (opts.motivation) res.motivationGained += opts.motivationAtZero ?? 2
      const inj = addInjury(track)
      track = inj.track
      res.injury = true
      res.knockedOut = !t.unconscious
      res.becameDying = inj.becameDying
      res.died = inj.died
    }
  }
  if (stress > 0) {
    const before = track.stress
    // 000:526 "If the total Stress is greater than their Stress Capacity…": the total is not capped
    track.stress = track.stress + stress
    res.stressTaken = track.stress - before
    if (track.stress >= track.stressCapacity && !track.unconscious) {
      track.unconscious = true
      res.knockedOut = true
    }
  }
  track.motivation += res.motivationGained
  res.track = track
  return res
}

/** S9: a Stress cost is payable if Stress + cost ≤ capacity; reaching capacity knocks the spender out. */
export function payStress(t: Track, cost: number): { ok: boolean; track: Track; knockedOut: boolean } {
  if (t.stress + cost > t.stressCapacity) return { ok: false, track: t, knockedOut: false }
  const stress = t.stress + cost
  const ko = stress >= t.stressCapacity
  return { ok: true, track: { ...t, stress, unconscious: t.unconscious || ko }, knockedOut: ko }
}

export function payMotivation(t: Track, cost: number): { ok: boolean; track: Track } {
  if (t.motivation < cost) return { ok: false, track: t }
  return { ok: true, track: { ...t, motivation: t.motivation - cost } }
}

/** Waking clears all Stress (000:639, S8); 1 Motivation to wake at the start of a turn (000:596). */
export function wake(t: Track): Track {
  if (t.dead || t.dying || t.hp === 0) return { ...t, stress: 0 }
  return { ...t, unconscious: false, stress: 0 }
}

/** One round passes for a Dying or Dead character (S10). */
export function tickRound(t: Track): { track: Track; died: boolean; permanentlyDead: boolean } {
  if (t.dying && t.dyingRounds !== null) {
    const left = t.dyingRounds - 1
    if (left <= 0) return { track: { ...t, dying: false, dyingRounds: null, dead: true, deadRounds: 0 }, died: true, permanentlyDead: false }
    return { track: { ...t, dyingRounds: left }, died: false, permanentlyDead: false }
  }
  if (t.dead && t.deadRounds !== null) {
    const r = t.deadRounds + 1
    return { track: { ...t, deadRounds: r }, died: false, permanentlyDead: r > REVIVAL_ROUNDS }
  }
  return { track: t, died: false, permanentlyDead: false }
}

/** Curing Injuries (Medicine, Bacta Tank, rest): a Dying character cured of one Injury is no longer Dying. */
export function cureInjuries(t: Track, n: number, maxVitality = 6): Track {
  if (t.dead) return t
  const injuries = Math.max(0, t.injuries - n)
  const cured = t.injuries - injuries
  return { ...t, injuries, vitality: Math.min(maxVitality, t.vitality + cured), dying: t.dying && injuries >= 7, dyingRounds: t.dying && injuries >= 7 ? t.dyingRounds : null }
}

/** Revival by a Doctor/Augmentor Ultimate within 10 minutes (000:701). */
export function revive(t: Track): { ok: boolean; track: Track } {
  if (!t.dead || t.deadRounds === null || t.deadRounds > REVIVAL_ROUNDS) return { ok: false, track: t }
  return { ok: true, track: { ...t, dead: false, deadRounds: null, dying: false, dyingRounds: null, injuries: Math.min(t.injuries, 6), vitality: Math.max(0, 6 - Math.min(t.injuries, 6)) } }
}

export function healHp(t: Track, n: number): Track {
  if (t.dead) return t
  const hp = Math.min(t.maxHp, t.hp + Math.max(0, n))
  return { ...t, hp }
}
