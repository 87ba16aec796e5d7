/**
 * Players' requests (issue 29): what players ask from their phones (end my turn, delay, ready an action, spend a
 * point), waiting for the GM, oldest first (`request:list`), kept live by `requests:changed` while a board
 * `follow`s it. Accepting one is carried out in main as the GM's own command: the board shows the result from the
 * `encounter:changed` push that follows, as after any command of the GM.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppError } from '@shared/result'
import type { GmRequestView } from '@shared/views/character-views'
import { call } from '../bridge/call'
import { followTopic } from './follow'

/** only those still waiting, oldest first */
const waiting = (list: GmRequestView[]) => list.filter((r) => r.state === 'pending').sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))

export const useRequestsStore = defineStore('requests', () => {
  const pending = shallowRef<GmRequestView[]>([])
  const error = ref<AppError | null>(null)
  /** request ids being answered (a second key press on the same one does nothing) */
  const answering = ref<Record<string, boolean>>({})
  /** the last request the GM accepted that main could not carry out (the turn moved on, the rules said no): why */
  const refused = shallowRef<GmRequestView | null>(null)

  const { follow, refresh } = followTopic('requests:changed', (list) => (pending.value = waiting(list)), () => load())

  async function load() {
    const r = await call('request:list', {})
    if (r.ok) pending.value = waiting(r.value)
    return r
  }
  /** the requests of one encounter's board (those not tied to an encounter too), oldest first */
  function forEncounter(encounterId: string | null): GmRequestView[] {
    return pending.value.filter((r) => !r.encounterId || r.encounterId === encounterId)
  }
  /** accept (main carries it out as the GM's own command) or decline; answered, it leaves the queue */
  async function answer(requestId: string, accept: boolean) {
    if (answering.value[requestId]) return null
    answering.value = { ...answering.value, [requestId]: true }
    const r = await call('request:answer', { requestId, accept })
    const { [requestId]: _done, ...rest } = answering.value
    answering.value = rest
    if (r.ok) {
      error.value = null
      refused.value = r.value.state === 'refused' ? r.value : null
      pending.value = pending.value.filter((q) => q.id !== requestId)
    } else error.value = r.error
    return r
  }
  return { pending, error, answering, refused, follow, refresh, load, forEncounter, answer }
})
