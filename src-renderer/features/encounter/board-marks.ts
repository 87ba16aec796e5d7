/**
 * The board's marks on its cards (whose turn, the target, the actor, who is out, the round), shared with each card
 * through provide/inject rather than passed as props (issue 13, the GM board's next turn): a new turn then changes
 * the two cards whose mark changed, and the board's own render never walks its 200 cards.
 *
 * Each card asks by its own id (core/keyed.ts): a mark that moves from one card to another flips the
 * flag of those two ids, so only those two cards are even looked at. (Were every card to read the board's current
 * id, a new turn would wake all 200 of them to find that 198 had nothing to change.)
 */
import { computed, inject, provide, type ComputedRef, type InjectionKey, type Ref } from 'vue'
import { keyedFlag, keyedMembers } from '../../core/keyed'

export interface BoardMarks {
  currentId: Readonly<Ref<string | null>>
  selectedId: Readonly<Ref<string | null>>
  actingId: Readonly<Ref<string | null>>
  outSet: Readonly<Ref<ReadonlySet<string>>>
  round: Readonly<Ref<number>>
  /** issue 27: the fight is over: no card offers to become the actor */
  ended?: Readonly<Ref<boolean>>
}

/** what a card reads: one flag per mark for its own id */
interface KeyedMarks {
  isCurrent(id: string): boolean
  isSelected(id: string): boolean
  isActing(id: string): boolean
  isOut(id: string): boolean
  round: Readonly<Ref<number>>
  ended: Readonly<Ref<boolean>>
}

const KEY: InjectionKey<KeyedMarks> = Symbol('board-marks')

export function provideBoardMarks(marks: BoardMarks): void {
  provide(KEY, {
    isCurrent: keyedFlag(() => marks.currentId.value),
    isSelected: keyedFlag(() => marks.selectedId.value),
    isActing: keyedFlag(() => marks.actingId.value),
    isOut: keyedMembers(() => marks.outSet.value),
    round: marks.round,
    ended: marks.ended ?? computed(() => false),
  })
}

export interface CardMarkProps {
  combatant: { id: string }
  current?: boolean
  selected?: boolean
  out?: boolean
  actor?: boolean
  round?: number
}

/** a card's marks: from the board it is on, else from its props (a card shown alone: replay, tests) */
export function useCardMarks(props: CardMarkProps): Record<'current' | 'selected' | 'out' | 'actor' | 'ended', ComputedRef<boolean>> & { round: ComputedRef<number> } {
  const board = inject(KEY, null)
  if (!board) {
    return {
      current: computed(() => !!props.current),
      selected: computed(() => !!props.selected),
      out: computed(() => !!props.out),
      actor: computed(() => !!props.actor),
      round: computed(() => props.round ?? 0),
      ended: computed(() => false),
    }
  }
  return {
    current: computed(() => board.isCurrent(props.combatant.id)),
    selected: computed(() => board.isSelected(props.combatant.id)),
    out: computed(() => board.isOut(props.combatant.id)),
    actor: computed(() => board.isActing(props.combatant.id)),
    round: computed(() => board.round.value),
    ended: computed(() => board.ended.value),
  }
}
