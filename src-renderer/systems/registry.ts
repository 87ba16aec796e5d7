/**
 * The only place that maps a system id to its optional renderer parts (cards, duel panel...). Everything else
 * about a system comes from main's `system:describe`; a system without a line here is still fully playable.
 */
import { computed, watch, type ComputedRef } from 'vue'
import type { Combatant } from '@shared/domain/encounter'
import type { SystemParts, SystemUi } from './types'
import type { Described } from '../stores/models/description'
import { sagaParts } from './saga'
import { starchasersParts } from './starchasers'
import { twoD20Parts } from './2d20'
import { storytellerParts } from './storyteller'
import { useSystemsStore } from '../stores/systems'

const registry: Record<string, SystemParts> = {
  saga: sagaParts,
  starchasers: starchasersParts,
  '2d20': twoD20Parts,
  storyteller: storytellerParts,
}

/** the parts of a system without any (one object: memoized rows compare it by identity) */
const NO_PARTS: SystemParts = Object.freeze({})

/** A system's optional renderer parts (the same empty object for a system without any, or none). */
export const systemParts = (id: string | null | undefined): SystemParts => registry[id ?? ''] ?? NO_PARTS

/** A combatant's weapons as the stat block lists them (`stats.weapons[].name`), by index. */
export function weaponsOf(c: Combatant) {
  const list = Array.isArray(c.stats.weapons) ? (c.stats.weapons as Array<{ name?: string }>) : []
  return list.map((w, i) => ({ value: i, name: w?.name ?? `#${i + 1}` }))
}

/** The system as the generic screens see it: its description (once loaded) plus its rich parts, if any. */
export function systemUi(id: string | null | undefined, description: Described | null | undefined): SystemUi {
  const parts = systemParts(id)
  const d = description ?? null
  return {
    id: id ?? '',
    description: d,
    initiativeModel: d?.initiative ?? 'ordered',
    card: parts.card ?? null,
    turnTrack: parts.turnTrack,
    editor: parts.editor,
    actionExtras: parts.actionExtras,
    poolsBar: parts.poolsBar,
    playerWheel: parts.playerWheel,
    actions: d?.actions ?? [],
    editorFields: parts.editorFields ?? [],
    fieldLabel: (path) => parts.fieldLabel?.(path) ?? parts.editorFields?.find((f) => f.path === path)?.label,
    template: (kind, name) => {
      const templates = d?.statBlock.templates ?? {}
      const base = templates[kind] ?? templates[d?.statBlock.kinds[0] ?? ''] ?? { kind }
      return { ...structuredClone(base), name }
    },
    weapons: weaponsOf,
    bands: Object.entries(d?.labels.bands ?? {}).map(([value, label]) => ({ value, label })),
    conditions: Object.keys(d?.labels.conditions ?? {}),
    pools: Object.keys(d?.labels.pools ?? {}),
    commandTypes: d?.commandTypes ?? [],
  }
}

/** The system of a screen (a campaign's or an encounter's), loading its description on first use. */
export function useSystem(id: () => string | null | undefined): ComputedRef<SystemUi> {
  const store = useSystemsStore()
  watch(id, (next) => void store.describe(next), { immediate: true })
  // the same object while the system and its description stay the same: a new one on every pushed view would make
  // every card of the board render again (200 cards on each next turn)
  let last: { id: string | null | undefined; description: Described | null | undefined; ui: SystemUi } | null = null
  return computed(() => {
    const i = id()
    const description = store.descriptions[i ?? '']
    if (last && last.id === i && last.description === description) return last.ui
    last = { id: i, description, ui: systemUi(i, description) }
    return last.ui
  })
}
