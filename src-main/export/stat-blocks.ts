/**
 * The library in other tools' formats (issue 30): Improved Initiative JSON (a library export II imports: the list
 * `Creatures` of ids and each stat block under `Creatures.<id>`) and Fantasy Statblocks YAML (Obsidian: one YAML
 * document per monster, the text of a `statblock` block or a bestiary note). Each stat block is written by its rule
 * system (`RuleSystem.imports.toImprovedInitiative` / `toFantasyStatblocks`), which names what the format cannot
 * hold; the list comes back with the text, by stat block. Pure: no I/O.
 */
import { Document, isSeq } from 'yaml'
import type { StatBlockRecord } from '@shared/domain/campaign'
import type { LostField, WrittenStatBlock } from '@shared/views/import-views'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../rules/kit/refuse'
import type { RuleSystem } from '../rules/kit/system'

export type ExportRecord = Pick<StatBlockRecord, 'name' | 'kind' | 'tags' | 'data'>
export interface WrittenLibrary {
  text: string
  /** what each stat block lost, by its name (only those that lost something) */
  lost: Array<{ name: string; fields: LostField[] }>
}

type Writer = (name: string, statBlock: Record<string, unknown>) => WrittenStatBlock

/** `tagsHeld`: how many of a record's tags the format keeps (II: the first, as its folder; Fantasy Statblocks: none) */
function writeAll(records: ExportRecord[], write: Writer, tagsHeld: number): { values: Array<{ record: ExportRecord; value: Record<string, unknown> }>; lost: WrittenLibrary['lost'] } {
  const values: Array<{ record: ExportRecord; value: Record<string, unknown> }> = []
  const lost: WrittenLibrary['lost'] = []
  for (const record of records) {
    const w = write(record.name, record.data)
    values.push({ record, value: w.value })
    const fields = record.tags.length > tagsHeld ? [...w.lost, { field: 'tags', key: 'importer.lost.noPlace' }] : w.lost
    if (fields.length) lost.push({ name: record.name, fields })
  }
  return { values, lost }
}

const noWriter = (format: string) => refuse('invalid', core.en, 'refusal.core.exportNoWriter', { format }, { field: 'format' })

/** an id II keeps the stat block under: the name's letters, unique in the file */
function idsFor(names: string[]): string[] {
  const seen = new Map<string, number>()
  return names.map((n) => {
    const base = n.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'stat-block'
    const k = (seen.get(base) ?? 0) + 1
    seen.set(base, k)
    return k === 1 ? base : `${base}-${k}`
  })
}

/** the records as an Improved Initiative library export (JSON text) */
export function libraryToImprovedInitiative(records: ExportRecord[], system: Pick<RuleSystem, 'imports'>): Result<WrittenLibrary> {
  const write = system.imports?.toImprovedInitiative
  if (!write) return noWriter('improved-initiative')
  const { values, lost } = writeAll(records, write, 1)
  const ids = idsFor(values.map((v) => v.record.name))
  const out: Record<string, unknown> = { Creatures: ids }
  values.forEach(({ record, value }, i) => {
    // II's library folder is the first tag (its Listable.Path)
    out[`Creatures.${ids[i]}`] = { ...value, Id: ids[i], Path: record.tags[0] ?? (typeof value.Path === 'string' ? value.Path : '') }
  })
  return ok({ text: `${JSON.stringify(out, null, 2)}\n`, lost })
}

/** the records as Fantasy Statblocks monsters (YAML text, one document per monster) */
export function libraryToFantasyStatblocks(records: ExportRecord[], system: Pick<RuleSystem, 'imports'>): Result<WrittenLibrary> {
  const write = system.imports?.toFantasyStatblocks
  if (!write) return noWriter('fantasy-statblocks')
  const { values, lost } = writeAll(records, write, 0)
  const docs = values.map(({ value }) => {
    const doc = new Document(value)
    // `stats: [10, 12, …]` on one line, as Fantasy Statblocks writes it
    const stats = doc.get('stats', true)
    if (isSeq(stats)) stats.flow = true
    return doc.toString({ lineWidth: 0 })
  })
  return ok({ text: docs.map((d) => `---\n${d}`).join(''), lost })
}
