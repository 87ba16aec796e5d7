/** The open campaign's sessions (session:list / start / end), kept live by `sessions:changed`. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppError } from '@shared/result'
import type { SessionSummary } from '@shared/views/encounter-views'
import { call, listen } from '../bridge/call'

export const useSessionsStore = defineStore('sessions', () => {
  const sessions = ref<SessionSummary[]>([])
  const campaignId = ref<string | null>(null)
  const error = ref<AppError | null>(null)
  let unsub: (() => void) | null = null

  const open = computed(() => sessions.value.find((s) => s.endedAt === null) ?? null)

  async function load(id: string) {
    campaignId.value = id
    unsub?.()
    unsub = listen('sessions:changed', (p) => {
      if (p.campaignId === campaignId.value) sessions.value = p.sessions
    })
    const r = await call('session:list', { campaignId: id })
    if (r.ok) sessions.value = r.value
    else error.value = r.error
    return r
  }
  function upsert(s: SessionSummary) {
    sessions.value = sessions.value.some((x) => x.id === s.id) ? sessions.value.map((x) => (x.id === s.id ? s : x)) : [...sessions.value, s]
  }
  async function start(title: string, date: string, notes = '') {
    const r = await call('session:start', { campaignId: campaignId.value ?? '', title, date, ...(notes.trim() ? { notes: notes.trim() } : {}) })
    if (r.ok) {
      upsert(r.value)
      error.value = null
    } else error.value = r.error
    return r
  }
  /** a session end that waits for the GM's answer: encounters still run in it (carry them on, or end them) */
  const pendingEnd = ref<{ sessionId: string; running: Array<{ id: string; name: string }> } | null>(null)
  async function end(sessionId: string, encounters?: 'carry' | 'end') {
    const r = await call('session:end', { campaignId: campaignId.value ?? '', sessionId, ...(encounters ? { encounters } : {}) })
    if (r.ok) {
      upsert(r.value)
      pendingEnd.value = null
      error.value = null
    } else if (r.error.code === 'conflict' && r.error.details?.reason === 'encounters-running') {
      pendingEnd.value = { sessionId, running: (r.error.details.running as Array<{ id: string; name: string }>) ?? [] }
    } else error.value = r.error
    return r
  }
  async function rename(sessionId: string, title: string) {
    const r = await call('session:rename', { campaignId: campaignId.value ?? '', sessionId, title })
    if (r.ok) {
      upsert(r.value)
      error.value = null
    } else error.value = r.error
    return r
  }
  return { sessions, campaignId, error, open, pendingEnd, load, start, end, rename }
})
