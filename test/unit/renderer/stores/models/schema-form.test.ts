/** The generated command forms, pure: JSON Schema + hints → fields → the command (src-renderer/stores/models/schema-form.ts). */
import { describe, expect, it } from 'vitest'
import { allFields, buildCommand, fieldOfError, formOf, parseDice, plainError, type FormField } from '@renderer/stores/models/schema-form'
import { describeForTest } from '../../support/system-descriptions'

const saga = describeForTest('saga')
const cmd = (type: string) => saga.commands.find((c) => c.type === type)!
const byName = (fields: FormField[], name: string) => fields.find((f) => f.name === name)!

describe('fields from a command schema', () => {
  const attack = formOf(cmd('attack'))
  it('takes the widget from the hint, else from the schema: enum → select, boolean → checkbox, integer → number with bounds', () => {
    expect(byName(attack, 'attackerId')).toMatchObject({ widget: 'combatant', actor: true, required: true, order: 0 })
    expect(byName(attack, 'targetId')).toMatchObject({ widget: 'combatant', target: true, required: false })
    expect(byName(attack, 'weapon')).toMatchObject({ widget: 'weapon', byIndex: true })
    expect(byName(attack, 'range')).toMatchObject({ widget: 'select', options: [{ value: 'pointBlank', label: 'saga.range.pointBlank' }, { value: 'short', label: 'saga.range.short' }, { value: 'medium', label: 'saga.range.medium' }, { value: 'long', label: 'saga.range.long' }] })
    expect(byName(attack, 'flanking')).toMatchObject({ widget: 'bool', required: false })
    // misc: z.number().int().min(-100).max(100)
    expect(byName(attack, 'misc')).toMatchObject({ widget: 'number', integer: true, min: -100, max: 100 })
  })
  it('puts the hinted fields first, in the hints’ order, and keeps un-hinted optional extras (autofire, aoo...) under "advanced"', () => {
    expect(attack.slice(0, 3).map((f) => f.name)).toEqual(['attackerId', 'targetId', 'weapon'])
    expect(byName(attack, 'autofire').advanced).toBe(true)
    expect(byName(attack, 'range').advanced).toBe(false)
    // the panel owns type, manual dice and override
    expect(attack.map((f) => f.name)).not.toContain('type')
    expect(attack.map((f) => f.name)).not.toContain('dice')
  })
  it('a list of objects becomes rows of sub-fields, hinted by dotted path (the full attack’s attacks, 003)', () => {
    const attacks = byName(formOf(cmd('fullAttack')), 'attacks')
    expect(attacks).toMatchObject({ widget: 'list', required: true, min: 1, max: 4 })
    expect(attacks.item?.map((f) => [f.path, f.widget, f.required])).toEqual([['attacks.targetId', 'combatant', true], ['attacks.weapon', 'weapon', false]])
  })
  it('a discriminated union becomes a select of the variant plus its fields (a condition’s end, W7)', () => {
    const ends = byName(formOf(cmd('addCondition')), 'ends')
    expect(ends).toMatchObject({ widget: 'variant', discriminator: 'at' })
    expect(ends.variants?.map((v) => [v.value, v.fields.map((f) => f.name)])).toEqual([['manual', []], ['turnStart', ['combatantId', 'round']], ['turnEnd', ['combatantId', 'round']], ['rounds', ['rounds']]])
  })
  it('a nullable required field sends null when left empty (board: leave the vehicle, 001)', () => {
    const board = formOf(cmd('board'))
    expect(byName(board, 'vehicleId')).toMatchObject({ widget: 'combatant', nullable: true, required: true })
    expect(buildCommand('board', board, { combatantId: 'han', vehicleId: '' })).toEqual({ command: { type: 'board', combatantId: 'han', vehicleId: null } })
  })
  it('a list of enum values becomes checkboxes (an ally attack that may target Fortitude or Will)', () => {
    const against = byName(formOf(cmd('allyAttack')), 'against')
    expect(against).toMatchObject({ widget: 'checks', required: false })
    expect(against.options?.map((o) => o.value)).toEqual(['reflex', 'fortitude', 'will'])
  })
})

describe('the command from the form', () => {
  const attack = formOf(cmd('attack'))
  it('parses manual dice: numbers and symbol faces (S1)', () => {
    expect(parseDice('14, 6 3')).toEqual([14, 6, 3])
    expect(parseDice('hit;crit, 2')).toEqual(['hit', 'crit', 2])
    expect(parseDice('  ')).toEqual([])
  })
  it('drops empty optional fields and false checkboxes, gives a weapon index its number, adds dice and override', () => {
    expect(buildCommand('attack', attack, { attackerId: 'han', targetId: 't1', weapon: '0', misc: '', flanking: false, range: '' }, { manualDice: '17', override: true })).toEqual({
      command: { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 0, dice: [17], override: true },
    })
    expect(buildCommand('attack', attack, { attackerId: 'han', targetId: 't1', weapon: 1, misc: -2, range: 'short', flanking: true })).toEqual({
      command: { type: 'attack', attackerId: 'han', targetId: 't1', weapon: 1, misc: -2, range: 'short', flanking: true },
    })
  })
  it('names every field to fix: required, out of bounds, not a number', () => {
    expect(buildCommand('attack', attack, { attackerId: '', misc: 101 })).toEqual({ errors: [{ path: 'attackerId', code: 'required' }, { path: 'misc', code: 'max', params: { max: 100 } }] })
    const heal = formOf(cmd('heal'))
    // heal: amount ≥ 1
    expect(buildCommand('heal', heal, { combatantId: 'han', amount: 0 })).toEqual({ errors: [{ path: 'amount', code: 'min', params: { min: 1 } }] })
    expect(buildCommand('heal', heal, { combatantId: 'han', amount: 'x' })).toEqual({ errors: [{ path: 'amount', code: 'number' }] })
  })
  it('builds rows and variants: a full attack with two attacks; a condition lasting 2 rounds (W7)', () => {
    const full = formOf(cmd('fullAttack'))
    expect(buildCommand('fullAttack', full, { attackerId: 'han', attacks: [{ targetId: 't1', weapon: '0' }, { targetId: 't1', weapon: '1' }], twoWeapons: true })).toEqual({
      command: { type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 't1', weapon: 0 }, { targetId: 't1', weapon: 1 }], twoWeapons: true },
    })
    expect(buildCommand('fullAttack', full, { attackerId: 'han', attacks: [{ targetId: '' }] })).toEqual({ errors: [{ path: 'attacks.0.targetId', code: 'required' }] })
    const cond = formOf(cmd('addCondition'))
    expect(buildCommand('addCondition', cond, { combatantId: 't1', key: 'saga.grabbed', ends: { at: 'rounds', rounds: 2 } })).toEqual({
      command: { type: 'addCondition', combatantId: 't1', key: 'saga.grabbed', ends: { at: 'rounds', rounds: 2 } },
    })
    expect(buildCommand('addCondition', cond, { combatantId: 't1', key: 'saga.grabbed', ends: {} })).toEqual({ command: { type: 'addCondition', combatantId: 't1', key: 'saga.grabbed' } })
  })
  it('a required text with no minimum length may be empty (ready: the trigger)', () => {
    const ready = formOf(cmd('ready'))
    expect(buildCommand('ready', ready, { combatantId: 'han' })).toEqual({ command: { type: 'ready', combatantId: 'han', trigger: '' } })
  })
})

describe('errors from main, on the field they name, in plain words', () => {
  const full = formOf(cmd('fullAttack'))
  it('maps `command.<path>` to the form field, row indexes kept; unknown fields go to the banner', () => {
    expect(fieldOfError('command.attacks.1.targetId', full)).toBe('attacks.1.targetId')
    expect(fieldOfError('attackerId', full)).toBe('attackerId')
    expect(fieldOfError('command.attacks', full)).toBe('attacks')
    expect(fieldOfError('dice.2', full)).toBeNull()
    expect(fieldOfError(undefined, full)).toBeNull()
    expect(allFields(full).map((f) => f.path)).toContain('attacks.weapon')
  })
  it('rewords zod’s usual messages', () => {
    expect(plainError('Invalid input: expected string, received undefined')).toEqual({ code: 'required' })
    expect(plainError('Too small: expected number to be >=1')).toEqual({ code: 'min', params: { min: 1 } })
    expect(plainError('Too big: expected number to be <=5')).toEqual({ code: 'max', params: { max: 5 } })
    expect(plainError('target is out of range')).toBeNull()
  })
})
