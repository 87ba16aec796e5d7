/**
 * Issue 27, defect 9: refusals carried seed citations inside the sentence ("… needs 1 Luck to act (002:176)"). A
 * rule's source travels beside the sentence (`cite`), for a "why?" toggle; the words of a parenthesis stay.
 */
import { describe, expect, it } from 'vitest'
import { err, splitCitation } from '@shared/result'

describe('rule citations kept out of the sentence (issue 27, defect 9)', () => {
  it('a lone citation goes; words in the same parenthesis stay', () => {
    expect(splitCitation('Hale is incapacitated and needs 1 Luck to act (002:176)')).toEqual({ message: 'Hale is incapacitated and needs 1 Luck to act', cite: '002:176' })
    expect(splitCitation('X cannot act (blacked out, defeated or dispatched, 002:176)')).toEqual({ message: 'X cannot act (blacked out, defeated or dispatched)', cite: '002:176' })
    expect(splitCitation('only players and villains spend Luck (002:92, 002:120)')).toEqual({ message: 'only players and villains spend Luck', cite: '002:92, 002:120' })
    expect(splitCitation('the initiative is seized during combat, on a player\'s turn (J7)')).toEqual({ message: 'the initiative is seized during combat, on a player\'s turn', cite: 'J7' })
    expect(splitCitation('Tars Tarkas holds no Luck (PCs 002:92, villains 002:120)')).toEqual({ message: 'Tars Tarkas holds no Luck (PCs, villains)', cite: '002:92, 002:120' })
    expect(splitCitation('A (docs/2d20.md) and B (000:1339-1413)')).toEqual({ message: 'A and B', cite: 'docs/2d20.md, 000:1339-1413' })
  })

  it('parentheses without a source are left alone', () => {
    expect(splitCitation('Kestrel already attacked this turn (allies make one attack per turn)')).toEqual({ message: 'Kestrel already attacked this turn (allies make one attack per turn)' })
    expect(splitCitation('bad dice notation "3x6" (at 2)')).toEqual({ message: 'bad dice notation "3x6" (at 2)' })
  })

  it('err() keeps the source beside the message', () => {
    const r = err('rule', 'an additional Conflict action can be bought only once per turn (002:96)', 'action')
    expect(r.error).toEqual({ code: 'rule', message: 'an additional Conflict action can be bought only once per turn', field: 'action', cite: '002:96' })
    expect(err('not-found', 'no combatant x').error).toEqual({ code: 'not-found', message: 'no combatant x' })
  })
})
