/**
 * What a rule system brings to the renderer (src-renderer/systems/<id>/): its stat block editor fields and
 * templates, its combatant card, its action panel entries and its turn track. Everything else is generic.
 */
import type { Component } from 'vue'
import type { Combatant, EngineCommand, InitiativeModel } from '@shared/domain/encounter'
import type { StatBlockKind } from '@shared/domain/campaign'
import type { SystemId } from '@shared/domain/systems'

/** One input of an action form. `combatant` fields list the encounter's combatants; `weapon` lists the actor's weapons. */
export interface ActionField {
  name: string
  kind: 'combatant' | 'weapon' | 'number' | 'text' | 'select' | 'bool' | 'condition'
  /** i18n key of the label */
  label: string
  /** select: values, with optional i18n label keys */
  options?: Array<{ value: string | number; label: string }>
  optional?: boolean
  default?: string | number | boolean
  /** the field holds the current combatant's id by default */
  actor?: boolean
  min?: number
  max?: number
}

/** One entry of the action panel: a command type and the form that builds it. */
export interface ActionSpec {
  id: string
  /** the engine command `type` */
  command: string
  /** i18n key */
  label: string
  fields: ActionField[]
  /** ask main for the exact odds (encounter:odds) while the form changes */
  odds?: boolean
  /** keyboard shortcut (single key), listed in the help overlay */
  shortcut?: string
  /** extra constant fields */
  fixed?: Record<string, unknown>
  /** reshape the built command (e.g. two combatant fields into a `fighters` list) */
  map?: (command: EngineCommand) => EngineCommand
}

/** A quick field of the stat block form; `path` is dotted into the stat block data. */
export interface EditorField {
  path: string
  label: string
  kind: 'text' | 'number' | 'select' | 'bool' | 'tags'
  options?: Array<{ value: string; label: string }>
  /** only for these kinds */
  kinds?: StatBlockKind[]
}

export interface WeaponView {
  value: string | number
  name: string
}

export interface SystemUi {
  id: SystemId
  initiativeModel: InitiativeModel
  /** the combatant card's system part (props: combatant) */
  card: Component | null
  /** replaces the generic turn track (props: encounter, model, selectedId; emits command, select) */
  turnTrack?: Component
  /** replaces the generic quick-field form of the stat block editor (props: data, kind, errorPath; emits update:data) */
  editor?: Component
  /** extra controls under the action panel (props: view; emits command), e.g. a running duel */
  actionExtras?: Component
  actions: ActionSpec[]
  editorFields: EditorField[]
  /** a new stat block of each kind, valid for the system's schema */
  template(kind: StatBlockKind, name: string): Record<string, unknown>
  /** the combatant's weapons as the attack command refers to them */
  weapons(c: Combatant): WeaponView[]
  /** range bands the system uses (empty: none) */
  bands: Array<{ value: string; label: string }>
  /** condition keys the GM can apply from the panel (labels come from the engine's log tables) */
  conditions: string[]
  /** pools shown on the board even at 0 */
  pools: string[]
  /** every command type the engine takes for this system (core + system), for the raw command form */
  commandTypes: string[]
}
