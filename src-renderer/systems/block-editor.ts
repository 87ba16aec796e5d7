/**
 * What a system's whole stat block editor (the `editor` part, types.ts) needs from the generic editor screen: the
 * props and events of that contract, and the helpers every form repeats (set or read a dotted path, main's error for
 * a field, a field's refused state, select options from catalog keys), plus the generic kind select kept in the
 * block's own `kind`. Used by the 2d20 and Storyteller editors.
 */
import { watch } from 'vue'
import type { StatBlockKind } from '@shared/domain/campaign'
import type { JsonSchema } from '@shared/views/system-views'
import type { AppError } from '@shared/result'
import { getPath, setPath } from '../components/forms/paths'

export interface BlockEditorProps {
  data: Record<string, unknown>
  kind: StatBlockKind
  errorPath?: string | null
  schema?: JsonSchema | null
  serverError?: AppError | null
}
export type BlockEditorEmit = {
  (e: 'update:data', data: Record<string, unknown>): void
  (e: 'invalid', path: string, bad: boolean): void
}

export function useBlockEditor(props: BlockEditorProps, emit: BlockEditorEmit, t: (key: string) => string, toKind: (d: Record<string, unknown>, kind: StatBlockKind) => Record<string, unknown>) {
  // the generic form's kind select (pc, npc, ally) is the block's own kind
  watch(
    () => props.kind,
    (k) => {
      if (props.data.kind !== k) emit('update:data', toKind(props.data, k))
    },
    { immediate: true },
  )
  return {
    set: (path: string, v: unknown) => emit('update:data', setPath(props.data, path, v)),
    get: (path: string) => getPath(props.data, path),
    /** main's refusal, at the field it names */
    err: (path: string) => (props.errorPath === path ? (props.serverError ?? null) : null),
    bad: (path: string, b: boolean) => emit('invalid', path, b),
    opts: (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
  }
}
