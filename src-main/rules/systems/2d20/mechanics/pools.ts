/**
 * The pools (002:68-128, J1): saved Momentum (each PC's, capped at the lowest attribute; or one party pool as a
 * setting), each character's Luck and the narrator's Threat. Every spend of the seed's Momentum, Luck and Threat
 * tables is a request checked here and paid by moving the pools; nothing is spent that is not there.
 */
import { z } from 'zod'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'

export type PoolSide = 'players' | 'narrator'

export interface Pools {
  threat: number
  /** J1: each PC's saved Momentum */
  momentum: Record<string, number>
  /** the party pool, used instead when settings.momentumPool is 'party' */
  partyMomentum: number
  luck: Record<string, number>
}

export interface PoolSettings {
  /** J1 default 'personal' (capped at the lowest attribute); 'party' is the common 2d20 group pool */
  momentumPool: 'personal' | 'party'
  partyMomentumCap: number
}
export const DEFAULT_POOL_SETTINGS: PoolSettings = { momentumPool: 'personal', partyMomentumCap: 6 }

export const emptyPools = (): Pools => ({ threat: 0, momentum: {}, partyMomentum: 0, luck: {} })

/** Who pays: the character, its side, and the unsaved Momentum of the test it just made. */
export interface Payer { id: string; side: PoolSide; fresh?: number; /** the character's name, for a refusal */ name?: string }

const count = (min: number, max = 20) => z.number().int().min(min).max(max)

/** Every spend of the seed's three tables, with what it needs to price it. */
export const spendRequest = z.discriminatedUnion('spend', [
  // Momentum (002:68-90)
  z.object({ spend: z.literal('additionalMovement'), ignoreObstacles: z.boolean().default(false) }).strict(),
  z.object({ spend: z.literal('counterstrike') }).strict(),
  z.object({ spend: z.literal('createObstacle'), steps: count(1, 3) }).strict(),
  z.object({ spend: z.literal('createOpportunity'), dice: count(1, 3) }).strict(),
  z.object({ spend: z.literal('dispatchMinion'), extra: count(1) }).strict(),
  z.object({ spend: z.literal('increaseQuality'), cost: count(1) }).strict(),
  z.object({ spend: z.literal('increaseScope'), cost: count(1) }).strict(),
  z.object({ spend: z.literal('obtainInformation'), questions: count(1).default(1) }).strict(),
  z.object({ spend: z.literal('reduceTime'), cost: count(1) }).strict(),
  z.object({ spend: z.literal('rollExtraDamage'), dice: count(1) }).strict(),
  z.object({ spend: z.literal('sendWeaponFlying'), far: z.boolean().default(true) }).strict(),
  z.object({ spend: z.literal('explosiveBlast') }).strict(),
  // Luck (002:92-102)
  z.object({ spend: z.literal('bonusD20'), dice: count(1, 3).default(1) }).strict(),
  z.object({ spend: z.literal('extraConflictAction') }).strict(),
  z.object({ spend: z.literal('secondWind') }).strict(),
  z.object({ spend: z.literal('overcomeWeakness') }).strict(),
  z.object({ spend: z.literal('influenceStory'), cost: count(1).default(1) }).strict(),
  // Threat (002:104-128)
  z.object({ spend: z.literal('complication') }).strict(),
  z.object({ spend: z.literal('danger'), dice: count(1) }).strict(),
  z.object({ spend: z.literal('reinforcementMinion'), count: count(1).default(1) }).strict(),
  z.object({ spend: z.literal('reinforcementMonster'), menace: count(0) }).strict(),
  z.object({ spend: z.literal('divideGroup'), largestGroup: count(1) }).strict(),
  z.object({ spend: z.literal('maintainSplit') }).strict(),
  z.object({ spend: z.literal('seizeInitiative') }).strict(),
  z.object({ spend: z.literal('villainLuck'), luck: count(1), villainId: z.string().min(1) }).strict(),
  z.object({ spend: z.literal('winDraw') }).strict(),
  z.object({ spend: z.literal('explosiveBystander') }).strict(),
  z.object({ spend: z.literal('forceBlackOut'), characterId: z.string().min(1) }).strict(),
  z.object({ spend: z.literal('voluntaryBlackOut'), characterId: z.string().min(1) }).strict(),
  z.object({ spend: z.literal('voluntaryFailure'), characterId: z.string().min(1) }).strict(),
])
export type SpendRequest = z.output<typeof spendRequest>
export type SpendId = SpendRequest['spend']

export type PoolName = 'momentum' | 'luck' | 'threat'

/** Which pool a spend draws on and the seed line it prices. */
export const SPEND_POOL: Record<SpendId, { pool: PoolName; seed: string }> = {
  additionalMovement: { pool: 'momentum', seed: '002:70' },
  counterstrike: { pool: 'momentum', seed: '002:72' },
  createObstacle: { pool: 'momentum', seed: '002:74' },
  createOpportunity: { pool: 'momentum', seed: '002:76' },
  dispatchMinion: { pool: 'momentum', seed: '002:78' },
  increaseQuality: { pool: 'momentum', seed: '002:80' },
  increaseScope: { pool: 'momentum', seed: '002:82' },
  obtainInformation: { pool: 'momentum', seed: '002:84' },
  reduceTime: { pool: 'momentum', seed: '002:86' },
  rollExtraDamage: { pool: 'momentum', seed: '002:88' },
  sendWeaponFlying: { pool: 'momentum', seed: '002:90' },
  explosiveBlast: { pool: 'momentum', seed: '002:137' },
  bonusD20: { pool: 'luck', seed: '002:94' },
  extraConflictAction: { pool: 'luck', seed: '002:96' },
  secondWind: { pool: 'luck', seed: '002:98' },
  overcomeWeakness: { pool: 'luck', seed: '002:100' },
  influenceStory: { pool: 'luck', seed: '002:102' },
  complication: { pool: 'threat', seed: '002:108' },
  danger: { pool: 'threat', seed: '002:110' },
  reinforcementMinion: { pool: 'threat', seed: '002:112' },
  reinforcementMonster: { pool: 'threat', seed: '002:114' },
  divideGroup: { pool: 'threat', seed: '002:116' },
  maintainSplit: { pool: 'threat', seed: '002:116' },
  seizeInitiative: { pool: 'threat', seed: '002:118' },
  villainLuck: { pool: 'threat', seed: '002:120' },
  winDraw: { pool: 'threat', seed: '002:122' },
  explosiveBystander: { pool: 'threat', seed: '002:137' },
  forceBlackOut: { pool: 'threat', seed: '002:124' },
  voluntaryBlackOut: { pool: 'threat', seed: '002:126' },
  voluntaryFailure: { pool: 'threat', seed: '002:128' },
}

/** The price of a spend in its pool (0 for the rows of the Threat table that move Luck instead). */
export function spendCost(r: SpendRequest): number {
  switch (r.spend) {
    case 'additionalMovement': return r.ignoreObstacles ? 3 : 1
    case 'counterstrike': return 3
    case 'createObstacle': return 2 * r.steps
    case 'createOpportunity': return r.dice
    case 'dispatchMinion': return r.extra
    case 'increaseQuality': case 'increaseScope': case 'reduceTime': case 'influenceStory': return r.cost
    case 'obtainInformation': return r.questions
    case 'rollExtraDamage': return r.dice
    case 'sendWeaponFlying': return r.far ? 3 : 2
    case 'explosiveBlast': return 1
    case 'bonusD20': return r.dice
    case 'extraConflictAction': case 'secondWind': case 'overcomeWeakness': return 1
    case 'complication': return 2
    case 'danger': return r.dice
    case 'reinforcementMinion': return r.count
    case 'reinforcementMonster': return r.menace
    case 'divideGroup': return r.largestGroup
    case 'maintainSplit': case 'seizeInitiative': case 'winDraw': case 'explosiveBystander': return 1
    case 'villainLuck': return 3 * r.luck
    case 'forceBlackOut': case 'voluntaryBlackOut': case 'voluntaryFailure': return 0
  }
}

export interface PoolMove { pool: 'fresh' | 'momentum' | 'partyMomentum' | 'luck' | 'threat'; id?: string; delta: number }

export interface SpendOutcome {
  pools: Pools
  cost: number
  moves: PoolMove[]
  /** unsaved Momentum of the current test left after paying */
  freshLeft: number
}

const luckOf = (p: Pools, id: string) => p.luck[id] ?? 0

function move(p: Pools, m: PoolMove): Pools {
  if (m.pool === 'fresh') return p
  if (m.pool === 'threat') return { ...p, threat: p.threat + m.delta }
  if (m.pool === 'partyMomentum') return { ...p, partyMomentum: p.partyMomentum + m.delta }
  const id = m.id as string
  return { ...p, [m.pool]: { ...p[m.pool], [id]: (p[m.pool][id] ?? 0) + m.delta } }
}

/**
 * Momentum: the test's unsaved Momentum first, then the saved pool (J1). A narrator character pays a Momentum
 * spend with its fresh Momentum, then Threat (2d20 convention, src-main/rules/systems/2d20/README.md).
 */
function payMomentum(p: Pools, payer: Payer, cost: number, s: PoolSettings): Result<PoolMove[]> {
  const fresh = Math.min(payer.fresh ?? 0, cost)
  const rest = cost - fresh
  const moves: PoolMove[] = fresh > 0 ? [{ pool: 'fresh', delta: -fresh }] : []
  if (rest === 0) return ok(moves)
  if (payer.side === 'narrator') {
    if (p.threat < rest) return refuse('rule', en, 'refusal.2d20.momentumThreatShort', { cost, fresh, rest, threat: p.threat }, { field: 'threat' })
    return ok([...moves, { pool: 'threat', delta: -rest }])
  }
  if (s.momentumPool === 'party') {
    if (p.partyMomentum < rest) return refuse('rule', en, 'refusal.2d20.momentumPartyShort', { cost, fresh, rest, have: p.partyMomentum }, { field: 'momentum' })
    return ok([...moves, { pool: 'partyMomentum', delta: -rest }])
  }
  const saved = p.momentum[payer.id] ?? 0
  if (saved < rest) return refuse('rule', en, 'refusal.2d20.momentumSavedShort', { cost, fresh, rest, saved, name: payer.name ?? payer.id }, { field: 'momentum', cite: 'J1' })
  return ok([...moves, { pool: 'momentum', id: payer.id, delta: -rest }])
}

/** Check a spend against the pools and pay it. */
export function spend(p: Pools, payer: Payer, r: SpendRequest, s: PoolSettings = DEFAULT_POOL_SETTINGS): Result<SpendOutcome> {
  const { pool, seed } = SPEND_POOL[r.spend]
  const cost = spendCost(r)
  let moves: PoolMove[]
  if (pool === 'momentum') {
    if (r.spend === 'explosiveBlast' && payer.side !== 'players') return refuse('rule', en, 'refusal.2d20.blastPlayersOnly', {}, { field: 'spend', cite: seed })
    const m = payMomentum(p, payer, cost, s)
    if (!m.ok) return m
    moves = m.value
  } else if (pool === 'luck') {
    const have = luckOf(p, payer.id)
    if (have < cost) return refuse('rule', en, 'refusal.2d20.luckShort', { spend: `2d20.spend.${r.spend}`, cost, have, name: payer.name ?? payer.id }, { field: 'luck', cite: seed })
    moves = [{ pool: 'luck', id: payer.id, delta: -cost }]
  } else {
    if (payer.side !== 'narrator' && r.spend !== 'voluntaryBlackOut' && r.spend !== 'voluntaryFailure') return refuse('rule', en, 'refusal.2d20.narratorSpend', { name: payer.name ?? payer.id }, { field: 'spend', cite: seed })
    if (p.threat < cost) return refuse('rule', en, 'refusal.2d20.threatShort', { spend: `2d20.spend.${r.spend}`, cost, threat: p.threat }, { field: 'threat', cite: seed })
    moves = cost > 0 ? [{ pool: 'threat', delta: -cost }] : []
    if (r.spend === 'villainLuck') moves.push({ pool: 'luck', id: r.villainId, delta: r.luck })
    if (r.spend === 'forceBlackOut') moves.push({ pool: 'luck', id: r.characterId, delta: 1 })
    if (r.spend === 'voluntaryBlackOut') {
      const all = luckOf(p, r.characterId)
      if (all > 0) moves.push({ pool: 'luck', id: r.characterId, delta: -all })
    }
    if (r.spend === 'voluntaryFailure') moves.push({ pool: 'threat', delta: 1 }, { pool: 'luck', id: r.characterId, delta: 1 })
  }
  const pools = moves.reduce(move, p)
  const usedFresh = moves.filter((m) => m.pool === 'fresh').reduce((a, m) => a - m.delta, 0)
  return ok({ pools, cost, moves, freshLeft: (payer.fresh ?? 0) - usedFresh })
}

/**
 * J1: unspent Momentum of a test may be saved. A PC's goes to its own pool up to `cap` (its lowest attribute), or
 * to the party pool up to its cap; the rest is lost. A narrator character's goes to Threat (2d20 convention).
 */
export function saveMomentum(p: Pools, payer: Payer, amount: number, cap: number, s: PoolSettings = DEFAULT_POOL_SETTINGS): { pools: Pools; saved: number; lost: number } {
  const n = Math.max(0, Math.floor(amount))
  if (payer.side === 'narrator') return { pools: { ...p, threat: p.threat + n }, saved: n, lost: 0 }
  if (s.momentumPool === 'party') {
    const saved = Math.max(0, Math.min(n, s.partyMomentumCap - p.partyMomentum))
    return { pools: { ...p, partyMomentum: p.partyMomentum + saved }, saved, lost: n - saved }
  }
  const have = p.momentum[payer.id] ?? 0
  const saved = Math.max(0, Math.min(n, cap - have))
  return { pools: { ...p, momentum: { ...p.momentum, [payer.id]: have + saved } }, saved, lost: n - saved }
}

/** The party's Momentum as shown on the board: the party pool, or the sum of the PCs' saved Momentum (J1). */
export function partyMomentum(p: Pools, s: PoolSettings = DEFAULT_POOL_SETTINGS): number {
  return s.momentumPool === 'party' ? p.partyMomentum : Object.values(p.momentum).reduce((a, n) => a + n, 0)
}

/**
 * A complication rolled by a PC: the narrator plays it, or takes 2 Threat instead — the price the seed puts on a
 * complication (002:108; src-main/rules/systems/2d20/README.md).
 */
export const complicationsToThreat = (p: Pools, complications: number): Pools => ({ ...p, threat: p.threat + 2 * Math.max(0, complications) })

/** The GM's + and − on a pool (never below 0; saved Momentum never above its cap). */
export function adjustPool(p: Pools, pool: 'threat' | 'partyMomentum' | 'momentum' | 'luck', delta: number, id?: string, cap?: number): Result<Pools> {
  if (!Number.isInteger(delta)) return refuse('invalid', en, 'refusal.2d20.poolWhole', {}, { field: 'delta' })
  // the pool's name from the log catalog (`pool.<key>`), said in the screen's language
  const named = `pool.${pool}`
  if ((pool === 'momentum' || pool === 'luck') && !id) return refuse('invalid', en, 'refusal.2d20.poolNeedsCharacter', { pool: named }, { field: 'id' })
  const before = pool === 'threat' ? p.threat : pool === 'partyMomentum' ? p.partyMomentum : (p[pool][id as string] ?? 0)
  const after = before + delta
  if (after < 0) return refuse('rule', en, 'refusal.2d20.poolBelowZero', { pool: named, before, delta }, { field: 'delta' })
  if (cap !== undefined && after > cap) return refuse('rule', en, 'refusal.2d20.poolAboveCap', { pool: named, cap }, { field: 'delta', cite: 'J1' })
  return ok(move(p, { pool, id, delta }))
}
