/** App-wide UI state: the current screen, the open campaign/encounter, the language, help overlay. */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type Screen = 'home' | 'overview' | 'library' | 'prep' | 'board' | 'sessions'

export const useUiStore = defineStore('ui', () => {
  const screen = ref<Screen>('home')
  const campaignId = ref<string | null>(null)
  const encounterId = ref<string | null>(null)
  const helpOpen = ref(false)
  /** the open board's command shortcuts (from its system's description), for the help overlay */
  const commandShortcuts = ref<Array<{ key: string; label: string; id: string }>>([])
  /** the action panel shows advanced commands and fields, override and the JSON command box */
  const advancedActions = ref(false)
  /** the command the action panel is preparing (no dice), for a system's preview of it (the tick wheel's Speed) */
  const draftCommand = ref<Record<string, unknown> | null>(null)

  function go(next: Screen, opts: { campaignId?: string | null; encounterId?: string | null } = {}) {
    if (opts.campaignId !== undefined) campaignId.value = opts.campaignId
    if (opts.encounterId !== undefined) encounterId.value = opts.encounterId
    screen.value = next
  }
  return { screen, campaignId, encounterId, helpOpen, commandShortcuts, advancedActions, draftCommand, go }
})
