/** Issue 10: a duel ends when either fighter drops (unconscious, dying or dead), whatever harmed them. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'

const duel = JSON.parse(readFileSync('docs/examples/starchasers-duel.json', 'utf8'))
function run(commands: unknown[]) {
  const r = resolveScenario({ ...duel, expect: undefined, commands }, { defaultSeed: '1' })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const start = duel.commands.slice(0, duel.commands.findIndex((c: { type: string }) => c.type === 'duelStart') + 1)
// the scenario's own setup (combatants, initiative) is in its commands before the duel starts
describe('a duel ends when a fighter drops', () => {
  it('damage that knocks a duelist out (000:615 0 HP → unconscious) ends the duel in the same batch', () => {
    const res = run([...start, { type: 'damage', combatantId: 'han', amount: 99 }])
    const last = res.events.filter((e) => e.batch === res.events[res.events.length - 1].batch).map((e) => e.event)
    expect(last.map((e) => e.type)).toContain('starchasers.duelEnded')
    expect(last.find((e) => e.type === 'starchasers.duelEnded')).toMatchObject({ down: 'han', duel: null })
    expect(res.state.system.duel).toBeNull()
    expect(res.log.at(-1)?.text).toMatch(/duel ends: Han Solo is down/i)
  })
  it('harm to someone outside the duel, or harm a duelist shrugs off, leaves the duel running', () => {
    const res = run([...start, { type: 'damage', combatantId: 'han', amount: 1 }])
    expect(res.state.system.duel).not.toBeNull()
  })
})
