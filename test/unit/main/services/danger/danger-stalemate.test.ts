/**
 * Issue 27, defect 10: a Starchasers plan with an ally said "Party wins 0.0%, 500 undecided (100%)" and nothing
 * else. The fights are played by the rules of the table (an NPC attacks an ally through the diceless resolver,
 * 000:1366-1370; an ally attacks at its band's value, 000:1353), and when neither side can get through the other's
 * defenses the fight is a stalemate: the report counts the fights in which nobody was taken out, so the screen can
 * say so plainly rather than show a bare 0%.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import { getSystem } from '../../../../../src-main/rules/index'
import { seededRng } from '../../../../../src-main/rules/kit/rng'
import { addTally, chunkRunner, emptyTally, fight, prepareFight, reportOf } from '../../../../../src-main/rules/danger/danger-simulate'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'

const file = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'resources', 'campaigns', 'sample-starchasers', 'campaign.json'), 'utf8')) as CampaignFile
const sys = getSystem('starchasers')
if (!sys.ok) throw new Error(sys.error.message)
const system = sys.value

function planOf(entries: Array<[string, 'party' | 'allies' | 'enemies', string?]>) {
  const plan = { id: 'p', name: 'p', notes: '', updatedAt: '', entries: entries.map(([statBlockId, side, band]) => ({ statBlockId, count: 1, side, aware: true, hidden: false, ...(band ? { band } : {}) })) }
  const setup = launchCommands({ ...file, party: [], encounters: [plan] } as CampaignFile, 'p', system)
  if (!setup.ok) throw new Error(setup.error.message)
  const p = prepareFight(system, setup.value, file.systemSettings)
  if (!p.ok) throw new Error(p.error.message)
  return p.value
}

describe('the danger check names the fights nobody could win (issue 27, defect 10)', () => {
  it('Sparky in melee with an Ember Raider: neither gets through the other\'s defense by the diceless resolver (000:1366, 000:1353), every fight is a stalemate', () => {
    const p = planOf([['ally-sparky', 'allies'], ['npc-ember-raider', 'enemies']])
    const runner = chunkRunner(p, { runs: 40, seed: 'stalemate' })
    while (true) {
      const r = runner.next()
      if (!r.ok) throw new Error(r.error.message)
      if (!r.value) break
    }
    const report = reportOf(runner.tally, false)
    expect(report.undecided).toBe(40)
    // the report says why: nobody was taken out in any of them
    expect(report.stalled).toBe(40)
  })

  it('Cinder\'s bite gets through a raider\'s defense (000:1353): a decided fight, no stalemate', () => {
    const p = planOf([['ally-cinder', 'allies'], ['npc-ember-raider', 'enemies']])
    const rng = seededRng('decided')
    const r = fight(p, rng)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.decided).toBe(true)
    expect(r.value.stalled).toBe(false)
  })

  it('tallies add their stalemates', () => {
    const a = { ...emptyTally(), runs: 3, undecided: 2, stalled: 1 }
    const total = emptyTally()
    addTally(total, a)
    addTally(total, a)
    expect(total.stalled).toBe(2)
    expect(reportOf(total, false).stalled).toBe(2)
  })
})
