/**
 * Each phone's own view (issue 29, `character:view`): built in main by projections/to-character-view.ts for the
 * character its link names, and pushed to that link's phones only (the hub's `publishTo`), after every change the
 * player board pushes. The public board itself goes to the phones as it goes to the TV (`player:view`): one view
 * for every screen, so a phone and the TV never disagree, and it is made once, not once per phone.
 */
import type { CampaignFile, HiddenTurnDisplay } from '@shared/domain/campaign'
import type { EncounterState } from '@shared/domain/encounter'
import type { CharacterRequestView, CharacterView } from '@shared/views/character-views'
import type { OddsView } from '@shared/views/encounter-views'
import type { PushContract, PushTopic } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { PlayerLinkStore } from '../../campaign/player-links'
import { characterCombatant, toCharacterView } from '../../projections/to-character-view'
import { displayModeOf, toPlayerMoment } from '../../projections/to-player-view'
import type { LiveEncounter } from '../play/encounter-live'

/** the link a phone came with (CallContext.link) */
export interface PhoneLink {
  id: string
  campaignId: string
  characterId: string
}

/** what a phone's view needs of its campaign, read once per change of the campaign */
export interface TableCampaign {
  name: string | null
  hiddenTurn?: HiddenTurnDisplay
  odds: boolean
  requests: 'ask' | 'auto'
  /** the characters' names by stat block id */
  names: Map<string, string>
}

export interface CharacterViewsDeps {
  hub: { scopes(topic: PushTopic): Map<string, number>; publishTo<T extends PushTopic>(topic: T, scope: string, payload: PushContract[T]): void }
  links: Pick<PlayerLinkStore, 'get'>
  /** the encounter on the player display */
  shown(): LiveEncounter | undefined
  /** the campaign open now (the one on the display) */
  openCampaign(): string | null
  campaign(campaignId: string): Promise<TableCampaign | null>
  /** this character's newest requests, newest first */
  requestsOf(linkCampaignId: string, characterId: string): CharacterRequestView[]
  /** exact odds of a command in an encounter (the encounter service's) */
  odds(encounterId: string, command: Record<string, unknown>): Result<OddsView>
}

export interface CharacterViews {
  view(link: PhoneLink): Promise<CharacterView>
  /** every connected link gets its character's view again */
  pushAll(): Promise<void>
  odds(link: PhoneLink, targetId: string): Promise<Result<OddsView>>
}

export function createCharacterViews(deps: CharacterViewsDeps): CharacterViews {
  /** the live encounter when it belongs to the link's campaign (a link of another campaign sees no fight) */
  const liveFor = (link: PhoneLink): LiveEncounter | undefined => {
    const l = deps.shown()
    return l && l.campaignId === link.campaignId ? l : undefined
  }

  async function build(link: PhoneLink, moments?: Map<string, ReturnType<typeof toPlayerMoment>>): Promise<CharacterView> {
    const c = await deps.campaign(link.campaignId)
    const open = deps.openCampaign() === link.campaignId
    const l = open ? liveFor(link) : undefined
    const name = c?.names.get(link.characterId) ?? deps.links.get(link.id)?.characterName ?? ''
    const moment = l && moments ? moments.get(l.id) : undefined
    return toCharacterView({
      characterId: link.characterId,
      characterName: name,
      campaignName: open ? (c?.name ?? null) : null,
      systemId: l?.systemId ?? null,
      state: l?.state ?? null,
      system: l?.system ?? null,
      records: l?.records,
      ...(c?.hiddenTurn ? { hiddenTurn: c.hiddenTurn } : {}),
      requests: deps.requestsOf(link.campaignId, link.characterId),
      odds: c?.odds ?? false,
      ...(moment ? { moment } : {}),
    })
  }

  return {
    view: (link) => build(link),
    async pushAll() {
      const scopes = deps.hub.scopes('character:view')
      if (scopes.size === 0) return
      // the public moment once for every phone (the board's view of the turn), not once per phone
      const l = deps.shown()
      const moments = new Map<string, ReturnType<typeof toPlayerMoment>>()
      if (l) {
        const c = await deps.campaign(l.campaignId)
        moments.set(l.id, toPlayerMoment(l.state, l.system, l.records, c?.hiddenTurn))
      }
      for (const linkId of scopes.keys()) {
        const stored = deps.links.get(linkId)
        if (!stored) continue
        const view = await build({ id: stored.id, campaignId: stored.campaignId, characterId: stored.characterId }, moments)
        deps.hub.publishTo('character:view', linkId, view)
      }
    },
    async odds(link, targetId) {
      const c = await deps.campaign(link.campaignId)
      if (!c?.odds) return refuse('forbidden', core.en, 'refusal.core.oddsNotShown', {}, { field: 'targetId' })
      const l = deps.openCampaign() === link.campaignId ? liveFor(link) : undefined
      if (!l) return refuse('invalid', core.en, 'refusal.core.noFightShown', {}, { field: 'targetId' })
      const me = characterCombatant(l.state, link.characterId)
      if (!me) return refuse('invalid', core.en, 'refusal.core.notInThisFight', {}, { field: 'targetId' })
      const target = publicTarget(l, targetId, c.hiddenTurn)
      if (!target || target.id === me.id) return refuse('invalid', core.en, 'refusal.core.noSuchTarget', { id: targetId }, { field: 'targetId' })
      let command: Record<string, unknown>
      try {
        command = l.system.dangerAttack(l.state, me, target) as Record<string, unknown>
      } catch {
        return refuse('invalid', core.en, 'refusal.core.noAttackOdds', {}, { field: 'targetId' })
      }
      const odds = deps.odds(l.id, command)
      if (!odds.ok) return odds
      // what the odds say of the target beyond the chance itself (its defense, "drops to 0 HP", "kills outright")
      // are the target's numbers: a phone gets them only where the GM shows that side's numbers (`exact`)
      const exact = displayModeOf(l.state, target.side) === 'exact'
      const { extra, ...chance } = odds.value
      return { ok: true as const, value: { ...chance, extra: exact ? extra : {} } }
    },
  }
}

/** the combatant a board id names (a board id is the public one: a renumbered mook's differs from the GM's) */
function publicTarget(l: LiveEncounter, boardId: string, hiddenTurn: HiddenTurnDisplay | undefined): EncounterState['combatants'][number] | undefined {
  const moment = toPlayerMoment(l.state, l.system, l.records, hiddenTurn)
  for (const [gmId, b] of moment.byGmId) if (b.id === boardId) return l.state.combatants.find((c) => c.id === gmId)
  return undefined
}

/** a campaign's table facts from its file */
export function tableCampaign(file: CampaignFile): TableCampaign {
  return {
    name: file.name,
    ...(file.playerDisplay?.hiddenTurn ? { hiddenTurn: file.playerDisplay.hiddenTurn } : {}),
    odds: file.playerDisplay?.odds ?? false,
    requests: file.playerDisplay?.requests ?? 'ask',
    names: new Map(file.library.map((r) => [r.id, r.name])),
  }
}
