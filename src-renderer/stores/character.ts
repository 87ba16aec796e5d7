/**
 * A player's own character on their phone (issue 29): the view main builds for this character's link only
 * (`character:view`, pushed on every change), the requests the player sends (`character:request`) and the odds of
 * their own attack (`character:odds`, when the GM allows it). The public board is the player store's, as on the TV.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { CharacterRequestView, CharacterView } from '@shared/views/character-views'
import type { OddsView } from '@shared/views/encounter-views'
import type { RequestKind } from '@shared/domain/table'
import type { AppError, Result } from '@shared/result'
import { call, listen } from '../bridge/call'
import { reconcile } from './reconcile'
import { immediate, type PushSchedule } from './push-schedule'

export interface RequestExtra {
  resource?: string
  trigger?: string
}

export const useCharacterStore = defineStore('character', () => {
  // replaced on every push, its unchanged parts keep their identity (reconcile, as the player store's board): main
  // pushes the whole view after every action, and a next turn elsewhere then re-renders neither the character card
  // nor the request panel (the phone bench, issue 29)
  const view = shallowRef<CharacterView | null>(null)
  const error = ref<AppError | null>(null)
  /** the kind of the request on its way to main (its button waits) */
  const sending = ref<RequestKind | null>(null)
  /** a request main did not take at all (a broken connection, a malformed one): said under the buttons */
  const requestError = ref<AppError | null>(null)
  const odds = shallowRef<OddsView | null>(null)
  const oddsTarget = ref<string | null>(null)
  const oddsError = ref<AppError | null>(null)
  let unsub: (() => void) | null = null
  let oddsSeq = 0
  // the pushes' schedule (the phone page applies both its stores' pushes in one frame); `subs` tells a push queued
  // under an older subscription (stopped, revoked) not to apply
  let schedule: PushSchedule = immediate
  let subs = 0

  function start(when: PushSchedule = immediate) {
    unsub?.()
    schedule = when
    const sub = ++subs
    unsub = listen('character:view', (v) => when(() => {
      if (sub === subs) view.value = reconcile(view.value, v)
    }))
  }
  function stop() {
    unsub?.()
    unsub = null
    subs++
  }
  async function load() {
    const r = await call('character:view', {})
    // pushes that came before this answer are older than it
    schedule.flush()
    if (r.ok) {
      view.value = reconcile(view.value, r.value)
      error.value = null
    } else error.value = r.error
    return r
  }

  /** the request as main answered it, shown at once (the view's push follows with the same request) */
  function remember(req: CharacterRequestView) {
    schedule.flush()
    const v = view.value
    if (!v) return
    view.value = { ...v, requests: [req, ...v.requests.filter((q) => q.id !== req.id)] }
  }

  async function request(kind: RequestKind, extra: RequestExtra = {}): Promise<Result<CharacterRequestView>> {
    sending.value = kind
    requestError.value = null
    const body: { kind: RequestKind; resource?: string; trigger?: string } = { kind }
    if (extra.resource) body.resource = extra.resource
    if (extra.trigger?.trim()) body.trigger = extra.trigger.trim()
    const r = await call('character:request', body)
    sending.value = null
    if (r.ok) remember(r.value)
    else requestError.value = r.error
    return r
  }

  /** the odds of the character's own attack on a combatant of the public board; null: no target */
  async function loadOdds(targetId: string | null) {
    const seq = ++oddsSeq
    oddsTarget.value = targetId
    oddsError.value = null
    if (!targetId) {
      odds.value = null
      return null
    }
    const r = await call('character:odds', { targetId })
    // a newer pick answered first: this answer is of another target
    if (seq !== oddsSeq) return r
    if (r.ok) odds.value = r.value
    else {
      odds.value = null
      oddsError.value = r.error
    }
    return r
  }

  /** a revoked link: nothing of the character stays (the screen shows only that the link was revoked) */
  function clear() {
    stop()
    oddsSeq++
    view.value = null
    error.value = null
    requestError.value = null
    sending.value = null
    odds.value = null
    oddsTarget.value = null
    oddsError.value = null
  }

  return { view, error, sending, requestError, odds, oddsTarget, oddsError, start, stop, load, request, loadOdds, clear }
})
