/**
 * The 2d20 commands (zod). Every command takes `dice` (d20 and d6 values typed in by hand, consumed in order before
 * the Rng) and `override` (break a rule; logged). See src-main/rules/systems/2d20/README.md for what each one does.
 */
import { z } from 'zod'
import { schemasOnFirstUse } from '../../kit/built-once'
import { ATTACK_KINDS, ATTRIBUTES, QUALITIES, TRACKS } from './schema'
import { spendRequest } from './mechanics/pools'

const id = z.string().min(1).max(200)
const base = {
  dice: z.array(z.union([z.number(), z.string()])).max(500).optional(),
  override: z.boolean().optional(),
}
const attribute = z.enum(ATTRIBUTES)
const small = (max: number) => z.number().int().min(0).max(max)

/** What one side adds to its own test: d20s bought (Momentum / Threat), Luck d20s, Overcome a Weakness. */
const testOptions = z.object({
  bought: small(3).optional(),
  luckDice: small(3).optional(),
  overcomeWeakness: z.boolean().optional(),
}).strict()

export const commandSchemas = schemasOnFirstUse({
  /** an attribute test (002:21-53): two attributes, a difficulty D0–D5, dice bought, assistants */
  test: () => z.object({
    type: z.literal('test'), ...base,
    combatantId: id,
    attributes: z.tuple([attribute, attribute]),
    difficulty: small(5),
    ...testOptions.shape,
    obstacle: small(3).optional(),
    rangeSteps: small(5).optional(),
    /** assistants, each with its own attribute pair (default: the leader's) */
    assists: z.array(z.object({ combatantId: id, attributes: z.tuple([attribute, attribute]).optional() }).strict()).max(4).optional(),
    /** Momentum of the test spent at once (Obtain Information, Increase Quality …): a spend per entry */
    spends: z.array(spendRequest).max(10).optional(),
    /** 002:146 Quiet: staying hidden with a Quiet weapon gives 1 bonus Momentum */
    quietWeapon: z.string().min(1).optional(),
  }).strict(),
  /** an attack (002:13-19, J2): both tests, then the combat dice */
  attack: () => z.object({
    type: z.literal('attack'), ...base,
    attackerId: id,
    targetId: id,
    /** a weapon of the attacker's stat block by name (default: its first of `kind`) */
    weapon: z.string().min(1).optional(),
    kind: z.enum(ATTACK_KINDS).optional(),
    insultWith: z.enum(['passion', 'might']).optional(),
    defendWith: z.enum(['passion', 'might']).optional(),
    difficulty: small(5).optional(),
    defenseDifficulty: small(5).optional(),
    rangeSteps: small(5).optional(),
    obstacle: small(3).optional(),
    attacker: testOptions.optional(),
    defender: testOptions.optional(),
    narratorPaysForDraw: z.boolean().optional(),
    extraDice: small(20).optional(),
    /** minions dispatched beyond the target with extra Momentum (002:78) */
    alsoDispatch: z.array(id).max(20).optional(),
    /** 002:72: the defender of the last attack strikes back for 3 Momentum */
    counterstrike: z.boolean().optional(),
  }).strict(),
  /** any spend of the seed's Momentum, Luck and Threat tables, checked and paid (002:68-128) */
  spend: () => z.object({
    type: z.literal('spend'), ...base,
    /** who pays: a combatant, or the narrator for Threat */
    by: id,
    request: spendRequest,
    /** Second Wind: the track cleared (002:98) */
    track: z.enum(TRACKS).optional(),
  }).strict(),
  /** a recovery test (002:161-171, J6) */
  recover: () => z.object({
    type: z.literal('recover'), ...base,
    testerId: id,
    patientId: id.optional(),
    track: z.enum(TRACKS),
    mode: z.enum(['stress', 'affliction']).default('stress'),
    momentum: small(10).optional(),
    ...testOptions.shape,
  }).strict(),
  /** damage without an attack: Danger (1 Threat per die, 002:110), poison (002:152) or stress the GM enters */
  harm: () => z.object({
    type: z.literal('harm'), ...base,
    targetId: id,
    source: z.enum(['danger', 'poison', 'gm']),
    track: z.enum(TRACKS).default('injury'),
    /** combat dice to roll (danger, poison) */
    combatDice: small(20).optional(),
    /** stress entered by the GM (source gm) */
    amount: small(40).optional(),
    qualities: z.array(z.enum(QUALITIES)).optional(),
  }).strict(),
  /** 002:137: a bystander at Near range tests to evade an Explosive blast (the narrator pays 1 Threat, a player 1 Momentum) */
  blast: () => z.object({
    type: z.literal('blast'), ...base,
    bystanderId: id,
    /** the combatant who pays, or 'narrator' */
    by: id,
  }).strict(),
  /** a Movement, Spoken or Free action (002:1-9) */
  act: () => z.object({ type: z.literal('act'), ...base, combatantId: id, action: z.enum(['movement', 'spoken', 'free']), what: z.string().max(200).optional() }).strict(),
  /** 002:118, J7: the narrator pays 1 Threat and this narrator character takes the turn a player was about to take */
  seize: () => z.object({ type: z.literal('seize'), ...base, combatantId: id }).strict(),
  /** the GM's + and − on a character's Luck or saved Momentum outside a spend (never below 0; Momentum within its J1 cap) */
  adjust: () => z.object({ type: z.literal('adjust'), ...base, combatantId: id, pool: z.enum(['luck', 'momentum']), delta: z.number().int().min(-20).max(20).refine((n) => n !== 0, 'a change of 0 changes nothing') }).strict(),
  /** what the player display shows of the narrator's Threat (src-main/rules/systems/2d20/README.md: hidden unless the GM shows it) */
  playerDisplay: () => z.object({ type: z.literal('playerDisplay'), ...base, showThreat: z.boolean() }).strict(),
  /** a PC's complications bought off: 2 Threat each to the narrator (002:108, src-main/rules/systems/2d20/README.md) */
  complicationsToThreat: () => z.object({ type: z.literal('complicationsToThreat'), ...base, combatantId: id, count: z.number().int().min(1).max(5) }).strict(),
} satisfies Record<string, () => z.ZodType>)

export type CommandType = keyof typeof commandSchemas
export type Command<T extends CommandType> = z.output<(typeof commandSchemas)[T]>
