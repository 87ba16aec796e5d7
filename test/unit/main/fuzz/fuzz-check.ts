/**
 * The checks every fuzzed message goes through, whatever the transport: an answer that is a Result; the player
 * role, a phone (character, issue 29) and a caller without a role reach no GM channel or topic; a refused request
 * changes nothing on disk or in the views; a phone changes something only through an accepted request, never one for
 * another character.
 */
import { expect } from 'vitest'
import { invokeContract, isChannel, isPushTopic, PUSH_ROLES } from '@shared/ipc/contract'
import { diskSignature, viewsSignature, type FuzzWorld, type Message } from './fuzz-world'

type Answer = { ok: boolean; error?: { code: string; message: string } }

const show = (m: Message) => JSON.stringify(m).slice(0, 400)

/** the state a refused request must leave alone */
export const stateOf = async (w: FuzzWorld): Promise<string> => `${diskSignature(w.dir)}\n${await viewsSignature(w)}`

/**
 * Checks the answers of a stream of messages: each is a Result, never `internal`. The state is taken around every GM message (a GM request may
 * change it when it is accepted, never when it is refused). Player and role-less messages may never change
 * anything, accepted or not: the state is compared at the next GM message (and at the end) with the one after
 * the last GM message, and a difference names the messages sent in between.
 * A phone's message (issue 29) is checked as a GM's is, the state around it: only an accepted `character:request`
 * may change it (a request the GM lets through by itself, `table:set` requests auto), and a request naming a
 * character not the phone's own (`phoneOf`, its link's; none: no link) is refused.
 */
export function answerChecker(w: FuzzWorld, phoneOf: { characterId?: string } = {}) {
  const tally: Record<string, number> = {}
  let state = ''
  let since: Message[] = []
  const settle = async () => {
    const now = await stateOf(w)
    if (state) expect(now, `state changed by player or role-less messages: ${since.map(show).join('\n')}`).toBe(state)
    state = now
    since = []
  }
  return {
    tally,
    start: settle,
    finish: settle,
    async before(m: Message): Promise<void> {
      if ((m.who === 'gm' || m.who === 'character') && since.length) await settle()
    },
    async after(m: Message, answer: unknown): Promise<void> {
      const a = answer as Answer
      expect(a && typeof a === 'object' && typeof a.ok === 'boolean', `a Result for ${show(m)}: ${JSON.stringify(answer)?.slice(0, 200)}`).toBe(true)
      if (!a.ok) expect(typeof a.error?.code === 'string' && typeof a.error?.message === 'string', `an error with code and message for ${show(m)}`).toBe(true)
      const key = `${m.who}:${a.ok ? 'ok' : a.error!.code}`
      tally[key] = (tally[key] ?? 0) + 1
      // `internal` is a handler that threw or a channel not served: a refusal must say what is wrong instead
      expect(a.error?.code, `not an internal error: ${a.error?.message.slice(0, 200)} for ${show(m)}`).not.toBe('internal')
      if (m.who === 'none') expect(a.error?.code, `no role: refused ${show(m)}`).toBe('forbidden')
      if (m.who === 'player' || m.who === 'character') {
        const role = m.who
        // refused for the role; over the WebSocket a frame without a payload is refused before (invalid, field payload)
        const frameRefused = a.error?.code === 'invalid' && (a.error as { field?: string }).field === 'payload' && m.kind === 'invoke' && m.invoke.payload === undefined
        if (m.kind === 'invoke' && isChannel(m.invoke.channel) && !invokeContract[m.invoke.channel].roles.includes(role) && !frameRefused) expect(a.error?.code, `${role} refused ${show(m)}`).toBe('forbidden')
        if (m.kind === 'subscribe' && isPushTopic(m.topic) && !PUSH_ROLES[m.topic].includes(role)) expect(a.error?.code, `${role} refused ${show(m)}`).toBe('forbidden')
      }
      if (m.who !== 'gm' && m.who !== 'character') {
        since.push(m)
        return
      }
      const after = await stateOf(w)
      if (!a.ok) expect(after, `a refused request (${a.error?.code}: ${a.error?.message.slice(0, 160)}) changed nothing: ${show(m)}`).toBe(state)
      if (m.who === 'character') {
        const request = m.kind === 'invoke' && m.invoke.channel === 'character:request'
        if (!(a.ok && request)) expect(after, `a phone changed something without an accepted request: ${show(m)}`).toBe(state)
        const named = request ? (m.invoke.payload as { characterId?: unknown } | null)?.characterId : undefined
        if (a.ok && request) expect(named === undefined || named === phoneOf.characterId, `a phone's request for another character is refused: ${show(m)}`).toBe(true)
        if (a.ok && request) tally['character:request-accepted'] = (tally['character:request-accepted'] ?? 0) + 1
      }
      state = after
    },
  }
}

/** unhandled rejections and uncaught exceptions while the fuzz runs */
export function watchProcess(): { problems: string[]; stop(): void } {
  const problems: string[] = []
  const onRejection = (e: unknown) => void problems.push(`unhandledRejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  const onException = (e: unknown) => void problems.push(`uncaughtException: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return {
    problems,
    stop() {
      process.off('unhandledRejection', onRejection)
      process.off('uncaughtException', onException)
    },
  }
}
