/** Dotted-path helpers for stat block data (form fields and IPC error fields share the path). */
export function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj)
}

/** a copy with the value at the dotted path (`undefined` removes the key); lists along the path stay lists */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.')
  const out: Record<string, unknown> = { ...obj }
  let cur: Record<string, unknown> = out
  keys.forEach((k, i) => {
    if (i === keys.length - 1) {
      if (value === undefined) delete cur[k]
      else cur[k] = value
    } else {
      const v = cur[k]
      const next = Array.isArray(v) ? [...v] : v && typeof v === 'object' ? { ...(v as Record<string, unknown>) } : /^\d+$/.test(keys[i + 1]) ? [] : {}
      cur[k] = next
      cur = next as Record<string, unknown>
    }
  })
  return out
}

/** `record.data.hp` / `data.hp` / `hp` → the path inside the stat block data; `record.name` → `@name`. */
export function dataPathOfError(field: string | undefined): string | null {
  if (!field) return null
  const parts = field.split('.')
  if (parts[0] === 'record') parts.shift()
  if (parts[0] === 'data') return parts.slice(1).join('.')
  if (parts.length === 1 && ['name', 'kind', 'tags'].includes(parts[0])) return `@${parts[0]}`
  return parts.join('.')
}
