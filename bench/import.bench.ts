/**
 * Import of a compendium (issue 30): "Importing a compendium of 2,000 actors takes less than 5× the time to read and
 * parse the file". A Foundry VTT compendium of 2,000 Saga Edition actors (made here from the test fixtures of
 * test/fixtures/imports/foundry-swse, renamed and varied; nothing third-party) is written to a temp file, as an
 * array and as NDJSON. Measured alternately, in one run:
 * - the reference: read the file and JSON.parse it (NDJSON: each line);
 * - the import: read the file, then everything the console's preview does (import-read.ts `readSources`: the
 *   hostile-input guards, format detection, the Foundry reader, the system schema, the figures of the rules engine;
 *   as the console asks for it: without each item's landings, read for the item the GM opens, and with the figures
 *   of the first page, the others' computed as their rows are shown), and, for comparison, the same with every
 *   item's landings and figures (what `gmc import` reads).
 * - the whole import as the console does it: the preview, then the import of every actor into a campaign (one
 *   update of campaign.json, written atomically), each round into a campaign of its own that does not hold them yet;
 *   in rounds of its own, each after a read and parse timed as its reference.
 * Figures: the medians, their ratios (target < 5), and the growth of the import's cost per actor from 200 to 2,000
 * actors (target ≤ 1.5: no actor costs more because the compendium is large).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getSystem } from '../src-main/rules/index'
import { readSources } from '../src-main/services/campaigns/import-read'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createLibraryService } from '../src-main/services/campaigns/library-service'
import { campaignPort } from '../src-main/services/store-adapter'
import { CAMPAIGN_SCHEMA_VERSION, type CampaignFile } from '../src-shared/domain/campaign'
import { IMPORT_PAGE } from '../src-shared/views/import-views'
import type { Figure } from './run'

export const name = 'import'

const ACTORS = Number(process.env.IMPORT_ACTORS ?? 2000)
const SMALL = Math.max(20, Math.round(ACTORS / 10))
/** rounds of each measure (medians): the reference varies by a quarter between rounds on this machine (38–50 ms),
 *  and with 7 a ratio moved by up to 0.8 between runs; 11 take some 10 s more */
const ROUNDS = Number(process.env.IMPORT_ROUNDS ?? 11)
const FIX = join(__dirname, '..', 'test', 'fixtures', 'imports', 'foundry-swse')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const round2 = (x: number) => Math.round(x * 100) / 100

/** `n` actors varied from the fixtures: names, ability scores and health differ, shapes as real exports have them */
function compendium(n: number): unknown[] {
  const bases = ['elite-trooper.json', 'raider-captain.json', 'sentry-droid.json', 'pc-jedda-rune.json'].map((f) => JSON.parse(readFileSync(join(FIX, f), 'utf8')) as Record<string, unknown>)
  const out: unknown[] = []
  for (let i = 0; i < n; i++) {
    const a = structuredClone(bases[i % bases.length]) as { name: string; _id?: string; system?: { attributes?: Record<string, { base?: number } | number>; health?: { value?: number; max?: number } } }
    a.name = `${a.name} ${i + 1}`
    a._id = `bench${String(i).padStart(11, '0')}`
    const attrs = a.system?.attributes
    if (attrs?.dex && typeof attrs.dex === 'object' && typeof attrs.dex.base === 'number') attrs.dex.base = 10 + (i % 8)
    if (a.system?.health && typeof a.system.health.max === 'number') a.system.health.value = Math.max(1, a.system.health.max - (i % 5))
    out.push(a)
  }
  return out
}

async function time<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now()
  const v = await f()
  return [performance.now() - t, v]
}

export async function run(): Promise<Record<string, Figure>> {
  const sys = getSystem('saga')
  if (!sys.ok) throw new Error(sys.error.message)
  const dir = await mkdtemp(join(tmpdir(), 'gmc-import-bench-'))
  try {
    const big = compendium(ACTORS)
    const files = {
      array: join(dir, 'compendium.json'),
      ndjson: join(dir, 'compendium.ndjson'),
      small: join(dir, 'small.json'),
    }
    await writeFile(files.array, JSON.stringify(big))
    await writeFile(files.ndjson, big.map((a) => JSON.stringify(a)).join('\n'))
    await writeFile(files.small, JSON.stringify(big.slice(0, SMALL)))
    const parseRef = async (file: string) => {
      const text = await readFile(file, 'utf8')
      return file.endsWith('.ndjson') ? text.split('\n').map((l) => JSON.parse(l) as unknown) : (JSON.parse(text) as unknown[])
    }
    // as the console's preview asks (library-import.ts): no landings, the figures of the first page only; `all`: as
    // `gmc import` reads, everything of every item
    const importAll = async (file: string, all = false) => {
      const text = await readFile(file, 'utf8')
      return readSources(sys.value, [{ name: file, text }], all ? {} : { fields: false, figuresFor: IMPORT_PAGE })
    }
    // a warm-up of each (V8 compiles the hot paths first); every actor must import (a refusal would not be measured)
    const warm = await importAll(files.array)
    if (warm.counts.refused > 0 || warm.items.length !== ACTORS) throw new Error(`import bench: ${warm.counts.refused} refused of ${warm.items.length}`)
    await parseRef(files.array)
    // a campaign to import into, through the library service (the console's path)
    const now = new Date().toISOString()
    const campaign: CampaignFile = { schemaVersion: CAMPAIGN_SCHEMA_VERSION, name: 'Import bench', systemId: 'saga', systemSettings: {}, party: [], library: [], encounters: [], sessions: [], createdAt: now, updatedAt: now, lastOpened: null }
    // a campaign of its own per round, as the GM's campaign is before they import the compendium (an Undo would
    // leave a snapshot that already held the 2,000 and make the next round's import a line appended to it)
    for (let r = 0; r < ROUNDS; r++) {
      await mkdir(join(dir, 'data', `bench-${r}`, 'sessions'), { recursive: true })
      await writeFile(join(dir, 'data', `bench-${r}`, 'campaign.json'), `${JSON.stringify(campaign, null, 2)}\n`)
    }
    // a store and library service per round (not timed), closed after it: the rounds before do not stay in memory
    const importAndSave = async (file: string, campaignId: string) => {
      const store = createCampaignStore({ dataDir: join(dir, 'data') })
      const lib = createLibraryService({ store: campaignPort(store), publish: () => undefined, now: () => new Date().toISOString(), newId: randomUUID, newSeed: randomUUID })
      const opened = await store.get(campaignId)
      if (!opened.ok) throw new Error(opened.error.message)
      const [ms, done] = await time(() => previewAndApply(lib, file, campaignId))
      await store.close()
      return [ms, done] as const
    }
    const previewAndApply = async (lib: ReturnType<typeof createLibraryService>, file: string, campaignId: string) => {
      const text = await readFile(file, 'utf8')
      const p = await lib.imports.preview(campaignId, [{ name: file, text }])
      if (!p.ok) throw new Error(p.error.message)
      const t = performance.now()
      const done = await lib.imports.apply(campaignId, p.value.id)
      saveOnly.push(performance.now() - t)
      if (!done.ok) throw new Error(done.error.message)
      return done.value
    }
    const saved: number[] = []
    /** the import step alone (the GM's Import after reading the preview): one update of the campaign, on disk */
    const saveOnly: number[] = []
    const ref: Record<'array' | 'ndjson', number[]> = { array: [], ndjson: [] }
    const imp: Record<'array' | 'ndjson', number[]> = { array: [], ndjson: [] }
    const small: number[] = []
    const withFields: number[] = []
    const bigPer: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      for (const kind of ['array', 'ndjson'] as const) {
        ref[kind].push((await time(() => parseRef(files[kind])))[0])
        imp[kind].push((await time(() => importAll(files[kind])))[0])
      }
      small.push((await time(() => importAll(files.small)))[0] / SMALL)
      withFields.push((await time(() => importAll(files.array, true)))[0])
      bigPer.push(imp.array.at(-1)! / ACTORS)
    }
    // the whole import, in rounds of its own, each after a reference of its own: as in the rounds above, the
    // measure before it is a read and parse (there, the garbage of every item's landings came right before it)
    const refSave: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      refSave.push((await time(() => parseRef(files.array)))[0])
      const [ms, done] = await importAndSave(files.array, `bench-${r}`)
      saved.push(ms)
      if (done.added.length !== ACTORS) throw new Error(`import bench: ${done.added.length} saved of ${ACTORS}`)
    }
    const ratio = (k: 'array' | 'ndjson') => round2(median(imp[k]) / median(ref[k]))
    return {
      'import.compendium.parse.ms': { value: round2(median(ref.array)), unit: 'ms', target: `reference: read + JSON.parse of ${ACTORS} actors` },
      'import.compendium.import.ms': { value: round2(median(imp.array)), unit: 'ms', target: `read + preview of ${ACTORS} actors` },
      'import.compendium.ratio': { value: ratio('array'), unit: '×', target: '< 5 (import ÷ read and parse)' },
      'import.withFields.ratio': { value: round2(median(withFields) / median(ref.array)), unit: '×', target: 'for comparison: every item with its landings and figures (gmc import) ÷ read and parse' },
      'import.withSave.ms': { value: round2(median(saved)), unit: 'ms', target: `preview + import into a campaign of ${ACTORS} actors` },
      'import.save.ratio': { value: round2(median(saveOnly) / median(refSave)), unit: '×', target: 'the Import step alone (save of every stat block, durable) ÷ read and parse' },
      'import.withSave.ratio': { value: round2(median(saved) / median(refSave)), unit: '×', target: '< 5 (preview + save ÷ read and parse)' },
      'import.ndjson.ratio': { value: ratio('ndjson'), unit: '×', target: '< 5 (NDJSON: import ÷ read and parse)' },
      'import.perActor.growth': { value: round2(median(bigPer) / median(small)), unit: '×', target: `≤ 1.5 (per actor: ${ACTORS} ÷ ${SMALL})` },
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
