/**
 * The played Storyteller sample session (resources/campaigns/sample-storyteller, session-2), driven by
 * scripts/make-sample-session.ts through the real services and the Storyteller engine (seed 004, T1–T7):
 * Ilsa talks to the sergeant before the fight (Manipulation + Persuasion vs Mental DV), everyone joins battle, the
 * tick wheel runs (each attack moves its attacker its weapon's Speed), the hidden scout sniper shoots, one of Kael's
 * accuracy rolls is typed in by hand, one trooper shot is undone and aimed again, the fight ends when the first
 * combatant is taken out (004 Incapacitated; the rest of the squad scatters); after the fight 2-1B treats Kael
 * (004 medical care, one increment per Science: Medicine roll) and Ilsa rests untended.
 */
import type { Combatant } from '@shared/domain/encounter'
import { storytellerIsOut } from '../danger'
import { encounterDriver, must, type SampleSession } from '../../../kit/samples'

export const storytellerSession: SampleSession = {
  campaign: 'sample-storyteller',
  prefix: 'pelgo',
  title: 'The checkpoint at Mos Pelgo',
  date: '2026-12-06',
  notes: 'Ilsa tries to talk the crew through the checkpoint; the tick wheel turns, and 2-1B patches Kael up afterwards.',
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The speeder slows at the Mos Pelgo checkpoint; three stormtroopers wave it down.' }))
    await must('gm note', s.note({ ...q, text: 'The scout sniper on the water tower has orders to fire at the first drawn weapon.', gmOnly: true }))

    const { st, cmd, tryCmd, undo } = encounterDriver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-pelgo-checkpoint')))
    const byName = (prefix: string) => st().combatants.find((c) => c.name.startsWith(prefix))!
    // not Incapacitated or dead (T5), as the engine reads it
    const up = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      return c !== undefined && !storytellerIsOut(c)
    }
    const foesOf = (c: Combatant) => st().combatants.filter((x) => (c.side === 'enemies' ? x.side !== 'enemies' && x.side !== 'allies' : x.side === 'enemies') && up(x.id) && (c.side === 'enemies' || !x.hidden))

    const sniper = byName('Scout sniper')
    await cmd({ type: 'setNote', combatantId: sniper.id, notes: 'Water tower, 60 m; retreats when hurt (code TOWER-7).' })
    // 004 Social "Combat": Ilsa asks the sergeant to wave them through (Manipulation + Persuasion vs Mental DV, T7)
    await cmd({ type: 'social', actorId: byName('Ilsa').id, targetId: byName('Stormtrooper 1').id, roll: 'persuasion', aim: 'wave the speeder through without a search' })
    await cmd({ type: 'startCombat' })

    let typed = false
    let undone = false
    let over = false
    for (let step = 0; step < 80 && !over; step++) {
      if (step > 0) await cmd({ type: 'nextTurn' })
      // 004: those tied on the tick and on Join Battle act together, each in turn at the table
      const ids = st().turn.together ?? [st().turn.order[st().turn.index]]
      for (const id of ids) {
        const me = st().combatants.find((c) => c.id === id)
        if (!me || !up(me.id)) continue
        if (me.name === '2-1B') {
          await cmd({ type: 'act', combatantId: me.id, what: 'keeps the speeder running' })
          continue
        }
        const foes = foesOf(me)
        if (foes.length === 0) { over = true; break }
        // the sniper aims at Kael; the others at the first foe standing
        const target = me.hidden ? (foes.find((f) => f.name === 'Kael Vorn') ?? foes[0]) : foes[0]
        const attack: Record<string, unknown> = { type: 'attack', attackerId: me.id, targetId: target.id, weapon: 0 }
        // the GM types in Kael's first accuracy roll from physical dice (8 dice, T1: 7+ succeeds)
        if (me.name === 'Kael Vorn' && !typed) {
          typed = true
          attack.dice = [10, 9, 7, 7, 4, 3, 2, 1]
        }
        if (!(await tryCmd(attack))) continue
        // the GM undoes one trooper shot (wrong target) and aims it at Ilsa instead
        if (!undone && me.name.startsWith('Stormtrooper') && target.name === 'Kael Vorn') {
          undone = true
          await undo()
          await cmd({ ...attack, targetId: byName('Ilsa').id })
        }
        // the first one taken out ends the fight: the GM calls it there, before the others on this tick act
        if (st().combatants.some((c) => !up(c.id))) { over = true; break }
      }
      // the fight runs until someone is taken out (004 Incapacitated or dead): the sample shows a knock-out (issue 27:
      // with ties acting together the dice fall otherwise, and a cap of 24 ticks stopped it before anyone fell); the
      // cap only guards against a fight that never ends
      if ((st().turn.tick ?? 0) > 60) break
    }
    const fallen = st().combatants.find((c) => !up(c.id))
    if (fallen?.side === 'enemies') await must('note', s.note({ ...q, text: `${fallen.name} goes down; the rest of the squad scatters into the alleys.` }))
    await cmd({ type: 'endEncounter' })

    ctx.later(1800)
    await must('note', s.note({ ...q, text: 'Back in the speeder, 2-1B opens its medical kit.' }))
    // 004 medical care: the droid rolls Science: Medicine vs the current wound level (T5 difficulty) per increment
    // lethal damage heals per day under care (Stamina + net successes), per week untended
    await cmd({ type: 'treat', patientId: byName('Kael').id, medicId: byName('2-1B').id, increment: 'day' })
    // Ilsa scrapes her arm diving into the speeder; bashing heals Stamina per day untended
    await cmd({ type: 'damage', combatantId: byName('Ilsa').id, amount: 2, damageType: 'bashing' })
    await cmd({ type: 'rest', combatantId: byName('Ilsa').id, increment: 'day' })
    await must('note', s.note({ ...q, text: 'The bacta crate reaches the broker, one scorch mark lighter.' }))
  },
}
