/**
 * Writes the `party`, `library` and `encounters` of a sample campaign.json from its TypeScript definition, keeping
 * every other key, and the `sessions` index lines byte for byte (they belong to scripts/make-sample-session.ts,
 * which edits them line by line). Each rule system keeps its sample campaign in its own folder
 * (src-main/rules/systems/<id>/samples/campaign.ts); scripts/samples/load.ts finds them.
 */
import type { CampaignFile } from '../../src-shared/domain/campaign'
import { SAMPLE_TIME, type SampleContent } from '../../src-main/rules/kit/samples'

const WIDTH = 120

/** one-line JSON with a space after each comma and colon */
function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined)
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')} }`
  }
  return JSON.stringify(v)
}

/** JSON that keeps small objects and arrays on one line (`pad`: the indentation of the line it starts on) */
export function formatJson(v: unknown, pad = ''): string {
  const flat = inline(v)
  if (v === null || typeof v !== 'object' || pad.length + flat.length <= WIDTH) return flat
  const inner = `${pad}  `
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + formatJson(x, inner)).join(',\n')}\n${pad}]`
  const entries = Object.entries(v).filter(([, x]) => x !== undefined)
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${formatJson(x, inner)}`).join(',\n')}\n${pad}}`
}

/** the campaign file with the sample's content in place of the old party / library / encounters */
export function withSample(file: CampaignFile, sample: SampleContent): CampaignFile {
  return {
    ...file,
    party: [...sample.party],
    library: sample.library.map((r) => ({ id: r.id, name: r.name, kind: r.kind, tags: r.tags, data: r.data, updatedAt: SAMPLE_TIME })),
    encounters: sample.encounters.map((e) => ({ ...e, updatedAt: SAMPLE_TIME })),
  }
}

/** the `"sessions": [ ... ]` lines of the original text, unchanged */
function sessionsBlock(text: string): string {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => /^ {2}"sessions": \[/.test(l))
  if (start < 0) throw new Error('campaign.json has no "sessions" block at the top level')
  if (/\],?\s*$/.test(lines[start])) return lines[start].replace(/,\s*$/, '')
  let end = start + 1
  while (end < lines.length && !/^ {2}\],?\s*$/.test(lines[end])) end++
  if (end >= lines.length) throw new Error('campaign.json: the "sessions" block is not closed')
  return [...lines.slice(start, end), '  ]'].join('\n')
}

/** campaign.json text with the sample's party, library and encounters (one stat block per readable block) */
export function renderSampleCampaign(originalText: string, sample: SampleContent): string {
  const file = withSample(JSON.parse(originalText) as CampaignFile, sample)
  const parts: string[] = []
  const key = (k: keyof CampaignFile, v: unknown) => parts.push(`  ${JSON.stringify(k)}: ${formatJson(v, '  ')}`)
  const list = (k: keyof CampaignFile, items: unknown[]) =>
    parts.push(`  ${JSON.stringify(k)}: [\n${items.map((x) => `    ${formatJson(x, '    ')}`).join(',\n')}\n  ]`)
  key('schemaVersion', file.schemaVersion)
  key('name', file.name)
  key('systemId', file.systemId)
  key('systemSettings', file.systemSettings)
  key('party', file.party)
  list('library', file.library)
  list('encounters', file.encounters)
  parts.push(sessionsBlock(originalText))
  key('createdAt', file.createdAt)
  key('updatedAt', file.updatedAt)
  key('lastOpened', file.lastOpened)
  return `{\n${parts.join(',\n')}\n}\n`
}
