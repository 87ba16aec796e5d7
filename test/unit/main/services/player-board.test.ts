/** The player display's board (src-main/services/play/player-board.ts): what it shows, and when a change is pushed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlayerBoard, PLAYER_SETTLE_MS } from '../../../../src-main/services/play/player-board'
import type { PlayerEncounterView } from '@shared/views/encounter-views'
import { DEFAULT_TV } from '@shared/domain/table'

const encounter = (name: string) => ({ id: 'e1', name }) as unknown as PlayerEncounterView
const campaign = { id: 'c1', name: 'Outer Rim', systemId: 'saga' as const }

function recorder() {
  const pushes: Array<{ topic: string; payload: { campaignName: string | null; encounter: { name: string } | null } }> = []
  const publish = vi.fn((topic: string, payload: unknown) => void pushes.push({ topic, payload: payload as (typeof pushes)[number]['payload'] }))
  return { pushes, publish }
}

describe('player board', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('without a settle time every change is pushed at once', () => {
    const { pushes, publish } = recorder()
    const board = createPlayerBoard(publish)
    board.setCampaign(campaign)
    board.setEncounter(encounter('Ambush'))
    expect(pushes.map((p) => [p.topic, p.payload.campaignName, p.payload.encounter?.name ?? null])).toEqual([
      ['player:view', 'Outer Rim', null],
      ['player:view', 'Outer Rim', 'Ambush'],
    ])
  })

  it('with a settle time a change waits for it, and the changes within it go as one push of the newest view', () => {
    const { pushes, publish } = recorder()
    const board = createPlayerBoard(publish, { settleMs: PLAYER_SETTLE_MS })
    board.setCampaign(campaign)
    board.setEncounter(encounter('Round 1'))
    board.setEncounter(encounter('Round 2'))
    expect(pushes).toHaveLength(0)
    // what a player window asks for meanwhile is already the newest
    expect(board.view().encounter?.name).toBe('Round 2')
    vi.advanceTimersByTime(PLAYER_SETTLE_MS - 1)
    expect(pushes).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(pushes.map((p) => p.payload.encounter?.name)).toEqual(['Round 2'])
    // the next change waits again, from itself
    board.setEncounter(encounter('Round 3'))
    vi.advanceTimersByTime(PLAYER_SETTLE_MS)
    expect(pushes.map((p) => p.payload.encounter?.name)).toEqual(['Round 2', 'Round 3'])
    // nothing more is sent with nothing changed
    vi.advanceTimersByTime(10 * PLAYER_SETTLE_MS)
    expect(pushes).toHaveLength(2)
  })

  it('a push held back is the newest state even when the change is a closed campaign', () => {
    const { pushes, publish } = recorder()
    const board = createPlayerBoard(publish, { settleMs: 20 })
    board.setCampaign(campaign)
    board.setEncounter(encounter('Ambush'))
    board.setCampaign(null)
    vi.advanceTimersByTime(20)
    expect(pushes.map((p) => p.payload)).toEqual([{ campaignName: null, systemId: null, encounter: null }])
  })
  it('issue 29: the board carries the campaign\'s TV arrangement; a change is pushed at once, another campaign drops it', () => {
    const { pushes, publish } = recorder()
    const board = createPlayerBoard(publish)
    const tv = { ...DEFAULT_TV, zoom: 1.5, layout: 'list' as const }
    board.setTv(tv)
    // no campaign on the board: nothing to arrange, nothing pushed
    expect(pushes).toHaveLength(0)
    board.setCampaign(campaign, tv)
    expect(board.view().tv).toEqual(tv)
    board.setEncounter(encounter('Ambush'))
    const lighter = { ...tv, theme: 'light' as const }
    board.setTv(lighter)
    expect(pushes).toHaveLength(3)
    expect((pushes[2].payload as { tv?: unknown }).tv).toEqual(lighter)
    expect(board.view().encounter?.name).toBe('Ambush')
    // renamed: the same campaign keeps its arrangement
    board.setCampaign({ ...campaign, name: 'Inner Rim' })
    expect(board.view().tv).toEqual(lighter)
    board.setCampaign({ ...campaign, id: 'c2' })
    expect(board.view().tv).toBeUndefined()
    board.setCampaign(null)
    expect(board.view().tv).toBeUndefined()
  })
})
