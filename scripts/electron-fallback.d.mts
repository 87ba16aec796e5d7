/** Types of scripts/electron-fallback.mjs (why `npm start` fell back to browser mode, in plain words; issue 27). */
type SpawnError = { message?: string; code?: string } | null
/** why require('electron') gave no binary */
export function probeProblem(opts?: { stderr?: string; error?: SpawnError }): string
/** why the launched Electron app stopped right away */
export function launchProblem(opts?: { stderr?: string; code?: number | null; error?: SpawnError }): string
/** the one line printed before browser mode starts */
export function fallbackLine(reason: string): string
