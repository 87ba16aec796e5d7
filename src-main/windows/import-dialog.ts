/**
 * File > Import campaign in the desktop app: a native open dialog over the console, the file's text through the
 * same `campaign:import` channel the console's Import button uses (validated there; nothing is written on error).
 * A menu click carries no user activation into the page, so the page's file input cannot be opened from it.
 */
import { readFile, stat } from 'node:fs/promises'
import { err, ok, type Result } from '@shared/result'
import type { BrowserWindowLike } from './electron-like'

export interface OpenDialogLike {
  showOpenDialog(window: BrowserWindowLike, options: { properties: string[]; filters: Array<{ name: string; extensions: string[] }> }): Promise<{ canceled: boolean; filePaths: string[] }>
}

/** the largest file offered to campaign:import (its text limit is checked again there) */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024

export async function importWithDialog(deps: {
  dialog: OpenDialogLike
  window: BrowserWindowLike
  importText(text: string): Promise<Result<{ id: string; name: string }>>
}): Promise<Result<{ id: string; name: string } | null>> {
  let chosen: { canceled: boolean; filePaths: string[] }
  try {
    chosen = await deps.dialog.showOpenDialog(deps.window, { properties: ['openFile'], filters: [{ name: 'GM Console campaign', extensions: ['json'] }] })
  } catch (e) {
    return err('io', `the open dialog failed: ${e instanceof Error ? e.message : String(e)}`)
  }
  const file = chosen.canceled ? undefined : chosen.filePaths[0]
  if (!file) return ok(null)
  try {
    const info = await stat(file)
    if (info.size > MAX_IMPORT_BYTES) return err('invalid', `${file} is ${info.size} bytes; a campaign export is at most ${MAX_IMPORT_BYTES}`, 'file')
    return await deps.importText(await readFile(file, 'utf8'))
  } catch (e) {
    return err('io', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 'file')
  }
}
