/**
 * Writes the party, the stat block library and the prepared encounters of the bundled sample campaigns
 * (resources/campaigns/sample-<id>) from each rule system's definition in src-main/rules/systems/<id>/samples/campaign.ts
 * (found by scripts/samples/load.ts for every registered system). The sessions index and sessions/*.ndjson are left
 * alone (scripts/make-sample-session.ts makes them).
 *
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-samples.ts [--check]
 *
 * --check: exit 1 when a campaign.json differs from what would be written.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { renderSampleCampaign } from './samples/build'
import { loadSamples } from './samples/load'

const ROOT = resolve(import.meta.dirname, '..')

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  let same = true
  for (const { campaign: sample } of await loadSamples()) {
    const path = join(ROOT, 'resources', 'campaigns', sample.campaign, 'campaign.json')
    const before = await readFile(path, 'utf8')
    const after = renderSampleCampaign(before, sample)
    if (check) {
      if (after !== before) console.log(`${path} is out of date`)
      same &&= after === before
      continue
    }
    if (after !== before) await writeFile(path, after)
    console.log(`${after === before ? 'unchanged' : 'wrote'} ${path}: ${sample.library.length} stat blocks, ${sample.encounters.length} encounters`)
  }
  if (check) {
    console.log(same ? 'sample campaigns are up to date' : 'run scripts/make-samples.ts')
    process.exit(same ? 0 : 1)
  }
}

main().catch((e) => {
  console.error(`make-samples: ${(e as Error).stack ?? (e as Error).message}`)
  process.exit(1)
})
