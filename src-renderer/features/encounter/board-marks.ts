/**
 * The board's marks on its cards (whose turn, the target, the actor, who is out, the round), shared with each card
 * through provide/inject rather than passed as props (issue 13, the GM board's next turn): a new turn then changes
 * the two cards whose mark changed, and the board's own render never walks its 200 cards.
 */
import { computed, inject, provide, type ComputedRef, type InjectionKey, type Ref } from 'vue'

export interface BoardMarks {
  currentId: Readonly<Ref<string | null>>
  selectedId: Readonly<Ref<string | null>>
  actingId: Readonly<Ref<string | null>>
  outSet: Readonly<Ref<ReadonlySet<string>>>
  round: Readonly<Ref<number>>
}

const KEY: InjectionKey<BoardMarks> = Symbol('board-marks')

export const provideBoardMarks = (marks: BoardMarks): void => provide(KEY, marks)

export interface CardMarkProps {
  combatant: { id: string }
  current?: boolean
  selected?: boolean
  out?: boolean
  actor?: boolean
  round?: number
}

/** a card's marks: from the board it is on, else from its props (a card shown alone: replay, tests) */
export function useCardMarks(props: CardMarkProps): Record<'current' | 'selected' | 'out' | 'actor', ComputedRef<boolean>> & { round: ComputedRef<number> } {
  const board = inject(KEY, null)
  if (!board) {
    return {
      current: computed(() => !!props.current),
      selected: computed(() => !!props.selected),
      out: computed(() => !!props.out),
      actor: computed(() => !!props.actor),
      round: computed(() => props.round ?? 0),
    }
  }
  return {
    current: computed(() => board.currentId.value === props.combatant.id),
    selected: computed(() => board.selectedId.value === props.combatant.id),
    out: computed(() => board.outSet.value.has(props.combatant.id)),
    actor: computed(() => board.actingId.value === props.combatant.id),
    round: computed(() => board.round.value),
  }
}
