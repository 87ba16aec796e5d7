/**
 * Atomic file writes: write a temp file in the same folder, fsync it, rename it over the target, fsync the
 * folder. A crash leaves either the old file or the new one, plus at worst a stray `.<name>.<rand>.tmp` that
 * readers ignore (see isTempFile) and `removeStaleTempFiles` cleans up.
 */
import { randomBytes } from 'node:crypto'
import { open, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

const TEMP_RE = /^\..+\.[0-9a-f]{12}\.tmp$/

export const isTempFile = (fileName: string): boolean => TEMP_RE.test(fileName)

export const tempPathFor = (target: string): string =>
  join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`)

/** fsync a folder so a rename in it survives a power loss (not supported on some platforms: ignored there). */
export async function fsyncDir(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw e
  } finally {
    await handle?.close()
  }
}

export async function writeFileAtomic(target: string, content: string | Uint8Array): Promise<void> {
  const tmp = tempPathFor(target)
  const handle = await open(tmp, 'wx')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } catch (e) {
    await handle.close()
    await rm(tmp, { force: true })
    throw e
  }
  await handle.close()
  try {
    await rename(tmp, target)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
  await fsyncDir(dirname(target))
}

/** Remove temp files a crash left in `dir` (never touches anything else). */
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return 0
  }
  const stale = names.filter(isTempFile)
  await Promise.all(stale.map((n) => rm(join(dir, n), { force: true })))
  return stale.length
}
