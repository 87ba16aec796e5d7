/**
 * Issue 29: "you're next" is true: in each system's sample fight with everyone visible, a phone that says `next`
 * says `now` after the next turn, and the phone of the one who acts after the current turn said `next` before it
 * (the GM's plain nextTurn, nobody delaying). Checks the ordered counts (Saga, Starchasers), 2d20's alternating
 * sides (J7) and the Storyteller tick wheel alike.
 */
import { describe, expect, it } from 'vitest'
import { toCharacterView } from '../../../../src-main/projections/to-character-view'
import { sampleFight, type Fight } from './sample-fight'

const turnOf = (f: Fight, pid: string) => toCharacterView({ characterId: pid, characterName: pid, campaignName: null, systemId: f.system.id, state: f.state, system: f.system, records: f.records, requests: [], odds: false }).me!.turn

describe('"you\'re next" comes true (issue 29)', () => {
  for (const systemId of ['saga', 'starchasers', '2d20', 'storyteller']) {
    it(`${systemId}: over twelve turns`, () => {
      const f = sampleFight(systemId, 0, `next-${systemId}`)
      for (const c of f.state.combatants.filter((x) => x.hidden)) f.run({ type: 'setHidden', combatantId: c.id, hidden: false })
      f.run({ type: 'rollInitiative' })
      f.run({ type: 'startCombat' })
      const seen = { next: 0 }
      for (let step = 0; step < 12; step++) {
        const before = new Map(f.party.map((p) => [p, turnOf(f, p)]))
        if (!f.tryRun({ type: 'nextTurn' })) break
        const actors = new Set(f.system.initiative.actors(f.state))
        for (const p of f.party) {
          const id = f.state.combatants.find((c) => c.templateId === p)!.id
          if (before.get(p) === 'next') { seen.next += 1; expect(turnOf(f, p), `${p} was next at step ${step}`).toBe('now') }
          if (actors.has(id) && before.get(p) !== 'now') expect(before.get(p), `${p} acts at step ${step + 1}`).toBe('next')
        }
      }
      expect(seen.next).toBeGreaterThan(0)
    })
  }
})
