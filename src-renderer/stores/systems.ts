/**
 * The rule systems as main describes them: `system:list` (names, for the new-campaign form) and
 * `system:describe` (command schemas + UI hints, labels, stat block templates, the system's message catalogs),
 * loaded once per system. A description's catalogs are handed to vue-i18n (src-renderer/i18n listens: stores know
 * no screen) and its log templates registered with the shared formatLog, so generic screens never carry a system's
 * words.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Result } from '@shared/result'
import type { SystemDescription, SystemSummary } from '@shared/views/system-views'
import { registerLogMessages } from '@shared/i18n/format-log'
import { call } from '../bridge/call'
import { normalizeDescription, type Described } from './models/description'

const LAST_SYSTEM_KEY = 'gmc.lastSystem'

type LooseCall = (channel: string, request: unknown) => Promise<Result<unknown>>
const callLoose = call as unknown as LooseCall

/** where a system's UI catalogs go once described: src-renderer/i18n merges them into the running vue-i18n */
const catalogSinks = new Set<(catalogs: Described['ui']) => void>()
export function onSystemCatalogs(sink: (catalogs: Described['ui']) => void): () => void {
  catalogSinks.add(sink)
  return () => catalogSinks.delete(sink)
}

export const useSystemsStore = defineStore('systems', () => {
  const list = ref<SystemSummary[]>([])
  // replaced, never mutated
  const descriptions = shallowRef<Record<string, Described>>({})
  const errors = ref<Record<string, string>>({})
  const pending = new Map<string, Promise<Described | null>>()

  async function loadList(): Promise<SystemSummary[]> {
    const r = await callLoose('system:list', {})
    if (r.ok) list.value = r.value as SystemSummary[]
    return list.value
  }

  /** The description of one system (cached; concurrent callers share one request). */
  function describe(systemId: string | null | undefined): Promise<Described | null> {
    if (!systemId) return Promise.resolve(null)
    const have = descriptions.value[systemId]
    if (have) return Promise.resolve(have)
    const inFlight = pending.get(systemId)
    if (inFlight) return inFlight
    const p = (async () => {
      const r = await callLoose('system:describe', { systemId })
      pending.delete(systemId)
      if (!r.ok) {
        errors.value = { ...errors.value, [systemId]: r.error.message }
        return null
      }
      const d = normalizeDescription(r.value as SystemDescription)
      for (const sink of [...catalogSinks]) sink(d.ui)
      registerLogMessages(d.log)
      descriptions.value = { ...descriptions.value, [systemId]: d }
      return d
    })()
    pending.set(systemId, p)
    return p
  }

  /**
   * Every system's description, asked for when a window boots (src-renderer/core/boot.ts): each system's log
   * templates are registered before anything draws a log line, whatever the window shows first. A line drawn before
   * its system's templates arrived keeps the raw fallback (`Hit (attacker: …)`: the log pane memoizes its rows).
   */
  async function describeAll(): Promise<void> {
    // every window, the player display too, lists what main has registered (`system:list` is open to players)
    const ids = (await loadList()).filter((s) => (s as { implemented?: boolean }).implemented !== false).map((s) => s.id)
    await Promise.all(ids.map((id) => describe(id)))
  }

  /** a stat block laid out as the system's book prints it (`system:card`, built in main, in that language) */
  const card = (systemId: string, statBlock: unknown, lang: 'en' | 'pl') => callLoose('system:card', { systemId, statBlock, lang })

  /** The system a new campaign starts with: the GM's last choice, else the first implemented one. */
  function defaultSystem(): string {
    let last: string | null = null
    try {
      last = globalThis.localStorage?.getItem(LAST_SYSTEM_KEY) ?? null
    } catch {
      /* storage may be unavailable */
    }
    const usable = list.value.filter((s) => (s as { implemented?: boolean }).implemented !== false)
    return usable.find((s) => s.id === last)?.id ?? usable[0]?.id ?? ''
  }
  function rememberSystem(id: string) {
    try {
      globalThis.localStorage?.setItem(LAST_SYSTEM_KEY, id)
    } catch {
      /* ignore */
    }
  }

  return { list, descriptions, errors, loadList, describe, describeAll, card, defaultSystem, rememberSystem }
})
