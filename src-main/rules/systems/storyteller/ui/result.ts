/**
 * The Storyteller result card of one command batch (issue 27: every system's attack shows its card). Its events
 * carry their pools (`RolledPool`), not the `dice` list the generic card reads, so without this an attack that
 * missed or was soaked showed nothing at all. The card: the accuracy pool's d10s, its successes against the
 * defense value (004 "Raw Successes" vs DV, a botch is a fumble), the damage pool against soak + armor (004
 * "net damage = raw − (soak + armor)"), and what it did in the log's own words (the damage marked, incapacitated,
 * dead: T5). Join Battle, social rolls and treatment show their pools too. Pure: reads the events only.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { ResultDie, ResultEffect, ResultRoll, ResultText, SystemResult } from '@shared/views/result-views'
import type { RolledPool, StorytellerEvent } from '../events'
import { logEntry } from '../log'

/** T1: a die at 7 or more is a success */
const TARGET = 7

const diceOfPool = (p: RolledPool): ResultDie[] =>
  p.rolls.map((r) => ({ die: r.die, value: r.value, ...(r.manual ? { manual: true } : {}), ...(typeof r.value === 'number' && r.value >= TARGET ? { strong: true } : {}) }))

/** a pool's autosuccesses (Epic attributes), when it had any */
const autoNote = (p: RolledPool): ResultText[] => (p.auto > 0 ? [{ key: 'storyteller.result.auto', params: { n: p.auto } }] : [])

/** the event's own log line, as a card text */
function line(e: StorytellerEvent): ResultText {
  const l = logEntry(e)
  return l ? { key: l.key, params: l.params, log: true } : { key: 'result.roll' }
}

function attackRolls(e: Extract<StorytellerEvent, { type: 'storyteller.attacked' }>): ResultRoll[] {
  const rolls: ResultRoll[] = [{
    label: { key: 'result.attackOn', params: { attacker: e.attackerName, target: e.targetName, weapon: e.weapon } },
    dice: diceOfPool(e.accuracy),
    total: e.accuracy.successes,
    against: { label: { key: `storyteller.defense.${e.defense}` }, value: e.dv },
    outcome: e.accuracy.botch ? 'fumble' : e.hit ? 'hit' : 'miss',
    notes: [...autoNote(e.accuracy), ...(e.hit ? [{ key: 'storyteller.result.net', params: { n: e.net } }] : [])],
  }]
  if (e.damage) {
    rolls.push({
      label: { key: 'result.damageRoll' },
      dice: diceOfPool(e.damage),
      total: e.damage.successes,
      against: { label: { key: 'storyteller.result.soak' }, value: e.damage.soak + e.damage.armor },
      notes: [{ key: 'storyteller.result.dealt', params: { raw: e.damage.successes, soak: e.damage.soak + e.damage.armor, dealt: e.damage.dealt } }],
    })
  }
  return rolls
}

export function storytellerResult(events: EngineEvent[], _state: EncounterState): SystemResult | null {
  const rolls: ResultRoll[] = []
  const effects: ResultEffect[] = []
  for (const ev of events) {
    if (!ev.type.startsWith('storyteller.')) continue
    const e = ev as StorytellerEvent
    switch (e.type) {
      case 'storyteller.attacked': {
        rolls.push(...attackRolls(e))
        const dealt = e.damage?.dealt ?? 0
        // the damage marked, in the log's words (the same figure the log shows: `dealt`)
        if (dealt > 0) effects.push({ key: 'log.storyteller.damaged', params: { name: e.targetName, amount: dealt, damageType: `storyteller.damageType.${e.damageType}` }, log: true, tone: 'damage', combatantId: e.targetId })
        else effects.push({ key: 'result.noDamage', params: { name: e.targetName }, tone: 'miss', combatantId: e.targetId })
        break
      }
      case 'storyteller.damaged':
        effects.push({ ...line(e), tone: 'damage', combatantId: e.combatantId } as ResultEffect)
        break
      case 'storyteller.healed':
        effects.push({ ...line(e), tone: 'heal', combatantId: e.combatantId } as ResultEffect)
        break
      case 'storyteller.incapacitated':
        effects.push({ ...line(e), tone: 'down', combatantId: e.combatantId } as ResultEffect)
        break
      case 'storyteller.died':
        effects.push({ ...line(e), tone: 'dead', combatantId: e.combatantId } as ResultEffect)
        break
      case 'storyteller.joinedBattle':
        rolls.push({ label: line(e), dice: diceOfPool(e.pool), total: e.pool.successes, ...(e.pool.botch ? { outcome: 'fumble' as const } : {}), notes: autoNote(e.pool) })
        break
      case 'storyteller.socialRolled':
        rolls.push({ label: line(e), dice: diceOfPool(e.pool), total: e.pool.successes, against: { label: { key: 'storyteller.result.mdv' }, value: e.dv }, outcome: e.pool.botch ? 'fumble' : e.success ? 'success' : 'failure', notes: autoNote(e.pool) })
        break
      case 'storyteller.treated':
        rolls.push({ label: line(e), dice: diceOfPool(e.pool), total: e.pool.successes, against: { label: { key: 'storyteller.result.difficulty' }, value: e.difficulty }, outcome: e.pool.botch ? 'fumble' : e.tended ? 'success' : 'failure', notes: autoNote(e.pool) })
        break
      default:
        break
    }
  }
  return rolls.length || effects.length ? { rolls, effects } : null
}

/** the result card's Storyteller words (merged into the Storyteller ui catalog; vue-i18n plurals by `n`) */
export const storytellerResultCatalog = {
  en: {
    'storyteller.result.auto': 'incl. {n} automatic success | incl. {n} automatic successes',
    'storyteller.result.net': 'net {n} success over the defense | net {n} successes over the defense',
    'storyteller.result.dealt': 'successes {raw} − soak {soak} = {dealt}',
    'storyteller.result.soak': 'soak',
    'storyteller.result.mdv': 'Mental DV',
    'storyteller.result.difficulty': 'difficulty',
  },
  pl: {
    'storyteller.result.auto': 'w tym {n} sukces automatyczny | w tym {n} sukcesy automatyczne | w tym {n} sukcesów automatycznych',
    'storyteller.result.net': 'netto {n} sukces ponad obronę | netto {n} sukcesy ponad obronę | netto {n} sukcesów ponad obronę',
    'storyteller.result.dealt': 'sukcesy {raw} − wytrzymałość {soak} = {dealt}',
    'storyteller.result.soak': 'wytrzymałości',
    'storyteller.result.mdv': 'obronie umysłowej',
    'storyteller.result.difficulty': 'trudności',
  },
}
