/**
 * First run: copy the bundled sample campaigns (`resources/campaigns/<id>/`) into the data folder.
 * "First run" = the data folder has no `.seeded` marker and no campaign yet; afterwards the marker is written,
 * so a GM who deletes the samples does not get them back. Each copy goes to a hidden temp folder first and is
 * renamed into place, so a crash never leaves half a campaign.
 */
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { err, ok, type Result } from '@shared/result'
import { CAMPAIGN_FILE, ID_RE, SEEDED_MARKER } from './paths'

/**
 * The sample campaign opened on the first start: `first` in `resources/campaigns/samples.json` (the bundle says
 * which, so this generic code names no rule system); without it, the samples go in name order.
 */
export async function firstSample(resourcesDir: string): Promise<string | null> {
  try {
    const raw = JSON.parse(await readFile(join(resourcesDir, 'samples.json'), 'utf8')) as { first?: unknown }
    return typeof raw.first === 'string' && ID_RE.test(raw.first) ? raw.first : null
  } catch {
    return null
  }
}

const exists = async (p: string): Promise<boolean> => stat(p).then(() => true, () => false)

/** Folders of `dataDir` that look like campaigns (id-shaped names, not hidden). */
export async function campaignFolders(dataDir: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(dataDir, { withFileTypes: true })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  return entries.filter((e) => e.isDirectory() && ID_RE.test(e.name)).map((e) => e.name).sort()
}

/** Copy one campaign folder (skipping dotfiles such as .gitkeep and backups) via a temp folder + rename. */
export async function copyCampaignFolder(from: string, to: string, opts: { withBackups?: boolean; beforeRename?: (tmpDir: string) => Promise<void> } = {}): Promise<void> {
  const tmp = join(to, '..', `.tmp-${basename(to)}-${process.pid}`)
  await rm(tmp, { recursive: true, force: true })
  try {
    await cp(from, tmp, {
      recursive: true,
      errorOnExist: true,
      filter: (src) => {
        if (src === from) return true
        const name = basename(src)
        if (name.startsWith('.')) return false
        return opts.withBackups === true || src !== join(from, 'backups')
      },
    })
    await mkdir(join(tmp, 'sessions'), { recursive: true })
    await opts.beforeRename?.(tmp)
    await rename(tmp, to)
  } catch (e) {
    await rm(tmp, { recursive: true, force: true })
    throw e
  }
}

export interface SeedOutcome {
  /** ids of the campaigns copied now (empty when not the first run) */
  seeded: string[]
}

export async function seedDefaults(dataDir: string, resourcesDir: string | undefined): Promise<Result<SeedOutcome>> {
  try {
    await mkdir(dataDir, { recursive: true })
    if (await exists(join(dataDir, SEEDED_MARKER))) return ok({ seeded: [] })
    const seeded: string[] = []
    if ((await campaignFolders(dataDir)).length === 0 && resourcesDir && (await exists(resourcesDir))) {
      // the Saga sample first: it is the one the console opens on the first start (README); the rest by name
      const first = await firstSample(resourcesDir)
      const ids = (await campaignFolders(resourcesDir)).sort((a, b) => Number(b === first) - Number(a === first))
      for (const id of ids) {
        const from = join(resourcesDir, id)
        if (!(await exists(join(from, CAMPAIGN_FILE))) || (await exists(join(dataDir, id)))) continue
        await copyCampaignFolder(from, join(dataDir, id))
        seeded.push(id)
      }
    }
    await writeFile(join(dataDir, SEEDED_MARKER), `${JSON.stringify({ seeded })}\n`)
    return ok({ seeded })
  } catch (e) {
    return err('io', `could not set up the data folder ${dataDir}: ${(e as Error).message}`, 'dataDir')
  }
}
