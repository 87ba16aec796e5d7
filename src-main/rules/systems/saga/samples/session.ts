/**
 * The played session of the Saga sample (resources/campaigns/sample-saga, session-2): scripts/make-sample-session.ts
 * runs it through the real store, services and Saga engine. The party slips into the hangar, a hidden roll and a GM
 * note, the hangar ambush with the sniper hidden on the gantry; the GM types in a physical natural 20 for Tira's
 * first shot and undoes one trooper shot (wrong target); after the fight a medpac, a Destiny Point and a last note.
 */
import { encounterDriver, must, type SampleSession } from '../../../kit/samples'

export const sagaSession: SampleSession = {
  campaign: 'sample-saga',
  prefix: 'kessa',
  title: 'The hangar ambush',
  date: '2026-11-15',
  notes: 'The party fights its way through the hangar; the sniper on the gantry stays unseen.',
  // Saga stat blocks for the sample's library ids, used only where the campaign has a placeholder (temp copy only)
  statBlocks: [
    {
      id: 'pc-tira-vos', name: 'Tira Vos', kind: 'pc', tags: ['party', 'scout'],
      data: { name: 'Tira Vos', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 2, initiative: 8, abilities: { str: 10, dex: 16, con: 12, int: 12, wis: 14, cha: 10 }, defenses: { reflex: { class: 2 } }, weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged', damageType: 'energy' }] },
    },
    {
      id: 'pc-dax-orrin', name: 'Dax Orrin', kind: 'pc', tags: ['party', 'soldier'],
      data: { name: 'Dax Orrin', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 42, bab: 3, initiative: 5, abilities: { str: 14, dex: 13, con: 14, int: 10, wis: 10, cha: 10 }, defenses: { fortitude: { class: 2 } }, weapons: [{ name: 'Blaster rifle', damage: '3d8', kind: 'ranged', damageType: 'energy' }] },
    },
    {
      id: 'ally-r4-k7', name: 'R4-K7', kind: 'ally', tags: ['droid', 'companion'],
      data: { name: 'R4-K7', kind: 'droid', role: 'ally', hp: 12, bab: 0, initiative: 2, abilities: { str: 8, dex: 12, con: null, int: 14, wis: 12, cha: 8 }, weapons: [{ name: 'Shock prod', damage: '1d6', kind: 'melee', damageType: 'energy' }] },
    },
    {
      id: 'npc-outpost-trooper', name: 'Outpost Trooper', kind: 'npc', tags: ['mook', 'outpost'],
      data: { name: 'Outpost Trooper', kind: 'nonheroic', role: 'npc', hp: 10, bab: 1, initiative: 2, abilities: { str: 10, dex: 11, con: 10, int: 10, wis: 10, cha: 10 }, totals: { reflex: 13, fortitude: 11, will: 10 }, weapons: [{ name: 'Blaster carbine', damage: '3d6', kind: 'ranged', damageType: 'energy' }] },
    },
    {
      id: 'npc-sniper', name: 'Sniper', kind: 'npc', tags: ['outpost'],
      data: { name: 'Sniper', kind: 'nonheroic', role: 'npc', hp: 18, bab: 3, initiative: 6, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 12, cha: 8 }, totals: { reflex: 15, fortitude: 11, will: 11 }, weapons: [{ name: 'Sniper rifle', damage: '3d10', kind: 'ranged', damageType: 'energy' }] },
    },
  ],
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The party slips into the hangar through a maintenance duct.' }))
    await must('roll', s.roll({ ...q, notation: '1d20+7', label: 'Tira Vos: Perception' }))
    await must('gm note', s.note({ ...q, text: 'Commander Vale knows the party is coming: the door code is AUREK-9-BESH.', gmOnly: true }))
    await must('hidden roll', s.roll({ ...q, notation: '1d20+6', label: 'Sniper: Stealth (hidden)', hidden: true }))

    const d = encounterDriver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-hangar-ambush')))
    const st = d.st
    const alive = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      const s2 = (c?.state ?? {}) as { hp?: number; status?: string }
      return c !== undefined && (s2.hp ?? 1) > 0 && (s2.status ?? 'ok') === 'ok'
    }
    const pcs = () => st().combatants.filter((c) => c.side === 'party' && alive(c.id)).map((c) => c.id)
    const enemies = () => st().combatants.filter((c) => c.side === 'enemies' && alive(c.id) && !c.hidden).map((c) => c.id)
    const sniper = st().combatants.find((c) => c.hidden)
    if (sniper) await d.cmd({ type: 'setNote', combatantId: sniper.id, notes: 'On the gantry; flees at half HP to warn Vale (VANTA-GANTRY).' })
    await d.cmd({ type: 'startCombat' })
    let naturalTwentyEntered = false
    let undone = false
    for (let turn = 0; turn < 60 && st().turn.round <= 5; turn++) {
      if (turn > 0) await d.cmd({ type: 'nextTurn' })
      const me = d.current()
      if (!me || !alive(me.id)) continue
      const foes = me.side === 'enemies' ? pcs() : enemies()
      if (foes.length === 0) break
      const target = me.hidden ? (st().combatants.find((c) => c.name.startsWith('Dax'))?.id ?? foes[0]) : foes[0]
      if (!alive(target)) continue
      const attack: Record<string, unknown> = { type: 'attack', attackerId: me.id, targetId: target, weapon: 0, range: 'short' }
      // the GM types in a physical natural 20 for Tira's first shot (manual dice are consumed before the RNG)
      if (me.name === 'Tira Vos' && !naturalTwentyEntered) {
        attack.dice = [20]
        naturalTwentyEntered = true
      }
      await d.cmd(attack)
      // the GM undoes one trooper shot (wrong target) and lets it stand against the other PC instead
      if (!undone && me.side === 'enemies' && !me.hidden && pcs().length > 1) {
        undone = true
        await d.undo()
        await d.cmd({ ...attack, targetId: pcs().find((x) => x !== target) })
      }
      if (enemies().length === 0) break
    }
    await d.cmd({ type: 'endEncounter' })
    ctx.later(600)
    await must('rest', s.rest({ ...q, who: 'Dax Orrin', kind: 'healing', amount: 6, text: 'R4-K7 patches Dax up with a medpac.' }))
    await must('pool', s.pool({ ...q, pool: 'Destiny', delta: -1, reason: 'Tira spends a Destiny Point to find the code cylinder.' }))
    await must('note', s.note({ ...q, text: 'The code cylinder points to the mines below the outpost.' }))
  },
}
