/**
 * Exact distribution of a Starchasers attack (never sampled): attack dice are multinomial over Hit / Crit /
 * Focus / Blank, defense dice over Evade / Focus / Blank (faces from S1). Focus conversion, soak (S19), the
 * cancellation order (000:170), the defender's Reflective / Fortifying Focus (000:869-871) and damage follow
 * attack.ts exactly. Restorative heals after the hit and Spiked / Knockback act on the attacker, so they do not
 * change the damage shown.
 */
import { DEFAULT_FACES, type FaceTables } from './dice'

export interface OddsInput {
  attackDice: number
  defenseDice: number
  faces?: FaceTables
  focusToken?: boolean
  accurate?: number
  vicious?: number
  soak?: number
  defenderFocusToken?: boolean
  focusAsEvades?: number
  /** Toughness + Resistance (S5) */
  critThreshold: number
  /** flat damage added on success (Piercing excess) */
  bonusDamage?: number
  /**
   * the defender's armor / shield qualities that change the damage or the Critical Strike (000:869, 000:871):
   * spare defense Focus goes to Reflective first (up to the uncanceled Hits), then Fortifying (when Crits survive),
   * the default order of attack.ts
   */
  reflective?: number
  fortifying?: number
}

export interface AttackOdds {
  /** P(at least one Hit or Crit survives) (S3) */
  success: number
  /** P(at least one uncanceled Crit) */
  anyCrit: number
  criticalStrike: number
  expectedDamage: number
  damage: Array<{ value: number; p: number }>
  /** joint distribution of uncanceled Hits and Crits: netHits[h][c] */
  net: number[][]
}

const FACT: number[] = [1]
for (let i = 1; i <= 200; i++) FACT[i] = FACT[i - 1] * i

function probs<T extends string>(faces: readonly T[], keys: readonly T[]): number[] {
  return keys.map((k) => faces.filter((f) => f === k).length / faces.length)
}

/** P(counts) for every split of n dice into 3 named faces + the rest: cb(a, b, c, p). */
function multinomial3(n: number, pa: number, pb: number, pc: number, cb: (a: number, b: number, c: number, p: number) => void): void {
  const pr = Math.max(0, 1 - pa - pb - pc)
  const pow = (x: number) => { const t = [1]; for (let i = 1; i <= n; i++) t[i] = t[i - 1] * x; return t }
  const A = pow(pa), B = pow(pb), C = pow(pc), R = pow(pr)
  for (let a = 0; a <= n; a++) for (let b = 0; a + b <= n; b++) for (let c = 0; a + b + c <= n; c++) {
    const r = n - a - b - c
    const p = (FACT[n] / (FACT[a] * FACT[b] * FACT[c] * FACT[r])) * A[a] * B[b] * C[c] * R[r]
    if (p > 0) cb(a, b, c, p)
  }
}

export function attackOdds(o: OddsInput): AttackOdds {
  const faces = o.faces ?? DEFAULT_FACES
  const n = Math.max(1, o.attackDice)
  const m = Math.max(1, o.defenseDice)
  const [ph, pc, pf] = probs(faces.attack, ['hit', 'crit', 'focus'] as const)
  const maxH = n, maxC = n
  // attacker: (H, C) after Focus and soak
  const att: number[][] = Array.from({ length: maxH + 1 }, () => new Array<number>(maxC + 1).fill(0))
  multinomial3(n, ph, pc, pf, (h, c, f, p) => {
    let H = h, C = c, F = f
    if (o.focusToken) { H += F; F = 0 }
    const v = Math.min(F, o.vicious ?? 0); C += v; F -= v
    const a = Math.min(F, o.accurate ?? 0); H += a
    const soak = o.soak ?? 0
    const sh = Math.min(soak, H)
    const sc = Math.min(soak - sh, C)
    att[H - sh][C - sc] += p
  })
  // defender: Evades after Focus
  const [pe, pdf] = probs(faces.defense, ['evade', 'focus'] as const)
  // ev[E][S]: E Evades (with Focus turned into Evades), S Focus left for the armor qualities. The outcome depends on
  // S only through min(S, reflective + fortifying): Reflective takes at most its rating and Fortifying at most its
  // own, so larger S are merged into that last cell. With the quality ratings small this makes the whole
  // combination O(n² · m) instead of O(n² · m²) (issue 13: 60v60 ÷ 30v30 ≤ 10), and the figures stay exact.
  const reflective = o.reflective ?? 0, fortifying = o.fortifying ?? 0
  const spareCap = Math.min(m, reflective + fortifying)
  const ev: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(spareCap + 1).fill(0))
  multinomial3(m, pe, pdf, 0, (e, f, _z, p) => {
    const fe = o.defenderFocusToken ? f : Math.min(f, o.focusAsEvades ?? 0)
    ev[e + fe][Math.min(f - fe, spareCap)] += p
  })
  const net: number[][] = Array.from({ length: maxH + 1 }, () => new Array<number>(maxC + 1).fill(0))
  const bonus = o.bonusDamage ?? 0
  const dmg = new Float64Array(maxH + 2 * maxC + bonus + 1)
  let success = 0, anyCrit = 0, crit = 0, expected = 0
  for (let H = 0; H <= maxH; H++) {
    const row = att[H]
    for (let C = 0; C <= maxC; C++) {
      const pa = row[C]
      if (pa === 0) continue
      for (let E = 0; E <= m; E++) {
        const evE = ev[E]
        for (let S = 0; S <= spareCap; S++) {
          const pd = evE[S]
          if (pd === 0) continue
          const p = pa * pd
          const over = E > H ? E - H : 0
          const nc = C > over ? C - over : 0
          const beforeReflect = H > E ? H - E : 0
          const reflected = Math.min(reflective, beforeReflect, S)
          const nh = beforeReflect - reflected
          const fortify = nc > 0 ? Math.min(fortifying, S - reflected) : 0
          net[nh][nc] += p
          if (nh + nc > 0) {
            const d = nh + 2 * nc + bonus
            dmg[d] += p
            success += p
            expected += p * d
            if (nc > 0) anyCrit += p
            if (nc > o.critThreshold + fortify) crit += p
          } else dmg[0] += p
        }
      }
    }
  }
  const damage: Array<{ value: number; p: number }> = []
  dmg.forEach((p, value) => { if (p > 0) damage.push({ value, p }) })
  return { success, anyCrit, criticalStrike: crit, expectedDamage: expected, damage, net }
}
