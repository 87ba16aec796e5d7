/** The result card of the GM view (issue 10 "results in plain sight"), built from the newest batch's events. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '@shared/domain/encounter'
import { resolveScenario } from '../../../../src-main/cli/scenario'
import { resultCard } from '../../../../src-main/projections/result-card'
import { toGmView } from '../../../../src-main/projections/to-gm-view'
import { getSystem, logEntry } from '../../../../src-main/rules/index'
import type { RuleSystem } from '../../../../src-main/rules/kit/system'

const example = (name: string) => JSON.parse(readFileSync(`docs/examples/${name}.json`, 'utf8'))
function run(scenario: Record<string, unknown>) {
  const r = resolveScenario(scenario, { defaultSeed: '1' })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const sys = (id: string): RuleSystem => {
  const s = getSystem(id)
  if (!s.ok) throw new Error(id)
  return s.value
}
/** the records up to (and including) batch `n` */
const upTo = (records: EventRecord[], n: number) => records.filter((r) => r.batch <= n)

describe('result card: Saga', () => {
  it('001 attack roll: d20 13 + 4 = 17 vs Reflex 17 hits; 3d6 [2,3,4] + 1 = 10 damage drops the trooper to 0: unconscious', () => {
    const res = run(example('saga-attack'))
    const card = resultCard(res.records, sys('saga'), res.state, logEntry)!
    expect(card).not.toBeNull()
    const [attack, damage] = card.rolls
    expect(attack.dice).toEqual([{ die: 'd20', value: 13, manual: true }])
    expect(attack.total).toBe(17)
    expect(attack.against).toEqual({ label: { key: 'saga.reflex' }, value: 17 })
    expect(attack.outcome).toBe('hit')
    expect(attack.notes).toEqual([{ key: 'result.d20Plus', params: { d20: 13, bonus: '+ 4' } }])
    expect(damage.dice.map((d) => d.value)).toEqual([2, 3, 4])
    expect(damage.total).toBe(10)
    expect(card.effects.map((e) => [e.key, e.tone])).toEqual([
      ['result.hpLoss', 'damage'],
      ['result.status.unconscious', 'down'],
    ])
    expect(card.effects[0].params).toMatchObject({ name: 'Stormtrooper', amount: 10, from: 10, to: 0 })
    expect(card.title?.log).toBe(true)
  })

  it('001 critical hit: a natural 20 is marked, damage 32 ≥ threshold 12 crosses it and moves the target one step', () => {
    const res = run(example('saga-crit'))
    const card = resultCard(res.records, sys('saga'), res.state, logEntry)!
    expect(card.rolls[0].outcome).toBe('crit')
    expect(card.rolls[0].dice[0]).toMatchObject({ die: 'd20', value: 20, strong: true })
    expect(card.rolls[1].label.key).toBe('result.damageRollCrit')
    expect(card.effects.map((e) => e.key)).toEqual(['result.hpLoss', 'result.threshold', 'result.ctStep'])
    expect(card.effects[1].params).toMatchObject({ dealt: 32, threshold: 12 })
    expect(card.effects[2].params).toMatchObject({ steps: 1, step: 1 })
  })

  it('initiative rolled for several: one title for them all, each roll under it', () => {
    const { expect: _checks, ...sc } = example('saga-attack')
    void _checks
    const res = run({ ...sc, commands: [{ type: 'rollInitiative' }] })
    const card = resultCard(res.records, sys('saga'), res.state, logEntry)!
    expect(card.title).toEqual({ key: 'result.initiativeFor', params: { n: 2 } })
    expect(card.rolls).toHaveLength(2)
    expect(card.rolls.map((r) => r.label.params?.name)).toEqual(['Han', 'Stormtrooper'])
    // one combatant's initiative keeps its own line as the title
    const one = run({ ...sc, combatants: sc.combatants.slice(0, 1), commands: [{ type: 'rollInitiative' }] })
    expect(resultCard(one.records, sys('saga'), one.state, logEntry)!.title).toMatchObject({ log: true })
  })

  it('issue 27: the last result stays in sight until the next result; a next turn after it is named on the card (since), not a blank card', () => {
    const sc = example('saga-attack')
    const res = run({ ...sc, commands: [{ type: 'startCombat' }, ...sc.commands, { type: 'nextTurn' }, { type: 'setInitiative', combatantId: 'han', value: 10 }] })
    const card = resultCard(res.records, sys('saga'), res.state, logEntry)!
    expect(card).not.toBeNull()
    const attackBatch = res.records.find((r) => r.event.type === 'saga.attackRolled' || r.event.type.startsWith('saga.attack'))!.batch
    expect(card.batch).toBe(attackBatch)
    expect(card.rolls[0].outcome).toBe('hit')
    expect(card.effects.map((e) => e.key)).toEqual(['result.hpLoss', 'result.status.unconscious'])
    // the turn moved on since: the card says so with the turn's own log line
    // (the knocked-out trooper's turn is passed over: Han again, round 2)
    expect(card.since).toMatchObject({ key: 'log.core.nextTurn', log: true, params: { round: 2, name: 'Han' } })
    // right after the attack nothing has happened since
    const justAfter = run({ ...sc, commands: [{ type: 'startCombat' }, ...sc.commands] })
    expect(resultCard(justAfter.records, sys('saga'), justAfter.state, logEntry)!.since).toBeUndefined()
  })

  it('an undone result is not shown: the card is the newest result still in force (none: no card)', () => {
    const sc = example('saga-attack')
    const undone = run(sc).records.map((r, i, all) => (r.batch === all[all.length - 1].batch ? { ...r, status: 'undone' as const } : r))
    expect(resultCard(undone, sys('saga'), run(sc).state, logEntry)).toBeNull()
    const twice = run({ ...sc, commands: [...sc.commands, { type: 'setInitiative', combatantId: 'han', value: 10 }] })
    const recs = twice.records.map((r, i, all) => (r.batch === all[all.length - 1].batch ? { ...r, status: 'undone' as const } : r))
    expect(resultCard(recs, sys('saga'), twice.state, logEntry)?.rolls[0].outcome).toBe('hit')
  })
})

describe('result card: Starchasers', () => {
  it('000:170: Evades cancel Hits first, then Crits — 1 Hit + 2 Crits vs 2 Evades leaves 1 Crit = 2 damage', () => {
    const res = run(example('starchasers-attack'))
    const batch = res.records.find((r) => r.event.type === 'starchasers.attackResolved')!.batch
    const card = resultCard(upTo(res.records, batch), sys('starchasers'), res.state, logEntry)!
    const [attack, defense] = card.rolls
    expect(attack.dice.map((d) => [d.value, !!d.cancelled])).toEqual([
      ['hit', true],
      ['blank', false],
      ['focus', false],
      ['crit', true],
      ['crit', false],
    ])
    expect(attack.outcome).toBe('crit')
    expect(attack.total).toBe(2)
    expect(attack.against).toEqual({ label: { key: 'starchasers.result.evades' }, value: 2 })
    expect(attack.notes).toEqual([
      { key: 'starchasers.result.counts', params: { hits: 1, crits: 2, focus: 1, evades: 2 } },
      { key: 'starchasers.result.cancel', params: { evades: 2, hits: 1, crits: 1 } },
      { key: 'starchasers.result.left', params: { hits: 0, crits: 1, damage: 2 } },
    ])
    expect(defense.dice.map((d) => d.value)).toEqual(['blank', 'evade', 'evade'])
    expect(card.effects).toEqual([{ key: 'result.hpLoss', params: { name: 'Stormtrooper', amount: 2, from: 6, to: 4 }, tone: 'damage', combatantId: 'trooper' }])
  })

  it('S19: cover soaks Hits first, then Crits — 2 Hits + 1 Crit against soak 3 is a miss', () => {
    const res = run(example('starchasers-attack'))
    const card = resultCard(res.records, sys('starchasers'), res.state, logEntry)!
    const attack = card.rolls[0]
    expect(attack.outcome).toBe('miss')
    expect(attack.notes?.[1]).toEqual({ key: 'starchasers.result.soak', params: { hits: 2, crits: 1 } })
    expect(attack.dice.filter((d) => d.cancelled).map((d) => d.value)).toEqual(['crit', 'hit', 'hit'])
    expect(card.effects.map((e) => e.key)).toEqual(['result.noDamage'])
  })
})

describe('result card: Storyteller (issue 27: every system\'s attack shows its card)', () => {
  const attacks = () => {
    const res = run(example('storyteller-attack'))
    return { res, batches: [...new Set(res.records.filter((r) => r.event.type === 'storyteller.attacked').map((r) => r.batch))] }
  }

  it('004: an attack that hits and gets through: the accuracy pool against Dodge DV 2, the damage pool against soak, what it marked', () => {
    const { res, batches } = attacks()
    const card = resultCard(upTo(res.records, batches[0]), sys('storyteller'), res.state, logEntry)!
    const [accuracy, damage] = card.rolls
    expect(accuracy.dice.map((d) => d.value)).toEqual([7, 8, 2, 3, 10, 1, 5, 6])
    expect(accuracy.total).toBe(4)
    expect(accuracy.against).toEqual({ label: { key: 'storyteller.defense.dodge' }, value: 2 })
    expect(accuracy.outcome).toBe('hit')
    expect(damage.dice).toHaveLength(9)
    expect(damage.total).toBe(6)
    expect(damage.against).toEqual({ label: { key: 'storyteller.result.soak' }, value: 3 })
    expect(card.effects).toEqual([{ key: 'log.storyteller.damaged', params: { name: 'Stormtrooper', amount: 3, damageType: 'storyteller.damageType.lethal' }, log: true, tone: 'damage', combatantId: 'st' }])
    // the headline is the attack's log line (two rolls of an attack are no initiative batch: seen in Chromium)
    expect(card.title).toMatchObject({ key: 'log.storyteller.attack.hit', log: true })
  })

  it('004: an attack that does no damage (net 0 hits, all soaked) still has its card: the roll and "no damage" (it had none)', () => {
    const { res, batches } = attacks()
    const card = resultCard(upTo(res.records, batches[1]), sys('storyteller'), res.state, logEntry)!
    expect(card.batch).toBe(batches[1])
    expect(card.rolls[0].against?.value).toBe(4)
    expect(card.effects.map((e) => [e.key, e.tone])).toEqual([['result.noDamage', 'miss']])
  })

  it('004/T5: the killing shot names the damage and the death', () => {
    const { res, batches } = attacks()
    const card = resultCard(upTo(res.records, batches[2]), sys('storyteller'), res.state, logEntry)!
    expect(card.effects.map((e) => [e.key, e.tone])).toEqual([
      ['log.storyteller.damaged', 'damage'],
      ['log.storyteller.died', 'dead'],
    ])
  })
})

describe('result card: 2d20 (issue 27: the card\'s figures are the log\'s)', () => {
  it('002:54-66, 002:140 with fixed rolls: combat dice 6 5 1 3 = 3 damage + 2 Effects, Fearsome +2 Fear: the card says 3 damage and 3 Injury + 2 Fear, as the log does (not "5 damage")', () => {
    const res = run(example('2d20-attack'))
    const attacks = res.records.filter((r) => r.event.type === '2d20.attacked')
    const ape = attacks[1]
    const card = resultCard(upTo(res.records, ape.batch), sys('2d20'), res.state, logEntry)!
    const log = logEntry(ape)!
    expect(log.params).toMatchObject({ damage: 3, effects: 2, injury: 3, fear: 2, confusion: 0 })
    const [attack, defense, combat] = card.rolls
    // the d20s of each side apart: the ape's 2 and 11 at D2, John Carter's 13 and 18 at D1
    expect(attack.dice.map((d) => d.value)).toEqual([2, 11])
    expect(attack).toMatchObject({ total: 3, against: { value: 2 }, outcome: 'hit' })
    expect(defense.dice.map((d) => d.value)).toEqual([13, 18])
    expect(defense).toMatchObject({ total: 0, against: { value: 1 }, outcome: 'failure' })
    // the combat dice as their faces say (002:54-66: 1, 2, blank, blank, 1 + Effect, 1 + Effect)
    expect(combat.dice.map((d) => d.value)).toEqual(['effect', 'effect', 1, 'blank'])
    expect(combat.total).toBe(log.params.damage)
    expect(combat.notes).toEqual([{ key: '2d20.result.combat', params: { damage: 3, effects: 2 } }])
    // what it did: the stress by track, the log's figures after its arrow
    expect(card.effects.map((e) => [e.key, e.params?.n, e.params?.trackKey])).toEqual([
      ['2d20.result.stress', log.params.injury, '2d20.track.injury'],
      ['2d20.result.stress', log.params.fear, '2d20.track.fear'],
    ])
    expect(card.effects.some((e) => e.key === 'result.damage')).toBe(false)
  })

  it('J4: John Carter\'s extra combat die (002:88): 4 dice 5 2 6 1 = 5 damage + 2 Effects, Sharp +2 → 7 Injury and a Wound', () => {
    const res = run(example('2d20-attack'))
    const jc = res.records.find((r) => r.event.type === '2d20.attacked')!
    const card = resultCard(upTo(res.records, jc.batch), sys('2d20'), res.state, logEntry)!
    expect(card.rolls[0].dice.map((d) => d.value)).toEqual([3, 7])
    expect(card.rolls[1].dice.map((d) => d.value)).toEqual([12, 16])
    expect(card.rolls[2].total).toBe(5)
    expect(card.effects.map((e) => [e.key, e.tone])).toEqual([
      ['2d20.result.stress', 'damage'],
      ['log.2d20.afflicted', 'condition'],
    ])
    expect(card.effects[0].params).toMatchObject({ name: 'White ape', n: 7, trackKey: '2d20.track.injury' })
  })
})

describe('result card: generic (a system without a result builder)', () => {
  it('shows every event’s dice under its log line and the damage its facts name', () => {
    const res = run(example('saga-attack'))
    const bare = { ...sys('saga'), result: undefined }
    const card = resultCard(res.records, bare, res.state, logEntry)!
    expect(card.rolls.map((r) => [r.label.log, r.dice.length])).toEqual([
      [true, 1],
      [true, 3],
    ])
    expect(card.effects.map((e) => e.key)).toEqual(['result.damage', 'result.out'])
    expect(card.effects[0].params).toEqual({ name: 'Stormtrooper', amount: 10 })
  })

  it('the GM view carries the card and the ids of the combatants out of the fight', () => {
    const res = run(example('saga-attack'))
    const view = toGmView({ state: res.state, records: res.records, log: [], systemId: 'saga', campaignId: 'c', sessionId: 's', shownToPlayers: false })
    expect(view.result?.rolls.length).toBe(2)
    expect(view.out).toEqual(['st'])
  })
})
