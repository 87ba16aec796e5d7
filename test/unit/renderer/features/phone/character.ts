/** A player's phone for the phone page's tests (issue 29): a character view main would push, and a bridge that
 *  answers as main does for a `character` link. */
import type { CharacterSelfView, CharacterView } from '@shared/views/character-views'
import { fakeBridge, okR, type FakeBridge } from '../../support/fake-bridge'
import { playerView } from '../../support/fixtures'

export const me = (over: Partial<CharacterSelfView> = {}): CharacterSelfView => ({
  boardId: 'han',
  name: 'Han',
  health: { current: 20, max: 30 },
  conditions: [],
  resources: [],
  turn: 'later',
  can: [],
  spends: [],
  ...over,
})

export const characterView = (over: Partial<CharacterView> = {}, self: Partial<CharacterSelfView> = {}): CharacterView => ({
  characterId: 'pc-han',
  characterName: 'Han',
  campaignName: 'Outer Rim',
  systemId: 'saga',
  me: me(self),
  requests: [],
  odds: false,
  ...over,
})

/** a `character` bridge answering `character:view` and `player:view` with these views */
export function phoneBridge(view: CharacterView = characterView()): FakeBridge {
  return fakeBridge('character').handle('character:view', okR(view)).handle('player:view', okR(playerView()))
}
