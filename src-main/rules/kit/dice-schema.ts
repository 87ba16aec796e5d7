/**
 * Dice notation in a stat block (`3d8`, `2d6+1`, `d20`), checked at save with the engine's own parser (dice.ts), so
 * a block that saves is one whose dice roll at the table (issue 27: "3x6" saved, then its NPC could not attack).
 * The issue carries `params.format: 'dice'`: the renderer says it as a sentence ("… must be dice, such as 3d6").
 */
import { z } from 'zod'
import { parseDiceCached } from './dice'

export const DICE_FORMAT = 'dice'

/** a dice string: `min`..`max` characters that parse as dice notation (a refinement whose message is the parser's:
 *  zod's `refine` with an error function costs a stat block's check far less than a `superRefine` per weapon) */
export function diceNotation(max = 40) {
  return z
    .string()
    .min(1)
    .max(max)
    .refine((s) => s.trim() === '' || parseDiceCached(s).ok, {
      error: (issue) => {
        const p = typeof issue.input === 'string' ? parseDiceCached(issue.input) : null
        return p && !p.ok ? p.error.message : undefined
      },
      params: { format: DICE_FORMAT },
    })
}
