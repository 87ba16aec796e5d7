/**
 * The 2d20 result card of one command batch (issue 27). The generic card put every die of an attack in one row and
 * said "{target} takes {n} damage" with the stress of all tracks added up (after Effects and qualities), while the
 * headline, the attack's log line, says "{damage} damage, {effects} Effects → {injury} Injury, {fear} Fear": one
 * card said 3 damage and 4 at once. Here every figure is the event's own field the log line prints: each side's
 * d20s against its difficulty (J2 opposed test), the combat dice as their faces (002:54-66), `combat.damage` and
 * `combat.effects` as the total and its note, and the stress by track (`byTrack`, 002:137-152) as the effects.
 * Pure: reads the events only.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { ResultDie, ResultEffect, ResultRoll, ResultText, SystemResult } from '@shared/views/result-views'
import { diceOf } from '../../../kit/result-dice'
import type { TwoD20Event, TwoD20EventOf } from '../events'
import { logEntry } from '../log'

const TRACKS = ['injury', 'fear', 'confusion'] as const
type ByTrack = Partial<Record<(typeof TRACKS)[number], number>>

/** 002:54-66: a combat die's face: 1, 2, no result, no result, 1 + Effect, 1 + Effect */
const COMBAT_FACE: ReadonlyArray<number | string> = [1, 2, 'blank', 'blank', 'effect', 'effect']
const combatDie = (d: ResultDie): ResultDie => (typeof d.value === 'number' && d.value >= 1 && d.value <= 6 ? { ...d, value: COMBAT_FACE[d.value - 1], ...(d.value >= 5 ? { strong: true } : {}) } : d)

/** the event's own log line, as a card text */
function line(e: TwoD20Event): ResultText {
  const l = logEntry(e)
  return l ? { key: l.key, params: l.params, log: true } : { key: 'result.roll' }
}

/** the stress a target took, one line per track, as the log counts it */
const stressEffects = (name: string, id: string, byTrack: ByTrack | undefined): ResultEffect[] =>
  TRACKS.filter((t) => (byTrack?.[t] ?? 0) > 0).map((t) => ({ key: '2d20.result.stress', params: { name, n: byTrack![t]!, trackKey: `2d20.track.${t}` }, tone: 'damage', combatantId: id }))

function attack(e: TwoD20EventOf<'2d20.attacked'>, state: EncounterState): { rolls: ResultRoll[]; effects: ResultEffect[] } {
  const all = diceOf(e as unknown as Record<string, unknown>)
  const d20 = all.filter((d) => d.die === 'd20')
  // the attacker's d20s come first: 2, plus the dice it bought before the roll (002:76; Luck dice are not rolled)
  const listed = (e as { spends?: unknown }).spends
  const spends = Array.isArray(listed) ? (listed as Array<{ by?: string; spend?: string; dice?: number }>) : []
  const bought = spends.filter((s) => s.by === e.attackerId && s.spend === 'createOpportunity').reduce((n, s) => n + (s.dice ?? 0), 0)
  const split = Math.min(d20.length, 2 + bought)
  const won = e.winner === 'attacker'
  const rolls: ResultRoll[] = [
    {
      label: { key: 'result.attackOn', params: { attacker: e.attackerName, target: e.targetName, weapon: e.weapon } },
      dice: d20.slice(0, split), total: e.attack.successes, against: { label: { key: '2d20.result.difficulty' }, value: e.attack.difficulty },
      outcome: won ? 'hit' : 'miss',
    },
    {
      label: { key: '2d20.result.defense', params: { name: e.targetName } },
      dice: d20.slice(split), total: e.defense.successes, against: { label: { key: '2d20.result.difficulty' }, value: e.defense.difficulty },
      outcome: e.winner === 'defender' ? 'success' : 'failure',
    },
  ]
  if (e.combat) {
    rolls.push({
      label: { key: '2d20.result.combatDice' }, dice: all.filter((d) => d.die !== 'd20').map(combatDie),
      total: e.combat.damage, notes: [{ key: '2d20.result.combat', params: { damage: e.combat.damage, effects: e.combat.effects } }],
    })
  }
  const name = (id: string) => state.combatants.find((c) => c.id === id)?.name ?? ''
  const effects: ResultEffect[] = []
  if (!won) effects.push({ key: 'result.noDamage', params: { name: e.targetName }, tone: 'miss', combatantId: e.targetId })
  else if (e.dispatchedIds.length) for (const id of e.dispatchedIds) effects.push({ key: 'result.out', params: { name: id === e.targetId ? e.targetName : name(id) || e.targetName }, tone: 'down', combatantId: id })
  else effects.push(...stressEffects(e.targetName, e.targetId, e.byTrack))
  return { rolls, effects }
}

export function twoD20Result(events: EngineEvent[], state: EncounterState): SystemResult | null {
  const rolls: ResultRoll[] = []
  const effects: ResultEffect[] = []
  for (const ev of events) {
    if (!ev.type.startsWith('2d20.')) continue
    const e = ev as TwoD20Event
    switch (e.type) {
      case '2d20.attacked': {
        const r = attack(e, state)
        rolls.push(...r.rolls)
        effects.push(...r.effects)
        break
      }
      case '2d20.tested':
      case '2d20.recovered': {
        const dice = diceOf(e as unknown as Record<string, unknown>)
        if (dice.length) rolls.push({ label: line(e), dice, total: e.successes, against: { label: { key: '2d20.result.difficulty' }, value: e.difficulty }, outcome: e.success ? 'success' : 'failure' })
        break
      }
      case '2d20.harmed':
      case '2d20.blasted': {
        const dice = diceOf(e as unknown as Record<string, unknown>).map(combatDie)
        if (dice.length) rolls.push({ label: line(e), dice })
        effects.push(...stressEffects(e.name, e.combatantId, e.byTrack))
        break
      }
      case '2d20.afflicted':
        effects.push({ ...line(e), tone: 'condition', combatantId: e.combatantId } as ResultEffect)
        break
      case '2d20.statusChanged':
        effects.push({ ...line(e), tone: e.status === 'incapacitated' ? 'condition' : e.status === 'dead' ? 'dead' : 'down', combatantId: e.combatantId } as ResultEffect)
        break
      default:
        break
    }
  }
  return rolls.length || effects.length ? { rolls, effects } : null
}

/** the result card's 2d20 words (merged into the 2d20 ui catalog; vue-i18n plurals by `n` / `effects`) */
export const twoD20ResultCatalog = {
  en: {
    '2d20.result.difficulty': 'difficulty',
    '2d20.result.defense': '{name} defends',
    '2d20.result.combatDice': 'Combat dice',
    '2d20.result.combat': 'damage {damage}, Effects {effects}',
    '2d20.result.stress': '{name}: +{n} {track}',
    '2d20.face.blank': '–',
    '2d20.face.effect': '1+E',
  },
  pl: {
    '2d20.result.difficulty': 'trudności',
    '2d20.result.defense': '{name} się broni',
    '2d20.result.combatDice': 'Kości walki',
    '2d20.result.combat': 'obrażenia {damage}, Efekty {effects}',
    '2d20.result.stress': '{name}: {track} +{n}',
    '2d20.face.blank': '–',
    '2d20.face.effect': '1+E',
  },
}
