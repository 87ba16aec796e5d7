import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { formatLog } from '../../../../../../src-shared/i18n/format-log'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'
import { getSystem } from '../../../../../../src-main/rules/index'
import { sampleInput } from '../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import type { TdState } from '../../../../../../src-main/rules/systems/2d20/mechanics/state'
import { log as en } from '../../../../../../src-main/rules/systems/2d20/i18n/en'
import { log as pl } from '../../../../../../src-main/rules/systems/2d20/i18n/pl'

const cast = [
  { id: 'jc', statBlock: sampleInput('johnCarter') },
  { id: 'dejah', statBlock: sampleInput('dejahThoris') },
  { id: 'ape', statBlock: sampleInput('whiteApe') },
  { id: 'thark', count: 3, statBlock: sampleInput('tharkWarrior') },
  { id: 'sab', statBlock: sampleInput('sabThan') },
]

function play(commands: unknown[], opts: { pools?: Record<string, number>; combatants?: unknown[] } = {}): { state: EncounterState; events: EngineEvent[]; log: string[] } {
  const pre = Object.entries(opts.pools ?? {}).map(([pool, value]) => ({ type: 'adjustPool', pool, value }))
  const r = resolveScenario({ system: '2d20', combatants: opts.combatants ?? cast, commands: [...pre, ...commands] }, { defaultSeed: 'x' })
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.field})`)
  return { state: r.value.state, events: r.value.events.map((e) => e.event), log: r.value.log.map((l) => l.text) }
}
function fails(commands: unknown[], opts: { pools?: Record<string, number> } = {}) {
  const pre = Object.entries(opts.pools ?? {}).map(([pool, value]) => ({ type: 'adjustPool', pool, value }))
  const r = resolveScenario({ system: '2d20', combatants: cast, commands: [...pre, ...commands] }, { defaultSeed: 'x' })
  if (r.ok) throw new Error('expected a refusal')
  return r.error
}
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as TdState

describe('the 2d20 system through the engine', () => {
  it('is registered as 2d20 and every command schema names its type', () => {
    const sys = getSystem('2d20')
    expect(sys.ok && Object.keys(sys.value.commandSchemas).sort()).toEqual(['act', 'adjust', 'attack', 'blast', 'complicationsToThreat', 'harm', 'playerDisplay', 'recover', 'seize', 'spend', 'test'])
  })
  it('a bad stat block names the field (statBlock.attributes.reason)', () => {
    const bad = { kind: 'pc', name: 'X', attributes: { cunning: 5, daring: 4, empathy: 6, might: 8, passion: 7 } }
    const r = resolveScenario({ system: '2d20', combatants: [{ id: 'x', statBlock: bad }], commands: [] }, { defaultSeed: 'x' })
    expect(!r.ok && r.error.field).toBe('combatants.0.statBlock.attributes.reason')
  })
  it('J1 / 002:94: a test with a Luck die: Luck paid, 2 successes sure; the Momentum is saved under the cap', () => {
    // Dejah Thoris Empathy 8 + Reason 8 (16/8), D1: 3 and 12 → 3, + Luck die 2 → 5 successes, 4 Momentum; cap = lowest attribute 4
    const { state, events, log } = play([{ type: 'test', combatantId: 'dejah', attributes: ['empathy', 'reason'], difficulty: 1, luckDice: 1, dice: [3, 12] }])
    expect(events.find((e) => e.type === '2d20.tested')).toMatchObject({ successes: 5, momentum: 4, saved: 4 })
    expect(st(state, 'dejah')).toMatchObject({ luck: 2, momentum: 4 })
    expect(log.at(-1)).toBe('Dejah Thoris tests Empathy + Reason at D1: 5 successes, 4 Momentum')
  })
  it('002:84: Momentum spent in the test (Obtain Information ×2) before saving the rest', () => {
    const { state } = play([{ type: 'test', combatantId: 'dejah', attributes: ['empathy', 'reason'], difficulty: 1, spends: [{ spend: 'obtainInformation', questions: 2 }], dice: [3, 12] }])
    expect(st(state, 'dejah').momentum).toBe(0) // 3 successes, 2 Momentum, both spent
  })
  it('002:3 / 002:96: one Conflict action per turn; Luck buys one more, once', () => {
    const atk = { type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword', dice: [19, 19, 19, 19] }
    expect(fails([{ type: 'startCombat' }, atk, atk])).toMatchObject({ code: 'rule', field: 'commands.2.attackerId' })
    const { state, events } = play([{ type: 'startCombat' }, atk, { type: 'spend', by: 'jc', request: { spend: 'extraConflictAction' } }, atk])
    expect(events.filter((e) => e.type === '2d20.attacked')).toHaveLength(2)
    expect(st(state, 'jc').luck).toBe(2)
    expect(fails([{ type: 'startCombat' }, atk, { type: 'spend', by: 'jc', request: { spend: 'extraConflictAction' } }, { type: 'spend', by: 'jc', request: { spend: 'extraConflictAction' } }])).toMatchObject({ code: 'rule' })
  })
  it('the GM may override a broken rule; it is logged', () => {
    const atk = { type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword', dice: [19, 19, 19, 19] }
    const { events } = play([{ type: 'startCombat' }, atk, { ...atk, override: true }])
    expect(events.some((e) => e.type === 'core.ruleOverridden' && e.reason === 'rule.2d20.noConflictAction')).toBe(true)
  })
  it('002:78: three Thark minions — a won attack dispatches the target, 2 Momentum two more', () => {
    // Cunning 5 + Daring 4: 2, 9 → 3 successes, D1 → 2 Momentum; the Thark (Daring 6 + Passion 5) 15, 17 → fails
    const { state, events, log } = play([{ type: 'attack', attackerId: 'jc', targetId: 'thark-1', weapon: 'Longsword', alsoDispatch: ['thark-2', 'thark-3'], dice: [2, 9, 15, 17] }])
    expect(['thark-1', 'thark-2', 'thark-3'].map((id) => st(state, id).dispatched)).toEqual([true, true, true])
    expect(events.filter((e) => e.type === '2d20.statusChanged').map((e) => e.combatantId)).toEqual(['thark-1', 'thark-2', 'thark-3'])
    expect(log).toContain('John Carter attacks Thark warrior 1 with Longsword (3 vs 0 successes) and dispatches 3 minions')
  })
  it('002:72: a Counterstrike right after a successful defense costs 3 Momentum; not against a Counterstrike', () => {
    // the ape attacks Dejah (Cunning 4 + Daring 8 → 12/4): 15, 16 → 0; Dejah defends (Daring 5 + Passion 6 → 11/5): 1, 2 → 4 successes, 3 Momentum saved (cap 4)
    const first = { type: 'attack', attackerId: 'ape', targetId: 'dejah', dice: [15, 16, 1, 2] }
    const counter = { type: 'attack', attackerId: 'dejah', targetId: 'ape', weapon: 'Radium rifle', counterstrike: true, dice: [2, 3, 20, 20, 3, 3, 3, 3] }
    const { state, events } = play([first, counter])
    expect(events.filter((e) => e.type === '2d20.attacked').map((e) => [e.winner, e.counterstrike])).toEqual([['defender', false], ['attacker', true]])
    expect(st(state, 'dejah').momentum).toBeLessThan(4)
    expect(fails([first, counter, { type: 'attack', attackerId: 'ape', targetId: 'dejah', counterstrike: true, dice: [1, 1, 20, 20] }], { pools: { threat: 5 } })).toMatchObject({ field: 'commands.3.counterstrike' })
  })
  it('J2 / 002:122: the narrator pays 1 Threat to win a draw', () => {
    // jc 8, 15 → 1; ape (Daring 8 + Passion 7 → 15/7) 12, 20 → 1
    const { state, events } = play([{ type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword', narratorPaysForDraw: true, dice: [8, 15, 12, 20] }], { pools: { threat: 2 } })
    expect(events.find((e) => e.type === '2d20.attacked')).toMatchObject({ winner: 'defender', draw: true, threatPaid: true })
    expect(state.pools.threat).toBe(1)
  })
  it('002:98 Second Wind clears a track for 1 Luck; 002:124 a forced black-out pays 1 Luck', () => {
    const { state, log } = play([
      { type: 'harm', targetId: 'jc', source: 'gm', track: 'fear', amount: 3 },
      { type: 'spend', by: 'jc', request: { spend: 'secondWind' }, track: 'fear' },
      { type: 'spend', by: 'narrator', request: { spend: 'forceBlackOut', characterId: 'dejah' } },
    ])
    expect(st(state, 'jc')).toMatchObject({ luck: 2, stress: { fear: 0 } })
    expect(st(state, 'dejah')).toMatchObject({ luck: 4, blackedOut: true })
    expect(log).toContain('Dejah Thoris blacks out')
  })
  it('002:120: Sab Than buys 1 Luck for 3 Threat and spends it', () => {
    const { state } = play([
      { type: 'spend', by: 'narrator', request: { spend: 'villainLuck', luck: 1, villainId: 'sab' } },
      { type: 'spend', by: 'sab', request: { spend: 'overcomeWeakness' } },
    ], { pools: { threat: 4 } })
    expect([state.pools.threat, st(state, 'sab').luck]).toEqual([1, 0])
    expect(fails([{ type: 'spend', by: 'ape', request: { spend: 'secondWind' }, track: 'fear' }])).toMatchObject({ code: 'rule', field: 'commands.0.by' })
  })
  it('a spend that belongs to a roll is paid by that roll, never twice (Counterstrike through attack)', () => {
    expect(fails([{ type: 'spend', by: 'jc', request: { spend: 'counterstrike' } }])).toMatchObject({ code: 'rule', field: 'commands.0.request.spend' })
  })
  it('002:176: an incapacitated character (4 Wounds) acts only by spending Luck — 1 per action; none left, refused', () => {
    const hurt = (luck: number) => [{ id: 'jc', statBlock: { ...(sampleInput('johnCarter') as object), luck, afflictions: { wounds: 4 } } }, { id: 'ape', statBlock: sampleInput('whiteApe') }]
    const { state, events } = play([{ type: 'test', combatantId: 'jc', attributes: ['empathy', 'reason'], difficulty: 0, dice: [10, 10] }], { combatants: hurt(1) })
    expect(st(state, 'jc').luck).toBe(0)
    expect(events.some((e) => e.type === '2d20.tested')).toBe(true)
    const r = resolveScenario({ system: '2d20', combatants: hurt(0), commands: [{ type: 'attack', attackerId: 'jc', targetId: 'ape', dice: [1, 1, 20, 20, 1, 1, 1] }] }, { defaultSeed: 'x' })
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'commands.0.attackerId' })
  })
  it('002:110 Danger: 2 combat dice cost 2 Threat', () => {
    const { state } = play([{ type: 'harm', targetId: 'jc', source: 'danger', combatDice: 2, dice: [6, 2] }], { pools: { threat: 3 } })
    expect([state.pools.threat, st(state, 'jc').stress.injury]).toEqual([1, 3])
    expect(fails([{ type: 'harm', targetId: 'jc', source: 'danger', combatDice: 2 }])).toMatchObject({ code: 'rule', field: 'commands.0.threat' })
  })
  it('J6: Dejah helps John Carter recover Injury (Empathy 8 + Reason 8 at D2): 4 and 10 → 3 successes, 3 removed', () => {
    const { state } = play([
      { type: 'harm', targetId: 'jc', source: 'gm', track: 'injury', amount: 4 },
      { type: 'recover', testerId: 'dejah', patientId: 'jc', track: 'injury', dice: [4, 10] },
    ])
    expect(st(state, 'jc').stress.injury).toBe(1)
  })
  it('002:137: the narrator pays 1 Threat to catch John Carter in a blast; he fails D2 and takes a combat die', () => {
    const { state } = play([{ type: 'blast', bystanderId: 'jc', by: 'narrator', dice: [15, 12, 5] }], { pools: { threat: 1 } })
    expect(st(state, 'jc').stress).toEqual({ confusion: 0, fear: 1, injury: 2 })
  })
  it('002:128 voluntary failure and 002:108 complications bought off move Threat and Luck', () => {
    const { state } = play([
      { type: 'spend', by: 'jc', request: { spend: 'voluntaryFailure', characterId: 'jc' } },
      { type: 'complicationsToThreat', combatantId: 'jc', count: 1 },
    ])
    expect([state.pools.threat, st(state, 'jc').luck]).toEqual([3, 4])
  })
  it('J7: players first, then the sides alternate one character at a time; the longer side goes on in a row', () => {
    let { state } = play([{ type: 'startCombat' }])
    const sideOf = (id: string) => (state.combatants.find((c) => c.id === id)!.side === 'party' ? 'P' : 'N')
    expect(state.turn.order.map(sideOf).join('')).toBe('PNPNNNN')
    ;({ state } = play([{ type: 'startCombat' }, { type: 'nextTurn' }, { type: 'nextTurn' }]))
    expect(sideOf(state.turn.order[state.turn.index])).toBe('P')
    expect(state.turn.index).toBe(2)
  })
  it('002:118 / J7: Seize Initiative — 1 Threat, the ape takes John Carter\'s turn, then play passes back to the players', () => {
    const { state, log } = play([{ type: 'startCombat' }, { type: 'seize', combatantId: 'ape' }], { pools: { threat: 2 } })
    const cur = state.turn.order[state.turn.index]
    expect(cur).toBe('ape')
    expect(state.pools.threat).toBe(1)
    expect(state.turn.order.slice(0, 3)).toEqual(['ape', 'jc', 'thark-1'])
    expect(log).toContain('The narrator seizes the initiative (1 Threat): White ape acts before John Carter')
    const after = play([{ type: 'startCombat' }, { type: 'seize', combatantId: 'ape' }, { type: 'nextTurn' }], { pools: { threat: 2 } }).state
    expect(after.turn.order[after.turn.index]).toBe('jc')
    expect(fails([{ type: 'startCombat' }, { type: 'seize', combatantId: 'ape' }])).toMatchObject({ code: 'rule', field: 'commands.1.threat' })
    expect(fails([{ type: 'startCombat' }, { type: 'nextTurn' }, { type: 'seize', combatantId: 'ape' }], { pools: { threat: 2 } })).toMatchObject({ code: 'rule' })
  })
  it('J7: the blacked out are skipped; a new round starts with the players', () => {
    const { state } = play([
      { type: 'spend', by: 'narrator', request: { spend: 'forceBlackOut', characterId: 'jc' } },
      { type: 'startCombat' },
    ])
    expect(state.turn.order[state.turn.index]).toBe('dejah')
    const r2 = play([{ type: 'startCombat' }, ...Array.from({ length: 7 }, () => ({ type: 'nextTurn' }))]).state
    expect(r2.turn.round).toBe(2)
    expect(r2.combatants.find((c) => c.id === r2.turn.order[r2.turn.index])!.side).toBe('party')
  })
})

describe('player view and odds', () => {
  it('narrator characters show stress as a descriptor; PCs their tracks, Luck and Momentum', () => {
    const { state } = play([{ type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword', dice: [3, 7, 12, 16, 5, 2, 6] }])
    const sys = getSystem('2d20')
    if (!sys.ok) throw new Error('no system')
    const ape = sys.value.playerView(state, state.combatants.find((c) => c.id === 'ape')!)
    expect(ape.health).toEqual({ kind: 'descriptor', key: '2d20.stress.afflicted' })
    const jc = sys.value.playerView(state, state.combatants.find((c) => c.id === 'jc')!)
    expect(jc.health).toEqual({ kind: 'exact', current: 8, max: 8 })
    expect(jc.extra).toMatchObject({ luck: 3, injury: 0, injuryMax: 8, wounds: 0 })
  })
  it('odds of an attack through the system equal odds.ts (win, damage, take-out)', () => {
    const { state } = play([])
    const sys = getSystem('2d20')
    if (!sys.ok || !sys.value.odds) throw new Error('no odds')
    const o = sys.value.odds(state, { type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword' })
    if (!o.ok) throw new Error(o.error.message)
    expect(o.value.hit).toBeGreaterThan(0.2)
    expect(o.value.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12)
    const t = sys.value.odds(state, { type: 'test', combatantId: 'jc', attributes: ['cunning', 'daring'], difficulty: 1 })
    expect(t.ok && t.value.hit).toBeCloseTo(0.6975, 12)
  })
})

describe('log catalogs (en, pl)', () => {
  it('Polish has every English key', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort())
  })
  it('every log key the events produce has a template', () => {
    const { state: _s, events } = play([
      { type: 'startCombat' },
      { type: 'attack', attackerId: 'jc', targetId: 'ape', weapon: 'Longsword', dice: [3, 7, 12, 16, 5, 2, 6] },
      { type: 'act', combatantId: 'jc', action: 'movement' },
    ])
    const sys = getSystem('2d20')
    if (!sys.ok) throw new Error('no system')
    for (const e of events) {
      const entry = sys.value.logEntry(e)
      if (entry) {
        expect(formatLog(entry, 'en'), entry.key).not.toBe(entry.key)
        expect(formatLog(entry, 'pl'), entry.key).not.toContain('{')
      }
    }
  })
})

describe('pool changes in the log (issue 11: no raw pool key)', () => {
  it('002:118 (seize, 1 Threat) and the GM’s pool changes: a pool change names the pool in words, en and pl (core.poolAdjusted)', async () => {
    const { logEntry } = await import('../../../../../../src-main/rules/index')
    // the GM sets Threat to 2 and Momentum to 3; the seize (002:118) spends 1 Threat
    const { events } = play([{ type: 'startCombat' }, { type: 'seize', combatantId: 'ape' }], { pools: { threat: 2, momentum: 3 } })
    const lines = (lang: 'en' | 'pl') => events.filter((e) => e.type === 'core.poolAdjusted').map((event) => formatLog(logEntry({ seq: 0, at: '', batch: 0, event, status: 'active' })!, lang))
    expect(lines('en')).toEqual(['Threat: 2 (2)', 'Momentum: 3 (3)', 'Threat: 1 (-1)'])
    expect(lines('pl')).toEqual(['Zagrożenie: 2 (2)', 'Impet: 3 (3)', 'Zagrożenie: 1 (-1)'])
  })
})
