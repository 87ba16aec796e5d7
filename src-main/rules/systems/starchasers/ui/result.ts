/**
 * The Starchasers result card of one command batch (issue 10): the attack pool's faces and the defense pool's,
 * counted as Hits, Crits, Focus and Evades; cover soaks Hits first, then Crits (S19); Evades cancel Hits first and
 * Crits only once every Hit is cancelled (000:170, 000:1287-1288); each Crit left counts as 2 Hits (000:516);
 * what it did: HP and Stress lost, an Injury, a Critical Strike's status (000:184), unconscious, dying, dead.
 * Pure: reads the events only. Its texts are in `resultCatalog` (merged into the system's ui catalog).
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { ResultDie, ResultEffect, ResultRoll, ResultText, SystemResult } from '@shared/views/result-views'

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})
const faces = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** mark the first `n` faces equal to `face` as cancelled (in place) */
function cancel(dice: ResultDie[], face: string, n: number): void {
  for (const d of dice) {
    if (n <= 0) return
    if (d.value === face && !d.cancelled) {
      d.cancelled = true
      n--
    }
  }
}

/** the attack and defense rolls of one resolved attack, with the cancelling spelled out */
export function attackRolls(e: Record<string, unknown>): { rolls: ResultRoll[]; effects: ResultEffect[] } {
  const o = rec(e.outcome)
  const hits = num(o.hits)
  const crits = num(o.crits)
  const soaked = rec(o.soaked)
  const soakH = num(soaked.hits)
  const soakC = num(soaked.crits)
  const netHits = num(o.netHits)
  const netCrits = num(o.netCrits)
  const evades = num(o.evades)
  const reflected = num(o.reflected)
  // what the Evades took (reflected Hits were uncancelled, then turned back: not the Evades' doing)
  const cancelH = Math.max(0, hits - soakH - netHits - reflected)
  const cancelC = Math.max(0, crits - soakC - netCrits)
  const attackFaces = faces(o.attackFaces)
  const attack: ResultDie[] = attackFaces.map((f) => ({ die: 'attack', value: f, ...(f === 'crit' ? { strong: true } : {}) }))
  cancel(attack, 'hit', soakH + cancelH)
  cancel(attack, 'crit', soakC + cancelC)
  const defense: ResultDie[] = faces(o.defenseFaces).map((f) => ({ die: 'defense', value: f, ...(f === 'evade' ? { strong: true } : {}) }))
  const focus = attackFaces.filter((f) => f === 'focus').length
  const notes: ResultText[] = [{ key: 'starchasers.result.counts', params: { hits, crits, focus, evades } }]
  if (soakH + soakC > 0) notes.push({ key: 'starchasers.result.soak', params: { hits: soakH, crits: soakC } })
  if (cancelH + cancelC > 0) notes.push({ key: 'starchasers.result.cancel', params: { evades, hits: cancelH, crits: cancelC } })
  notes.push({ key: 'starchasers.result.left', params: { hits: netHits, crits: netCrits, damage: num(o.damage) + num(o.stress) } })
  const target = str(e.targetName)
  const defenseKind = str(e.defense)
  const rolls: ResultRoll[] = [
    {
      label: { key: 'result.attackOn', params: { attacker: str(e.attackerName), target, weapon: str(e.weapon) } },
      dice: attack,
      total: netHits + 2 * netCrits,
      against: { label: { key: 'starchasers.result.evades' }, value: evades },
      outcome: o.success === true ? (netCrits > 0 ? 'crit' : 'hit') : 'miss',
      notes,
    },
  ]
  if (defense.length) rolls.push({ label: { key: 'starchasers.result.defenseRoll', params: { target, defenseKey: `starchasers.defense.${defenseKind}` } }, dice: defense, total: evades })
  const effects: ResultEffect[] = []
  if (o.success !== true) effects.push({ key: 'result.noDamage', params: { name: target }, tone: 'miss', combatantId: str(e.targetId) })
  if (o.criticalStrike === true) effects.push({ key: 'starchasers.result.criticalStrike', params: { name: target, crits: netCrits }, tone: 'condition', combatantId: str(e.targetId) })
  for (const s of Array.isArray(o.statuses) ? o.statuses.map(rec) : []) {
    effects.push({ key: 'result.conditionAdded', params: { name: target, condition: `starchasers.${str(s.status)}` }, tone: 'condition', combatantId: str(e.targetId) })
  }
  return { rolls, effects }
}

function harmEffects(e: Record<string, unknown>): ResultEffect[] {
  const id = str(e.combatantId)
  const name = str(e.name)
  const out: ResultEffect[] = []
  const lost = num(e.hpLost)
  if (lost > 0) out.push({ key: 'result.hpLoss', params: { name, amount: lost, from: num(e.hp) + lost, to: num(e.hp) }, tone: 'damage', combatantId: id })
  if (num(e.stressTaken) > 0) out.push({ key: 'starchasers.result.stress', params: { name, amount: num(e.stressTaken) }, tone: 'condition', combatantId: id })
  if (e.injury === true) out.push({ key: 'starchasers.result.injury', params: { name }, tone: 'threshold', combatantId: id })
  if (e.died === true) out.push({ key: 'result.status.dead', params: { name }, tone: 'dead', combatantId: id })
  else if (e.becameDying === true) out.push({ key: 'result.status.dying', params: { name }, tone: 'down', combatantId: id })
  else if (e.knockedOut === true) out.push({ key: 'result.status.unconscious', params: { name }, tone: 'down', combatantId: id })
  return out
}

export function starchasersResult(events: EngineEvent[], _state: EncounterState): SystemResult | null {
  const rolls: ResultRoll[] = []
  const effects: ResultEffect[] = []
  for (const ev of events) {
    const e = ev as Record<string, unknown>
    if (ev.type === 'starchasers.attackResolved' && rec(e.outcome).attackFaces) {
      const r = attackRolls(e)
      rolls.push(...r.rolls)
      effects.push(...r.effects)
    } else if (ev.type === 'starchasers.harmed') effects.push(...harmEffects(e))
    else if (ev.type === 'starchasers.healed' && num(e.amount) > 0) effects.push({ key: 'result.heal', params: { name: str(e.name), amount: num(e.amount), hp: num(e.hp) }, tone: 'heal', combatantId: str(e.combatantId) })
  }
  return rolls.length || effects.length ? { rolls, effects } : null
}

/** the card's texts (merged into the Starchasers ui catalog) */
export const resultCatalog = {
  en: {
    'starchasers.result.counts': 'Rolled {hits} Hits, {crits} Crits, {focus} Focus · defender {evades} Evades',
    'starchasers.result.soak': 'Cover soaks {hits} Hits and {crits} Crits',
    'starchasers.result.cancel': 'Evades cancel Hits first: {hits} Hits, then {crits} Crits',
    'starchasers.result.left': 'Left: {hits} Hits + {crits} Crits (×2) = {damage} damage',
    'starchasers.result.evades': 'Evades',
    'starchasers.result.defenseRoll': '{target} defends ({defense})',
    'starchasers.result.criticalStrike': 'Critical Strike on {name}: {crits} Crits beat Toughness + Resistance',
    'starchasers.result.stress': '{name} takes {amount} Stress',
    'starchasers.result.injury': '{name} suffers an Injury',
    'odds.starchasers.hit': 'Attack gets through',
    'odds.starchasers.hitHint': 'Chance that at least one Hit or Crit is left after cover and the Evades: the attack does damage',
    'odds.starchasers.crit': 'A Crit gets through',
    'odds.starchasers.critHint': 'Chance that at least one Critical Hit is left after the Evades (each counts as 2 Hits). Not yet a Critical Strike',
    'odds.starchasers.criticalStrike': 'Critical Strike (status)',
    'odds.starchasers.criticalStrikeHint': 'Chance that the Crits left exceed the target’s Toughness + Resistance: a Critical Strike, which inflicts a status condition (000:184)',
    'odds.starchasers.dropToZero': 'Drops to 0 HP',
    'odds.starchasers.dropToZeroHint': 'Chance the target is left at 0 HP: unconscious, and a PC takes an Injury',
    'odds.starchasers.diceless': 'Diceless (certain)',
    'odds.starchasers.dicelessHint': 'An ally’s attack or defense is a fixed value (S16): the result is certain',
    'starchasers.face.hit': 'Hit', 'starchasers.face.crit': 'Crit', 'starchasers.face.focus': 'Focus', 'starchasers.face.blank': 'Blank', 'starchasers.face.evade': 'Evade',
  },
  pl: {
    'starchasers.result.counts': 'Wyrzucono {hits} Traf., {crits} Kryt., {focus} Skup. · obrońca {evades} Uników',
    'starchasers.result.soak': 'Osłona pochłania {hits} Traf. i {crits} Kryt.',
    'starchasers.result.cancel': 'Uniki najpierw znoszą Trafienia: {hits} Traf., potem {crits} Kryt.',
    'starchasers.result.left': 'Zostaje: {hits} Traf. + {crits} Kryt. (×2) = {damage} obrażeń',
    'starchasers.result.evades': 'Uniki',
    'starchasers.result.defenseRoll': '{target} się broni ({defense})',
    'starchasers.result.criticalStrike': 'Cios krytyczny na {name}: {crits} Kryt. ponad Wytrzymałość + Odporność',
    'starchasers.result.stress': '{name} dostaje {amount} Stresu',
    'starchasers.result.injury': '{name} odnosi Ranę',
    'odds.starchasers.hit': 'Atak przechodzi',
    'odds.starchasers.hitHint': 'Szansa, że po osłonie i Unikach zostanie choć jedno Trafienie lub Krytyk: atak zadaje obrażenia',
    'odds.starchasers.crit': 'Krytyk przechodzi',
    'odds.starchasers.critHint': 'Szansa, że po Unikach zostanie choć jedno Trafienie krytyczne (liczy się jak 2 Trafienia). To jeszcze nie Cios krytyczny',
    'odds.starchasers.criticalStrike': 'Cios krytyczny (stan)',
    'odds.starchasers.criticalStrikeHint': 'Szansa, że pozostałe Krytyki przewyższą Wytrzymałość + Odporność celu: Cios krytyczny nakłada stan (000:184)',
    'odds.starchasers.dropToZero': 'Spadek do 0 PW',
    'odds.starchasers.dropToZeroHint': 'Szansa, że cel zostanie z 0 PW: traci przytomność, a BG odnosi Ranę',
    'odds.starchasers.diceless': 'Bez kości (pewne)',
    'odds.starchasers.dicelessHint': 'Atak lub obrona sojusznika ma stałą wartość (S16): wynik jest pewny',
    'starchasers.face.hit': 'Traf.', 'starchasers.face.crit': 'Kryt.', 'starchasers.face.focus': 'Skup.', 'starchasers.face.blank': 'Pusto', 'starchasers.face.evade': 'Unik',
  },
}
