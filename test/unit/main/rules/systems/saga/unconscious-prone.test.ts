/**
 * Issue 10 (Saga, seed 001:98): "A creature pushed to the bottom of the condition track or reduced to 0 hit points
 * falls unconscious. When you fall unconscious, you fall prone" — also after spending a Force Point to avoid death
 * (001:94: "…moves −5 steps along the condition track, and falls unconscious"); droids too (001:102).
 */
import { describe, expect, it } from 'vitest'
import { encounter, run, soldier, st } from './helpers'

describe('001:98 falling unconscious means falling prone', () => {
  it('001:94 a Force Point spent to avoid death: 0 HP, −5 steps, unconscious and prone', () => {
    let log = run(encounter([{ id: 'h', ...soldier({ hp: 10 }) }]), { type: 'applyDamage', combatantId: 'h', amount: 16 }) // ≥ DT 16: dead
    expect(st(log, 'h')).toMatchObject({ status: 'dead', deathAvoidable: true })
    log = run(log, { type: 'avoidDeath', combatantId: 'h' })
    expect(st(log, 'h')).toMatchObject({ hp: 0, ct: 5, status: 'unconscious', prone: true })
  })
  it('001:98 pushed to the bottom of the condition track: unconscious and prone', () => {
    const log = run(encounter([{ id: 'h', ...soldier() }]), { type: 'moveConditionTrack', combatantId: 'h', steps: -5 })
    expect(st(log, 'h')).toMatchObject({ ct: 5, status: 'unconscious', prone: true })
  })
  it('001:102 a droid pushed to the bottom of the track is disabled and falls prone', () => {
    const droid = { name: 'Battle Droid', kind: 'droid', abilities: { str: 10, dex: 10, con: null, int: 10, wis: 10, cha: 10 }, hp: 30, weapons: [] }
    const log = run(encounter([{ id: 'd', ...droid }]), { type: 'moveConditionTrack', combatantId: 'd', steps: -5 })
    expect(st(log, 'd')).toMatchObject({ ct: 5, status: 'disabled', prone: true })
  })
})
