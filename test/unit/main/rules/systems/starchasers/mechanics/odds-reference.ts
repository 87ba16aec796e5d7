/**
 * Test-only reference for the exact odds of a Starchasers attack (odds.ts), computed another way so a slip in odds.ts
 * shows (issue 28: it used to be a copy of odds.ts's older loop, so it shared that code's mistakes).
 * - The dice: the chance of each count of faces is built one die at a time from the face table (S1; every face of
 *   every die, no factorials, no multinomial formula).
 * - The rules: every pair of attack counts and defense counts is resolved one step at a time, as the seed tells it:
 *   a Focus token turns every Focus into a Hit (000:164), else Vicious then Accurate take Focus up to their number;
 *   soak removes Hits, then Crits (S19); the defender's token turns every Focus into an Evade, else Protective /
 *   Defensive up to its number (000:246); each Evade cancels a Hit while one is left, then a Crit (000:170); spare
 *   defense Focus reflects surviving Hits (Reflective, 000:869), then raises Resistance while Crits survive
 *   (Fortifying, 000:871); a Hit or Crit left is a success (S3) dealing a Hit 1, a Crit 2, plus the flat bonus; more
 *   Crits than Toughness + Resistance (+ Fortifying) is a Critical Strike (S5).
 * Equal attacker results (and equal defender results) are added up before they meet, so a 14-die pool stays quick.
 */
import { DEFAULT_FACES } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/dice'
import type { AttackOdds, OddsInput } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/probability'

/** a count of faces: how many dice showed each face, and its chance */
type Counts<K extends string> = { n: Record<K, number>; p: number }

/** the chance of every count of `keys` faces (the other faces blank) over `dice` dice, adding one die at a time */
function countsOf<K extends string>(faces: readonly string[], keys: readonly K[], dice: number): Array<Counts<K>> {
  // one die: each distinct face (its index in `keys`, -1 for the others) with its share of the table (S1)
  const kinds = [...new Set(faces)].map((f) => ({ at: (keys as readonly string[]).indexOf(f), p: faces.filter((x) => x === f).length / faces.length }))
  let table = new Map<number, { n: number[]; p: number }>([[0, { n: keys.map(() => 0), p: 1 }]])
  for (let die = 0; die < dice; die++) {
    const next = new Map<number, { n: number[]; p: number }>()
    for (const { n, p } of table.values()) {
      for (const kind of kinds) {
        const m = [...n]
        if (kind.at >= 0) m[kind.at] += 1
        const key = m.reduce((a, x) => a * (dice + 1) + x, 0)
        const cell = next.get(key)
        if (cell) cell.p += p * kind.p
        else next.set(key, { n: m, p: p * kind.p })
      }
    }
    table = next
  }
  return [...table.values()].map(({ n, p }) => ({ n: Object.fromEntries(keys.map((k, i) => [k, n[i]])) as Record<K, number>, p }))
}

/** the attacker's Hits and Crits after Focus and soak, for one count of attack faces */
function attackerSide(o: OddsInput, rolled: Record<'hit' | 'crit' | 'focus', number>): { hits: number; crits: number } {
  let hits = rolled.hit
  let crits = rolled.crit
  let focus = rolled.focus
  if (o.focusToken) {
    hits += focus
    focus = 0
  }
  for (let v = o.vicious ?? 0; v > 0 && focus > 0; v--, focus--) crits++
  for (let a = o.accurate ?? 0; a > 0 && focus > 0; a--, focus--) hits++
  for (let s = o.soak ?? 0; s > 0 && hits + crits > 0; s--) {
    if (hits > 0) hits--
    else crits--
  }
  return { hits, crits }
}

/** the defender's Evades and the Focus left for the armor, for one count of defense faces */
function defenderSide(o: OddsInput, rolled: Record<'evade' | 'focus', number>): { evades: number; spare: number } {
  let evades = rolled.evade
  let spare = rolled.focus
  for (let t = o.defenderFocusToken ? Infinity : (o.focusAsEvades ?? 0); t > 0 && spare > 0; t--, spare--) evades++
  return { evades, spare }
}

/** one attack against one defense: what survives, and the Resistance Fortifying adds */
function clash(o: OddsInput, attacker: { hits: number; crits: number }, defender: { evades: number; spare: number }): { hits: number; crits: number; fortify: number } {
  let { hits, crits } = attacker
  let { evades, spare } = defender
  for (; evades > 0; evades--) {
    if (hits > 0) hits--
    else if (crits > 0) crits--
  }
  for (let r = o.reflective ?? 0; r > 0 && spare > 0 && hits > 0; r--, spare--) hits--
  let fortify = 0
  for (let f = o.fortifying ?? 0; f > 0 && spare > 0 && crits > 0; f--, spare--) fortify++
  return { hits, crits, fortify }
}

/** the chance of each distinct value of `side` over the counts (equal sides added up) */
function sides<K extends string, S extends object>(counts: Array<Counts<K>>, side: (n: Record<K, number>) => S): Array<{ s: S; p: number }> {
  const out = new Map<string, { s: S; p: number }>()
  for (const { n, p } of counts) {
    const s = side(n)
    const key = JSON.stringify(s)
    const cell = out.get(key)
    if (cell) cell.p += p
    else out.set(key, { s, p })
  }
  return [...out.values()]
}

export function referenceAttackOdds(o: OddsInput): AttackOdds {
  const faces = o.faces ?? DEFAULT_FACES
  const n = Math.max(1, o.attackDice)
  const m = Math.max(1, o.defenseDice)
  const attackers = sides(countsOf(faces.attack, ['hit', 'crit', 'focus'] as const, n), (c) => attackerSide(o, c))
  const defenders = sides(countsOf(faces.defense, ['evade', 'focus'] as const, m), (c) => defenderSide(o, c))
  const net: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(0))
  const byDamage = new Map<number, number>()
  let success = 0, anyCrit = 0, criticalStrike = 0, expectedDamage = 0
  for (const a of attackers) {
    for (const d of defenders) {
      const p = a.p * d.p
      const r = clash(o, a.s, d.s)
      net[r.hits][r.crits] += p
      const hit = r.hits + r.crits > 0
      const damage = hit ? r.hits + 2 * r.crits + (o.bonusDamage ?? 0) : 0
      byDamage.set(damage, (byDamage.get(damage) ?? 0) + p)
      if (!hit) continue
      success += p
      expectedDamage += p * damage
      if (r.crits > 0) anyCrit += p
      if (r.crits > o.critThreshold + r.fortify) criticalStrike += p
    }
  }
  const damage = [...byDamage].filter(([, p]) => p > 0).sort(([a], [b]) => a - b).map(([value, p]) => ({ value, p }))
  return { success, anyCrit, criticalStrike, expectedDamage, damage, net }
}
