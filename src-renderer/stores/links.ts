/**
 * Players' phones (issue 29): the open campaign's player links, one per character, and where phones can reach the
 * app (`links:list`), kept live by `links:changed` while someone `follow`s it (the link dialog, the console's button
 * counting the phones connected).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppError } from '@shared/result'
import type { CharacterLinksView, CharacterLinkView, LinkReach } from '@shared/views/character-views'
import { call } from '../bridge/call'
import { followTopic } from './follow'

export const useLinksStore = defineStore('links', () => {
  const links = shallowRef<CharacterLinkView[]>([])
  const reach = ref<LinkReach | null>(null)
  const error = ref<AppError | null>(null)
  /** the link ids (or `char:<id>` while making one) a call is under way for */
  const busy = ref<Record<string, boolean>>({})

  function set(v: CharacterLinksView) {
    links.value = v.links
    reach.value = v.reach
  }
  /** a character's link (its newest, should main ever hold two) */
  const byCharacter = computed(() => {
    const m = new Map<string, CharacterLinkView>()
    for (const l of links.value) {
      const had = m.get(l.characterId)
      if (!had || had.createdAt < l.createdAt) m.set(l.characterId, l)
    }
    return m
  })
  /** phones connected now, over every link */
  const connected = computed(() => links.value.reduce((n, l) => n + l.connected, 0))

  const { follow, refresh } = followTopic('links:changed', set, () => load())

  async function load() {
    const r = await call('links:list', {})
    if (r.ok) {
      set(r.value)
      error.value = null
    } else error.value = r.error
    return r
  }
  async function run<T>(key: string, f: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>) {
    busy.value = { ...busy.value, [key]: true }
    const r = await f()
    const { [key]: _done, ...rest } = busy.value
    busy.value = rest
    error.value = r.ok ? null : r.error
    return r
  }
  /** a new link for a character: listed at once (the push that follows lists it too) */
  async function make(characterId: string) {
    const r = await run(`char:${characterId}`, () => call('links:make', { characterId }))
    if (r.ok) links.value = [...links.value.filter((l) => l.id !== r.value.id), r.value]
    return r
  }
  /** the link stops working at once (its phones are told it was revoked) */
  async function revoke(linkId: string) {
    const r = await run(linkId, () => call('links:revoke', { linkId }))
    if (r.ok) set(r.value)
    return r
  }
  /** listen on the network too (the LAN address), or on this computer only */
  async function setLan(lan: boolean) {
    const r = await run('reach', () => call('links:reach', { lan }))
    if (r.ok) set(r.value)
    return r
  }
  return { links, reach, error, busy, byCharacter, connected, follow, refresh, load, make, revoke, setLan }
})
