/**
 * Issue 29, property: random fights in every registered system, played through the real engine with several PCs
 * (each a character with its own phone), hidden combatants, NPC mooks, GM notes, GM-only conditions, readied
 * triggers, conditions that end on someone's turn and display-setting changes. After every command, each PC's
 * character view (projections/to-character-view.ts) holds nothing of another combatant but the public names the
 * board gives (only in `ends.who`): no other combatant's id or GM name, no hidden combatant, no GM note (its own
 * included), no GM-only condition, no readied trigger, no other combatant's HP or defenses (distinctive numbers),
 * no seed; and its own resources are its own sheet's.
 * The checker knows nothing of the projection: it collects the secrets from the GM-side state and searches the JSON
 * as plain text (the extension of player-safe-property.test.ts to the character role). Checked against planted leaks
 * in the projection, each failing all four systems: a hidden combatant's id in `ends.who`, GM-only conditions kept,
 * the GM notes in the name, another PC's sheet.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState, EngineCommand, EventRecord, Side } from '@shared/domain/encounter'
import type { DisplayMode } from '@shared/views/encounter-views'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { CharacterView } from '@shared/views/character-views'
import { toCharacterView } from '../../../../src-main/projections/to-character-view'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { applyCommand, createEncounter, getSystem, listSystems } from '../../../../src-main/rules/index'

const SIDES: Side[] = ['party', 'allies', 'enemies', 'neutral']
const MODES: DisplayMode[] = ['exact', 'descriptor', 'hidden']
const AT = '2026-12-06T20:00:00.000Z'
const SEED = 'SEEDQ29Z'

const action = fc.oneof(
  fc.record({ kind: fc.constant('next' as const) }),
  fc.record({ kind: fc.constant('attack' as const), a: fc.nat(20), b: fc.nat(20) }),
  fc.record({ kind: fc.constant('hide' as const), who: fc.nat(20), hidden: fc.boolean() }),
  fc.record({ kind: fc.constant('display' as const), side: fc.constantFrom(...SIDES), mode: fc.constantFrom(...MODES) }),
  fc.record({ kind: fc.constant('ready' as const) }),
  fc.record({ kind: fc.constant('note' as const), who: fc.nat(20) }),
  fc.record({ kind: fc.constant('condition' as const), on: fc.nat(20), by: fc.nat(20), gmOnly: fc.boolean(), at: fc.constantFrom('turnStart' as const, 'turnEnd' as const, 'rounds' as const, 'manual' as const) }),
)

const scenario = fc.record({
  /** the PCs of the party (each with a phone), 2 to 3 */
  pcs: fc.integer({ min: 2, max: 3 }),
  /** other lone combatants: [side, hidden for the whole fight?] */
  lone: fc.array(fc.record({ side: fc.constantFrom<Side>('allies', 'enemies', 'neutral'), hidden: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  /** a band of mooks; which join hidden */
  mooks: fc.array(fc.boolean(), { minLength: 2, maxLength: 3 }),
  hiddenTurn: fc.constantFrom<HiddenTurnDisplay>('side', 'unnamed', 'keep'),
  actions: fc.array(action, { minLength: 4, maxLength: 16 }),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

interface Frame {
  characterId: string
  view: CharacterView
  /** the GM-side state it was built from */
  state: EncounterState
  /** the public names of the board at that moment */
  publicNames: string[]
  /** text that must not be in it */
  secrets: string[]
  /** numbers that must not be in it */
  numbers: number[]
}

/** the defense totals a Saga stat block publishes (made distinctive below) */
const defensesOf = (c: Combatant): number[] => {
  const totals = (c.stats as { totals?: Record<string, unknown> }).totals
  return totals ? Object.values(totals).filter((v): v is number => typeof v === 'number') : []
}

function play(systemId: string, s: Scenario, onFrame: (f: Frame) => void): { frames: number; coverage: Record<string, boolean> } {
  const sys = getSystem(systemId)
  if (!sys.ok) throw new Error(systemId)
  const system = sys.value
  const made = createEncounter({ id: 'enc-c', name: 'Phone fight', systemId: system.id, seed: SEED })
  if (!made.ok) throw new Error(made.error.message)
  let state: EncounterState = made.value.state
  let records: EventRecord[] = made.value.records
  const display: Partial<Record<Side, DisplayMode>> = {}
  const texts = new Set<string>([SEED])
  const coverage = { hiddenPc: false, hidden: false, gmOnlyCondition: false, endsOnOther: false, note: false, readied: false, hiddenTurn: false }
  let frames = 0
  const hp = (i: number) => 700 + ((i * 37 + systemId.length * 13) % 290)
  const def = (i: number, j: number) => 400 + ((i * 29 + j * 31 + systemId.length * 7) % 100)
  const blockOf = (kind: 'pc' | 'npc', name: string, i: number) => {
    const b = system.statBlockTemplates[kind](name)
    const withHp = typeof b.hp === 'number' ? { ...b, hp: hp(i) } : b
    return systemId === 'saga' ? { ...withHp, totals: { reflex: def(i, 0), fortitude: def(i, 1), will: def(i, 2) } } : withHp
  }
  const observe = () => {
    const live = { ...state, display: { ...display } }
    const boardView = toPlayerView({ campaignName: 'C', systemId: system.id, state: live, system, records, hiddenTurn: s.hiddenTurn }).encounter
    const publicNames = (boardView?.order ?? []).map((c) => c.name)
    if (live.turn.index >= 0 && live.combatants.find((c) => c.id === live.turn.order[live.turn.index])?.hidden) coverage.hiddenTurn = true
    for (const me of live.combatants.filter((c) => c.templateId?.startsWith('char-'))) {
      const view = toCharacterView({ characterId: me.templateId!, characterName: me.name, campaignName: 'C', systemId: system.id, state: live, system, records, hiddenTurn: s.hiddenTurn, requests: [], odds: false })
      const others = live.combatants.filter((c) => c.id !== me.id)
      const secrets = [...texts]
      for (const o of others) {
        secrets.push(o.id)
        // a GM name is a secret unless it is also a public name (only `ends.who` may hold those; checked apart)
        secrets.push(o.name)
        if (o.notes) secrets.push(o.notes)
      }
      if (me.notes) secrets.push(me.notes)
      const mine = new Set([...(typeof me.state.hp === 'number' ? [me.state.hp, me.state.maxHp as number] : []), ...defensesOf(me)])
      const numbers = others.flatMap((o) => [...(typeof o.state.hp === 'number' ? [o.state.hp as number] : []), ...defensesOf(o)]).filter((n) => n >= 100 && !mine.has(n))
      onFrame({ characterId: me.templateId!, view, state: live, publicNames, secrets, numbers })
      frames += 1
    }
  }
  const run = (command: Record<string, unknown>, must = false): boolean => {
    const r = applyCommand(records, state, command as EngineCommand, { now: AT })
    if (!r.ok && must) throw new Error(`${String(command.type)}: ${r.error.message}`)
    if (!r.ok) return false
    state = r.value.state
    records = r.value.records
    observe()
    return true
  }
  for (let i = 0; i < s.pcs; i++) {
    const name = `Pcwalker${i}v`
    run({ type: 'addCombatant', statBlock: blockOf('pc', name, i), name, templateId: `char-${i}`, side: 'party', role: 'pc', notes: `PCNOTE${i}K` }, true)
    texts.add(`PCNOTE${i}K`)
  }
  s.lone.forEach((l, i) => {
    const name = l.hidden ? `Zqlurker${i}x` : `Npcfoe${i}w`
    texts.add(`CNOTE${i}Y`)
    if (l.hidden) coverage.hidden = true
    run({ type: 'addCombatant', statBlock: blockOf('npc', name, 10 + i), name, side: l.side, role: 'npc', hidden: l.hidden, notes: `CNOTE${i}Y` }, true)
  })
  s.mooks.forEach((hidden, i) => run({ type: 'addCombatant', statBlock: blockOf('npc', 'Grunt', 50 + i), name: 'Grunt', side: 'enemies', role: 'npc', hidden }, true))
  run({ type: 'rollInitiative' })
  run({ type: 'startCombat' })
  let k = 0
  for (const a of s.actions) {
    k += 1
    const all = state.combatants
    switch (a.kind) {
      case 'next':
        run({ type: 'nextTurn' })
        break
      case 'attack': {
        const attacker = all[a.a % all.length]
        const target = all[a.b % all.length]
        if (attacker.id !== target.id) {
          try {
            run(system.dangerAttack(state, attacker, target) as unknown as Record<string, unknown>)
          } catch {
            // no attack between these two
          }
        }
        break
      }
      case 'hide': {
        // a mook, or now and then a PC the GM hides (its own phone still sees it; the others' must not)
        const pool = a.who % 4 === 3 ? all.filter((c) => c.templateId?.startsWith('char-')) : all.filter((c) => c.name.startsWith('Grunt'))
        const c = pool[a.who % pool.length]
        if (c && run({ type: 'setHidden', combatantId: c.id, hidden: a.hidden }) && a.hidden) {
          coverage.hidden = true
          if (c.templateId) coverage.hiddenPc = true
        }
        break
      }
      case 'display':
        display[a.side] = a.mode
        observe()
        break
      case 'ready': {
        texts.add(`TRIG${k}Q`)
        if (run({ type: 'ready', trigger: `TRIG${k}Q when the door opens` })) coverage.readied = true
        break
      }
      case 'note': {
        const c = all[a.who % all.length]
        texts.add(`GMNOTE${k}Z`)
        if (run({ type: 'setNote', combatantId: c.id, notes: `GMNOTE${k}Z watch this one` })) coverage.note = true
        break
      }
      case 'condition': {
        const pcs = all.filter((c) => c.templateId?.startsWith('char-'))
        const on = pcs[a.on % pcs.length] ?? all[a.on % all.length]
        const by = all[a.by % all.length]
        const ends = a.at === 'rounds' ? { at: 'rounds', rounds: 2 } : a.at === 'manual' ? { at: 'manual' } : { at: a.at, combatantId: by.id }
        const name = a.gmOnly ? `GMCOND${k}J` : `Shaken${k}`
        if (a.gmOnly) texts.add(name)
        if (run({ type: 'addCondition', combatantId: on.id, key: `custom.c${k}`, name, gmOnly: a.gmOnly, ends })) {
          if (a.gmOnly) coverage.gmOnlyCondition = true
          if (a.at !== 'rounds' && a.at !== 'manual' && by.id !== on.id) coverage.endsOnOther = true
        }
        break
      }
    }
  }
  return { frames, coverage }
}

/** what a frame leaks: a secret or a number outside `ends.who`, a `who` that is no public name, resources not its own */
function leaks(f: Frame, system: ReturnType<typeof getSystem>): string[] {
  const out: string[] = []
  const view = structuredClone(f.view)
  for (const k of view.me?.conditions ?? []) {
    if ('who' in k.ends) {
      if (k.ends.who !== null && !f.publicNames.includes(k.ends.who)) out.push(`who ${k.ends.who}`)
      k.ends.who = null
    }
  }
  // the character's own name, and its board name, are its own
  const text = JSON.stringify(view)
  const lower = text.toLowerCase()
  const own = [view.characterName.toLowerCase(), (view.me?.name ?? '').toLowerCase()]
  for (const x of f.secrets) {
    const l = x.toLowerCase()
    if (own.some((o) => o === l)) continue
    if (lower.includes(`"${l}"`) || (l.length > 5 && lower.includes(l))) out.push(x)
  }
  for (const n of f.numbers) if (new RegExp(`(^|[^\\d])${n}([^\\d]|$)`).test(text)) out.push(String(n))
  // its resources are its own sheet's, nobody else's
  const me = f.state.combatants.find((c) => c.templateId === f.characterId)
  if (me && system.ok && system.value.characterSheet && view.me) {
    expect(view.me.resources).toEqual(system.value.characterSheet(f.state, me).resources)
  }
  return out
}

describe('a phone\'s character view holds nothing of anyone else and nothing GM-only, random fights in every system (issue 29)', () => {
  for (const systemId of listSystems()) {
    it(`${systemId}: every PC's view after every command`, () => {
      const system = getSystem(systemId)
      const covered: Record<string, number> = { hiddenPc: 0, hidden: 0, gmOnlyCondition: 0, endsOnOther: 0, note: 0, readied: 0, hiddenTurn: 0 }
      let total = 0
      fc.assert(
        fc.property(scenario, (s) => {
          const r = play(systemId, s, (f) => {
            expect(leaks(f, system), JSON.stringify(f.view)).toEqual([])
          })
          total += r.frames
          for (const [k, v] of Object.entries(r.coverage)) if (v) covered[k] += 1
        }),
        { seed: 2929, numRuns: 20 },
      )
      // the runs held each kind of secret
      expect(total).toBeGreaterThan(100)
      expect(Object.entries(covered).filter(([, n]) => n === 0).map(([k]) => k), JSON.stringify(covered)).toEqual([])
    }, 120_000)
  }
})
