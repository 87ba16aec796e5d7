/** Plain-JSON fixtures shaped like the view models main sends. */
import type { CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { GmEncounterView, PlayerBoardView } from '@shared/views/encounter-views'
import type { Combatant, EncounterState } from '@shared/domain/encounter'

export const campaigns: CampaignSummary[] = [
  { id: 'c1', name: 'Outer Rim', systemId: 'saga', lastOpened: '2026-11-20T18:00:00.000Z', lastSession: { id: 's1', title: 'Ambush', date: '2026-11-20' } },
  { id: 'c2', name: 'Starfall', systemId: 'starchasers', lastOpened: null, lastSession: null },
]

export const overview = (c: CampaignSummary = campaigns[0]): CampaignOverview => ({ ...c, counts: { party: 4, library: 12, encounters: 3, sessions: 2 } })

export function combatant(id: string, over: Partial<Combatant> = {}): Combatant {
  return {
    id,
    name: id.toUpperCase(),
    side: 'party',
    role: 'pc',
    hidden: false,
    aware: true,
    notes: '',
    stats: {},
    state: { hp: 20, maxHp: 30 },
    conditions: [],
    initiative: { value: 10, modifier: 2 },
    ...over,
  }
}

export function encounterState(over: Partial<EncounterState> = {}): EncounterState {
  return {
    id: 'e1',
    name: 'Cantina brawl',
    systemId: 'saga',
    seed: 'abc',
    combatants: [
      combatant('han', { initiative: { value: 18, modifier: 3 } }),
      combatant('trooper-1', { name: 'Stormtrooper 1', number: 1, side: 'enemies', role: 'npc', state: { hp: 10, maxHp: 10 }, initiative: { value: 12, modifier: 1 } }),
      combatant('trooper-2', { name: 'Stormtrooper 2', number: 2, side: 'enemies', role: 'npc', hidden: true, state: { hp: 10, maxHp: 10 }, initiative: { value: 9, modifier: 1, delayed: true } }),
    ],
    turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: 0 },
    pools: {},
    system: {},
    display: { enemies: 'descriptor' },
    ...over,
  }
}

export function gmView(over: Partial<GmEncounterView> = {}): GmEncounterView {
  return {
    encounter: encounterState(),
    log: [
      { seq: 1, key: 'log.test.one', params: { name: 'Han' } },
      { seq: 2, key: 'log.test.two', params: {}, status: 'undone' },
    ],
    // a whole log unless a test says otherwise (a window of the newest entries and the total in live pushes)
    logTotal: over.log?.length ?? 2,
    undo: { label: 'Han attacks Stormtrooper 1', key: 'log.test.attack', params: {} },
    redo: null,
    systemId: 'saga',
    campaignId: 'c1',
    sessionId: 's1',
    shownToPlayers: false,
    ...over,
  }
}

export const playerView = (over: Partial<PlayerBoardView> = {}): PlayerBoardView => ({
  campaignName: 'Outer Rim',
  systemId: 'saga',
  encounter: {
    id: 'e1',
    name: 'Cantina brawl',
    initiativeModel: 'ordered',
    phase: 'combat',
    round: 2,
    currentId: 'han',
    order: [
      { id: 'han', name: 'Han', side: 'party', current: true, health: { kind: 'exact', current: 20, max: 30 }, conditions: [{ key: 'saga.flatFooted' }] },
      { id: 'trooper-1', name: 'Stormtrooper 1', side: 'enemies', current: false, health: { kind: 'descriptor', key: 'wounded' }, conditions: [], waiting: 'delayed' },
      { id: 'x', name: 'Shadow', side: 'enemies', current: false, health: { kind: 'hidden' }, conditions: [] },
    ],
  },
  ...over,
})
