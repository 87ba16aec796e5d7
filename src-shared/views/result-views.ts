/**
 * The result card (issue 10 "results in plain sight"): what the newest command rolled and what it did, built in
 * main from the batch's events (the system's `result` builder, else the generic one from its facts and dice) and
 * drawn by the board as it comes. Texts are i18n keys with params (the system's catalog or the common `result.*`).
 */

/** An i18n key and its params. */
export interface ResultText {
  key: string
  /** a param named `condition` is a condition key (shown by its label); one ending in `Key` is an i18n key */
  params?: Record<string, string | number | boolean>
  /** `key` + `params` are a log line (formatted by the log templates, as the log pane does) */
  log?: boolean
}

/** One die as it fell. */
export interface ResultDie {
  /** 'd20', 'd6', 'attack', 'defense', ... */
  die: string
  value: number | string
  manual?: boolean
  /** cancelled or not counted (a Hit cancelled by an Evade, a dropped die) */
  cancelled?: boolean
  /** the face that matters most (a natural 20, a Crit) */
  strong?: boolean
}

export type ResultOutcome = 'hit' | 'crit' | 'miss' | 'fumble' | 'success' | 'failure'

/** One roll of the batch: its dice, the total, what it was rolled against and how it went. */
export interface ResultRoll {
  label: ResultText
  dice: ResultDie[]
  total?: number
  against?: { label: ResultText; value: number }
  outcome?: ResultOutcome
  /** how the total or the count came about, one short line each (e.g. "Evades cancel 2 Hits, then 1 Crit") */
  notes?: ResultText[]
}

export type ResultTone = 'info' | 'damage' | 'threshold' | 'condition' | 'down' | 'dead' | 'heal' | 'miss'

/** What the batch did to someone: damage, a threshold crossed, a condition step, a knock-out, a death. */
export interface ResultEffect extends ResultText {
  tone: ResultTone
  /** the combatant it concerns */
  combatantId?: string
}

/** What a system's `result` builder gives for one batch. */
export interface SystemResult {
  rolls: ResultRoll[]
  effects: ResultEffect[]
}

export interface ResultCardView extends SystemResult {
  /** the command batch it shows (the newest active one) */
  batch: number
  /** the log lines of the batch's first meaningful event, as the headline */
  title: ResultText | null
  /** the turn has moved on since this result (issue 27): the newest turn line after it ("Round 2: Nira’s turn") */
  since?: ResultText
}
