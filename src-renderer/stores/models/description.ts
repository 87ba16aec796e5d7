/**
 * A `system:describe` answer as the renderer uses it: every action entry with its generated form fields, the
 * labels as key → i18n key, the message catalogs split into UI labels (vue-i18n) and log templates (formatLog).
 * Tolerant of the description's optional parts, so a minimal system still gets a working board.
 */
import type { CommandDescription, SystemDescription } from '@shared/views/system-views'
import type { InitiativeModel } from '@shared/domain/encounter'
import { formOf, type FormField } from './schema-form'

type Catalog = Record<string, string>
type Catalogs = { en: Catalog; pl: Catalog }

/** A command entry may carry its own id (two entries of one command type) and constant fields. */
export type CommandEntryDescription = CommandDescription & { id?: string; fixed?: Record<string, unknown> }

export interface ActionEntry {
  /** unique in the panel (default: the command type); the test ids use it */
  id: string
  command: CommandEntryDescription
  fields: FormField[]
  fixed: Record<string, unknown>
}

export interface Described {
  id: string
  name: string
  initiative: InitiativeModel
  actions: ActionEntry[]
  /** every command type the description lists, for the JSON command box */
  commandTypes: string[]
  /** key → i18n key of its label ('' when the description gives none) */
  labels: { pools: Record<string, string>; bands: Record<string, string>; conditions: Record<string, string> }
  statBlock: SystemDescription['statBlock']
  ui: Catalogs
  log: Catalogs
}

const INITIATIVE: Record<string, InitiativeModel> = { ordered: 'ordered', sides: 'sides', ticks: 'ticks', alternating: 'alternating' }

function labelMap(v: unknown): Record<string, string> {
  if (Array.isArray(v)) return Object.fromEntries(v.map((k) => [String(k), '']))
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, l]) => [k, typeof l === 'string' ? l : '']))
  return {}
}

const pick = (x: Partial<Catalogs> | undefined): Catalogs => ({ en: x?.en ?? {}, pl: x?.pl ?? {} })

export function normalizeDescription(d: SystemDescription): Described {
  const commands = (d.commands ?? []) as CommandEntryDescription[]
  const keys = (d as { labelKeys?: Partial<Described['labels']> }).labelKeys ?? {}
  // the label keys (key → i18n key) where the description gives them, else the bare keys
  const labels = (kind: keyof Described['labels']) => ({ ...labelMap(d.labels?.[kind]), ...labelMap(keys[kind]) })
  return {
    id: d.id,
    name: d.name,
    initiative: INITIATIVE[d.initiative] ?? 'ordered',
    actions: commands.map((c) => ({ id: c.id ?? c.type, command: c, fields: formOf(c), fixed: c.fixed ?? {} })),
    commandTypes: [...new Set(commands.map((c) => c.type))],
    labels: { pools: labels('pools'), bands: labels('bands'), conditions: labels('conditions') },
    statBlock: d.statBlock ?? { schema: {}, kinds: [], templates: {} },
    ui: pick(d.catalogs),
    log: pick((d as { logCatalogs?: Partial<Catalogs> }).logCatalogs),
  }
}
