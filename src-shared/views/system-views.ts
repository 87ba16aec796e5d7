/**
 * What main tells the renderer about a rule system (`system:describe`), so that generic screens never name a
 * system: the command forms come from the commands' JSON Schemas plus small UI hints, the labels and log text
 * from the system's own catalogs, the stat card from a book-style layout built in main.
 *
 * Plain JSON only. The renderer may add a richer part of its own for a system (src-renderer/systems/<id>/), but
 * a system with no renderer part must still be fully playable from this description alone.
 */

/** A JSON Schema object (draft 2020-12, as `z.toJSONSchema` writes it). */
export type JsonSchema = Record<string, unknown>

/** Where an action sits in the action panel: grouped by what the GM does. */
export type CommandGroup = 'attack' | 'damage' | 'move' | 'conditions' | 'turn' | 'special' | 'advanced'

/** How the form shows one field of a command (anything not hinted is derived from the JSON Schema). */
export interface FieldHint {
  /** `combatant`: a select of the encounter's combatants; `weapon`: the actor's weapons; `condition`: one of
   * `labels.conditions`; `band`: one of `labels.bands`; `pool`: one of `labels.pools`; `dice`: a dice list */
  widget?: 'combatant' | 'combatants' | 'weapon' | 'condition' | 'band' | 'pool' | 'dice' | 'number' | 'text' | 'select' | 'bool'
  /** i18n key of the label (in the system's or the common catalog) */
  label?: string
  /** the field defaults to the combatant whose turn it is (the actor) */
  actor?: boolean
  /** the field defaults to the selected target card */
  target?: boolean
  /** combatants: the others beside the actor (a duel's opponents); the form sends the actor with them (issue 27) */
  withActor?: boolean
  /** select: i18n keys of the values' labels, by value */
  optionLabels?: Record<string, string>
  /** shown only under the "advanced" toggle */
  advanced?: boolean
  /** position in the form (lower first); default: schema order */
  order?: number
}

export interface CommandDescription {
  /** the engine command `type` */
  type: string
  /** the action's id when one command type has two entries (Starchasers' diceless ally attack is an `attack`);
   *  absent: the type */
  id?: string
  /** constant fields the entry always sends */
  fixed?: Record<string, unknown>
  /** JSON Schema of the whole command object (its `type` is a const) */
  schema: JsonSchema
  group: CommandGroup
  /** i18n key of the action's name */
  label: string
  /** by field name; a field inside an array of objects is `<array>[].<field>` (e.g. `attacks[].target`), inside an
   *  object `<object>.<field>` (e.g. `ends.rounds`) */
  fields: Record<string, FieldHint>
  /** the form asks main for the exact odds (`encounter:odds`) while it changes */
  odds?: boolean
  /** single-key shortcut, listed in the help overlay */
  shortcut?: string
}

/** One line of a book-style stat card: `label` is an i18n key, `value` is already formatted text. */
export interface CardLine {
  label?: string
  value: string
  /** emphasised (e.g. the name line, defenses) */
  strong?: boolean
}

export interface CardSection {
  /** i18n key of the section title, if it has one (e.g. "Defense", "Offense") */
  title?: string
  lines: CardLine[]
}

/** A stat block laid out as its book prints it. Built in main by the system; the renderer only draws it. */
export interface CardLayout {
  title: string
  subtitle?: string
  sections: CardSection[]
}

/** A derived value of a live combatant to show on its card, e.g. Saga's Reflex at its condition step. */
export interface DerivedValue {
  /** i18n key */
  label: string
  value: string | number
  /** a short i18n key or text explaining it (tooltip) */
  hint?: string
}

export interface SystemDescription {
  id: string
  /** i18n key of the system's name */
  name: string
  /** the initiative strategy's id (e.g. `ordered`, `sides`, `ticks`), for the turn track */
  initiative: string
  commands: CommandDescription[]
  /** the system's own names, so the name reads before its catalog loads */
  names: { en: string; pl: string }
  /** keys the system uses; their text is in `catalogs` */
  labels: { pools: string[]; bands: string[]; conditions: string[] }
  /** the i18n key of each label above, by key (in `catalogs`, else in `logCatalogs`) */
  labelKeys: { pools: Record<string, string>; bands: Record<string, string>; conditions: Record<string, string> }
  statBlock: {
    schema: JsonSchema
    /** the kinds of stat block (pc, npc, ally, ...) with a valid new block of each */
    kinds: string[]
    templates: Record<string, Record<string, unknown>>
  }
  /** the system's UI messages (flat dotted keys), merged into the renderer's i18n at run time */
  catalogs: { en: Record<string, string>; pl: Record<string, string> }
  /** the system's log templates (flat keys), for formatLog's `registerLogMessages`; kept apart from `catalogs`
   *  because a log key may repeat a UI key with another text */
  logCatalogs: { en: Record<string, string>; pl: Record<string, string> }
}

/** One row of `system:list` (for the new-campaign form). */
export interface SystemSummary {
  id: string
  /** i18n key */
  name: string
  /** the system's own names, so the list reads before its catalog loads */
  names: { en: string; pl: string }
}
