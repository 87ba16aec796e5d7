/**
 * The bundled sample campaigns (issue 5: "a new user can run a fight within a minute of the first start"): every
 * stat block is valid for its system, the party is PCs, the files are what scripts/make-samples.ts writes, and
 * every prepared encounter launches and fights through the real store, services and rules engines.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import type { Combatant, EventRecord } from '@shared/domain/encounter'
import type { GmEncounterView } from '@shared/views/encounter-views'
import { createCampaignStore, type CampaignStore } from '../../../../src-main/campaign/campaign-store'
import { campaignFileSchema } from '../../../../src-main/campaign/campaign-file-schema'
import { createPlayServices, type PlayServices } from '../../../../src-main/services/play-services'
import { getSystem } from '../../../../src-main/rules/index'
import { derive, sagaStatBlockSchema } from '../../../../src-main/rules/systems/saga/schema'
import { defenses, movementPoints, passiveAlertness, weaponPool } from '../../../../src-main/rules/systems/starchasers/mechanics/derived'
import { statBlock as starchasersStatBlock, type AllyStatBlock, type Fighter } from '../../../../src-main/rules/systems/starchasers/schema'
import { renderSampleCampaign } from '../../../../scripts/samples/build'
import { loadSamples } from '../../../../scripts/samples/load'
import { lowestAttribute, statBlock as twoD20StatBlock, stressMax, trackersOf } from '../../../../src-main/rules/systems/2d20/schema'

const ROOT = resolve(import.meta.dirname, '../../../..')
/** every registered system's sample campaign, found in its folder (src-main/rules/systems/<id>/samples, issue 28) */
const SAMPLES = (await loadSamples()).map((s) => s.campaign)
const campaignPath = (id: string) => join(ROOT, 'resources', 'campaigns', id, 'campaign.json')
const readCampaign = async (id: string): Promise<{ text: string; file: CampaignFile }> => {
  const text = await readFile(campaignPath(id), 'utf8')
  return { text, file: JSON.parse(text) as CampaignFile }
}

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string; field?: string } }
async function must<T>(p: Promise<R<T>> | R<T>): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(`${r.error.message}${r.error.field ? ` (${r.error.field})` : ''}`)
  return r.value
}

describe('sample campaigns: the files', () => {
  for (const sample of SAMPLES) {
    it(`${sample.campaign}: a valid campaign.json, up to date with scripts/samples (make-samples --check)`, async () => {
      const { text, file } = await readCampaign(sample.campaign)
      expect(campaignFileSchema.safeParse(file).success).toBe(true)
      expect(renderSampleCampaign(text, sample)).toBe(text)
      // the sessions index is the session script's: it is still there
      expect(file.sessions.map((s) => s.id)).toContain('session-2')
    })

    it(`${sample.campaign}: every stat block passes the system's statBlockSchema and makes a combatant`, async () => {
      const { file } = await readCampaign(sample.campaign)
      const sys = await must(getSystem(file.systemId))
      expect(file.library.length).toBeGreaterThanOrEqual(7)
      for (const rec of file.library) {
        const parsed = sys.statBlockSchema.safeParse(rec.data)
        expect(parsed.success, `${rec.id}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues[0])}`).toBe(true)
        expect(sys.createCombatant(rec.data).ok, rec.id).toBe(true)
        expect(rec.data.name, rec.id).toBe(rec.name)
        expect(rec.tags.length, rec.id).toBeGreaterThan(0)
      }
    })

    it(`${sample.campaign}: the party are PCs of the library; there are allies, NPCs and a prepared encounter`, async () => {
      const { file } = await readCampaign(sample.campaign)
      const byId = new Map(file.library.map((r) => [r.id, r]))
      expect(file.party.length).toBeGreaterThanOrEqual(2)
      for (const id of file.party) expect(byId.get(id)?.kind, id).toBe('pc')
      expect(file.library.filter((r) => r.kind === 'ally').length).toBeGreaterThanOrEqual(2)
      expect(file.library.filter((r) => r.kind === 'npc').length).toBeGreaterThanOrEqual(3)
      for (const plan of file.encounters) for (const e of plan.entries) expect(byId.has(e.statBlockId), `${plan.id}: ${e.statBlockId}`).toBe(true)
    })
  }
})

describe('sample campaigns: the numbers follow the rules', () => {
  const lib = async (campaign: string) => new Map((await readCampaign(campaign)).file.library.map((r) => [r.id, r.data]))

  it('Saga defenses and damage thresholds (001 Defenses, Damage Threshold; 003 armor, droids without Con)', async () => {
    const l = await lib('sample-saga')
    const d = (id: string) => derive(sagaStatBlockSchema.parse(l.get(id)))
    // Tira, Scout 3: Reflex 10 + 3 + 3 (Dex 16) + 2 (class) = 18; Fort 10 + 3 + 1 + 1 = 15 = DT
    expect(d('pc-tira-vos').reflex.total).toBe(18)
    expect(d('pc-tira-vos').damageThreshold.total).toBe(15)
    // Dax, Soldier 3: Fort 10 + 3 + 2 (Con 14) + 2 (class) = 17; DT 17 + 5 (Improved Damage Threshold) = 22
    expect(d('pc-dax-orrin').fortitude.total).toBe(17)
    expect(d('pc-dax-orrin').damageThreshold.total).toBe(22)
    // Nira, Jedi 3: +1 to each defense
    expect([d('pc-nira-sol').reflex.total, d('pc-nira-sol').fortitude.total, d('pc-nira-sol').will.total]).toEqual([16, 15, 15])
    // Outpost Trooper (nonheroic): armor replaces heroic level, 10 + 5 + 0 = 15; Fort 10 + 0 + 1 (armor) = 11
    expect(d('npc-outpost-trooper').reflex.total).toBe(15)
    expect(d('npc-outpost-trooper').damageThreshold.total).toBe(11)
    // R4-K7: no Con, Fortitude uses Str 8 (−1) → 9; Small +1 Reflex
    expect(d('ally-r4-k7').fortitude.total).toBe(9)
    expect(d('ally-r4-k7').reflex.total).toBe(14)
    // Commander Vale, heroic level 6: Will 10 + 6 + 2 + 2 = 20; DT 19 + 5 = 24
    expect(d('npc-commander-vale').will.total).toBe(20)
    expect(d('npc-commander-vale').damageThreshold.total).toBe(24)
    const rifle = (l.get('pc-dax-orrin') as { weapons: Array<Record<string, unknown>> }).weapons[0]
    expect(rifle).toMatchObject({ name: 'Blaster rifle', stun: true, autofire: true })
    expect((l.get('pc-nira-sol') as { weapons: Array<Record<string, unknown>> }).weapons[0]).toMatchObject({ name: 'Lightsaber', damageType: 'lightsaber' })
  })

  it('Starchasers pools and ally cards (000:288, 000:296, 000:828; S21)', async () => {
    const l = await lib('sample-starchasers')
    const f = (id: string) => starchasersStatBlock.parse(l.get(id)) as Fighter
    // Kestrel: Blaster Pistol 2 + Deftness 3 = 5 dice; Dodge 3 + 3 = 6
    expect(weaponPool(f('pc-kestrel'), f('pc-kestrel').weapons[0])).toBe(5)
    expect(defenses(f('pc-kestrel')).dodge).toBe(6)
    // Captain Soot: Ember Rifle 4 + Deftness 4 = 8 dice; a Duel Die for each of two phases
    const soot = f('npc-captain-soot')
    expect(weaponPool(soot, soot.weapons[0])).toBe(8)
    expect(soot.kind === 'npc' && soot.tier).toBe('boss')
    expect(soot.kind === 'npc' && soot.duelDice.map((d) => d.phase)).toEqual([1, 2])
    expect(['npc-ember-raider', 'npc-ember-enforcer', 'npc-captain-soot'].map((id) => (f(id) as { tier?: string }).tier)).toEqual(['extra', 'elite', 'boss'])
    // allies: every field of the Ally Stats table, Dodge = Agility + Perception, Movement = Agility + 3
    const roles: string[] = []
    for (const id of ['ally-sparky', 'ally-cinder']) {
      const a = starchasersStatBlock.parse(l.get(id)) as AllyStatBlock
      roles.push(a.role)
      expect(a.dodge, id).toBe(a.attributes.agility + a.attributes.perception)
      expect(a.movement, id).toBe(movementPoints(a.attributes.agility))
      expect(a.passiveAlertness, id).toBe(passiveAlertness(a.attributes.perception, a.alertness))
      expect(a.passiveAbility, id).not.toBeNull()
      expect(a.specialAttacks.length, id).toBeGreaterThan(0)
      expect(Object.keys(l.get(id) ?? {}).sort(), id).toEqual(Object.keys(a).sort())
    }
    expect(roles).toEqual(['companion', 'pet'])
  })
  it('2d20 stress maxima, the Momentum cap, a minion and a monster with Menace (002:165, 002:176; J1, J4)', async () => {
    const l = await lib('sample-2d20')
    const p = (id: string) => twoD20StatBlock.parse(l.get(id))
    const john = p('pc-john-carter')
    // 002:165: Injury max = max(Cunning 5, Might 8) = 8, Fear max = max(Daring 4, Passion 7) = 7; J1 cap = lowest (Daring 4)
    expect([stressMax(john.attributes, 'injury'), stressMax(john.attributes, 'fear'), lowestAttribute(john.attributes)]).toEqual([8, 7, 4])
    const ape = p('npc-white-ape')
    expect(ape.kind === 'npc' && [ape.tier, ape.menace, trackersOf(ape)]).toEqual(['monster', 3, ['fear', 'injury']])
    for (const id of ['npc-warhoon-warrior', 'npc-zodangan-guard']) expect(trackersOf(p(id)), id).toEqual([])
    const sab = p('npc-sab-than')
    expect(sab.kind === 'npc' && sab.tier).toBe('villain')
  })
})

describe('sample campaigns: the prepared encounters fight through the real services and engines', () => {
  let dir: string
  let store: CampaignStore
  let play: PlayServices
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmc-samples-'))
    let t = Date.parse('2026-12-01T18:00:00.000Z')
    const now = () => new Date((t += 1000)).toISOString()
    let n = 0
    store = createCampaignStore({ dataDir: dir, resourcesDir: join(ROOT, 'resources', 'campaigns'), syncAppends: false, now })
    expect((await must(store.init())).seeded).toEqual(['sample-saga', 'sample-2d20', 'sample-starchasers', 'sample-storyteller'])
    play = createPlayServices({ store, publish: () => {}, now, newId: () => `id-${++n}`, newSeed: () => `samples-seed-${++n}` })
  })
  afterEach(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const byName = (v: GmEncounterView, name: string): Combatant => {
    const c = v.encounter.combatants.find((x) => x.name === name)
    if (!c) throw new Error(`no combatant ${name}: ${v.encounter.combatants.map((x) => x.name).join(', ')}`)
    return c
  }
  const hp = (c: Combatant) => (c.state as { hp: number }).hp
  const current = (v: GmEncounterView) => v.encounter.combatants.find((c) => c.id === v.encounter.turn.order[v.encounter.turn.index])
  /** the events of the encounter's last command batch */
  const lastBatch = (eid: string): EventRecord[] => {
    const records = play.encounters.live(eid)?.records ?? []
    const batch = records.at(-1)?.batch
    return records.filter((r) => r.batch === batch)
  }

  it('every plan of both samples launches: party first, numbered mooks, hidden and banded entries', async () => {
    for (const sample of SAMPLES) {
      const { file } = await readCampaign(sample.campaign)
      for (const plan of file.encounters) {
        const v = await must(play.encounters.launch(sample.campaign, plan.id))
        const expected = plan.entries.reduce((s, e) => s + e.count, 0) + file.party.filter((p) => !plan.entries.some((e) => e.statBlockId === p)).length
        expect(v.encounter.combatants, `${sample.campaign}/${plan.id}`).toHaveLength(expected)
        await must(play.encounters.command(v.encounter.id, { type: 'endEncounter' }))
      }
    }
  })

  it('the new prepared encounters are fair fights: the danger check (seeded) gives the party the better odds', async () => {
    for (const [campaignId, planId] of [['sample-saga', 'enc-breach-gate'], ['sample-starchasers', 'enc-ember-depot']]) {
      const report = await must(play.danger.run({ campaignId, planId, runs: 40, seed: 'samples-danger' }))
      expect(report.runs, planId).toBe(40)
      expect(report.partyWinChance, planId).toBeGreaterThanOrEqual(0.6)
      // …but not a walkover: some runs cost the party at least one PC
      expect(Object.entries(report.pcsDown).some(([down, n]) => Number(down) > 0 && n > 0), planId).toBe(true)
      expect(report.undecided, planId).toBeLessThan(10)
    }
  }, 120_000) // 80 simulated fights in worker threads that load the rules through tsx first: slow on a busy machine

  it('Saga "Breach the outpost gate": initiative, a worked hit, then two rounds of seeded attacks', async () => {
    const v0 = await must(play.encounters.launch('sample-saga', 'enc-breach-gate'))
    const eid = v0.encounter.id
    expect(v0.encounter.combatants.map((c) => c.name)).toEqual([
      'Tira Vos', 'Dax Orrin', 'Nira Sol', 'R4-K7', 'Sergeant Hale',
      'Outpost Trooper 1', 'Outpost Trooper 2', 'Outpost Trooper 3', 'Outpost Trooper 4', 'Commander Vale',
    ])
    expect(v0.encounter.combatants.filter((c) => c.hidden).map((c) => c.name)).toEqual(['Outpost Trooper 4'])
    expect(byName(v0, 'Outpost Trooper 1').position?.band).toBe('short')
    expect(byName(v0, 'Commander Vale').position?.band).toBe('medium')

    // 001 Initiative: 1d20 + the Initiative modifier (W8: data) for everyone, then combat in that order
    await must(play.encounters.command(eid, { type: 'rollInitiative' }))
    const rolled = lastBatch(eid).map((r) => r.event).filter((e) => e.type === 'core.initiativeSet')
    expect(rolled).toHaveLength(10)
    const tira = rolled.find((e) => e.name === 'Tira Vos') as unknown as { value: number; dice: Array<{ value: number }> }
    expect(tira.value).toBe(tira.dice[0].value + 9)
    let v = await must(play.encounters.command(eid, { type: 'startCombat' }))
    expect(v.encounter.turn.phase).toBe('combat')
    expect(v.encounter.turn.round).toBe(1)

    // wait for Dax's turn, then a worked example with typed-in dice (manual dice are used before the RNG):
    // 001 ranged attack: d20 15 + BAB 3 + Dex 1 − 2 (short range) = 17 ≥ Reflex 15 → hit;
    // damage 3d8 (3 + 4 + 5) + ½ heroic level 1 = 13 ≥ DT 11 and drops the trooper's 10 HP to 0 → killed (001 Death)
    for (let i = 0; i < 12 && current(v)?.name !== 'Dax Orrin'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    expect(current(v)?.name).toBe('Dax Orrin')
    const trooper1 = byName(v, 'Outpost Trooper 1')
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: byName(v, 'Dax Orrin').id, targetId: trooper1.id, weapon: 0, range: 'short', dice: [15, 3, 4, 5] }))
    const worked = lastBatch(eid).map((r) => r.event)
    const attackRolled = worked.find((e) => e.type === 'saga.attackRolled') as unknown as { targets: Array<{ total: number; reflex: number; hit: boolean }> }
    expect(attackRolled.targets[0]).toMatchObject({ total: 17, reflex: 15, hit: true })
    expect(worked.find((e) => e.type === 'saga.damageRolled')).toMatchObject({ total: 13 })
    expect(worked.find((e) => e.type === 'saga.damageDealt')).toMatchObject({ hpBefore: 10, hpAfter: 0, outcome: 'dead' })
    expect(hp(byName(v, 'Outpost Trooper 1'))).toBe(0)

    // two more rounds: whoever's turn it is fires its first weapon at the first standing, visible foe (seeded dice);
    // every hit lowers the target's HP by exactly the damage the engine rolled and dealt
    const up = (c: Combatant) => hp(c) > 0 && (c.state as { status: string }).status === 'ok'
    let hits = 0
    let attacks = 0
    for (let i = 0; i < 40 && v.encounter.turn.round < 3; i++) {
      v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
      const me = current(v)
      if (!me || !up(me)) continue
      const foes = v.encounter.combatants.filter((c) => (me.side === 'enemies' ? c.side !== 'enemies' : c.side === 'enemies') && !c.hidden && up(c))
      if (foes.length === 0) break
      const before = hp(foes[0])
      v = await must(play.encounters.command(eid, { type: 'attack', attackerId: me.id, targetId: foes[0].id, weapon: 0, range: 'short' }))
      attacks++
      const events = lastBatch(eid).map((r) => r.event)
      const rolledAttack = events.find((e) => e.type === 'saga.attackRolled') as unknown as { d20: number; targets: Array<{ total: number; bonus: number; hit: boolean }> }
      expect(rolledAttack.targets[0].total).toBe(rolledAttack.d20 + rolledAttack.targets[0].bonus)
      const dealt = events.find((e) => e.type === 'saga.damageDealt') as unknown as { hpBefore: number; hpAfter: number; hpLoss: number } | undefined
      if (rolledAttack.targets[0].hit) {
        hits++
        expect(dealt).toBeDefined()
        expect(dealt!.hpBefore).toBe(before)
        expect(hp(byName(v, foes[0].name))).toBe(Math.max(0, before - dealt!.hpLoss))
        expect(dealt!.hpAfter).toBe(hp(byName(v, foes[0].name)))
      } else {
        expect(dealt).toBeUndefined()
        expect(hp(byName(v, foes[0].name))).toBe(before)
      }
    }
    expect(v.encounter.turn.round).toBe(3)
    expect(attacks).toBeGreaterThanOrEqual(8)
    expect(hits).toBeGreaterThan(0)
    // the whole fight is in the session log, line by line
    const log = await readFile(join(dir, 'sample-saga', 'sessions', `${v.sessionId}.ndjson`), 'utf8')
    expect(log.split('\n').filter((l) => l.includes('"type":"attack"')).length).toBe(attacks + 1)
  })

  it('Saga worked examples: Dax’s blaster rifle on autofire, Tira’s stun shot (001 attack roll; 003 autofire, stun; W3)', async () => {
    const v0 = await must(play.encounters.launch('sample-saga', 'enc-breach-gate'))
    const eid = v0.encounter.id
    await must(play.encounters.command(eid, { type: 'rollInitiative' }))
    let v = await must(play.encounters.command(eid, { type: 'startCombat' }))
    for (let i = 0; i < 12 && current(v)?.name !== 'Dax Orrin'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    const targets = [byName(v, 'Outpost Trooper 2').id, byName(v, 'Outpost Trooper 3').id]
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: byName(v, 'Dax Orrin').id, targets, weapon: 'Blaster rifle', autofire: true, range: 'short', dice: [12, 4, 4, 4] }))
    // BAB 3 + Dex 1 − 2 (short) − 5 (autofire, 003) = −3: 12 − 3 = 9 misses Reflex 15 on both troopers, and an area
    // attack that misses still deals half (003): 3d8 (4 + 4 + 4) + 1 = 13 → 6 each, 10 HP → 4, below DT 11 (no CT step)
    const auto = lastBatch(eid).map((r) => r.event)
    const roll = auto.find((e) => e.type === 'saga.attackRolled') as unknown as { area: boolean; targets: Array<{ total: number; reflex: number; hit: boolean }> }
    expect(roll.area).toBe(true)
    expect(roll.targets.map((t) => [t.total, t.reflex, t.hit])).toEqual([[9, 15, false], [9, 15, false]])
    expect(auto.find((e) => e.type === 'saga.damageRolled')).toMatchObject({ rolled: 12, bonus: 1, total: 13 })
    const dealt = auto.filter((e) => e.type === 'saga.damageDealt')
    expect(dealt.map((e) => [e.targetId, e.hpBefore, e.hpAfter, e.ctAfter])).toEqual([[targets[0], 10, 4, 0], [targets[1], 10, 4, 0]])
    expect(targets.map((id) => hp(v.encounter.combatants.find((c) => c.id === id)!))).toEqual([4, 4])

    // Tira's blaster pistol on stun: BAB 2 + Dex 3 − 2 = +3, 18 + 3 = 21 hits; 3d6 (5 + 5 + 5) + 1 = 16 stun damage,
    // half to HP (W3) = 8 ≥ the 4 HP left → unconscious, not dead (003: stun cannot kill)
    for (let i = 0; i < 12 && current(v)?.name !== 'Tira Vos'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    expect(current(v)?.name).toBe('Tira Vos')
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: byName(v, 'Tira Vos').id, targetId: targets[0], weapon: 'Blaster pistol', stun: true, range: 'short', dice: [18, 5, 5, 5] }))
    const stun = lastBatch(eid).map((r) => r.event)
    expect(stun.find((e) => e.type === 'saga.attackRolled')).toMatchObject({ mode: 'stun', targets: [{ total: 21, hit: true }] })
    expect(stun.find((e) => e.type === 'saga.damageRolled')).toMatchObject({ total: 16 })
    expect(stun.find((e) => e.type === 'saga.damageDealt')).toMatchObject({ mode: 'stun', hpLoss: 8, hpAfter: 0, status: 'unconscious', stunnedOut: true })
  })

  it('Starchasers worked example: Kestrel shoots a surprised Ember Raider with typed-in dice (000:154, 000:172), then Sparky’s diceless shot (000:1349)', async () => {
    const v0 = await must(play.encounters.launch('sample-starchasers', 'enc-ember-depot'))
    const eid = v0.encounter.id
    let v = await must(play.encounters.command(eid, { type: 'startCombat' }))
    for (let i = 0; i < 6 && current(v)?.name !== 'Kestrel'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    expect(current(v)?.name).toBe('Kestrel')
    const raider = byName(v, 'Ember Raider 1')
    // Blaster Pistol 2 + Deftness 3 = 5 attack dice: hit, hit, hit, focus, blank (no Focus token to spend);
    // the surprised raider defends with Armor (Scrap Plates, deflection 2): 2 defense dice, both blank
    const dice = ['hit', 'hit', 'hit', 'focus', 'blank', 'blank', 'blank']
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: byName(v, 'Kestrel').id, targetId: raider.id, weapon: 0, dice }))
    const events = lastBatch(eid).map((r) => r.event)
    const resolved = events.find((e) => e.type === 'starchasers.attackResolved') as unknown as { pool: number; defense: string; defenseDice: number; outcome: { hits: number; evades: number; damage: number } }
    expect(resolved).toMatchObject({ pool: 5, defense: 'armor', defenseDice: 2, outcome: { hits: 3, evades: 0, damage: 3 } })
    // 000:172 uncanceled Hits are damage: 6 HP → 3
    expect(events.find((e) => e.type === 'starchasers.harmed')).toMatchObject({ combatantId: raider.id, hpLost: 3, hp: 3 })
    expect(hp(byName(v, 'Ember Raider 1'))).toBe(3)

    // 000:1349 diceless ally attack: Sparky's Ranged 5 against the raider's Default Defense 2 → 3 damage, no dice
    for (let i = 0; i < 6 && current(v)?.name !== 'Sparky'; i++) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
    expect(current(v)?.name).toBe('Sparky')
    v = await must(play.encounters.command(eid, { type: 'attack', attackerId: byName(v, 'Sparky').id, targetId: byName(v, 'Ember Raider 2').id }))
    const ally = lastBatch(eid).map((r) => r.event)
    expect(ally.find((e) => e.type === 'starchasers.allyAttacked')).toMatchObject({ band: 'ranged', attackValue: 5, defenseValue: 2, damage: 3 })
    expect(ally.find((e) => e.type === 'starchasers.harmed')).toMatchObject({ hpLost: 3, hp: 3 })
    expect(hp(byName(v, 'Ember Raider 2'))).toBe(3)
  })

  it('Starchasers "Ambush at the Ember Depot": the raiders are surprised, attacks harm through the real engine', async () => {
    const v0 = await must(play.encounters.launch('sample-starchasers', 'enc-ember-depot'))
    const eid = v0.encounter.id
    expect(v0.encounter.combatants.map((c) => c.name)).toEqual([
      'Kestrel', 'Juno Marr', 'Sparky', 'Cinder',
      'Ember Raider 1', 'Ember Raider 2', 'Ember Raider 3', 'Ember Raider 4', 'Ember Enforcer',
    ])
    expect(v0.encounter.combatants.filter((c) => !c.aware).map((c) => c.name)).toEqual(['Ember Raider 1', 'Ember Raider 2', 'Ember Raider 3', 'Ember Raider 4'])
    expect(byName(v0, 'Ember Enforcer').position?.band).toBe('close')
    let v = await must(play.encounters.command(eid, { type: 'startCombat' }))
    // 000 surprise: the unaware raiders do not act in the surprise round
    expect(v.encounter.turn.phase).toBe('surprise')
    const acting = v.encounter.turn.order.map((id) => v.encounter.combatants.find((c) => c.id === id)?.name)
    expect(acting).toHaveLength(5)
    expect(acting.filter((n) => n?.startsWith('Ember Raider'))).toEqual([])
    // 000:1341 allies do not roll: they act right after the last PC
    expect(acting.indexOf('Sparky')).toBeGreaterThan(Math.max(acting.indexOf('Kestrel'), acting.indexOf('Juno Marr')))
    const up = (c: Combatant) => {
      const s = c.state as { hp: number; unconscious?: boolean; dead?: boolean }
      return s.hp > 0 && !s.unconscious && !s.dead
    }
    let harmed = 0
    let attacks = 0
    for (let i = 0; i < 40 && v.encounter.turn.round < 3; i++) {
      if (i > 0) v = await must(play.encounters.command(eid, { type: 'nextTurn' }))
      const me = current(v)
      if (!me || !up(me)) continue
      const foes = v.encounter.combatants.filter((c) => (me.side === 'enemies' ? c.side !== 'enemies' : c.side === 'enemies') && up(c))
      if (foes.length === 0) break
      const target = foes[0]
      const before = hp(target)
      const r = await play.encounters.command(eid, { type: 'attack', attackerId: me.id, targetId: target.id })
      if (!r.ok) continue // out of range or reach: the GM would move first
      v = r.value
      attacks++
      for (const e of lastBatch(eid).map((x) => x.event)) {
        if (e.type !== 'starchasers.harmed' || e.combatantId !== target.id) continue
        harmed++
        const h = e as unknown as { hpLost: number; hp: number }
        expect(h.hp).toBe(before - h.hpLost)
        expect(hp(byName(v, target.name))).toBe(h.hp)
      }
    }
    expect(v.encounter.turn.round).toBeGreaterThanOrEqual(2)
    expect(attacks).toBeGreaterThanOrEqual(4)
    expect(harmed).toBeGreaterThan(0)
  })
})
