/**
 * Players' requests from their phones (issue 29): end my turn, delay, ready an action, spend a point. A request is
 * checked at once against what the character's own view allows now (`me.can`, built in main): out of turn, or for
 * a point the character does not have, it is refused with a plain sentence and nothing waits. Otherwise it waits for
 * the GM (`requests:changed`; accepted with one key in the console), or, when the campaign lets requests through
 * (`requests: 'auto'`), it is carried out at once. Carried out means the GM's own command on the encounter (the
 * engine decides, the log records it, undo takes it back), checked again at that moment: a turn that moved on
 * meanwhile refuses it. Requests live in memory: a restart forgets those still waiting (a phone asks again).
 */
import type { RequestKind } from '@shared/domain/table'
import type { CharacterRequestView, CharacterView, GmRequestView } from '@shared/views/character-views'
import type { EncounterState } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { characterCombatant } from '../../projections/to-character-view'
import type { Publish } from '../ports'
import type { LiveEncounter } from '../play/encounter-live'
import type { PhoneLink } from './character-views'

export interface RequestsService {
  request(link: PhoneLink, ask: { kind: RequestKind; resource?: string; trigger?: string; characterId?: string }): Promise<Result<CharacterRequestView>>
  list(): GmRequestView[]
  answer(requestId: string, accept: boolean): Promise<Result<GmRequestView>>
  /** the character's newest requests (its phone's list), newest first */
  of(campaignId: string, characterId: string): CharacterRequestView[]
  /** after a change: a turn request whose turn has gone (the GM moved on) stops waiting, refused as such */
  expire(): void
}

export interface RequestsDeps {
  /** the character's own view now (what it may ask) */
  view(link: PhoneLink): Promise<CharacterView>
  shown(): LiveEncounter | undefined
  policy(campaignId: string): Promise<'ask' | 'auto'>
  /** the GM's command on an encounter (the encounter service's) */
  command(encounterId: string, command: Record<string, unknown>): Promise<Result<GmEncounterView>>
  publish: Publish
  /** phones' views changed (a request's state) */
  phonesChanged(): void
  now(): string
  newId(): string
}

/** requests kept per character (its phone shows the newest) */
const KEEP = 5

interface Held extends GmRequestView {
  campaignId: string
  link: PhoneLink
}

const reason = (key: string, params: Record<string, string | number> = {}) => ({ key, params })

/** the combatant's turn now: the order's current one, or one of a group acting together on a tick (004 ties: the
 *  tied have one turn together, each may end it) */
const onTurn = (state: EncounterState, combatantId: string): boolean => {
  const { order, index, together } = state.turn
  return index >= 0 && (order[index] === combatantId || (together ?? []).includes(combatantId))
}

export function createRequestsService(deps: RequestsDeps): RequestsService {
  const held: Held[] = []
  const gmView = (h: Held): GmRequestView => {
    const { campaignId: _c, link: _l, ...v } = h
    void _c
    void _l
    return v
  }
  const phoneView = (h: Held): CharacterRequestView => ({
    id: h.id, kind: h.kind, state: h.state, at: h.at,
    ...(h.resource ? { resource: h.resource } : {}), ...(h.resourceLabel ? { resourceLabel: h.resourceLabel } : {}), ...(h.trigger ? { trigger: h.trigger } : {}), ...(h.reason ? { reason: h.reason } : {}),
  })
  const pending = () => held.filter((h) => h.state === 'pending')
  const changed = () => {
    deps.publish('requests:changed', pending().map(gmView))
    deps.phonesChanged()
  }
  const keep = (h: Held) => {
    held.push(h)
    // forget the oldest settled requests of this character past KEEP
    const mine = held.filter((x) => x.campaignId === h.campaignId && x.characterId === h.characterId && x.state !== 'pending')
    for (const old of mine.slice(0, Math.max(0, mine.length - KEEP))) held.splice(held.indexOf(old), 1)
  }

  /** the engine command a request stands for, or a refusal reason */
  function commandFor(h: Held, l: LiveEncounter): Record<string, unknown> | { refused: { key: string; params: Record<string, string | number> } } {
    const me = characterCombatant(l.state, h.characterId)
    if (!me) return { refused: reason('requestReason.notInFight') }
    if (h.kind !== 'spend' && !onTurn(l.state, me.id)) return { refused: reason('requestReason.turnMoved') }
    switch (h.kind) {
      case 'endTurn':
        return { type: 'nextTurn' }
      case 'delay':
        return { type: 'delay', combatantId: me.id }
      case 'ready':
        return { type: 'ready', combatantId: me.id, trigger: h.trigger ?? '' }
      case 'spend': {
        const cmd = h.resource ? l.system.playerSpends?.command(l.state, me, h.resource) : null
        return cmd ? (cmd as Record<string, unknown>) : { refused: reason('requestReason.nothingToSpend') }
      }
    }
  }

  /** carry a request out as the GM's command; its state says how it went */
  async function carryOut(h: Held): Promise<void> {
    const l = deps.shown()
    if (!l || l.campaignId !== h.campaignId || l.id !== h.encounterId) {
      Object.assign(h, { state: 'refused', reason: reason('requestReason.notInFight') })
      return
    }
    const cmd = commandFor(h, l)
    if ('refused' in cmd) {
      Object.assign(h, { state: 'refused', reason: cmd.refused })
      return
    }
    const done = await deps.command(l.id, cmd)
    if (done.ok) h.state = 'accepted'
    else Object.assign(h, { state: 'refused', reason: reason('requestReason.engine', { message: done.error.message }) })
  }

  return {
    async request(link, ask) {
      if (ask.characterId !== undefined && ask.characterId !== link.characterId) {
        return refuse('forbidden', core.en, 'refusal.core.otherCharacter', {}, { field: 'characterId', details: { key: 'requestReason.otherCharacter' } })
      }
      const view = await deps.view(link)
      const l = deps.shown()
      const me = view.me
      const base = { id: deps.newId(), kind: ask.kind, at: deps.now(), characterId: link.characterId, characterName: view.characterName, campaignId: link.campaignId, link, encounterId: l?.id ?? null, combatantId: l ? (characterCombatant(l.state, link.characterId)?.id ?? null) : null }
      const h: Held = { ...base, state: 'pending', ...(ask.resource ? { resource: ask.resource } : {}), ...(ask.trigger ? { trigger: ask.trigger } : {}) }
      // what the character may ask now, as its own view says (built in main for that character)
      let refused: { key: string; params: Record<string, string | number> } | null = null
      if (!me || !l) refused = reason('requestReason.notInFight')
      else if (ask.kind === 'spend') {
        const option = me.spends.find((s) => s.resource === ask.resource)
        if (!option || option.left <= 0) refused = reason('requestReason.nothingToSpend')
        else h.resourceLabel = option.label
      } else if (ask.kind === 'ready' && !ask.trigger) refused = reason('requestReason.noTrigger')
      if (!refused && !me!.can.includes(ask.kind)) refused = me!.turn === 'now' ? reason('requestReason.cannotNow') : reason('requestReason.notYourTurn')
      if (refused) {
        Object.assign(h, { state: 'refused', reason: refused })
        keep(h)
        deps.phonesChanged()
        return ok(phoneView(h))
      }
      // the same request still waiting: that one
      const same = pending().find((x) => x.campaignId === h.campaignId && x.characterId === h.characterId && x.kind === h.kind && x.resource === h.resource)
      if (same) return ok(phoneView(same))
      keep(h)
      if ((await deps.policy(link.campaignId)) === 'auto') await carryOut(h)
      changed()
      return ok(phoneView(h))
    },
    list: () => pending().map(gmView),
    async answer(requestId, accept) {
      const h = held.find((x) => x.id === requestId)
      if (!h) return refuse('not-found', core.en, 'refusal.core.noRequest', { id: requestId }, { field: 'requestId' })
      if (h.state !== 'pending') return refuse('invalid', core.en, 'refusal.core.requestAnswered', {}, { field: 'requestId', details: { state: h.state } })
      if (accept) await carryOut(h)
      else Object.assign(h, { state: 'declined', reason: reason('requestReason.declined') })
      changed()
      return ok(gmView(h))
    },
    expire() {
      const waiting = pending().filter((h) => h.kind !== 'spend')
      if (waiting.length === 0) return
      const l = deps.shown()
      let changedAny = false
      for (const h of waiting) {
        const me = l && l.id === h.encounterId ? characterCombatant(l.state, h.characterId) : undefined
        if (l && me && onTurn(l.state, me.id)) continue
        Object.assign(h, { state: 'refused', reason: reason(me ? 'requestReason.turnMoved' : 'requestReason.notInFight') })
        changedAny = true
      }
      if (changedAny) deps.publish('requests:changed', pending().map(gmView))
    },
    of: (campaignId, characterId) =>
      held
        .filter((h) => h.campaignId === campaignId && h.characterId === characterId)
        .slice(-KEEP)
        .reverse()
        .map(phoneView),
  }
}
