/**
 * The played session of the 2d20 sample (resources/campaigns/sample-2d20, seed 002): scripts/make-sample-session.ts
 * runs it through the real store, services and 2d20 engine. The arena of Warhoon: the narrator opens with Threat,
 * the sides alternate (J7), the white ape seizes the initiative (002:118), John Carter spends Luck on a Second Wind
 * (002:98), the minions are dispatched (002:78), and after the fight Dejah Thoris treats John's Injury (002:161, J6).
 */
import type { Combatant } from '@shared/domain/encounter'
import { encounterDriver, must, type SampleSession } from '../../../kit/samples'

interface TdState { stress: Record<string, number>; afflictions: Record<string, number>; luck: number; dispatched: boolean; blackedOut: boolean }
const td = (c: Combatant): TdState => c.state as unknown as TdState
const firstWeapon = (c: Combatant): string | undefined => (c.stats.weapons as Array<{ name: string }> | undefined)?.[0]?.name

export const twoD20Session: SampleSession = {
  campaign: 'sample-2d20',
  prefix: 'warhoon',
  title: 'The arena of Warhoon',
  date: '2026-11-29',
  notes: 'John Carter and Dejah Thoris fight their way out of the Warhoon arena with Woola; the white ape falls.',
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The captives are dragged into the arena of Warhoon under a howling crowd.' }))
    await must('gm note', s.note({ ...q, text: 'Dak Kova has bribed the gate keeper: the east gate opens on a Reason + Cunning test (D2).', gmOnly: true }))

    const { st, cmd, tryCmd, current } = encounterDriver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-warhoon-arena')))
    const byName = (n: string) => st().combatants.find((c) => c.name === n)
    const up = (c: Combatant) => {
      const x = td(c)
      const menace = (c.stats as { menace?: number }).menace
      const aff = Object.values(x.afflictions ?? {}).reduce((a, n) => a + n, 0)
      return !x.dispatched && !x.blackedOut && !Object.values(x.afflictions ?? {}).some((n) => n >= 5) && (menace === undefined || aff <= menace)
    }
    const players = (c: Combatant) => c.side === 'party' || c.side === 'allies'

    // the crowd howls: the narrator opens with 2 Threat (the plan's note)
    await cmd({ type: 'adjustPool', pool: 'threat', delta: 2 })
    await cmd({ type: 'startCombat' })
    let seized = false
    let secondWind = false
    for (let turn = 0; turn < 60 && st().turn.round <= 8; turn++) {
      if (turn > 0) await cmd({ type: 'nextTurn' })
      // round 2: the white ape seizes the initiative on a player's turn (1 Threat, 002:118, J7)
      const ape = byName('White ape')
      const me0 = current()
      if (!seized && st().turn.round === 2 && ape && up(ape) && me0 && players(me0) && (st().pools.threat ?? 0) >= 1) {
        seized = await tryCmd({ type: 'seize', combatantId: ape.id })
      }
      const me = current()
      if (!me || !up(me)) continue
      // John Carter shakes off the fear with a Second Wind (1 Luck, 002:98) once it runs high
      if (!secondWind && me.name === 'John Carter' && td(me).stress.fear >= 3 && td(me).luck > 0) {
        secondWind = await tryCmd({ type: 'spend', by: me.id, request: { spend: 'secondWind' }, track: 'fear' })
      }
      const foes = st().combatants.filter((c) => players(c) !== players(me) && up(c))
      if (foes.length === 0) break
      // the players cut down the warriors first; the narrator's side goes for John Carter
      const target = players(me) ? foes[0] : (foes.find((c) => c.name === 'John Carter') ?? foes[0])
      await tryCmd({ type: 'attack', attackerId: me.id, targetId: target.id, weapon: firstWeapon(me) })
      if (st().combatants.filter((c) => !players(c) && up(c)).length === 0) break
    }
    // the last foe down: Dejah Thoris helps John Carter recover his Injury (D2 for an ally, 002:161; J6)
    const john = byName('John Carter')
    const dejah = byName('Dejah Thoris')
    // on her next turn (her Conflict action of this one went on the shot)
    for (let i = 0; i < 8 && dejah && (i === 0 || current()?.id !== dejah.id); i++) await cmd({ type: 'nextTurn' })
    if (john && dejah && up(dejah) && td(john).stress.injury > 0) await tryCmd({ type: 'recover', testerId: dejah.id, patientId: john.id, track: 'injury', mode: 'stress' })
    await cmd({ type: 'endEncounter' })
    ctx.later(600)
    await must('note', s.note({ ...q, text: 'The east gate opens onto the dead sea bottom; the thoats are waiting.' }))
  },
}
