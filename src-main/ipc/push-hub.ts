/**
 * Push hub: windows (Electron) and sockets (browser mode) subscribe to topics allowed for their role
 * (PUSH_ROLES); services publish view models to every subscriber of a topic.
 */
import { isPushTopic, PUSH_ROLES, type PushContract, type PushTopic, type Role } from '@shared/ipc/contract'
import { err, ok, type Result } from '@shared/result'
import type { Logger } from './log'

export interface PushSubscriber {
  /** unique per window / socket */
  id: string
  role: Role
  /** role `character`: the link it came with (issue 29); a scoped topic goes to each link its own payload */
  scope?: string
  send(topic: PushTopic, payload: unknown): void
}

export interface PushHub {
  subscribe(subscriber: PushSubscriber, topic: unknown): Result<{ topic: PushTopic }>
  unsubscribe(subscriberId: string, topic: unknown): Result<{ topic: PushTopic }>
  /** drops every subscription of a closed window / socket */
  remove(subscriberId: string): void
  publish<T extends PushTopic>(topic: T, payload: PushContract[T]): void
  /** to the subscribers of `topic` with this scope only (a phone's own character view) */
  publishTo<T extends PushTopic>(topic: T, scope: string, payload: PushContract[T]): void
  /** the scopes subscribed to `topic` now, with how many subscribers each */
  scopes(topic: PushTopic): Map<string, number>
  subscriberCount(topic: PushTopic): number
}

/** topics whose payload differs per link: sent with `publishTo` only */
const SCOPED_TOPICS: ReadonlySet<PushTopic> = new Set<PushTopic>(['character:view'])

export function createPushHub(log: Logger): PushHub {
  const byTopic = new Map<PushTopic, Map<string, PushSubscriber>>()
  const clip = (s: unknown) => JSON.stringify(String(s)).slice(0, 80)
  return {
    subscribe(subscriber, topic) {
      if (!isPushTopic(topic)) {
        log.warn(`push: refused unknown topic ${clip(topic)} from ${subscriber.role} ${subscriber.id}`)
        return err('unknown-channel', `unknown topic ${clip(topic)}`, 'topic')
      }
      if (!PUSH_ROLES[topic].includes(subscriber.role)) {
        log.warn(`push: refused topic ${topic} for role ${subscriber.role} (${subscriber.id})`)
        return err('forbidden', `${topic} is not available to the ${subscriber.role} window`, 'topic')
      }
      let subs = byTopic.get(topic)
      if (!subs) byTopic.set(topic, (subs = new Map()))
      subs.set(subscriber.id, subscriber)
      return ok({ topic })
    },
    unsubscribe(subscriberId, topic) {
      if (!isPushTopic(topic)) return err('unknown-channel', `unknown topic ${clip(topic)}`, 'topic')
      byTopic.get(topic)?.delete(subscriberId)
      return ok({ topic })
    },
    remove(subscriberId) {
      for (const subs of byTopic.values()) subs.delete(subscriberId)
    },
    publish(topic, payload) {
      // a phone's own view goes to its link only: never to every phone
      if (SCOPED_TOPICS.has(topic)) return log.warn(`push: ${topic} is sent per link (publishTo), not to all`)
      send(topic, payload, undefined)
    },
    publishTo(topic, scope, payload) {
      send(topic, payload, scope)
    },
    scopes(topic) {
      const out = new Map<string, number>()
      for (const sub of byTopic.get(topic)?.values() ?? []) if (sub.scope !== undefined) out.set(sub.scope, (out.get(sub.scope) ?? 0) + 1)
      return out
    },
    subscriberCount: (topic) => byTopic.get(topic)?.size ?? 0,
  }
  function send(topic: PushTopic, payload: unknown, scope: string | undefined): void {
    const subs = byTopic.get(topic)
    if (!subs) return
    for (const sub of [...subs.values()]) {
      if (scope !== undefined && sub.scope !== scope) continue
      // defence in depth: a subscription can only exist for an allowed role, but never send past PUSH_ROLES
      if (!PUSH_ROLES[topic].includes(sub.role)) continue
      try {
        sub.send(topic, payload)
      } catch (e) {
        log.warn(`push: dropping subscriber ${sub.id} after a failed send: ${e instanceof Error ? e.message : String(e)}`)
        subs.delete(sub.id)
      }
    }
  }
}
