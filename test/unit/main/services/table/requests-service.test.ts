/**
 * Issue 29: a spend request names what the point buys as the phone's button said it (the system's label), so the
 * GM's queue reads "Nira asks: spend a point (Force Point: avoid death)" and not a raw resource key; a spend the
 * character has none left of is refused and never waits.
 */
import { describe, expect, it } from 'vitest'
import { createRequestsService } from '../../../../../src-main/services/table/requests-service'
import type { CharacterView, GmRequestView } from '@shared/views/character-views'
import type { LiveEncounter } from '../../../../../src-main/services/play/encounter-live'

const link = { id: 'link-1', campaignId: 'c1', characterId: 'pc-nira' }
const view = (left: number): CharacterView => ({
  characterId: 'pc-nira', characterName: 'Nira', campaignName: 'C', systemId: 'saga', requests: [], odds: false,
  me: { boardId: 'nira', name: 'Nira', health: { current: 3, max: 30 }, conditions: [], resources: [], turn: 'later', can: ['spend'], spends: [{ resource: 'forcePoint.avoidDeath', label: 'saga.spend.avoidDeath', left }] },
})
const live = { id: 'e1', campaignId: 'c1', state: { combatants: [{ id: 'nira', templateId: 'pc-nira' }], turn: { order: ['nira'], index: 0 } } } as unknown as LiveEncounter

function service(left: number) {
  const published: GmRequestView[][] = []
  const s = createRequestsService({
    view: async () => view(left),
    shown: () => live,
    policy: async () => 'ask',
    command: async () => ({ ok: false, error: { code: 'rule', message: 'not here' } }),
    publish: (_t, payload) => void published.push(payload as GmRequestView[]),
    phonesChanged: () => undefined,
    now: () => '2026-12-06T16:00:00.000Z',
    newId: () => `r${published.length}`,
  })
  return { s, published }
}

describe('spend requests (issue 29)', () => {
  it('carry the label the phone showed, for the GM’s queue and the phone’s list', async () => {
    const { s, published } = service(1)
    const asked = await s.request(link, { kind: 'spend', resource: 'forcePoint.avoidDeath' })
    expect(asked).toMatchObject({ ok: true, value: { state: 'pending', resource: 'forcePoint.avoidDeath', resourceLabel: 'saga.spend.avoidDeath' } })
    expect(published.at(-1)).toMatchObject([{ kind: 'spend', resourceLabel: 'saga.spend.avoidDeath', characterName: 'Nira' }])
  })

  it('none left: refused at once with its sentence, nothing waits', async () => {
    const { s } = service(0)
    const asked = await s.request(link, { kind: 'spend', resource: 'forcePoint.avoidDeath' })
    expect(asked).toMatchObject({ ok: true, value: { state: 'refused', reason: { key: 'requestReason.nothingToSpend' } } })
    expect(s.list()).toEqual([])
  })
})
