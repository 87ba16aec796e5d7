/**
 * The played session of the Starchasers sample (resources/campaigns/sample-starchasers, session-2):
 * scripts/make-sample-session.ts runs it through the real store, services and Starchasers engine. Raid at the Ember
 * Gate: notes and a sensors roll, the fight, and in its first round Juno Marr duels Captain Soot (000 Dueling
 * System); after the fight a short rest, a fuel pool spent and a last note.
 */
import { bountyHunterBoss, hanSolo, chewbacca, scoutDroidCompanion, stormtrooper } from './stat-blocks'
import { encounterDriver, must, type SampleSession } from '../../../kit/samples'

export const starchasersSession: SampleSession = {
  campaign: 'sample-starchasers',
  prefix: 'ember',
  title: 'Raid at the Ember Gate',
  date: '2026-11-22',
  notes: 'The raiders spring their trap at the Ember Gate; Juno Marr duels Captain Soot.',
  // the system's sample stat blocks under the campaign's names, used only where the campaign has a placeholder
  statBlocks: [
    { id: 'pc-kestrel', name: 'Kestrel', kind: 'pc', tags: ['party', 'pilot'], data: { ...hanSolo, name: 'Kestrel' } },
    { id: 'pc-juno-marr', name: 'Juno Marr', kind: 'pc', tags: ['party', 'muscle'], data: { ...chewbacca, name: 'Juno Marr' } },
    { id: 'ally-sparky', name: 'Sparky', kind: 'ally', tags: ['droid', 'companion'], data: { ...scoutDroidCompanion, name: 'Sparky' } },
    { id: 'npc-ember-raider', name: 'Ember Raider', kind: 'npc', tags: ['raider'], data: { ...stormtrooper, name: 'Ember Raider' } },
    { id: 'npc-captain-soot', name: 'Captain Soot', kind: 'npc', tags: ['boss', 'raider'], data: { ...bountyHunterBoss, name: 'Captain Soot' } },
  ],
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The freighter drops out of the jump short of the Ember Gate.' }))
    await must('gm note', s.note({ ...q, text: 'Soot has a tracker on the cargo: beacon code EMBER-7-TRACE.', gmOnly: true }))
    await must('roll', s.roll({ ...q, notation: '2d6+1', label: 'Kestrel: sensors sweep' }))

    const d = encounterDriver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-ember-gate')))
    const st = d.st
    const view = d.view
    const up = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      const s2 = (c?.state ?? {}) as { hp?: number; unconscious?: boolean; dead?: boolean }
      return c !== undefined && (s2.hp ?? 1) > 0 && s2.unconscious !== true && s2.dead !== true
    }
    const side = (x: string) => st().combatants.filter((c) => (x === 'party' ? c.side !== 'enemies' : c.side === 'enemies') && up(c.id)).map((c) => c.id)
    const soot = () => st().combatants.find((c) => c.name.startsWith('Captain Soot'))
    const duel = async () => {
      // Juno Marr closes in on Captain Soot: a duel (000 Dueling System), exchanges until one side DOMINATEs
      const j = st().combatants.find((x) => x.name === 'Juno Marr')
      const c = soot()
      if (!j || !c || !up(j.id) || !up(c.id)) return
      if (!(await d.tryCmd({ type: 'duelStart', fighters: [j.id, c.id], activeId: j.id }))) return
      for (let i = 0; i < 10; i++) {
        const running = (st().system as { duel?: { active?: string } | null }).duel
        if (!running || !up(j.id) || !up(c.id)) break
        const active = running.active ?? j.id
        if (!(await d.tryCmd({ type: 'duelExchange', attackerId: active, defenderId: active === j.id ? c.id : j.id }))) break
        const last = st().combatants.length > 0 ? (view().log.at(-1)?.key ?? '') : ''
        if (/dominate/i.test(last) && i >= 2) break
      }
      if ((st().system as { duel?: unknown }).duel) await d.tryCmd({ type: 'duelEnd' })
    }
    await d.cmd({ type: 'startCombat' })
    let dueled = false
    for (let turn = 0; turn < 30 && st().turn.round <= 2; turn++) {
      if (turn > 0) await d.cmd({ type: 'nextTurn' })
      if (!dueled && st().turn.round >= 1) {
        dueled = true
        await duel()
      }
      const me = d.current()
      if (!me || !up(me.id)) continue
      const foes = side(me.side === 'enemies' ? 'party' : 'enemies').filter((id) => id !== soot()?.id)
      if (foes.length === 0) break
      await d.tryCmd({ type: 'attack', attackerId: me.id, targetId: foes[0] })
    }
    await d.cmd({ type: 'endEncounter' })
    ctx.later(900)
    await must('rest', s.rest({ ...q, who: 'Juno Marr', kind: 'short', text: 'The crew patches the hull and catches its breath.' }))
    await must('pool', s.pool({ ...q, pool: 'fuel', delta: -1, reason: 'Burn through the Ember Gate' }))
    await must('note', s.note({ ...q, text: 'Soot escapes in a lifepod, swearing revenge.' }))
  },
}
