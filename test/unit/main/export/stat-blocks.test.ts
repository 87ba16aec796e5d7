/**
 * The library in other tools' formats (issue 30): an Improved Initiative library export II can import (read back
 * by our own II reader), Fantasy Statblocks YAML (parsed back with the yaml library), and what each could not hold.
 */
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { libraryToFantasyStatblocks, libraryToImprovedInitiative, type ExportRecord } from '../../../../src-main/export/stat-blocks'
import { isRefusal, type ReadStatBlock } from '../../../../src-main/rules/kit/imports'
import { sagaStatBlockSchema } from '../../../../src-main/rules/systems/saga/schema'
import {
  sagaImprovedInitiativeReader, sagaToFantasyStatblocks, sagaToImprovedInitiative,
} from '../../../../src-main/rules/systems/saga/imports/other-tools'
import { soldier, trooper } from '../rules/systems/saga/helpers'

const system = { imports: { readers: [sagaImprovedInitiativeReader], toImprovedInitiative: sagaToImprovedInitiative, toFantasyStatblocks: sagaToFantasyStatblocks } }
const records: ExportRecord[] = [
  { name: 'Soldier', kind: 'pc', tags: ['Heroes'], data: sagaStatBlockSchema.parse(soldier()) as Record<string, unknown> },
  { name: 'Stormtrooper', kind: 'npc', tags: [], data: sagaStatBlockSchema.parse(trooper()) as Record<string, unknown> },
  { name: 'Stormtrooper', kind: 'npc', tags: [], data: sagaStatBlockSchema.parse(trooper({ hp: 12 })) as Record<string, unknown> },
]

describe('library to Improved Initiative (issue 30)', () => {
  it('writes the II library shape (Creatures list + Creatures.<id>), ids unique, the first tag as its folder', () => {
    const r = libraryToImprovedInitiative(records, system)
    if (!r.ok) throw new Error(r.error.message)
    const json = JSON.parse(r.value.text) as Record<string, Record<string, unknown>>
    expect(json.Creatures).toEqual(['soldier', 'stormtrooper', 'stormtrooper-2'])
    expect(json['Creatures.soldier']).toMatchObject({ Id: 'soldier', Name: 'Soldier', Path: 'Heroes', HP: { Value: 30 } })
    expect(json['Creatures.stormtrooper-2']).toMatchObject({ HP: { Value: 12 } })
  })

  it('round trip: our II reader reads the file back, the same names, HP and abilities', () => {
    const r = libraryToImprovedInitiative(records, system)
    if (!r.ok) throw new Error(r.error.message)
    const back = sagaImprovedInitiativeReader.read(JSON.parse(r.value.text), { answers: {}, file: 'lib.json' }).filter((o): o is ReadStatBlock => !isRefusal(o))
    expect(back.map((b) => [b.name, b.data.hp])).toEqual([['Soldier', 30], ['Stormtrooper', 10], ['Stormtrooper', 12]])
    for (const [i, b] of back.entries()) expect(sagaStatBlockSchema.parse(b.data).abilities).toEqual((records[i].data as { abilities: unknown }).abilities)
    expect(back[0].tags).toEqual(['Heroes'])
  })

  it('lists what each stat block lost, by name; only those that lost something', () => {
    const r = libraryToImprovedInitiative(records, system)
    if (!r.ok) throw new Error(r.error.message)
    const soldierLost = r.value.lost.find((l) => l.name === 'Soldier')!
    expect(soldierLost.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['forcePoints', 'weapons[0].stun']))
    expect(soldierLost.fields.every((f) => f.key.startsWith('importer.lost.'))).toBe(true)
    // one tag is II's folder; a second has no place
    expect(soldierLost.fields.map((f) => f.field)).not.toContain('tags')
    const two = libraryToImprovedInitiative([{ ...records[0], tags: ['Heroes', 'Rebels'] }], system)
    expect(two.ok && two.value.lost[0].fields.map((f) => f.field)).toContain('tags')
  })

  it('a system without a writer is refused with a sentence, nothing written', () => {
    const r = libraryToImprovedInitiative(records, { imports: { readers: [] } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.details).toMatchObject({ reason: 'refusal.core.exportNoWriter' })
    expect(libraryToFantasyStatblocks(records, {}).ok).toBe(false)
  })
})

describe('library to Fantasy Statblocks YAML (issue 30)', () => {
  it('one YAML document per monster, parsed back by the yaml library, with the monster keys', () => {
    const r = libraryToFantasyStatblocks(records, system)
    if (!r.ok) throw new Error(r.error.message)
    const docs = parseAllDocuments(r.value.text)
    expect(Array.isArray(docs) && docs.every((d) => d.errors.length === 0)).toBe(true)
    const monsters = (docs as Array<{ toJS(): Record<string, unknown> }>).map((d) => d.toJS())
    expect(monsters.map((m) => [m.name, m.hp])).toEqual([['Soldier', 30], ['Stormtrooper', 10], ['Stormtrooper', 12]])
    expect(monsters[0].stats).toEqual([14, 16, 12, 10, 10, 10])
    // on one line, as Fantasy Statblocks' own examples write it
    expect(r.value.text).toMatch(/^stats: \[ 14, 16, 12, 10, 10, 10 \]$/m)
    // "Melee Weapon Attack:" holds a colon: the YAML quotes it, the text comes back whole
    expect((monsters[0].actions as Array<{ desc: string }>)[1].desc).toMatch(/^Melee Weapon Attack: \+5 to hit/)
  })

  it('lost adds what Fantasy Statblocks has no place for (initiative, the other defenses)', () => {
    const r = libraryToFantasyStatblocks(records, system)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.lost.find((l) => l.name === 'Soldier')!.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['initiative', 'fortitude', 'will', 'damageThreshold', 'forcePoints', 'tags']))
  })
})
