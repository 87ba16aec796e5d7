/** The one place the real ipcMain is taken from electron (the binding itself is tested with a fake). */
import { ipcMain } from 'electron'
import { bindElectronIpc, type ElectronIpcDeps, type IpcMainLike } from './electron-ipc'

export const registerElectronIpc = (deps: Omit<ElectronIpcDeps, 'ipcMain'>): (() => void) =>
  bindElectronIpc({ ...deps, ipcMain: ipcMain as unknown as IpcMainLike })
