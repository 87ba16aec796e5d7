/** Keyboard shortcuts for everything done mid-fight; the help overlay lists SHORTCUTS. */
import { onBeforeUnmount, onMounted } from 'vue'

export type ShortcutAction = 'next' | 'undo' | 'redo' | 'attack' | 'damage' | 'heal' | 'condition' | 'search' | 'help' | 'close' | 'prevTarget' | 'nextTarget'

/** shown in the help overlay, in this order */
export const SHORTCUTS: Array<{ action: ShortcutAction; keys: string[]; label: string }> = [
  { action: 'next', keys: ['N'], label: 'help.next' },
  { action: 'undo', keys: ['Ctrl', 'Z'], label: 'help.undo' },
  { action: 'redo', keys: ['Ctrl', 'Shift', 'Z'], label: 'help.redo' },
  { action: 'attack', keys: ['A'], label: 'help.attack' },
  { action: 'damage', keys: ['D'], label: 'help.damage' },
  { action: 'heal', keys: ['H'], label: 'help.heal' },
  { action: 'condition', keys: ['C'], label: 'help.condition' },
  { action: 'prevTarget', keys: ['[', ']'], label: 'help.prevTarget' },
  { action: 'search', keys: ['/'], label: 'help.search' },
  { action: 'help', keys: ['?'], label: 'help.help' },
  { action: 'close', keys: ['Esc'], label: 'help.close' },
]

const typing = (t: EventTarget | null) => {
  const el = t as HTMLElement | null
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
}

/** Which action a key press means, or null (typing in a field only lets Escape through). */
export function actionOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>): ShortcutAction | null {
  if (e.key === 'Escape') return 'close'
  if (typing(e.target)) return null
  const mod = e.ctrlKey || e.metaKey
  const k = e.key.toLowerCase()
  if (mod && k === 'z') return e.shiftKey ? 'redo' : 'undo'
  if (mod && k === 'y') return 'redo'
  if (mod || e.altKey) return null
  switch (e.key) {
    case 'n': case 'N': return 'next'
    case 'a': case 'A': return 'attack'
    case 'd': case 'D': return 'damage'
    case 'h': case 'H': return 'heal'
    case 'c': case 'C': return 'condition'
    case '/': return 'search'
    case '?': return 'help'
    case '[': return 'prevTarget'
    case ']': return 'nextTarget'
    default: return null
  }
}

export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>) {
  const onKey = (e: KeyboardEvent) => {
    const a = actionOf(e)
    const h = a ? handlers[a] : undefined
    if (!h) return
    e.preventDefault()
    h()
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))
}
