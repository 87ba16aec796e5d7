import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { err, ok } from '@shared/result'
import { importWithDialog } from '../../../../src-main/windows/import-dialog'
import { FakeBrowserWindow } from '../../../support/fake-electron'

const win = new FakeBrowserWindow({ webPreferences: {} as never })
const dialogAnswering = (answer: { canceled: boolean; filePaths: string[] } | Error) => {
  const asked: unknown[] = []
  return {
    asked,
    async showOpenDialog(w: unknown, options: unknown) {
      asked.push({ w, options })
      if (answer instanceof Error) throw answer
      return answer
    },
  }
}

describe('File > Import campaign (desktop)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-import-'))
  const file = join(dir, 'outer-rim.json')
  writeFileSync(file, '{"format":"gm-console-campaign"}')

  it('asks for a .json file over the console and passes its text to campaign:import', async () => {
    const dialog = dialogAnswering({ canceled: false, filePaths: [file] })
    const texts: string[] = []
    const r = await importWithDialog({ dialog, window: win, importText: async (t) => (texts.push(t), ok({ id: 'outer-rim', name: 'Outer Rim' })) })
    expect(r).toEqual({ ok: true, value: { id: 'outer-rim', name: 'Outer Rim' } })
    expect(texts).toEqual(['{"format":"gm-console-campaign"}'])
    expect(dialog.asked).toEqual([{ w: win, options: { properties: ['openFile'], filters: [{ name: 'GM Console campaign', extensions: ['json'] }] } }])
  })

  it('does nothing when cancelled, and passes on the import error or a read error naming the file', async () => {
    let called = 0
    const importText = async () => (called++, err('invalid', 'not a campaign export', 'format'))
    expect(await importWithDialog({ dialog: dialogAnswering({ canceled: true, filePaths: [] }), window: win, importText })).toEqual({ ok: true, value: null })
    expect(called).toBe(0)
    expect(await importWithDialog({ dialog: dialogAnswering({ canceled: false, filePaths: [file] }), window: win, importText })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'format' } })
    const missing = await importWithDialog({ dialog: dialogAnswering({ canceled: false, filePaths: [join(dir, 'gone.json')] }), window: win, importText })
    expect(missing).toMatchObject({ ok: false, error: { code: 'io', field: 'file', message: expect.stringContaining('gone.json') } })
    expect(await importWithDialog({ dialog: dialogAnswering(new Error('no display')), window: win, importText })).toMatchObject({ ok: false, error: { code: 'io', message: expect.stringContaining('no display') } })
  })
})
