/**
 * Remembered window bounds, the chosen player display (its id, and its bounds and label to find the same monitor
 * when ids change) and the GM's theme choice, in `<userData>/window-state.json` (bad file → ignored).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

const rect = z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite(), height: z.number().finite() })
const stateSchema = z.object({
  console: rect.optional(),
  board: rect.optional(),
  player: z
    .object({
      displayId: z.number().int().optional(),
      display: z.object({ bounds: rect.optional(), label: z.string().max(200).optional() }).optional(),
      bounds: rect.optional(),
    })
    .optional(),
  /** absent or 'system': follow the OS */
  theme: z.enum(['system', 'light', 'dark']).optional(),
})
export type WindowState = z.infer<typeof stateSchema>

export interface WindowStateStore {
  get(): WindowState
  update(patch: (state: WindowState) => WindowState): void
}

export function memoryWindowState(initial: WindowState = {}): WindowStateStore {
  let state = initial
  return { get: () => state, update: (patch) => void (state = patch(state)) }
}

export function fileWindowState(path: string): WindowStateStore {
  let state: WindowState = {}
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    if (parsed.success) state = parsed.data
  } catch {
    // missing or unreadable: start with defaults
  }
  return {
    get: () => state,
    update(patch) {
      state = patch(state)
      try {
        writeFileSync(`${path}.tmp`, JSON.stringify(state, null, 2))
        renameSync(`${path}.tmp`, path)
      } catch {
        // remembering bounds is a convenience; never fail a window over it
      }
    },
  }
}
