// Electron lifecycle only (placeholder until the shell lands).
import { app } from 'electron'
app.whenReady().then(() => undefined)
