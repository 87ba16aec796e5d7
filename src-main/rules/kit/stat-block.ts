/** What every system's `createCombatant` does: validate the stat block (naming the bad field), then build. */
import type { z } from 'zod'
import type { Combatant } from '@shared/domain/encounter'
import { err, ok, type Result } from '@shared/result'
import { firstIssue } from '@shared/zod-issue'

export function combatantFromStatBlock<S extends z.ZodType>(
  schema: S,
  input: unknown,
  build: (sb: z.output<S>) => { state: object; role: Combatant['role']; initiativeModifier: number },
): Result<Pick<Combatant, 'stats' | 'state' | 'role' | 'initiative'>> {
  const p = schema.safeParse(input)
  if (!p.success) {
    const { field, message, issue } = firstIssue(p.error)
    // the issue as data: a screen says it at the field in the reader's language (issue 27, defect 9)
    return err('invalid', `${field || 'statBlock'}: ${message}`, field || undefined, { issue })
  }
  const sb = p.data
  const { state, role, initiativeModifier } = build(sb)
  return ok({
    stats: sb as Record<string, unknown>,
    state: state as Record<string, unknown>,
    role,
    initiative: { value: null, modifier: initiativeModifier },
  })
}

/** The role of a stat block's `kind` where the kinds are `pc`, `ally` and the rest NPCs (Starchasers, 2d20). */
export const roleOfKind = (kind: string): Combatant['role'] => (kind === 'pc' ? 'pc' : kind === 'ally' ? 'ally' : 'npc')
