/**
 * 2d20 / John Carter of Mars stat blocks (seed 002, cited as `002:<line>`), with the defaults J1–J7.
 * The six attributes, the three stress tracks and their afflictions, saved Momentum (J1), Luck, narrator
 * characters (minions, monsters with Menace, villains) and weapons with a damage rating and qualities.
 */
import { z } from 'zod'
import { builtOnce, onFirstUse } from '../../kit/built-once'

export const ATTRIBUTES = ['cunning', 'daring', 'empathy', 'might', 'passion', 'reason'] as const
export type Attribute = (typeof ATTRIBUTES)[number]

export const TRACKS = ['confusion', 'fear', 'injury'] as const
export type Track = (typeof TRACKS)[number]

export const AFFLICTIONS = ['madness', 'trauma', 'wounds'] as const
export type Affliction = (typeof AFFLICTIONS)[number]

/** 002:157-159: Confusion ← Empathy or Reason → Madness; Fear ← Daring or Passion → Trauma; Injury ← Cunning or Might → Wounds. */
export const TRACK_ATTRIBUTES: Record<Track, readonly [Attribute, Attribute]> = {
  confusion: ['empathy', 'reason'],
  fear: ['daring', 'passion'],
  injury: ['cunning', 'might'],
}
export const AFFLICTION_OF: Record<Track, Affliction> = { confusion: 'madness', fear: 'trauma', injury: 'wounds' }
export const TRACK_OF_AFFLICTION: Record<Affliction, Track> = { madness: 'confusion', trauma: 'fear', wounds: 'injury' }

/** The track (and so the affliction) each attribute is linked to (002:168: "Madness increases the difficulty of attribute tests using Empathy or Reason", …). */
export function trackOfAttribute(a: Attribute): Track {
  for (const t of TRACKS) if (TRACK_ATTRIBUTES[t].includes(a)) return t
  throw new Error(`unknown attribute ${a}`)
}

/** 002:130-152 weapon and equipment qualities. */
export const QUALITIES = ['dishonorable', 'explosive', 'fearsome', 'psychic', 'quiet', 'sharp', 'poison'] as const
export type Quality = (typeof QUALITIES)[number]

/** The attack kinds of the Conflict actions table (002:13-19). */
export const ATTACK_KINDS = ['melee', 'shooting', 'insult'] as const
export type AttackKind = (typeof ATTACK_KINDS)[number]
export type Attributes = z.infer<Built['attributes']>
export type Weapon = z.infer<Built['weapon']>
export type StressValues = Record<Track, number>
export type AfflictionValues = Record<Affliction, number>

const ZERO_STRESS = { confusion: 0, fear: 0, injury: 0 }
const ZERO_AFFLICTIONS = { madness: 0, trauma: 0, wounds: 0 }

/** The lowest attribute: the cap on saved Momentum (J1). */
export const lowestAttribute = (a: Attributes): number => Math.min(...ATTRIBUTES.map((k) => a[k]))

/** 002:165: each track's maximum is the higher of its two attributes. */
export const stressMax = (a: Attributes, t: Track): number => Math.max(a[TRACK_ATTRIBUTES[t][0]], a[TRACK_ATTRIBUTES[t][1]])

function stressWithinMax(sb: { attributes: Attributes; stress: StressValues }, ctx: z.RefinementCtx, tracks: readonly Track[] = TRACKS): void {
  for (const t of tracks) {
    const max = stressMax(sb.attributes, t)
    if (sb.stress[t] > max) ctx.addIssue({ code: 'custom', path: ['stress', t], message: `${t} stress ${sb.stress[t]} is above its maximum ${max} (the higher of ${TRACK_ATTRIBUTES[t].join(' and ')})` })
  }
}

export type PcStatBlock = z.infer<Built['pcStatBlock']>
export type AllyStatBlock = z.infer<Built['allyStatBlock']>
export type NpcStatBlock = z.infer<Built['npcStatBlock']>
export type StatBlock = z.infer<Built['statBlock']>

/** The trackers a character has: minions none, monsters their list, everyone else all three. */
export function trackersOf(sb: StatBlock): readonly Track[] {
  if (sb.kind !== 'npc') return TRACKS
  if (sb.tier === 'minion') return []
  return sb.trackers
}

/** Which side of the table a stat block plays on (J7: players' side first). */
export const sideOf = (sb: StatBlock): 'players' | 'narrator' => (sb.kind === 'npc' ? 'narrator' : 'players')

/** The zod schemas of this module, built on their first use (rules/kit/built-once.ts, issue 13). */
function build() {
  const attributeValue = z.number().int().min(1).max(20)

  const attributes = z.object({
    cunning: attributeValue,
    daring: attributeValue,
    empathy: attributeValue,
    might: attributeValue,
    passion: attributeValue,
    reason: attributeValue,
  }).strict()

  const weapon = z.object({
    name: z.string().min(1).max(120),
    kind: z.enum(ATTACK_KINDS),
    /** J3: a damage rating N rolls N combat dice */
    damage: z.number().int().min(0).max(20),
    qualities: z.array(z.enum(QUALITIES)).max(QUALITIES.length).default([]).refine((q) => new Set(q).size === q.length, 'a quality is listed twice'),
  }).strict()

  const stress = z.object({
    confusion: z.number().int().min(0).max(40).default(0),
    fear: z.number().int().min(0).max(40).default(0),
    injury: z.number().int().min(0).max(40).default(0),
  }).strict()

  const afflictions = z.object({
    madness: z.number().int().min(0).max(20).default(0),
    trauma: z.number().int().min(0).max(20).default(0),
    wounds: z.number().int().min(0).max(20).default(0),
  }).strict()

  const common = {
    name: z.string().min(1).max(120),
    attributes,
    weapons: z.array(weapon).max(30).default([]),
    stress: stress.default(ZERO_STRESS),
    afflictions: afflictions.default(ZERO_AFFLICTIONS),
    notes: z.string().max(4000).default(''),
  }

  /** A player character: Luck (002:92-102) and saved Momentum capped at the lowest attribute (J1). */
  const pcStatBlock = z.object({
    kind: z.literal('pc'),
    ...common,
    luck: z.number().int().min(0).max(20).default(0),
    momentum: z.number().int().min(0).max(20).default(0),
  }).strict().superRefine((sb, ctx) => {
    const cap = lowestAttribute(sb.attributes)
    if (sb.momentum > cap) ctx.addIssue({ code: 'custom', path: ['momentum'], message: `saved Momentum ${sb.momentum} is above the cap ${cap} (the lowest attribute, J1)` })
    stressWithinMax(sb, ctx)
  })

  /** An ally on the players' side run by the narrator or the table: stress tracks like a PC, no Luck of its own. */
  const allyStatBlock = z.object({
    kind: z.literal('ally'),
    ...common,
  }).strict().superRefine((sb, ctx) => stressWithinMax(sb, ctx))

  /**
   * A narrator character. `minion`: no stress tracks, dispatched by a won attack (002:78); `monster`: a Menace
   * rating, defeated when its afflictions exceed it (002:176, J4), and the trackers it has (002:137: "If the target
   * does not have these stress trackers"); `villain`: tracks like a PC, may buy Luck with Threat (002:120).
   */
  const npcStatBlock = z.object({
    kind: z.literal('npc'),
    tier: z.enum(['minion', 'monster', 'villain']),
    ...common,
    menace: z.number().int().min(0).max(20).optional(),
    trackers: z.array(z.enum(TRACKS)).max(TRACKS.length).default([...TRACKS]).refine((t) => new Set(t).size === t.length, 'a tracker is listed twice'),
    luck: z.number().int().min(0).max(20).default(0),
  }).strict().superRefine((sb, ctx) => {
    if (sb.tier === 'monster' && sb.menace === undefined) ctx.addIssue({ code: 'custom', path: ['menace'], message: 'a monster needs a Menace rating (002:176)' })
    if (sb.tier !== 'monster' && sb.menace !== undefined) ctx.addIssue({ code: 'custom', path: ['menace'], message: 'only a monster has a Menace rating' })
    if (sb.tier !== 'villain' && sb.luck > 0) ctx.addIssue({ code: 'custom', path: ['luck'], message: 'only a villain holds Luck (bought with Threat, 002:120)' })
    stressWithinMax(sb, ctx, sb.tier === 'minion' ? [] : sb.trackers)
  })

  const statBlock = z.discriminatedUnion('kind', [pcStatBlock, allyStatBlock, npcStatBlock])
  return { attributeValue, attributes, weapon, stress, afflictions, common, pcStatBlock, allyStatBlock, npcStatBlock, statBlock }
}
type Built = ReturnType<typeof build>
const schemas = builtOnce(build)

export const statBlock = onFirstUse(() => schemas().statBlock)
