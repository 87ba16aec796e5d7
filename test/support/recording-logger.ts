import type { Logger } from '../../src-main/ipc/log'

/** A logger that keeps what it was told, so tests can check that refusals are logged. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (m) => void lines.push(`info ${m}`),
    warn: (m) => void lines.push(`warn ${m}`),
    error: (m) => void lines.push(`error ${m}`),
  }
}
