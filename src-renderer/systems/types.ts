/**
 * A rule system in the renderer. Almost everything comes from main's description (`system:describe`): the action
 * forms, labels, stat block templates, the turn track's initiative strategy. A system may add optional rich parts
 * of its own (src-renderer/systems/<id>/, one line in registry.ts): a combatant card part, a turn track, a stat
 * block editor, controls under the action panel, quick editor fields. Without them it is fully playable.
 */
import type { Component } from 'vue'
import type { Combatant, InitiativeModel } from '@shared/domain/encounter'
import type { StatBlockKind } from '@shared/domain/campaign'
import type { ActionEntry, Described } from '../stores/models/description'

/** A quick field of the stat block form; `path` is dotted into the stat block data. */
export interface EditorField {
  path: string
  label: string
  kind: 'text' | 'number' | 'select' | 'bool' | 'tags'
  options?: Array<{ value: string; label: string }>
  /** only for these kinds */
  kinds?: StatBlockKind[]
}

/** The optional renderer parts of one system (registry.ts maps ids to them). */
export interface SystemParts {
  /** the combatant card's system part (props: combatant) */
  card?: Component
  /** replaces the generic turn track (props: encounter, model, selectedId; emits command, select) */
  turnTrack?: Component
  /** replaces the generic quick-field form of the stat block editor (props: data, kind, schema, errorPath,
   *  serverError; emits update:data, invalid(path, bad) while a field holds a refused value) */
  editor?: Component
  /** extra controls under the action panel (props: view; emits command), e.g. a running duel */
  actionExtras?: Component
  /** the tick wheel drawn on the player display (props: items, tick, orientation 'horizontal', large) */
  playerWheel?: Component
  editorFields?: EditorField[]
  /** the i18n key of a stat block data path's label (`shield.energyHp` → the Shield HP box's), for refusals and
   *  the library's flags said away from the form (issue 27); unknown paths: undefined */
  fieldLabel?: (path: string) => string | undefined
  /** replaces the board's generic pools bar (props: view; emits command), e.g. pools with their spends */
  poolsBar?: Component
  /** on the player display, under the header (props: encounter, the redacted PlayerEncounterView) */
  playerPanel?: Component
  /** on the player display, inside each combatant's row (props: combatant, a redacted PlayerBoardCombatant) */
  playerCard?: Component
}

export interface WeaponView {
  value: string | number
  name: string
}

/** What the generic screens use: the description plus the rich parts. */
export interface SystemUi {
  id: string
  /** null until `system:describe` answered */
  description: Described | null
  initiativeModel: InitiativeModel
  card: Component | null
  turnTrack?: Component
  /** the i18n key of a data path's label: the system's own (`SystemParts.fieldLabel`), else its quick field's */
  fieldLabel?: (path: string) => string | undefined
  editor?: Component
  actionExtras?: Component
  poolsBar?: Component
  playerWheel?: Component
  /** the action panel's entries, forms generated from the command schemas */
  actions: ActionEntry[]
  editorFields: EditorField[]
  /** a new stat block of a kind, valid for the system's schema (the description's template) */
  template(kind: StatBlockKind, name: string): Record<string, unknown>
  /** the combatant's weapons as the attack commands refer to them */
  weapons(c: Combatant): WeaponView[]
  /** range bands (value + i18n key; empty: none) */
  bands: Array<{ value: string; label: string }>
  /** condition keys the GM can apply from the panel */
  conditions: string[]
  /** pools shown on the board even at 0 */
  pools: string[]
  /** every command type the description names (the JSON command box takes any) */
  commandTypes: string[]
}
