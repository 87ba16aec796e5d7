/**
 * Keyboard shortcuts for everything done mid-fight; the help overlay lists SHORTCUTS plus the open system's
 * command shortcuts (a single letter each, from `system:describe`: e.g. A attack, D damage, H heal, C condition).
 */
import { onBeforeUnmount, onMounted } from 'vue'

export type ShortcutAction = 'next' | 'undo' | 'redo' | 'command' | 'search' | 'help' | 'close' | 'prevTarget' | 'nextTarget' | 'prevActor' | 'nextActor' | 'submit' | 'damage' | 'heal' | 'accept' | 'decline'

/** shown in the help overlay, in this order */
export const SHORTCUTS: Array<{ action: ShortcutAction; keys: string[]; label: string }> = [
  { action: 'next', keys: ['N'], label: 'help.next' },
  { action: 'undo', keys: ['Ctrl', 'Z'], label: 'help.undo' },
  { action: 'redo', keys: ['Ctrl', 'Shift', 'Z'], label: 'help.redo' },
  { action: 'prevTarget', keys: ['[', ']'], label: 'help.prevTarget' },
  { action: 'prevActor', keys: ['{', '}'], label: 'help.prevActor' },
  { action: 'submit', keys: ['Enter'], label: 'help.submit' },
  { action: 'damage', keys: ['-'], label: 'help.quickDamage' },
  { action: 'heal', keys: ['+'], label: 'help.quickHeal' },
  { action: 'accept', keys: ['Y'], label: 'help.acceptRequest' },
  { action: 'decline', keys: ['Shift', 'Y'], label: 'help.declineRequest' },
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
    case '/': return 'search'
    case '?': return 'help'
    case '[': return 'prevTarget'
    case ']': return 'nextTarget'
    case '{': return 'prevActor'
    case '}': return 'nextActor'
    case 'Enter': return (e.target as HTMLElement | null)?.tagName === 'BUTTON' ? null : 'submit'
    case '-': return 'damage'
    case '+': return 'heal'
    // issue 29: a player's request, the oldest waiting (no system's command is on Y)
    case 'y': return 'accept'
    case 'Y': return e.shiftKey ? 'decline' : 'accept'
    default: return /^[a-z]$/i.test(e.key) ? 'command' : null
  }
}

type Handlers = Partial<Record<Exclude<ShortcutAction, 'command'>, () => void>> & {
  /** a letter that may be a command's shortcut: true when it was one */
  command?: (key: string) => boolean
}

export function useShortcuts(handlers: Handlers) {
  const onKey = (e: KeyboardEvent) => {
    const a = actionOf(e)
    if (a === 'command') {
      if (handlers.command?.(e.key.toLowerCase())) e.preventDefault()
      return
    }
    const h = a ? handlers[a] : undefined
    if (!h) return
    e.preventDefault()
    h()
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))
}
